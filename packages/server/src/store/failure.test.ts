import { describe, expect, it } from 'vitest';
import { StorageWatch, storageFailure } from './failure.ts';

const err = (message: string, code?: string) => Object.assign(new Error(message), code ? { code } : {});

describe('storage failures', () => {
  it('are recognised from SQLite, PostgreSQL, the file system and the network; other errors are not', () => {
    expect(storageFailure(err('database or disk is full', 'SQLITE_FULL'))?.code).toBe('server.storage-full');
    expect(storageFailure(err('attempt to write a readonly database', 'SQLITE_READONLY'))?.code).toBe('server.storage-read-only');
    expect(storageFailure(err('disk I/O error', 'SQLITE_IOERR_WRITE'))?.code).toBe('server.storage-unavailable');
    expect(storageFailure(err('database is locked', 'SQLITE_BUSY'))?.code).toBe('server.storage-busy');
    expect(storageFailure(err('could not extend file', '53100'))?.code).toBe('server.storage-full');
    expect(storageFailure(err('terminating connection due to administrator command', '57P01'))?.code).toBe('server.storage-unavailable');
    expect(storageFailure(err('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))?.code).toBe('server.storage-unavailable');
    expect(storageFailure(err('Connection terminated unexpectedly'))?.code).toBe('server.storage-unavailable');
    expect(storageFailure(err('no space left', 'ENOSPC'))?.code).toBe('server.storage-full');
    expect(storageFailure(err('the SQLite worker exited (code 1)'))?.code).toBe('server.storage-unavailable');
    expect(storageFailure(err('duplicate key value violates unique constraint', '23505'))).toBeNull();
    expect(storageFailure(new TypeError('x is undefined'))).toBeNull();
    expect(storageFailure('a string')).toBeNull();
    expect(storageFailure(err('x', 'SQLITE_FULL'))!.message).toMatch(/full/);
  });

  it('a watched store notes its failures: degraded for the window after the last one', async () => {
    let t = 0;
    const watch = new StorageWatch(() => t, 1000);
    const store = watch.wrap({
      n: 1,
      async read() {
        return 'ok';
      },
      async write() {
        throw err('database or disk is full', 'SQLITE_FULL');
      },
      sync() {
        throw err('readonly', 'SQLITE_READONLY');
      },
      async conflict() {
        throw err('version conflict');
      },
    });
    expect(store.n).toBe(1);
    expect(await store.read()).toBe('ok');
    await expect(store.conflict()).rejects.toThrow('version conflict');
    expect(watch.state()).toEqual({ degraded: false });
    await expect(store.write()).rejects.toThrow('full');
    expect(watch.state()).toMatchObject({ degraded: true, code: 'server.storage-full', at: 0 });
    t = 500;
    expect(await store.read()).toBe('ok');
    expect(watch.state().degraded).toBe(true);
    t = 1001;
    expect(watch.state()).toEqual({ degraded: false });
    expect(() => store.sync()).toThrow('readonly');
    expect(watch.state()).toMatchObject({ degraded: true, code: 'server.storage-read-only' });
  });
});
