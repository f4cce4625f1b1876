/**
 * The store for several server nodes: PostgreSQL through a `pg` pool, with
 * the same schema and semantics as SQLite. Saves are batched (see
 * postgres-saves.ts); everything else is one statement per call. BIGINT
 * columns come back from `pg` as strings (they may exceed 2^53); ours are
 * epoch milliseconds, so they become numbers.
 */
import pg from 'pg';
import { checkGame, checkSave, dataJson, usernameKey } from './checks.ts';
import { POSTGRES_MIGRATIONS, pendingMigrations } from './migrations.ts';
import { SaveBatcher, type SaveBatcherOptions, type SaveBatcherStats } from './postgres-saves.ts';
import {
  UniqueViolation,
  type GameFilter,
  type GameRow,
  type GameStatus,
  type MoveRow,
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
};

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

  /**
   * Every statement is a named prepared statement: each connection parses
   * and plans it once instead of on every call, which is most of the
   * server's CPU per save otherwise. Names come from the text, so they never
   * clash; the set of texts is small (games() has a few shapes).
   */
  private async query<R extends pg.QueryResultRow = pg.QueryResultRow>(sql: string, params: unknown[]): Promise<pg.QueryResult<R>> {
    let name = this.statementNames.get(sql);
    if (name === undefined) {
      name = `youzai_${this.statementNames.size}`;
      this.statementNames.set(sql, name);
    }
    try {
      return await this.pool.query<R>({ name, text: sql, values: params });
    } catch (e) {
      throw mapError(e);
    }
  }
}
