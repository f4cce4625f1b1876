/**
 * The PostgreSQL connection pool every concern of the PostgreSQL store
 * shares. Every statement is named (prepared once per connection); errors
 * come out as our classes; transactions retry on deadlock. BIGINT columns
 * come back from `pg` as strings (they may exceed 2^53); ours are epoch
 * milliseconds, which the concerns turn into numbers.
 */
import pg from 'pg';
import { POSTGRES_MIGRATIONS, pendingMigrations } from '../migrations.ts';
import { UniqueViolation } from '../types.ts';

/** Our unique constraints by name, as the UniqueViolation names them. */
const UNIQUE_CONSTRAINTS: Readonly<Record<string, string>> = {
  users_pkey: 'user',
  users_username_key: 'username',
  sessions_pkey: 'session',
  games_pkey: 'game',
  games_invite: 'inviteToken',
  moves_pkey: 'move',
  rating_history_pkey: 'ratingPoint',
  tournaments_pkey: 'tournament',
  tournaments_invite: 'tournamentInvite',
  tournaments_schedule: 'tournamentSchedule',
  tournament_pairings_pkey: 'tournamentGame',
  tournament_byes_pkey: 'tournamentBye',
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

/** BIGINT as `pg` returns it. */
export type Bigint = string | number;

/** One statement, named, errors mapped: what the concerns (and a transaction's body) run. */
export type Query = <R extends pg.QueryResultRow = pg.QueryResultRow>(sql: string, params: unknown[]) => Promise<pg.QueryResult<R>>;

export class PostgresDb {
  private readonly pool: pg.Pool;
  private readonly statementNames = new Map<string, string>();

  /** `connectionString`: postgres://user@host:port/db; `?options=-c search_path=s` selects a schema. */
  constructor(connectionString: string, max: number) {
    this.pool = new pg.Pool({ connectionString, max });
    // An idle connection that dies (server restart) is dropped by the pool;
    // without a listener the 'error' event would crash the process.
    this.pool.on('error', () => {});
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

  end(): Promise<void> {
    return this.pool.end();
  }

  /**
   * Every statement is a named prepared statement: each connection parses
   * and plans it once instead of on every call, which is most of the
   * server's CPU per save otherwise. Names come from the text, so they never
   * clash; the set of texts is small (games() has a few shapes).
   */
  readonly query: Query = async <R extends pg.QueryResultRow>(sql: string, params: unknown[]) => {
    const name = this.statementName(sql);
    try {
      return await this.pool.query<R>({ name, text: sql, values: params });
    } catch (e) {
      throw mapError(e);
    }
  };

  /**
   * Runs `fn` in one transaction on one pooled connection, with the same
   * named statements as query(); a deadlock or serialisation failure runs it again.
   */
  async transaction<T>(fn: (q: Query) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const c = await this.pool.connect();
      try {
        await c.query('BEGIN');
        const value = await fn(<R extends pg.QueryResultRow>(sql: string, params: unknown[]) =>
          c.query<R>({ name: this.statementName(sql), text: sql, values: params }),
        );
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
}
