/**
 * The Store conformance suite (conformance/store.ts) on what openStore
 * returns by default: the SQLite store on a worker thread. Starting a worker
 * is most of a test's time, so one store (one thread) is kept from test to
 * test, its file emptied between them.
 */
import { describeStore } from '../conformance/store.ts';
import { sqliteFileFixture } from '../fixtures.ts';
import { threadedSqliteStore } from './threaded.ts';

describeStore(
  'SQLite file on a worker thread',
  sqliteFileFixture((path) => threadedSqliteStore(path)),
  { durable: true },
);
