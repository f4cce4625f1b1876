/**
 * The SQLite store's thread held up (here by another connection's exclusive
 * lock, as a disk that does not answer would): a call is answered
 * StoreTimeout within the bound instead of waiting for the thread, and the
 * thread's late answer is dropped (issue 31 item 12).
 */
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { storageFailure } from '../failure.ts';
import { tempDir } from '../fixtures.ts';
import { StoreTimeout } from '../types.ts';
import { threadedSqliteStore } from './threaded.ts';

const tmp = tempDir();
afterAll(() => tmp.dispose());

describe('SQLite on its thread, held up', () => {
  it('a write past the bound fails with StoreTimeout (server.storage-timeout); the store answers again after', async () => {
    const path = `${tmp.dir}/youzai.sqlite3`;
    const store = threadedSqliteStore(path, {}, 300);
    await store.migrate();
    await store.setMeta('k', 'before');
    const other = new Database(path);
    other.exec('BEGIN EXCLUSIVE');
    try {
      // The thread waits on the lock (its busy timeout is 5 s); the caller does not.
      const first = store.setMeta('k', 'during').catch((x: unknown) => x);
      // One timer keeps every call's bound (threaded.ts): a call made later fails at its own deadline, not the first's.
      await new Promise((r) => setTimeout(r, 100));
      const madeAt = performance.now();
      const second = store.setMeta('k2', 'during').catch((x: unknown) => x);
      const e = await first;
      expect(e).toBeInstanceOf(StoreTimeout);
      expect(storageFailure(e)?.code).toBe('server.storage-timeout');
      expect(await second).toBeInstanceOf(StoreTimeout);
      expect(performance.now() - madeAt).toBeGreaterThanOrEqual(290);
    } finally {
      other.exec('COMMIT');
      other.close();
    }
    // The write that did not answer in time may have been applied since: whoever wrote reads it again. The thread
    // may still be finishing the writes it was held on (its busy wait backs off up to 100 ms, then a commit each):
    // a read past the bound meanwhile is asked again, until the store answers.
    let read: string | null | undefined;
    for (let tries = 0; read === undefined && tries < 20; tries++)
      read = await store.getMeta('k').catch((x: unknown) => {
        if (x instanceof StoreTimeout) return undefined;
        throw x;
      });
    expect(['before', 'during']).toContain(read);
    await store.close();
  });
});
