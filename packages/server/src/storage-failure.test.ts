/**
 * Storage failures told honestly, over HTTP and the socket: the database gone
 * or the disk full is answered 503 with a coded reason, what needs no write
 * is still served (a live game held in memory, to a player with a cookie),
 * and /health reports the storage degraded.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from './app.ts';
import { MemoryBus } from './bus/bus.ts';
import { systemClock, systemTimers } from './service/time.ts';
import { memoryStore } from './store/memory/store.ts';
import type { Store } from './store/types.ts';
import { TestClient } from './testing/client.ts';

type Mode = 'ok' | 'gone' | 'full';
let mode: Mode = 'ok';
const WRITES = /^(create|save|set|put|apply|delete|mark|trim|enter|advance|record|migrate)/;
const fault = (message: string, code: string) => Object.assign(new Error(message), { code });

/** A memory store that fails as PostgreSQL gone (every call) or a full SQLite disk (every write) would. */
function failing(inner: Store): Store {
  return new Proxy(inner, {
    get(target, prop, receiver) {
      const v = Reflect.get(target, prop, receiver) as unknown;
      if (typeof v !== 'function') return v;
      return (...args: unknown[]) => {
        if (mode === 'gone') return Promise.reject(fault('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'));
        if (mode === 'full' && WRITES.test(String(prop))) return Promise.reject(fault('database or disk is full', 'SQLITE_FULL'));
        return (v as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

let app: App;
let base: string;

beforeAll(async () => {
  app = await createApp({
    store: failing(memoryStore()),
    bus: new MemoryBus(),
    clock: systemClock,
    timers: systemTimers,
    publicUrl: 'http://test',
    httpRate: 1000,
  });
  await new Promise<void>((r) => app.server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  mode = 'ok';
  await app.close();
});

describe('storage failures', () => {
  it('the database gone: reads of a live game still served, writes 503 with a code, /health degraded; then back', async () => {
    mode = 'ok';
    const a = new TestClient(base);
    await a.http('POST', '/api/session');
    const g = await a.http('POST', '/api/games', { variant: 'xiangqi', clock: { kind: 'fischer', minutes: 5, increment: 0 }, opponent: { type: 'invite' } });
    expect(g.status).toBe(201);
    await a.connect();
    mode = 'gone';
    // A player with a cookie reads the game held in memory.
    const view = await a.http('GET', `/api/games/${g.json.id}`);
    expect(view.status).toBe(200);
    expect(view.json.ok).toBe(true);
    const me = await a.http('GET', '/api/me');
    expect(me.status).toBe(200);
    // A write is refused with a reason, not a 500.
    const again = await a.http('POST', '/api/games', {
      variant: 'xiangqi',
      clock: { kind: 'fischer', minutes: 5, increment: 0 },
      opponent: { type: 'invite' },
    });
    expect(again.status).toBe(503);
    // The game service says server.storage with the cause; elsewhere the cause is the code (server.storage-unavailable, -full...).
    expect(again.json).toMatchObject({ ok: false, code: expect.stringMatching(/^server\.storage/) });
    const h = await new TestClient(base).http('GET', '/health');
    expect(h.status).toBe(503);
    expect(h.json.ok).toBe(false);
    // Cookieless: a read needs no guest and is served; no guest can be made for an act, and the API says why.
    expect((await new TestClient(base).http('GET', '/api/me')).json).toEqual({ ok: true, user: null });
    const fresh = await new TestClient(base).http('POST', '/api/session');
    expect(fresh.status).toBe(503);
    expect(fresh.json.code).toBe('server.storage-unavailable');
    a.close();
    mode = 'ok';
  });

  it('the disk full: writes 503 storage-full, reads served, /health says storage degraded', async () => {
    mode = 'ok';
    const a = new TestClient(base);
    await a.http('POST', '/api/session');
    mode = 'full';
    expect((await a.http('GET', '/api/me')).status).toBe(200);
    const r = await a.http('POST', '/api/games', { variant: 'xiangqi', clock: { kind: 'fischer', minutes: 5, increment: 0 }, opponent: { type: 'invite' } });
    expect(r.status).toBe(503);
    expect(r.json).toMatchObject({ ok: false, code: expect.stringMatching(/^server\.storage/), message: expect.stringMatching(/full/) });
    const h = await new TestClient(base).http('GET', '/health');
    expect(h.status).toBe(503);
    expect(h.json).toMatchObject({ ok: false, code: 'server.storage-degraded', reason: expect.stringMatching(/storage-full/) });
    mode = 'ok';
  });
});
