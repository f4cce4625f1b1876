/**
 * The Store conformance suite (conformance/store.ts) on the SQLite store in
 * this thread: in memory (a fresh database per test), and on a file, which
 * one store keeps from test to test, emptied between them.
 */
import { describeStore } from '../conformance/store.ts';
import { sqliteFileFixture } from '../fixtures.ts';
import { sqliteStore } from './store.ts';

describeStore('SQLite :memory:', async () => ({ store: sqliteStore(':memory:'), dispose: async () => {} }), { durable: false });

describeStore(
  'SQLite file',
  sqliteFileFixture((path) => sqliteStore(path)),
  { durable: true },
);

// The timer path of group commit, and batches cut short by maxBatch.
describeStore(
  'SQLite file, 2 ms window, batches of 3',
  sqliteFileFixture((path) => sqliteStore(path, { batchWindowMs: 2, maxBatch: 3, synchronous: 'NORMAL' })),
  { durable: true },
);
