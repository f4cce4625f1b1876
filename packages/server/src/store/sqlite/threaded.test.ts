/**
 * The SQLite store's link to its thread (threaded.ts): the games' writes of
 * one turn cross in one message, every call still reaches the thread in the
 * order it was made, and a row is stored as it was when its write was called.
 */
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { game, move, tempDir } from '../fixtures.ts';
import { threadedSqliteStore } from './threaded.ts';

const tmp = tempDir();
afterAll(() => tmp.dispose());

let store: ReturnType<typeof threadedSqliteStore>;
let n = 0;
beforeEach(async () => {
  store = threadedSqliteStore(`${tmp.dir}/link-${n++}.sqlite3`);
  await store.migrate();
});
afterEach(() => store.close());

describe('the SQLite store thread link', () => {
  it("a turn's game writes cross in one message, and each is answered", async () => {
    await Promise.all(Array.from({ length: 40 }, (_, i) => store.createGame(game(`g${i}`))));
    const before = store.messagesSent();
    const saves = Array.from({ length: 40 }, (_, i) => {
      const g = game(`g${i}`);
      return store.saveGame({ ...g, plies: 1, version: 2, updatedAt: g.updatedAt + 1 }, 1, [move(g.id, 1)]);
    });
    expect(store.messagesSent()).toBe(before); // none sent yet: they wait for the end of the turn
    await Promise.all(saves);
    expect(store.messagesSent()).toBe(before + 1);
    expect((await store.game('g39'))?.version).toBe(2);
    expect(await store.moves('g0')).toHaveLength(1);
  });

  it('another call takes the waiting writes with it: the thread sees every call in the order made', async () => {
    const before = store.messagesSent();
    const created = store.createGame(game('g1'));
    const meta = store.setMeta('k', 'v'); // not deferred: sent at once, with the create made before it
    expect(store.messagesSent()).toBe(before + 1);
    await meta;
    // The thread ran the create first: committed with the write after it, or before.
    expect((await store.game('g1'))?.id).toBe('g1');
    await created;
    const saved = store.saveGame({ ...game('g1'), plies: 1, version: 2 }, 1, [move('g1', 1)]);
    const conflict = store.saveGame({ ...game('g1'), plies: 1, version: 2 }, 1, [move('g1', 1)]);
    await saved;
    await expect(conflict).rejects.toThrow(/version/);
  });

  it('a deferred row is taken as it was when called: later changes by the caller are not stored', async () => {
    const row = game('g1', { data: { list: [1] } });
    const created = store.createGame(row);
    (row.data as { list: number[] }).list.push(2);
    (row as { plies: number }).plies = 5;
    await created;
    const stored = await store.game('g1');
    expect(stored?.data).toEqual({ list: [1] });
    expect(stored?.plies).toBe(0);
  });
});
