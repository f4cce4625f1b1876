/** The conformance suite against every back end and configuration we ship. */
import { tempDir, tempSchema } from './fixtures.ts';
import { MemoryStore } from './memory.ts';
import { PostgresStore } from './postgres.ts';
import { ThreadedSqliteStore } from './sqlite-threaded.ts';
import { SqliteStore, type SqliteStoreOptions } from './sqlite.ts';
import { describeStore } from './store.conformance.ts';

describeStore('MemoryStore', async () => ({ store: new MemoryStore(), dispose: async () => {} }), { durable: false });

describeStore('SqliteStore :memory:', async () => ({ store: new SqliteStore(':memory:'), dispose: async () => {} }), { durable: false });

function sqliteFile(options: SqliteStoreOptions) {
  return async () => {
    const tmp = tempDir();
    const path = `${tmp.dir}/test.sqlite3`;
    return { store: new SqliteStore(path, options), reopen: async () => new SqliteStore(path, options), dispose: async () => tmp.dispose() };
  };
}
describeStore('SqliteStore file', sqliteFile({}), { durable: true });
// The timer path of group commit, and batches cut short by maxBatch.
describeStore('SqliteStore file, 2 ms window, batches of 3', sqliteFile({ batchWindowMs: 2, maxBatch: 3, synchronous: 'NORMAL' }), { durable: true });
// What openStore returns by default: SqliteStore on a worker thread.
describeStore(
  'ThreadedSqliteStore file',
  async () => {
    const tmp = tempDir();
    const path = `${tmp.dir}/test.sqlite3`;
    return { store: new ThreadedSqliteStore(path), reopen: async () => new ThreadedSqliteStore(path), dispose: async () => tmp.dispose() };
  },
  { durable: true },
);

// PostgreSQL runs on every machine of this kind and in CI (127.0.0.1:5432, database test): no skipping.
describeStore(
  'PostgresStore',
  async () => {
    const schema = await tempSchema();
    return { store: new PostgresStore(schema.url), reopen: async () => new PostgresStore(schema.url), dispose: schema.dispose };
  },
  { durable: true },
);
