/**
 * The store for scenario tests: plain maps, same semantics as the SQL
 * stores (the conformance suite holds all of them to it). Rows are copied in
 * and out, and `data` goes through JSON exactly as it does on its way into a
 * database, so a test cannot pass by mutating stored state or by storing
 * something (a Date, a Map, undefined) that the real stores would change.
 */
import { checkGame, checkSave, dataJson, usernameKey } from './checks.ts';
import { UniqueViolation, VersionConflict, type GameFilter, type GameRow, type MoveRow, type SessionRow, type Store, type UserRow } from './types.ts';

/** A game as kept: its data as JSON text, parsed afresh on every read. */
type StoredGame = Omit<GameRow, 'data'> & { readonly data: string };

const storeGame = (g: GameRow): StoredGame => ({ ...g, data: dataJson(g.data) });
const loadGame = (g: StoredGame): GameRow => ({ ...g, data: JSON.parse(g.data) as unknown });

export class MemoryStore implements Store {
  private readonly meta = new Map<string, string>();
  private readonly users = new Map<string, UserRow>();
  /** usernameKey → user id: the unique index. */
  private readonly names = new Map<string, string>();
  private readonly sessions = new Map<string, SessionRow>();
  private readonly gameRows = new Map<string, StoredGame>();
  private readonly invites = new Map<string, string>();
  private readonly moveRows = new Map<string, MoveRow[]>();
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

  /** Like a closed database handle, a closed store refuses work: it catches use-after-close in tests. */
  private open(): void {
    if (this.closed) throw new Error('the store is closed');
  }
}
