/** The conformance suites against every back end and configuration we ship. */
import { describeStore } from './conformance/store.ts';
import { tempDir, tempSchema } from './fixtures.ts';
import { memoryStore } from './memory/store.ts';
import { postgresStore } from './postgres/store.ts';
import { sqliteStore, type SqliteStoreOptions } from './sqlite/store.ts';
import { threadedSqliteStore } from './sqlite/threaded.ts';

describeStore('memory', async () => ({ store: memoryStore(), dispose: async () => {} }), { durable: false });

describeStore('SQLite :memory:', async () => ({ store: sqliteStore(':memory:'), dispose: async () => {} }), { durable: false });

function sqliteFile(options: SqliteStoreOptions) {
  return async () => {
    const tmp = tempDir();
    const path = `${tmp.dir}/test.sqlite3`;
    return { store: sqliteStore(path, options), reopen: async () => sqliteStore(path, options), dispose: async () => tmp.dispose() };
  };
}
describeStore('SQLite file', sqliteFile({}), { durable: true });
// The timer path of group commit, and batches cut short by maxBatch.
describeStore('SQLite file, 2 ms window, batches of 3', sqliteFile({ batchWindowMs: 2, maxBatch: 3, synchronous: 'NORMAL' }), { durable: true });
// What openStore returns by default: the SQLite store on a worker thread.
describeStore(
  'SQLite file on a worker thread',
  async () => {
    const tmp = tempDir();
    const path = `${tmp.dir}/test.sqlite3`;
    return { store: threadedSqliteStore(path), reopen: async () => threadedSqliteStore(path), dispose: async () => tmp.dispose() };
  },
  { durable: true },
);

// PostgreSQL runs on every machine of this kind and in CI (127.0.0.1:5432, database test): no skipping.
describeStore(
  'PostgreSQL',
  async () => {
    const schema = await tempSchema();
    return { store: postgresStore(schema.url), reopen: async () => postgresStore(schema.url), dispose: schema.dispose };
  },
  { durable: true },
);
