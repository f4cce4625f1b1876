/**
 * The store for several server nodes: PostgreSQL (db.ts), with the same
 * schema and semantics as SQLite, one file per concern over the shared
 * pool. Saves are batched (saves.ts); everything else is one statement per
 * call.
 */
import { STORE_TIMEOUT_MS, type Store } from '../types.ts';
import { postgresModeration } from './moderation.ts';
import { postgresAnalyses } from './analyses.ts';
import { PostgresDb } from './db.ts';
import { postgresGames } from './games.ts';
import { postgresNotifications } from './notifications.ts';
import { postgresImports } from './imports.ts';
import { postgresPuzzles } from './puzzles.ts';
import { postgresRatings } from './ratings.ts';
import { SaveBatcher, type SaveBatcherOptions, type SaveBatcherStats } from './saves.ts';
import { postgresSocial } from './social.ts';
import { postgresTokens } from './tokens.ts';
import { postgresTournaments } from './tournaments.ts';
import { postgresUsers } from './users.ts';

export interface PostgresStoreOptions extends SaveBatcherOptions {
  /** Connections in the pool (default 10). */
  readonly max?: number;
  /** The bound on every statement and every save, ms (default STORE_TIMEOUT_MS): past it, a StoreTimeout. */
  readonly timeoutMs?: number;
}

export interface PostgresStore extends Store {
  /** Batching counters, for monitoring and benchmarks. */
  readonly stats: Readonly<SaveBatcherStats>;
}

/** `connectionString`: postgres://user@host:port/db; `?options=-c search_path=s` selects a schema. */
export function postgresStore(connectionString: string, options: PostgresStoreOptions = {}): PostgresStore {
  const timeoutMs = options.timeoutMs ?? STORE_TIMEOUT_MS;
  const db = new PostgresDb(connectionString, options.max ?? 10, timeoutMs);
  const saves = new SaveBatcher(db.query, { ...options, timeoutMs });
  let closed = false;
  return {
    backend: 'postgres',
    get stats() {
      return saves.stats;
    },
    migrate: () => db.migrate(),
    async close() {
      if (closed) return;
      closed = true;
      await saves.drain();
      await db.end();
    },
    async getMeta(key) {
      const r = await db.query<{ value: string }>('SELECT value FROM meta WHERE key = $1', [key]);
      return r.rows[0]?.value ?? null;
    },
    async setMeta(key, value) {
      await db.query('INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value', [key, value]);
    },
    async setMetaIfAbsent(key, value) {
      // Two statements on purpose: the insert waits for a racing one and does nothing when it lost; the read after it,
      // on a new snapshot, sees the winner's row (a read in the same statement could miss a row committed meanwhile).
      await db.query('INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [key, value]);
      const r = await db.query<{ value: string }>('SELECT value FROM meta WHERE key = $1', [key]);
      return r.rows[0]!.value;
    },
    ...postgresUsers(db),
    ...postgresGames(db, saves),
    ...postgresRatings(db),
    ...postgresPuzzles(db),
    ...postgresSocial(db),
    ...postgresNotifications(db),
    ...postgresTournaments(db),
    ...postgresAnalyses(db),
    ...postgresImports(db),
    ...postgresModeration(db),
    ...postgresTokens(db),
  };
}
