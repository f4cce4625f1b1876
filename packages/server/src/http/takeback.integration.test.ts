/**
 * Takebacks over the real server: HTTP (POST /api/games/{id}/takeback) and
 * the socket's `takeback` frame; the opponent hears the request at once, a
 * spectator cannot act, bad input and rated games get their codes.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerMessage } from '@youzai/protocol';
import { createApp, type App } from '../app.ts';
import { MemoryBus } from '../bus/bus.ts';
import { systemClock, systemTimers } from '../service/time.ts';
import { memoryStore } from '../store/memory/store.ts';
import { TestClient } from '../testing/client.ts';

let app: App;
let base: string;
beforeAll(async () => {
  app = await createApp({ store: memoryStore(), bus: new MemoryBus(), clock: systemClock, timers: systemTimers, publicUrl: 'http://test', httpRate: 1000 });
  await new Promise<void>((r) => app.server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => app.close());

const hasEvent = (type: string) => (m: ServerMessage) => m.t === 'events' && m.events.some((e) => e.type === type);

describe('takeback routes', () => {
  it('asked over HTTP, heard at once on the socket, accepted by a socket frame; refusals coded', async () => {
    const [alice, bob, carol] = [new TestClient(base), new TestClient(base), new TestClient(base)];
    for (const c of [alice, bob, carol]) await c.http('POST', '/api/session');
    const created = await alice.http('POST', '/api/games', {
      variant: 'xiangqi',
      color: 'first',
      clock: { kind: 'fischer', minutes: 5, increment: 0 },
      opponent: { type: 'invite' },
    });
    const id: string = created.json.id;
    expect((await bob.http('POST', `/api/games/${id}/join`, { token: String(created.json.invite).split('/').pop() })).status).toBe(200);
    await bob.connect();
    expect(await bob.request({ t: 'sub', game: id }, 1)).toMatchObject({ t: 'ack' });
    expect((await alice.http('POST', `/api/games/${id}/move`, { uci: 'h3e3', ply: 0 })).json).toEqual({ ok: true });

    // Bad input and a request with nothing to take back.
    const bad = await alice.http('POST', `/api/games/${id}/takeback`, { op: 'undo' });
    expect([bad.status, bad.json.code]).toEqual([400, 'body.invalid']);
    expect((await bob.http('POST', `/api/games/${id}/takeback`, { op: 'offer' })).json.code).toBe('takeback.nothing');
    expect((await carol.http('POST', `/api/games/${id}/takeback`, { op: 'offer' })).json.code).toBe('game.forbidden');

    expect((await alice.http('POST', `/api/games/${id}/takeback`, { op: 'offer' })).json).toEqual({ ok: true });
    const heard = await bob.waitFor(hasEvent('takeback-offer'));
    expect(heard).toMatchObject({ t: 'events', events: [{ type: 'takeback-offer', by: 'first' }] });
    expect((await alice.http('GET', `/api/games/${id}`)).json.view.takebackOffer).toBe('first');
    // Only the opponent answers; then the move is gone.
    expect((await alice.http('POST', `/api/games/${id}/takeback`, { op: 'accept' })).json.code).toBe('takeback.no-request');
    expect(await bob.request({ t: 'takeback', game: id, op: 'accept' }, 2)).toMatchObject({ t: 'ack' });
    expect(await bob.waitFor(hasEvent('takeback'))).toMatchObject({ events: [{ type: 'takeback', by: 'first', ply: 0 }] });
    const view = (await alice.http('GET', `/api/games/${id}`)).json.view;
    expect([view.ply, view.moves, view.takebackOffer]).toEqual([0, [], null]);
    // A socket frame with a bad op is refused by the decoder.
    expect(await bob.request({ t: 'takeback', game: id, op: 'undo' }, 3)).toMatchObject({ t: 'error', code: 'protocol.invalid' });
    bob.close();
  });

  it('rated games refuse takebacks with their code', async () => {
    const [alice, bob] = [new TestClient(base), new TestClient(base)];
    for (const [c, name] of [
      [alice, 'tbalice'],
      [bob, 'tbbob'],
    ] as const) {
      await c.http('POST', '/api/session');
      expect((await c.http('POST', '/api/register', { username: name, password: 'correct horse battery 42' })).status).toBe(200);
    }
    const created = await alice.http('POST', '/api/games', {
      variant: 'xiangqi',
      color: 'first',
      rated: true,
      clock: { kind: 'fischer', minutes: 5, increment: 0 },
      opponent: { type: 'invite' },
    });
    const id: string = created.json.id;
    expect((await bob.http('POST', `/api/games/${id}/join`, { token: String(created.json.invite).split('/').pop() })).status).toBe(200);
    expect((await alice.http('POST', `/api/games/${id}/move`, { uci: 'h3e3', ply: 0 })).json).toEqual({ ok: true });
    const r = await alice.http('POST', `/api/games/${id}/takeback`, { op: 'offer' });
    expect([r.status, r.json.code]).toEqual([400, 'takeback.rated']);
    expect((await alice.http('GET', `/api/games/${id}`)).json.view.takebacks).toBe(false);
  });
});
