/** A game's spectators in GET /api/games/{id}: sockets watching that are not the players', readers without a session included. */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../app.ts';
import { MemoryBus } from '../bus/bus.ts';
import { systemClock, systemTimers } from '../service/time.ts';
import { memoryStore } from '../store/memory/store.ts';
import { TestClient } from '../testing/client.ts';
import { invitation } from '../testing/invite.ts';

describe('spectators of a game', () => {
  let app: App;
  let base: string;
  beforeAll(async () => {
    app = await createApp({ store: memoryStore(), bus: new MemoryBus(), clock: systemClock, timers: systemTimers, publicUrl: 'http://test', httpRate: 1000 });
    await new Promise<void>((r) => app.server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app.close();
  });

  it('counts watchers with and without a session, never the players, and forgets those who leave', async () => {
    const alice = new TestClient(base);
    const bob = new TestClient(base);
    const guest = new TestClient(base);
    const reader = new TestClient(base); // no session: a read makes none
    for (const c of [alice, bob, guest]) await c.http('POST', '/api/session');
    const { id } = await invitation(alice, bob);
    const spectators = async () => (await reader.http('GET', `/api/games/${id}`)).json.spectators as number;
    expect(await spectators()).toBe(0);

    for (const [i, c] of [alice, bob, guest, reader].entries()) {
      await c.connect();
      expect(await c.request({ t: 'sub', game: id }, 100 + i)).toMatchObject({ t: 'ack' });
    }
    // Presence is counted after the ack, in the game's own queue: wait for it, never a fixed pause.
    await expect.poll(spectators, { timeout: 10_000 }).toBe(2);
    expect(reader.cookie).toBe('');
    guest.ws?.close();
    await expect.poll(spectators, { timeout: 10_000 }).toBe(1);
  });
});
