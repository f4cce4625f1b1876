/**
 * The default store: one SQLite file through better-sqlite3, in WAL mode.
 * Reads run at once on the calling turn; every write goes through group
 * commit (group-commit.ts), which keeps them in call order, commits those of
 * one event-loop turn together and settles their promises after the commit.
 * With synchronous=FULL (the default) a resolved write is on disk.
 */
import Database from 'better-sqlite3';
import { checkGame, checkSave, dataJson, usernameKey } from './checks.ts';
import { GroupCommit, type GroupCommitOptions, type GroupCommitStats } from './group-commit.ts';
import { SQLITE_MIGRATIONS, pendingMigrations } from './migrations.ts';
import { applyPuzzle, checkPuzzleResult } from './puzzle-rated.ts';
import {
  PUZZLE_RATING_SQL,
  PUZZLE_ROUND_SQL,
  PUZZLE_STATE_SQL,
  toPuzzleRating,
  toPuzzleRound,
  toPuzzleState,
  type PuzzleRatingRecord,
  type PuzzleRoundRecord,
  type PuzzleStateRecord,
} from './puzzle-records.ts';
import { applyResult, checkRated } from './rated.ts';
import {
  UniqueViolation,
  VersionConflict,
  type GameFilter,
  type GameRow,
  type GameStatus,
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

export const SQLITE_SYNCHRONOUS = ['OFF', 'NORMAL', 'FULL', 'EXTRA'] as const;
export type SqliteSynchronous = (typeof SQLITE_SYNCHRONOUS)[number];

export interface SqliteStoreOptions extends GroupCommitOptions {
  /**
   * FULL (default): the WAL is synced on every commit, so an acknowledged
   * move survives a power cut. NORMAL: synced at checkpoints only; survives
   * a crash of the process but may lose the last commits on a power cut.
   */
  readonly synchronous?: SqliteSynchronous;
  /** How long to wait for another process's write lock before failing (ms). */
  readonly busyTimeoutMs?: number;
}

/** SQLite names the columns of the violated unique index; these are ours. */
const UNIQUE_COLUMNS: Readonly<Record<string, string>> = {
  'users.id': 'user',
  'users.username_key': 'username',
  'sessions.token_hash': 'session',
  'games.id': 'game',
  'games.invite_token': 'inviteToken',
  'moves.game_id, moves.ply': 'move',
  'rating_history.user_id, rating_history.variant, rating_history.rated_at, rating_history.game_id': 'ratingPoint',
};

function mapError(e: unknown): unknown {
  if (e instanceof Database.SqliteError && (e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY')) {
    const columns = e.message.replace(/^UNIQUE constraint failed: /, '');
    return new UniqueViolation(UNIQUE_COLUMNS[columns] ?? columns);
  }
  return e;
}

interface UserRecord {
  id: string;
  username: string | null;
  password_hash: string | null;
  created_at: number;
}
interface SessionRecord {
  token_hash: string;
  user_id: string;
  created_at: number;
  expires_at: number;
}
interface GameRecord {
  id: string;
  variant: string;
  status: GameStatus;
  white_id: string | null;
  black_id: string | null;
  rated: number;
  created_at: number;
  updated_at: number;
  result: string | null;
  reason: string | null;
  plies: number;
  version: number;
  invite_token: string | null;
  data: string;
}
interface MoveRecord {
  game_id: string;
  ply: number;
  uci: string;
  at: number;
  clock_ms: number;
}

interface RatingRecord {
  user_id: string;
  variant: string;
  rating: number;
  deviation: number;
  volatility: number;
  games: number;
  rated_at: number;
}
interface PointRecord {
  user_id: string;
  variant: string;
  game_id: string;
  rated_at: number;
  rating: number;
  deviation: number;
  volatility: number;
}

const toRating = (r: RatingRecord): RatingRow => ({
  userId: r.user_id,
  variant: r.variant,
  rating: r.rating,
  deviation: r.deviation,
  volatility: r.volatility,
  games: r.games,
  ratedAt: r.rated_at,
});
const toPoint = (r: PointRecord): RatingPoint => ({
  userId: r.user_id,
  variant: r.variant,
  gameId: r.game_id,
  ratedAt: r.rated_at,
  rating: r.rating,
  deviation: r.deviation,
  volatility: r.volatility,
});

const toUser = (r: UserRecord): UserRow => ({ id: r.id, username: r.username, passwordHash: r.password_hash, createdAt: r.created_at });
const toSession = (r: SessionRecord): SessionRow => ({ tokenHash: r.token_hash, userId: r.user_id, createdAt: r.created_at, expiresAt: r.expires_at });
const toMove = (r: MoveRecord): MoveRow => ({ gameId: r.game_id, ply: r.ply, uci: r.uci, at: r.at, clockMs: r.clock_ms });
const toGame = (r: GameRecord): GameRow => ({
  id: r.id,
  variant: r.variant,
  status: r.status,
  whiteId: r.white_id,
  blackId: r.black_id,
  rated: r.rated === 1,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  result: r.result,
  reason: r.reason,
  plies: r.plies,
  version: r.version,
  inviteToken: r.invite_token,
  data: JSON.parse(r.data) as unknown,
});

/** Named parameters for a game row; computed when the write is called, so later changes by the caller are not stored. */
function gameParams(g: GameRow) {
  return {
    id: g.id,
    variant: g.variant,
    status: g.status,
    whiteId: g.whiteId,
    blackId: g.blackId,
    rated: g.rated ? 1 : 0,
    createdAt: g.createdAt,
    updatedAt: g.updatedAt,
    result: g.result,
    reason: g.reason,
    plies: g.plies,
    version: g.version,
    inviteToken: g.inviteToken,
    data: dataJson(g.data),
  };
}

const GAME_COLUMNS = 'id, variant, status, white_id, black_id, rated, created_at, updated_at, result, reason, plies, version, invite_token, data';
const GAME_VALUES = '@id, @variant, @status, @whiteId, @blackId, @rated, @createdAt, @updatedAt, @result, @reason, @plies, @version, @inviteToken, @data';
const GAME_SET =
  'variant = @variant, status = @status, white_id = @whiteId, black_id = @blackId, rated = @rated, created_at = @createdAt, ' +
  'updated_at = @updatedAt, result = @result, reason = @reason, plies = @plies, version = @version, invite_token = @inviteToken, data = @data';

/** Wins, draws and losses per variant of the user `@u` (same text in SQLite and, with $1, PostgreSQL). */
export const RESULTS_SQL =
  'SELECT variant, ' +
  "SUM(CASE WHEN (white_id = @u AND result = '1-0') OR (black_id = @u AND result = '0-1') THEN 1 ELSE 0 END) AS wins, " +
  "SUM(CASE WHEN result = '1/2-1/2' THEN 1 ELSE 0 END) AS draws, " +
  "SUM(CASE WHEN (white_id = @u AND result = '0-1') OR (black_id = @u AND result = '1-0') THEN 1 ELSE 0 END) AS losses " +
  "FROM games WHERE status = 'finished' AND (white_id = @u OR black_id = @u) GROUP BY variant ORDER BY variant";

export class SqliteStore implements Store {
  private readonly db: Database.Database;
  private readonly writes: GroupCommit;
  private readonly statements = new Map<string, Database.Statement>();

  /** `path` is a file name, or ':memory:' for a private in-memory database. */
  constructor(path: string, options: SqliteStoreOptions = {}) {
    const synchronous = options.synchronous ?? 'FULL';
    if (!SQLITE_SYNCHRONOUS.includes(synchronous)) throw new TypeError(`synchronous must be one of ${SQLITE_SYNCHRONOUS.join(', ')}`);
    this.db = new Database(path, { timeout: options.busyTimeoutMs ?? 5000 });
    this.db.pragma('journal_mode = WAL');
    this.db.pragma(`synchronous = ${synchronous}`);
    this.db.pragma('foreign_keys = ON');
    this.writes = new GroupCommit(this.db, options);
  }

  /** Group-commit counters, for monitoring and benchmarks. */
  get stats(): Readonly<GroupCommitStats> {
    return this.writes.stats;
  }

  /** A PRAGMA's current value (journal_mode, synchronous...), for checks and diagnostics. */
  pragma(name: string): unknown {
    return this.db.pragma(name, { simple: true });
  }

  async migrate(): Promise<void> {
    const run = this.db.transaction(() => {
      this.db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)');
      const applied = new Set(this.db.prepare('SELECT version FROM schema_migrations').pluck().all() as number[]);
      const record = this.db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
      for (const m of pendingMigrations(SQLITE_MIGRATIONS, applied)) {
        this.db.exec(m.sql);
        record.run(m.version, m.name, Date.now());
      }
    });
    // IMMEDIATE: two processes starting together take turns instead of both reading "nothing applied".
    run.immediate();
  }

  async close(): Promise<void> {
    if (!this.db.open) return;
    this.writes.close();
    this.db.close();
  }

  async getMeta(key: string): Promise<string | null> {
    return (this.stmt('SELECT value FROM meta WHERE key = ?').pluck().get(key) as string | undefined) ?? null;
  }

  setMeta(key: string, value: string): Promise<void> {
    return this.write(() => {
      this.stmt('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(key, value);
    });
  }

  createUser(u: UserRow): Promise<void> {
    const params = [u.id, u.username, u.username === null ? null : usernameKey(u.username), u.passwordHash, u.createdAt];
    return this.write(() => {
      this.stmt('INSERT INTO users (id, username, username_key, password_hash, created_at) VALUES (?, ?, ?, ?, ?)').run(...params);
    });
  }

  async userById(id: string): Promise<UserRow | null> {
    const r = this.stmt('SELECT * FROM users WHERE id = ?').get(id) as UserRecord | undefined;
    return r ? toUser(r) : null;
  }

  async userByName(username: string): Promise<UserRow | null> {
    const r = this.stmt('SELECT * FROM users WHERE username_key = ?').get(usernameKey(username)) as UserRecord | undefined;
    return r ? toUser(r) : null;
  }

  registerUser(id: string, username: string, passwordHash: string): Promise<void> {
    const key = usernameKey(username);
    return this.write(() => {
      const r = this.stmt('UPDATE users SET username = ?, username_key = ?, password_hash = ? WHERE id = ?').run(username, key, passwordHash, id);
      if (r.changes === 0) throw new Error(`no user ${id}`);
    });
  }

  createSession(s: SessionRow): Promise<void> {
    return this.write(() => {
      this.stmt('INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)').run(s.tokenHash, s.userId, s.createdAt, s.expiresAt);
    });
  }

  async session(tokenHash: string): Promise<SessionRow | null> {
    const r = this.stmt('SELECT * FROM sessions WHERE token_hash = ?').get(tokenHash) as SessionRecord | undefined;
    return r ? toSession(r) : null;
  }

  deleteSession(tokenHash: string): Promise<void> {
    return this.write(() => {
      this.stmt('DELETE FROM sessions WHERE token_hash = ?').run(tokenHash);
    });
  }

  async createGame(g: GameRow): Promise<void> {
    checkGame(g);
    const params = gameParams(g);
    return this.write(() => {
      this.stmt(`INSERT INTO games (${GAME_COLUMNS}) VALUES (${GAME_VALUES})`).run(params);
    });
  }

  async saveGame(g: GameRow, expectedVersion: number, moves: readonly MoveRow[] = []): Promise<void> {
    checkSave(g, moves);
    const params = { ...gameParams(g), expected: expectedVersion };
    const moveParams = moves.map((m) => [m.gameId, m.ply, m.uci, m.at, m.clockMs] as const);
    return this.write(() => {
      const r = this.stmt(`UPDATE games SET ${GAME_SET} WHERE id = @id AND version = @expected`).run(params);
      if (r.changes === 0) throw new VersionConflict(g.id, expectedVersion);
      const insert = this.stmt('INSERT INTO moves (game_id, ply, uci, at, clock_ms) VALUES (?, ?, ?, ?, ?)');
      for (const m of moveParams) insert.run(...m);
    });
  }

  async game(id: string): Promise<GameRow | null> {
    const r = this.stmt('SELECT * FROM games WHERE id = ?').get(id) as GameRecord | undefined;
    return r ? toGame(r) : null;
  }

  async gameByInvite(token: string): Promise<GameRow | null> {
    const r = this.stmt('SELECT * FROM games WHERE invite_token = ?').get(token) as GameRecord | undefined;
    return r ? toGame(r) : null;
  }

  async moves(gameId: string): Promise<MoveRow[]> {
    return (this.stmt('SELECT * FROM moves WHERE game_id = ? ORDER BY ply').all(gameId) as MoveRecord[]).map(toMove);
  }

  async games(f: GameFilter): Promise<GameRow[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (f.status) {
      if (f.status.length === 0) return [];
      where.push(`status IN (${f.status.map(() => '?').join(', ')})`);
      params.push(...f.status);
    }
    if (f.userId !== undefined) {
      where.push('(white_id = ? OR black_id = ?)');
      params.push(f.userId, f.userId);
    }
    if (f.before !== undefined) {
      where.push('updated_at < ?');
      params.push(f.before);
    }
    params.push(Math.max(0, Math.floor(f.limit)));
    const sql = `SELECT * FROM games ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY updated_at DESC, id DESC LIMIT ?`;
    return (this.stmt(sql).all(...params) as GameRecord[]).map(toGame);
  }

  async applyRatedGame(r: RatedResult): Promise<RatingChange | null> {
    checkRated(r);
    const res = { ...r };
    // Runs inside the group-commit transaction: the ratings read here are the latest, and nothing else writes until it ends.
    return this.write(() => {
      const marked = this.stmt('INSERT INTO rated_games (game_id, rated_at) VALUES (?, ?) ON CONFLICT (game_id) DO NOTHING').run(res.gameId, res.at);
      if (marked.changes === 0) return null;
      const get = this.stmt('SELECT * FROM ratings WHERE user_id = ? AND variant = ?');
      const read = (id: string) => {
        const row = get.get(id, res.variant) as RatingRecord | undefined;
        return row ? toRating(row) : null;
      };
      const out = applyResult(res, read(res.whiteId), read(res.blackId));
      const put = this.stmt(
        'INSERT INTO ratings (user_id, variant, rating, deviation, volatility, games, rated_at) VALUES (@userId, @variant, @rating, @deviation, @volatility, @games, @ratedAt) ' +
          'ON CONFLICT (user_id, variant) DO UPDATE SET rating = excluded.rating, deviation = excluded.deviation, volatility = excluded.volatility, games = excluded.games, rated_at = excluded.rated_at',
      );
      for (const row of out.rows) put.run(row);
      const point = this.stmt(
        'INSERT INTO rating_history (user_id, variant, game_id, rated_at, rating, deviation, volatility) VALUES (@userId, @variant, @gameId, @ratedAt, @rating, @deviation, @volatility)',
      );
      for (const p of out.points) point.run(p);
      return out.change;
    });
  }

  async ratings(userId: string): Promise<RatingRow[]> {
    return (this.stmt('SELECT * FROM ratings WHERE user_id = ? ORDER BY variant').all(userId) as RatingRecord[]).map(toRating);
  }

  async leaderboard(variant: string, limit: number, provisionalAbove: number): Promise<LeaderRow[]> {
    const rows = this.stmt(
      'SELECT r.*, u.username FROM ratings r JOIN users u ON u.id = r.user_id WHERE r.variant = ? AND u.username IS NOT NULL ' +
        'ORDER BY (r.deviation > ?), r.rating DESC, r.user_id LIMIT ?',
    ).all(variant, provisionalAbove, Math.max(0, Math.floor(limit))) as (RatingRecord & { username: string })[];
    return rows.map((r) => ({ ...toRating(r), username: r.username }));
  }

  async ratingHistory(userId: string, variant: string, limit: number): Promise<RatingPoint[]> {
    const rows = this.stmt(
      'SELECT * FROM (SELECT * FROM rating_history WHERE user_id = ? AND variant = ? ORDER BY rated_at DESC, game_id DESC LIMIT ?) ORDER BY rated_at, game_id',
    ).all(userId, variant, Math.max(0, Math.floor(limit))) as PointRecord[];
    return rows.map(toPoint);
  }

  async unratedGames(since: number, limit: number): Promise<GameRow[]> {
    const rows = this.stmt(
      "SELECT * FROM games g WHERE g.rated = 1 AND g.status = 'finished' AND g.updated_at >= ? " +
        'AND NOT EXISTS (SELECT 1 FROM rated_games r WHERE r.game_id = g.id) ORDER BY g.updated_at, g.id LIMIT ?',
    ).all(since, Math.max(0, Math.floor(limit))) as GameRecord[];
    return rows.map(toGame);
  }

  async results(userId: string): Promise<ResultCounts[]> {
    return this.stmt(RESULTS_SQL).all({ u: userId }) as ResultCounts[];
  }

  async applyPuzzleResult(r: PuzzleResult): Promise<PuzzleOutcome> {
    checkPuzzleResult(r);
    const res = { ...r, initial: { ...r.initial } };
    // Inside the group-commit transaction: the rows read here are the latest.
    return this.write(() => {
      const player = this.stmt('SELECT * FROM puzzle_ratings WHERE user_id = ? AND variant = ?').get(res.userId, res.variant) as PuzzleRatingRecord | undefined;
      const puzzle = this.stmt('SELECT * FROM puzzle_states WHERE puzzle_id = ?').get(res.puzzleId) as PuzzleStateRecord | undefined;
      const round = this.stmt('SELECT * FROM puzzle_rounds WHERE user_id = ? AND puzzle_id = ?').get(res.userId, res.puzzleId) as PuzzleRoundRecord | undefined;
      const out = applyPuzzle(res, player ? toPuzzleRating(player) : null, puzzle ? toPuzzleState(puzzle) : null, round ? toPuzzleRound(round) : null);
      if (out.rated) {
        this.stmt(PUZZLE_RATING_SQL).run(out.player);
        this.stmt(PUZZLE_STATE_SQL).run(out.puzzle);
      }
      this.stmt(PUZZLE_ROUND_SQL).run({ ...out.round, firstWin: out.round.firstWin ? 1 : 0, lastWin: out.round.lastWin ? 1 : 0 });
      return out;
    });
  }

  async puzzleRatings(userId: string): Promise<PuzzleRatingRow[]> {
    return (this.stmt('SELECT * FROM puzzle_ratings WHERE user_id = ? ORDER BY variant').all(userId) as PuzzleRatingRecord[]).map(toPuzzleRating);
  }

  async puzzleStates(variant: string): Promise<PuzzleStateRow[]> {
    return (this.stmt('SELECT * FROM puzzle_states WHERE variant = ? ORDER BY puzzle_id').all(variant) as PuzzleStateRecord[]).map(toPuzzleState);
  }

  async puzzleRounds(userId: string, variant: string, limit: number): Promise<PuzzleRoundRow[]> {
    const rows = this.stmt('SELECT * FROM puzzle_rounds WHERE user_id = ? AND variant = ? ORDER BY last_at DESC, puzzle_id DESC LIMIT ?').all(
      userId,
      variant,
      Math.max(0, Math.floor(limit)),
    ) as PuzzleRoundRecord[];
    return rows.map(toPuzzleRound);
  }

  setMute(userId: string, mutedId: string, muted: boolean, at: number): Promise<void> {
    return this.write(() => {
      if (muted) this.stmt('INSERT INTO mutes (user_id, muted_id, muted_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING').run(userId, mutedId, at);
      else this.stmt('DELETE FROM mutes WHERE user_id = ? AND muted_id = ?').run(userId, mutedId);
    });
  }

  async mutes(userId: string): Promise<string[]> {
    return this.stmt('SELECT muted_id FROM mutes WHERE user_id = ? ORDER BY muted_id').pluck().all(userId) as string[];
  }

  /** Prepared statements are cached by their text: preparing costs more than running. */
  private stmt(sql: string): Database.Statement {
    let s = this.statements.get(sql);
    if (!s) {
      s = this.db.prepare(sql);
      this.statements.set(sql, s);
    }
    return s;
  }

  private write<T>(run: () => T): Promise<T> {
    return this.writes.submit(run).catch((e: unknown) => {
      throw mapError(e);
    });
  }
}
