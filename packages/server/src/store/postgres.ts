/**
 * The store for several server nodes: PostgreSQL through a `pg` pool, with
 * the same schema and semantics as SQLite. Saves are batched (see
 * postgres-saves.ts); everything else is one statement per call. BIGINT
 * columns come back from `pg` as strings (they may exceed 2^53); ours are
 * epoch milliseconds, so they become numbers.
 */
import pg from 'pg';
import { DEFAULT_RATING } from '@youzai/game';
import { checkGame, checkSave, dataJson, usernameKey } from './checks.ts';
import { POSTGRES_MIGRATIONS, pendingMigrations } from './migrations.ts';
import { SaveBatcher, type SaveBatcherOptions, type SaveBatcherStats } from './postgres-saves.ts';
import { INITIAL_PLAYER_RATING } from '@youzai/puzzles';
import { applyPuzzle, checkPuzzleResult } from './puzzle-rated.ts';
import { toPuzzleRating, toPuzzleRound, toPuzzleState, type PuzzleRatingRecord, type PuzzleRoundRecord, type PuzzleStateRecord } from './puzzle-records.ts';
import { applyResult, checkRated } from './rated.ts';
import {
  UniqueViolation,
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

export interface PostgresStoreOptions extends SaveBatcherOptions {
  /** Connections in the pool (default 10). */
  readonly max?: number;
}

/** Our unique constraints by name, as the UniqueViolation names them. */
const UNIQUE_CONSTRAINTS: Readonly<Record<string, string>> = {
  users_pkey: 'user',
  users_username_key: 'username',
  sessions_pkey: 'session',
  games_pkey: 'game',
  games_invite: 'inviteToken',
  moves_pkey: 'move',
  rating_history_pkey: 'ratingPoint',
};

/** Deadlock and serialisation failures: the transaction is simply run again. */
const RETRYABLE = new Set(['40P01', '40001']);
const MAX_ATTEMPTS = 5;

function mapError(e: unknown): unknown {
  if (e instanceof pg.DatabaseError && e.code === '23505') {
    const c = e.constraint ?? 'unknown';
    return new UniqueViolation(UNIQUE_CONSTRAINTS[c] ?? c);
  }
  return e;
}

/** Key of the advisory lock that serialises migrations (per schema, below). */
const MIGRATION_LOCK = 0x59_7a_61_69; // 'Yzai'

type Bigint = string | number;
interface UserRecord {
  id: string;
  username: string | null;
  password_hash: string | null;
  created_at: Bigint;
}
interface SessionRecord {
  token_hash: string;
  user_id: string;
  created_at: Bigint;
  expires_at: Bigint;
}
interface GameRecord {
  id: string;
  variant: string;
  status: GameStatus;
  white_id: string | null;
  black_id: string | null;
  rated: boolean;
  created_at: Bigint;
  updated_at: Bigint;
  result: string | null;
  reason: string | null;
  plies: number;
  version: number;
  invite_token: string | null;
  data: unknown;
}
interface MoveRecord {
  game_id: string;
  ply: number;
  uci: string;
  at: Bigint;
  clock_ms: Bigint;
}

interface RatingRecord {
  user_id: string;
  variant: string;
  rating: number;
  deviation: number;
  volatility: number;
  games: number;
  rated_at: Bigint;
}
interface PointRecord {
  user_id: string;
  variant: string;
  game_id: string;
  rated_at: Bigint;
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
  ratedAt: Number(r.rated_at),
});
const toPoint = (r: PointRecord): RatingPoint => ({
  userId: r.user_id,
  variant: r.variant,
  gameId: r.game_id,
  ratedAt: Number(r.rated_at),
  rating: r.rating,
  deviation: r.deviation,
  volatility: r.volatility,
});

const RESULTS_SQL =
  'SELECT variant, ' +
  "SUM(CASE WHEN (white_id = $1 AND result = '1-0') OR (black_id = $1 AND result = '0-1') THEN 1 ELSE 0 END)::int AS wins, " +
  "SUM(CASE WHEN result = '1/2-1/2' THEN 1 ELSE 0 END)::int AS draws, " +
  "SUM(CASE WHEN (white_id = $1 AND result = '0-1') OR (black_id = $1 AND result = '1-0') THEN 1 ELSE 0 END)::int AS losses " +
  `FROM games WHERE status = 'finished' AND (white_id = $1 OR black_id = $1) GROUP BY variant ORDER BY variant COLLATE "C"`;

const toUser = (r: UserRecord): UserRow => ({ id: r.id, username: r.username, passwordHash: r.password_hash, createdAt: Number(r.created_at) });
const toSession = (r: SessionRecord): SessionRow => ({
  tokenHash: r.token_hash,
  userId: r.user_id,
  createdAt: Number(r.created_at),
  expiresAt: Number(r.expires_at),
});
const toMove = (r: MoveRecord): MoveRow => ({ gameId: r.game_id, ply: r.ply, uci: r.uci, at: Number(r.at), clockMs: Number(r.clock_ms) });
const toGame = (r: GameRecord): GameRow => ({
  id: r.id,
  variant: r.variant,
  status: r.status,
  whiteId: r.white_id,
  blackId: r.black_id,
  rated: r.rated,
  createdAt: Number(r.created_at),
  updatedAt: Number(r.updated_at),
  result: r.result,
  reason: r.reason,
  plies: r.plies,
  version: r.version,
  inviteToken: r.invite_token,
  data: r.data,
});

/**
 * $1..$14 in GAME_COLUMNS order. `data` is sent as JSON text: `pg` would
 * turn a JavaScript array into a PostgreSQL array, not into JSON.
 */
const gameParams = (g: GameRow): unknown[] => [
  g.id,
  g.variant,
  g.status,
  g.whiteId,
  g.blackId,
  g.rated,
  g.createdAt,
  g.updatedAt,
  g.result,
  g.reason,
  g.plies,
  g.version,
  g.inviteToken,
  dataJson(g.data),
];
const GAME_COLUMNS = 'id, variant, status, white_id, black_id, rated, created_at, updated_at, result, reason, plies, version, invite_token, data';

export class PostgresStore implements Store {
  private readonly pool: pg.Pool;
  private readonly statementNames = new Map<string, string>();
  private readonly saves: SaveBatcher;
  private closed = false;

  /** Batching counters, for monitoring and benchmarks. */
  get stats(): Readonly<SaveBatcherStats> {
    return this.saves.stats;
  }

  /** `connectionString`: postgres://user@host:port/db; `?options=-c search_path=s` selects a schema. */
  constructor(connectionString: string, options: PostgresStoreOptions = {}) {
    this.pool = new pg.Pool({ connectionString, max: options.max ?? 10 });
    // An idle connection that dies (server restart) is dropped by the pool;
    // without a listener the 'error' event would crash the process.
    this.pool.on('error', () => {});
    this.saves = new SaveBatcher((sql, params) => this.query(sql, params), options);
  }

  async migrate(): Promise<void> {
    const c = await this.pool.connect();
    try {
      await c.query('BEGIN');
      // Servers starting together queue here; the lock is per schema so separate test schemas do not wait on each other.
      await c.query('SELECT pg_advisory_xact_lock($1, hashtext(current_schema()))', [MIGRATION_LOCK]);
      await c.query('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)');
      const applied = await c.query<{ version: number }>('SELECT version FROM schema_migrations');
      for (const m of pendingMigrations(POSTGRES_MIGRATIONS, new Set(applied.rows.map((r) => r.version)))) {
        await c.query(m.sql);
        await c.query('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [m.version, m.name, Date.now()]);
      }
      await c.query('COMMIT');
    } catch (e) {
      await c.query('ROLLBACK').catch(() => {});
      throw e;
    } finally {
      c.release();
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.saves.drain();
    await this.pool.end();
  }

  async getMeta(key: string): Promise<string | null> {
    const r = await this.query<{ value: string }>('SELECT value FROM meta WHERE key = $1', [key]);
    return r.rows[0]?.value ?? null;
  }

  async setMeta(key: string, value: string): Promise<void> {
    await this.query('INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value', [key, value]);
  }

  async createUser(u: UserRow): Promise<void> {
    const key = u.username === null ? null : usernameKey(u.username);
    await this.query('INSERT INTO users (id, username, username_key, password_hash, created_at) VALUES ($1, $2, $3, $4, $5)', [
      u.id,
      u.username,
      key,
      u.passwordHash,
      u.createdAt,
    ]);
  }

  async userById(id: string): Promise<UserRow | null> {
    const r = await this.query<UserRecord>('SELECT * FROM users WHERE id = $1', [id]);
    return r.rows[0] ? toUser(r.rows[0]) : null;
  }

  async userByName(username: string): Promise<UserRow | null> {
    const r = await this.query<UserRecord>('SELECT * FROM users WHERE username_key = $1', [usernameKey(username)]);
    return r.rows[0] ? toUser(r.rows[0]) : null;
  }

  async registerUser(id: string, username: string, passwordHash: string): Promise<void> {
    const r = await this.query('UPDATE users SET username = $2, username_key = $3, password_hash = $4 WHERE id = $1', [
      id,
      username,
      usernameKey(username),
      passwordHash,
    ]);
    if (r.rowCount === 0) throw new Error(`no user ${id}`);
  }

  async createSession(s: SessionRow): Promise<void> {
    await this.query('INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)', [
      s.tokenHash,
      s.userId,
      s.createdAt,
      s.expiresAt,
    ]);
  }

  async session(tokenHash: string): Promise<SessionRow | null> {
    const r = await this.query<SessionRecord>('SELECT * FROM sessions WHERE token_hash = $1', [tokenHash]);
    return r.rows[0] ? toSession(r.rows[0]) : null;
  }

  async deleteSession(tokenHash: string): Promise<void> {
    await this.query('DELETE FROM sessions WHERE token_hash = $1', [tokenHash]);
  }

  async createGame(g: GameRow): Promise<void> {
    checkGame(g);
    await this.query(`INSERT INTO games (${GAME_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14::jsonb)`, gameParams(g));
  }

  async saveGame(g: GameRow, expectedVersion: number, moves: readonly MoveRow[] = []): Promise<void> {
    checkSave(g, moves);
    return this.saves.save({ g, expectedVersion, moves });
  }

  async game(id: string): Promise<GameRow | null> {
    const r = await this.query<GameRecord>('SELECT * FROM games WHERE id = $1', [id]);
    return r.rows[0] ? toGame(r.rows[0]) : null;
  }

  async gameByInvite(token: string): Promise<GameRow | null> {
    const r = await this.query<GameRecord>('SELECT * FROM games WHERE invite_token = $1', [token]);
    return r.rows[0] ? toGame(r.rows[0]) : null;
  }

  async moves(gameId: string): Promise<MoveRow[]> {
    const r = await this.query<MoveRecord>('SELECT * FROM moves WHERE game_id = $1 ORDER BY ply', [gameId]);
    return r.rows.map(toMove);
  }

  async games(f: GameFilter): Promise<GameRow[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    const param = (v: unknown) => `$${params.push(v)}`;
    if (f.status) {
      if (f.status.length === 0) return [];
      where.push(`status = ANY(${param(f.status)}::text[])`);
    }
    if (f.userId !== undefined) {
      const p = param(f.userId);
      where.push(`(white_id = ${p} OR black_id = ${p})`);
    }
    if (f.before !== undefined) where.push(`updated_at < ${param(f.before)}`);
    // COLLATE "C": ties ordered by code point, as SQLite and the memory store order them, whatever the database's locale.
    const sql =
      `SELECT * FROM games ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ` +
      `ORDER BY updated_at DESC, id COLLATE "C" DESC LIMIT ${param(Math.max(0, Math.floor(f.limit)))}`;
    const r = await this.query<GameRecord>(sql, params);
    return r.rows.map(toGame);
  }

  async applyRatedGame(r: RatedResult): Promise<RatingChange | null> {
    checkRated(r);
    const res = { ...r };
    return this.transaction(async (q) => {
      const marked = await q('INSERT INTO rated_games (game_id, rated_at) VALUES ($1, $2) ON CONFLICT (game_id) DO NOTHING RETURNING game_id', [
        res.gameId,
        res.at,
      ]);
      if (marked.rowCount === 0) return null;
      // Both rows exist, then are locked, always in the same (code-point) order, so two games
      // sharing a player queue up instead of deadlocking, and the second reads the first's result.
      const ids = [res.whiteId, res.blackId].sort();
      await q(
        `INSERT INTO ratings (user_id, variant, rating, deviation, volatility, games, rated_at)
         SELECT u, $2, $3, $4, $5, 0, $6 FROM unnest($1::text[]) AS u ORDER BY u COLLATE "C" ON CONFLICT (user_id, variant) DO NOTHING`,
        [ids, res.variant, DEFAULT_RATING.rating, DEFAULT_RATING.deviation, DEFAULT_RATING.volatility, res.at],
      );
      const locked = await q<RatingRecord>('SELECT * FROM ratings WHERE variant = $1 AND user_id = ANY($2::text[]) ORDER BY user_id COLLATE "C" FOR UPDATE', [
        res.variant,
        ids,
      ]);
      const rows = locked.rows.map(toRating);
      // A row inserted just now (games 0) stands for "never rated": the default rating.
      const find = (id: string) => rows.find((x) => x.userId === id && x.games > 0) ?? null;
      const out = applyResult(res, find(res.whiteId), find(res.blackId));
      const col = <T>(f: (x: RatingRow) => T) => out.rows.map(f);
      await q(
        `UPDATE ratings r SET rating = v.rating, deviation = v.deviation, volatility = v.volatility, games = v.games, rated_at = v.rated_at
         FROM unnest($1::text[], $2::float8[], $3::float8[], $4::float8[], $5::int[], $6::bigint[]) AS v (user_id, rating, deviation, volatility, games, rated_at)
         WHERE r.user_id = v.user_id AND r.variant = $7`,
        [
          col((x) => x.userId),
          col((x) => x.rating),
          col((x) => x.deviation),
          col((x) => x.volatility),
          col((x) => x.games),
          col((x) => x.ratedAt),
          res.variant,
        ],
      );
      const pcol = <T>(f: (x: RatingPoint) => T) => out.points.map(f);
      await q(
        `INSERT INTO rating_history (user_id, variant, game_id, rated_at, rating, deviation, volatility)
         SELECT v.user_id, $2, $3, $4, v.rating, v.deviation, v.volatility FROM unnest($1::text[], $5::float8[], $6::float8[], $7::float8[]) AS v (user_id, rating, deviation, volatility)`,
        [pcol((x) => x.userId), res.variant, res.gameId, res.at, pcol((x) => x.rating), pcol((x) => x.deviation), pcol((x) => x.volatility)],
      );
      return out.change;
    });
  }

  async ratings(userId: string): Promise<RatingRow[]> {
    const r = await this.query<RatingRecord>('SELECT * FROM ratings WHERE user_id = $1 AND games > 0 ORDER BY variant COLLATE "C"', [userId]);
    return r.rows.map(toRating);
  }

  async leaderboard(variant: string, limit: number, provisionalAbove: number): Promise<LeaderRow[]> {
    const r = await this.query<RatingRecord & { username: string }>(
      'SELECT r.*, u.username FROM ratings r JOIN users u ON u.id = r.user_id WHERE r.variant = $1 AND r.games > 0 AND u.username IS NOT NULL ' +
        'ORDER BY (r.deviation > $2), r.rating DESC, r.user_id COLLATE "C" LIMIT $3',
      [variant, provisionalAbove, Math.max(0, Math.floor(limit))],
    );
    return r.rows.map((x) => ({ ...toRating(x), username: x.username }));
  }

  async ratingHistory(userId: string, variant: string, limit: number): Promise<RatingPoint[]> {
    const r = await this.query<PointRecord>(
      'SELECT * FROM (SELECT * FROM rating_history WHERE user_id = $1 AND variant = $2 ORDER BY rated_at DESC, game_id COLLATE "C" DESC LIMIT $3) h ' +
        'ORDER BY rated_at, game_id COLLATE "C"',
      [userId, variant, Math.max(0, Math.floor(limit))],
    );
    return r.rows.map(toPoint);
  }

  async unratedGames(since: number, limit: number): Promise<GameRow[]> {
    const r = await this.query<GameRecord>(
      "SELECT * FROM games g WHERE g.rated AND g.status = 'finished' AND g.updated_at >= $1 " +
        'AND NOT EXISTS (SELECT 1 FROM rated_games r WHERE r.game_id = g.id) ORDER BY g.updated_at, g.id COLLATE "C" LIMIT $2',
      [since, Math.max(0, Math.floor(limit))],
    );
    return r.rows.map(toGame);
  }

  async results(userId: string): Promise<ResultCounts[]> {
    const r = await this.query<ResultCounts>(RESULTS_SQL, [userId]);
    return r.rows;
  }

  async applyPuzzleResult(r: PuzzleResult): Promise<PuzzleOutcome> {
    checkPuzzleResult(r);
    const res = { ...r, initial: { ...r.initial } };
    return this.transaction(async (q) => {
      // The rows exist, then are locked, always player first, then puzzle, then round: two
      // attempts sharing a player or a puzzle queue up instead of deadlocking, and the second
      // reads what the first wrote. A row inserted just now (attempts 0) stands for "none yet".
      const i = INITIAL_PLAYER_RATING;
      await q(
        `INSERT INTO puzzle_ratings (user_id, variant, rating, deviation, volatility, attempts, wins, streak, best_streak, rated_at)
         VALUES ($1, $2, $3, $4, $5, 0, 0, 0, 0, $6) ON CONFLICT (user_id, variant) DO NOTHING`,
        [res.userId, res.variant, i.rating, i.deviation, i.volatility, res.at],
      );
      await q(
        `INSERT INTO puzzle_states (puzzle_id, variant, rating, deviation, volatility, attempts, wins, rated_at)
         VALUES ($1, $2, $3, $4, $5, 0, 0, $6) ON CONFLICT (puzzle_id) DO NOTHING`,
        [res.puzzleId, res.variant, res.initial.rating, res.initial.deviation, res.initial.volatility, res.at],
      );
      const player = (await q<PuzzleRatingRecord>('SELECT * FROM puzzle_ratings WHERE user_id = $1 AND variant = $2 FOR UPDATE', [res.userId, res.variant]))
        .rows[0];
      const puzzle = (await q<PuzzleStateRecord>('SELECT * FROM puzzle_states WHERE puzzle_id = $1 FOR UPDATE', [res.puzzleId])).rows[0];
      const round = (await q<PuzzleRoundRecord>('SELECT * FROM puzzle_rounds WHERE user_id = $1 AND puzzle_id = $2 FOR UPDATE', [res.userId, res.puzzleId]))
        .rows[0];
      const p = player ? toPuzzleRating(player) : null;
      const z = puzzle ? toPuzzleState(puzzle) : null;
      const out = applyPuzzle(res, p && p.attempts > 0 ? p : null, z && z.attempts > 0 ? z : null, round ? toPuzzleRound(round) : null);
      if (out.rated) {
        const a = out.player;
        await q(
          `UPDATE puzzle_ratings SET rating = $3, deviation = $4, volatility = $5, attempts = $6, wins = $7, streak = $8, best_streak = $9, rated_at = $10
           WHERE user_id = $1 AND variant = $2`,
          [a.userId, a.variant, a.rating, a.deviation, a.volatility, a.attempts, a.wins, a.streak, a.bestStreak, a.ratedAt],
        );
        const b = out.puzzle;
        await q('UPDATE puzzle_states SET rating = $2, deviation = $3, volatility = $4, attempts = $5, wins = $6, rated_at = $7 WHERE puzzle_id = $1', [
          b.puzzleId,
          b.rating,
          b.deviation,
          b.volatility,
          b.attempts,
          b.wins,
          b.ratedAt,
        ]);
      }
      const o = out.round;
      await q(
        `INSERT INTO puzzle_rounds (user_id, puzzle_id, variant, first_at, first_win, last_at, last_win, plays) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (user_id, puzzle_id) DO UPDATE SET last_at = excluded.last_at, last_win = excluded.last_win, plays = excluded.plays`,
        [o.userId, o.puzzleId, o.variant, o.firstAt, o.firstWin, o.lastAt, o.lastWin, o.plays],
      );
      return out;
    });
  }

  async puzzleRatings(userId: string): Promise<PuzzleRatingRow[]> {
    const r = await this.query<PuzzleRatingRecord>('SELECT * FROM puzzle_ratings WHERE user_id = $1 AND attempts > 0 ORDER BY variant COLLATE "C"', [userId]);
    return r.rows.map(toPuzzleRating);
  }

  async puzzleStates(variant: string): Promise<PuzzleStateRow[]> {
    const r = await this.query<PuzzleStateRecord>('SELECT * FROM puzzle_states WHERE variant = $1 AND attempts > 0 ORDER BY puzzle_id COLLATE "C"', [variant]);
    return r.rows.map(toPuzzleState);
  }

  async puzzleRounds(userId: string, variant: string, limit: number): Promise<PuzzleRoundRow[]> {
    const r = await this.query<PuzzleRoundRecord>(
      'SELECT * FROM puzzle_rounds WHERE user_id = $1 AND variant = $2 ORDER BY last_at DESC, puzzle_id COLLATE "C" DESC LIMIT $3',
      [userId, variant, Math.max(0, Math.floor(limit))],
    );
    return r.rows.map(toPuzzleRound);
  }

  async setMute(userId: string, mutedId: string, muted: boolean, at: number): Promise<void> {
    if (muted) await this.query('INSERT INTO mutes (user_id, muted_id, muted_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [userId, mutedId, at]);
    else await this.query('DELETE FROM mutes WHERE user_id = $1 AND muted_id = $2', [userId, mutedId]);
  }

  async mutes(userId: string): Promise<string[]> {
    const r = await this.query<{ muted_id: string }>('SELECT muted_id FROM mutes WHERE user_id = $1 ORDER BY muted_id COLLATE "C"', [userId]);
    return r.rows.map((x) => x.muted_id);
  }

  /**
   * Runs `fn` in one transaction on one pooled connection, with the same
   * named statements as query(); a deadlock or serialisation failure runs it again.
   */
  private async transaction<T>(fn: (q: <R extends pg.QueryResultRow>(sql: string, params: unknown[]) => Promise<pg.QueryResult<R>>) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const c = await this.pool.connect();
      try {
        await c.query('BEGIN');
        const value = await fn((sql, params) => c.query({ name: this.statementName(sql), text: sql, values: params }));
        await c.query('COMMIT');
        return value;
      } catch (e) {
        await c.query('ROLLBACK').catch(() => {});
        if (attempt < MAX_ATTEMPTS && e instanceof pg.DatabaseError && RETRYABLE.has(e.code ?? '')) continue;
        throw mapError(e);
      } finally {
        c.release();
      }
    }
  }

  private statementName(sql: string): string {
    let name = this.statementNames.get(sql);
    if (name === undefined) {
      name = `youzai_${this.statementNames.size}`;
      this.statementNames.set(sql, name);
    }
    return name;
  }

  /**
   * Every statement is a named prepared statement: each connection parses
   * and plans it once instead of on every call, which is most of the
   * server's CPU per save otherwise. Names come from the text, so they never
   * clash; the set of texts is small (games() has a few shapes).
   */
  private async query<R extends pg.QueryResultRow = pg.QueryResultRow>(sql: string, params: unknown[]): Promise<pg.QueryResult<R>> {
    const name = this.statementName(sql);
    try {
      return await this.pool.query<R>({ name, text: sql, values: params });
    } catch (e) {
      throw mapError(e);
    }
  }
}
