/**
 * The store for scenario tests: plain maps, same semantics as the SQL
 * stores (the conformance suite holds all of them to it). Rows are copied in
 * and out, and `data` goes through JSON exactly as it does on its way into a
 * database, so a test cannot pass by mutating stored state or by storing
 * something (a Date, a Map, undefined) that the real stores would change.
 */
import { checkGame, checkSave, dataJson, usernameKey } from './checks.ts';
import { applyPuzzle, checkPuzzleResult } from './puzzle-rated.ts';
import { applyResult, checkRated } from './rated.ts';
import {
  UniqueViolation,
  VersionConflict,
  type GameFilter,
  type GameRow,
  type LeaderRow,
  type MoveRow,
  type PuzzleOutcome,
  type PuzzleRatingRow,
  type PuzzleResult,
  type PuzzleRoundRow,
  type PuzzleStateRow,
  type RatedResult,
  type RatingChange,
  type RatingPoint,
  type RatingRow,
  type ResultCounts,
  type SessionRow,
  type Store,
  type UserRow,
} from './types.ts';

/** A game as kept: its data as JSON text, parsed afresh on every read. */
type StoredGame = Omit<GameRow, 'data'> & { readonly data: string };

const storeGame = (g: GameRow): StoredGame => ({ ...g, data: dataJson(g.data) });
const loadGame = (g: StoredGame): GameRow => ({ ...g, data: JSON.parse(g.data) as unknown });
/** Code-point order, as the SQL stores sort text (PostgreSQL with COLLATE "C"). */
const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export class MemoryStore implements Store {
  private readonly meta = new Map<string, string>();
  private readonly users = new Map<string, UserRow>();
  /** usernameKey → user id: the unique index. */
  private readonly names = new Map<string, string>();
  private readonly sessions = new Map<string, SessionRow>();
  private readonly gameRows = new Map<string, StoredGame>();
  private readonly invites = new Map<string, string>();
  private readonly moveRows = new Map<string, MoveRow[]>();
  /** `${userId}\n${variant}` → current rating. */
  private readonly ratingRows = new Map<string, RatingRow>();
  private readonly history: RatingPoint[] = [];
  private readonly ratedGames = new Map<string, number>();
  /** `${userId}\n${variant}` → puzzle rating. */
  private readonly puzzleRatingRows = new Map<string, PuzzleRatingRow>();
  private readonly puzzleStateRows = new Map<string, PuzzleStateRow>();
  /** `${userId}\n${puzzleId}` → round. */
  private readonly puzzleRoundRows = new Map<string, PuzzleRoundRow>();
  /** user id → (muted id → when). */
  private readonly muteRows = new Map<string, Map<string, number>>();
  private closed = false;

  async migrate(): Promise<void> {
    this.open();
  }

  async close(): Promise<void> {
    this.closed = true;
  }

  async getMeta(key: string): Promise<string | null> {
    this.open();
    return this.meta.get(key) ?? null;
  }

  async setMeta(key: string, value: string): Promise<void> {
    this.open();
    this.meta.set(key, value);
  }

  async createUser(u: UserRow): Promise<void> {
    this.open();
    if (this.users.has(u.id)) throw new UniqueViolation('user');
    const key = u.username === null ? null : usernameKey(u.username);
    if (key !== null && this.names.has(key)) throw new UniqueViolation('username');
    this.users.set(u.id, { ...u });
    if (key !== null) this.names.set(key, u.id);
  }

  async userById(id: string): Promise<UserRow | null> {
    this.open();
    const u = this.users.get(id);
    return u ? { ...u } : null;
  }

  async userByName(username: string): Promise<UserRow | null> {
    this.open();
    const id = this.names.get(usernameKey(username));
    return id === undefined ? null : this.userById(id);
  }

  async registerUser(id: string, username: string, passwordHash: string): Promise<void> {
    this.open();
    const u = this.users.get(id);
    if (!u) throw new Error(`no user ${id}`);
    const key = usernameKey(username);
    const holder = this.names.get(key);
    if (holder !== undefined && holder !== id) throw new UniqueViolation('username');
    if (u.username !== null) this.names.delete(usernameKey(u.username));
    this.names.set(key, id);
    this.users.set(id, { ...u, username, passwordHash });
  }

  async createSession(s: SessionRow): Promise<void> {
    this.open();
    if (this.sessions.has(s.tokenHash)) throw new UniqueViolation('session');
    // The SQL stores have a foreign key here.
    if (!this.users.has(s.userId)) throw new Error(`no user ${s.userId}`);
    this.sessions.set(s.tokenHash, { ...s });
  }

  async session(tokenHash: string): Promise<SessionRow | null> {
    this.open();
    const s = this.sessions.get(tokenHash);
    return s ? { ...s } : null;
  }

  async deleteSession(tokenHash: string): Promise<void> {
    this.open();
    this.sessions.delete(tokenHash);
  }

  async createGame(g: GameRow): Promise<void> {
    this.open();
    checkGame(g);
    if (this.gameRows.has(g.id)) throw new UniqueViolation('game');
    if (g.inviteToken !== null && this.invites.has(g.inviteToken)) throw new UniqueViolation('inviteToken');
    this.gameRows.set(g.id, storeGame(g));
    if (g.inviteToken !== null) this.invites.set(g.inviteToken, g.id);
    this.moveRows.set(g.id, []);
  }

  async saveGame(g: GameRow, expectedVersion: number, moves: readonly MoveRow[] = []): Promise<void> {
    this.open();
    checkSave(g, moves);
    const old = this.gameRows.get(g.id);
    if (!old || old.version !== expectedVersion) throw new VersionConflict(g.id, expectedVersion);
    // Check everything before changing anything: a failed save writes nothing.
    const invite = g.inviteToken === null ? undefined : this.invites.get(g.inviteToken);
    if (invite !== undefined && invite !== g.id) throw new UniqueViolation('inviteToken');
    const list = this.moveRows.get(g.id) ?? [];
    const taken = new Set(list.map((m) => m.ply));
    if (moves.some((m) => taken.has(m.ply))) throw new UniqueViolation('move');
    if (old.inviteToken !== null) this.invites.delete(old.inviteToken);
    if (g.inviteToken !== null) this.invites.set(g.inviteToken, g.id);
    this.gameRows.set(g.id, storeGame(g));
    list.push(...moves.map((m) => ({ ...m })));
    list.sort((a, b) => a.ply - b.ply);
    this.moveRows.set(g.id, list);
  }

  async game(id: string): Promise<GameRow | null> {
    this.open();
    const g = this.gameRows.get(id);
    return g ? loadGame(g) : null;
  }

  async gameByInvite(token: string): Promise<GameRow | null> {
    this.open();
    const id = this.invites.get(token);
    return id === undefined ? null : this.game(id);
  }

  async moves(gameId: string): Promise<MoveRow[]> {
    this.open();
    return (this.moveRows.get(gameId) ?? []).map((m) => ({ ...m }));
  }

  async games(f: GameFilter): Promise<GameRow[]> {
    this.open();
    const rows = [...this.gameRows.values()].filter(
      (g) =>
        (f.status === undefined || f.status.includes(g.status)) &&
        (f.userId === undefined || g.whiteId === f.userId || g.blackId === f.userId) &&
        (f.before === undefined || g.updatedAt < f.before),
    );
    // Newest first; ties by id descending, as the SQL stores order them.
    rows.sort((a, b) => b.updatedAt - a.updatedAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
    return rows.slice(0, Math.max(0, Math.floor(f.limit))).map(loadGame);
  }

  async applyRatedGame(r: RatedResult): Promise<RatingChange | null> {
    this.open();
    checkRated(r);
    if (this.ratedGames.has(r.gameId)) return null;
    // The SQL stores have foreign keys here.
    for (const id of [r.whiteId, r.blackId]) if (!this.users.has(id)) throw new Error(`no user ${id}`);
    // No await from here on: read, compute and write form one step, as a transaction does.
    const key = (id: string) => `${id}\n${r.variant}`;
    const out = applyResult(r, this.ratingRows.get(key(r.whiteId)) ?? null, this.ratingRows.get(key(r.blackId)) ?? null);
    for (const row of out.rows) this.ratingRows.set(key(row.userId), { ...row });
    this.history.push(...out.points.map((p) => ({ ...p })));
    this.ratedGames.set(r.gameId, r.at);
    return out.change;
  }

  async ratings(userId: string): Promise<RatingRow[]> {
    this.open();
    return [...this.ratingRows.values()]
      .filter((r) => r.userId === userId)
      .sort((a, b) => cmp(a.variant, b.variant))
      .map((r) => ({ ...r }));
  }

  async leaderboard(variant: string, limit: number, provisionalAbove: number): Promise<LeaderRow[]> {
    this.open();
    const out: LeaderRow[] = [];
    for (const r of this.ratingRows.values()) {
      const username = this.users.get(r.userId)?.username;
      if (r.variant === variant && username) out.push({ ...r, username });
    }
    const prov = (r: RatingRow) => (r.deviation > provisionalAbove ? 1 : 0);
    out.sort((a, b) => prov(a) - prov(b) || b.rating - a.rating || cmp(a.userId, b.userId));
    return out.slice(0, Math.max(0, Math.floor(limit)));
  }

  async ratingHistory(userId: string, variant: string, limit: number): Promise<RatingPoint[]> {
    this.open();
    const mine = this.history.filter((p) => p.userId === userId && p.variant === variant);
    mine.sort((a, b) => a.ratedAt - b.ratedAt || cmp(a.gameId, b.gameId));
    const n = Math.max(0, Math.floor(limit));
    return (n === 0 ? [] : mine.slice(-n)).map((p) => ({ ...p }));
  }

  async unratedGames(since: number, limit: number): Promise<GameRow[]> {
    this.open();
    const rows = [...this.gameRows.values()].filter((g) => g.rated && g.status === 'finished' && g.updatedAt >= since && !this.ratedGames.has(g.id));
    rows.sort((a, b) => a.updatedAt - b.updatedAt || cmp(a.id, b.id));
    return rows.slice(0, Math.max(0, Math.floor(limit))).map(loadGame);
  }

  async results(userId: string): Promise<ResultCounts[]> {
    this.open();
    const by = new Map<string, { wins: number; draws: number; losses: number }>();
    for (const g of this.gameRows.values()) {
      if (g.status !== 'finished') continue;
      const side = g.whiteId === userId ? 0 : g.blackId === userId ? 1 : null;
      if (side === null) continue;
      let c = by.get(g.variant);
      if (!c) {
        c = { wins: 0, draws: 0, losses: 0 };
        by.set(g.variant, c);
      }
      if (g.result === '1/2-1/2') c.draws++;
      else if (g.result === (side === 0 ? '1-0' : '0-1')) c.wins++;
      else if (g.result === (side === 0 ? '0-1' : '1-0')) c.losses++;
    }
    return [...by].map(([variant, c]) => ({ variant, ...c })).sort((a, b) => cmp(a.variant, b.variant));
  }

  async applyPuzzleResult(r: PuzzleResult): Promise<PuzzleOutcome> {
    this.open();
    checkPuzzleResult(r);
    // The SQL stores have a foreign key here.
    if (!this.users.has(r.userId)) throw new Error(`no user ${r.userId}`);
    // No await from here on: read, compute and write form one step, as a transaction does.
    const playerKey = `${r.userId}\n${r.variant}`;
    const roundKey = `${r.userId}\n${r.puzzleId}`;
    const out = applyPuzzle(
      r,
      this.puzzleRatingRows.get(playerKey) ?? null,
      this.puzzleStateRows.get(r.puzzleId) ?? null,
      this.puzzleRoundRows.get(roundKey) ?? null,
    );
    if (out.rated) {
      this.puzzleRatingRows.set(playerKey, { ...out.player });
      this.puzzleStateRows.set(r.puzzleId, { ...out.puzzle });
    }
    this.puzzleRoundRows.set(roundKey, { ...out.round });
    return { ...out, player: { ...out.player }, puzzle: { ...out.puzzle }, round: { ...out.round } };
  }

  async puzzleRatings(userId: string): Promise<PuzzleRatingRow[]> {
    this.open();
    return [...this.puzzleRatingRows.values()]
      .filter((r) => r.userId === userId)
      .sort((a, b) => cmp(a.variant, b.variant))
      .map((r) => ({ ...r }));
  }

  async puzzleStates(variant: string): Promise<PuzzleStateRow[]> {
    this.open();
    return [...this.puzzleStateRows.values()]
      .filter((r) => r.variant === variant)
      .sort((a, b) => cmp(a.puzzleId, b.puzzleId))
      .map((r) => ({ ...r }));
  }

  async puzzleRounds(userId: string, variant: string, limit: number): Promise<PuzzleRoundRow[]> {
    this.open();
    const mine = [...this.puzzleRoundRows.values()].filter((r) => r.userId === userId && r.variant === variant);
    mine.sort((a, b) => b.lastAt - a.lastAt || cmp(b.puzzleId, a.puzzleId));
    return mine.slice(0, Math.max(0, Math.floor(limit))).map((r) => ({ ...r }));
  }

  async setMute(userId: string, mutedId: string, muted: boolean, at: number): Promise<void> {
    this.open();
    for (const id of [userId, mutedId]) if (!this.users.has(id)) throw new Error(`no user ${id}`);
    let m = this.muteRows.get(userId);
    if (!m) {
      m = new Map();
      this.muteRows.set(userId, m);
    }
    if (muted) {
      if (!m.has(mutedId)) m.set(mutedId, at);
    } else m.delete(mutedId);
  }

  async mutes(userId: string): Promise<string[]> {
    this.open();
    return [...(this.muteRows.get(userId)?.keys() ?? [])].sort(cmp);
  }

  /** Like a closed database handle, a closed store refuses work: it catches use-after-close in tests. */
  private open(): void {
    if (this.closed) throw new Error('the store is closed');
  }
}
