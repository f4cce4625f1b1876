/** Picks the back end from the environment and brings its schema up to date. */
import { closeSync, existsSync, mkdirSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { postgresStore } from './postgres/store.ts';
import { threadedSqliteStore } from './sqlite/threaded.ts';
import { STORE_TIMEOUT_MS, type Store } from './types.ts';

export interface StoreEnv {
  /** PostgreSQL connection string; when set, SQLite is not used. */
  readonly DATABASE_URL?: string;
  /** Folder of the SQLite file (default `data`, created if missing). */
  readonly DATA_DIR?: string;
  /** SQLite `synchronous`: FULL (default; durable against power loss) or NORMAL (durable against a process crash). */
  readonly SQLITE_SYNC?: string;
  /** The bound on each store call, ms (default STORE_TIMEOUT_MS): past it the call fails with StoreTimeout. */
  readonly STORE_TIMEOUT_MS?: string;
}

export const SQLITE_FILE = 'youzai.sqlite3';

/**
 * The server's SQLite commits at most once per this many ms (group-commit.ts `commitEveryMs`): a move after a
 * quiet spell is committed at once; under load, moves wait up to this long to share a commit. Measured for
 * issue 29 (5,000 games, 2,450 moves/s, one run each; docs/server.md): with none, 394 commits a second of
 * 6 writes; with a 2 ms window, 219 of 11, and 410 → 369 µs of CPU per move, the round trip's p50 8.3 → 7.0 ms.
 */
export const SQLITE_COMMIT_EVERY_MS = 2;

export async function openStore(env: StoreEnv): Promise<Store> {
  let store: Store;
  const timeoutMs = env.STORE_TIMEOUT_MS ? Number(env.STORE_TIMEOUT_MS) : STORE_TIMEOUT_MS;
  if (env.DATABASE_URL) {
    store = postgresStore(env.DATABASE_URL, { timeoutMs });
  } else {
    const dir = env.DATA_DIR ?? 'data';
    prepareDataDir(dir);
    const sync = (env.SQLITE_SYNC ?? 'FULL').toUpperCase();
    // On its own thread: commits and checkpoints never stall the sockets.
    store = threadedSqliteStore(
      join(dir, SQLITE_FILE),
      { synchronous: sync === 'NORMAL' ? 'NORMAL' : 'FULL', commitEveryMs: SQLITE_COMMIT_EVERY_MS },
      timeoutMs,
    );
  }
  try {
    await store.migrate();
  } catch (e) {
    await store.close().catch(() => {});
    throw e;
  }
  return store;
}

/**
 * Refuses to start on a data folder it cannot write (a read-only mount, wrong
 * owner): better a clear error at start than a server up whose every write
 * fails. SQLite writes a journal beside its file, so the folder must take a
 * new file, and the database file, when there is one, must open for writing.
 */
export function prepareDataDir(dir: string): void {
  const probe = join(dir, `.write-probe-${process.pid}`);
  try {
    mkdirSync(dir, { recursive: true });
    writeFileSync(probe, 'ok');
    rmSync(probe, { force: true });
    const file = join(dir, SQLITE_FILE);
    if (existsSync(file)) closeSync(openSync(file, 'r+'));
  } catch (e) {
    throw new Error(`DATA_DIR ${dir} is not writable (${(e as Error).message}): the server needs to write its database there`);
  }
}
