/**
 * The PostgreSQL connection pool every concern of the PostgreSQL store
 * shares. Every statement is named (prepared once per connection); errors
 * come out as our classes; transactions retry on deadlock. BIGINT columns
 * come back from `pg` as strings (they may exceed 2^53); ours are epoch
 * milliseconds, which the concerns turn into numbers.
 */
import pg from 'pg';
import { POSTGRES_MIGRATIONS, pendingMigrations } from '../migrations.ts';
import { StoreTimeout, UniqueViolation } from '../types.ts';

/** Our unique constraints by name, as the UniqueViolation names them. */
const UNIQUE_CONSTRAINTS: Readonly<Record<string, string>> = {
  users_pkey: 'user',
  users_username_key: 'username',
  sessions_pkey: 'session',
  games_pkey: 'game',
  games_invite: 'inviteToken',
  imported_games_pkey: 'import',
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

/** pg's words for its client-side timers running out: an answer not read in time, a connection not made in time. */
const CLIENT_TIMEOUT = /Query read timeout|timeout exceeded when trying to connect|Connection terminated due to connection timeout/;

/** Whether `e` says the database did not answer in time (our bound, on either side of the link). */
function timedOut(e: unknown): boolean {
  if (e instanceof pg.DatabaseError) return e.code === '57014' && /statement timeout/.test(e.message);
  return e instanceof Error && CLIENT_TIMEOUT.test(e.message);
}

function mapError(e: unknown, timeoutMs: number): unknown {
  if (e instanceof pg.DatabaseError && e.code === '23505') {
    const c = e.constraint ?? 'unknown';
    return new UniqueViolation(UNIQUE_CONSTRAINTS[c] ?? c);
  }
  if (timedOut(e)) return new StoreTimeout((e as Error).message, timeoutMs);
  return e;
}

/** No bound for the migrations, which may rewrite a large table at start (setTimeout's longest delay). */
const UNBOUNDED_MS = 2 ** 31 - 1;

/** Key of the advisory lock that serialises migrations (per schema, below). */
const MIGRATION_LOCK = 0x59_7a_61_69; // 'Yzai'

/** BIGINT as `pg` returns it. */
export type Bigint = string | number;

/** One statement, named, errors mapped: what the concerns (and a transaction's body) run. */
export type Query = <R extends pg.QueryResultRow = pg.QueryResultRow>(sql: string, params: unknown[]) => Promise<pg.QueryResult<R>>;

export class PostgresDb {
  private readonly pool: pg.Pool;
  private readonly statementNames = new Map<string, string>();

  /**
   * `connectionString`: postgres://user@host:port/db; `?options=-c search_path=s` selects a schema.
   * `timeoutMs` bounds every statement three ways (docs/server.md, "Store writes have a time limit"):
   * the server cancels a statement that runs longer (statement_timeout: a lock
   * waited on, a slow plan), the client stops waiting for an answer that does
   * not come (query_timeout: the database frozen or the link silent, where
   * the server cancels nothing), and a connection not made in that time is
   * given up (connectionTimeoutMillis). Each failure is a StoreTimeout.
   */
  constructor(
    connectionString: string,
    max: number,
    private readonly timeoutMs: number,
  ) {
    this.pool = new pg.Pool({
      connectionString,
      max,
      statement_timeout: timeoutMs,
      query_timeout: timeoutMs,
      connectionTimeoutMillis: timeoutMs,
      // A link that died without a word is found by the kernel, not after the next write.
      keepAlive: true,
    });
    // An idle connection that dies (server restart) is dropped by the pool;
    // without a listener the 'error' event would crash the process.
    this.pool.on('error', () => {});
    // A connection whose answer was not read in time may still carry it (or the statement may still be on its way):
    // never reused, and closed outright rather than politely (a frozen link would never finish a goodbye).
    this.pool.on('release', (e: Error | undefined, client: pg.PoolClient) => {
      if (e && timedOut(e)) setImmediate(() => (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy());
    });
  }

  async migrate(): Promise<void> {
    const c = await this.pool.connect().catch((e: unknown) => {
      throw mapError(e, this.timeoutMs);
    });
    let failed: Error | undefined;
    try {
      // Migrations are not bounded: one may rewrite a large table, and nothing waits on them but the start.
      const q = <R extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
        c.query<R>({ text, values, query_timeout: UNBOUNDED_MS } as pg.QueryConfig);
      await q('BEGIN');
      await q('SET LOCAL statement_timeout = 0');
      // Servers starting together queue here; the lock is per schema so separate test schemas do not wait on each other.
      await q('SELECT pg_advisory_xact_lock($1, hashtext(current_schema()))', [MIGRATION_LOCK]);
      await q('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)');
      const applied = await q<{ version: number }>('SELECT version FROM schema_migrations');
      for (const m of pendingMigrations(POSTGRES_MIGRATIONS, new Set(applied.rows.map((r) => r.version)))) {
        await q(m.sql);
        await q('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [m.version, m.name, Date.now()]);
      }
      await q('COMMIT');
    } catch (e) {
      if (timedOut(e)) failed = e as Error;
      else
        await c.query('ROLLBACK').catch((r: unknown) => {
          failed = r as Error;
        });
      throw mapError(e, this.timeoutMs);
    } finally {
      c.release(failed);
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
      throw mapError(e, this.timeoutMs);
    }
  };

  /**
   * Runs `fn` in one transaction on one pooled connection, with the same
   * named statements as query(); a deadlock or serialisation failure runs it again.
   */
  async transaction<T>(fn: (q: Query) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const c = await this.pool.connect().catch((e: unknown) => {
        throw mapError(e, this.timeoutMs);
      });
      let failed: Error | undefined;
      try {
        await c.query('BEGIN');
        const value = await fn(<R extends pg.QueryResultRow>(sql: string, params: unknown[]) =>
          c.query<R>({ name: this.statementName(sql), text: sql, values: params }),
        );
        await c.query('COMMIT');
        return value;
      } catch (e) {
        // A connection whose answer did not come in time, or that cannot even roll back (a lost link), is not put back.
        if (timedOut(e)) failed = e as Error;
        else
          await c.query('ROLLBACK').catch((r: unknown) => {
            failed = r as Error;
          });
        if (attempt < MAX_ATTEMPTS && e instanceof pg.DatabaseError && RETRYABLE.has(e.code ?? '')) continue;
        throw mapError(e, this.timeoutMs);
      } finally {
        c.release(failed);
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
