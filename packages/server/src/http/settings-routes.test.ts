/** The settings API over the real app and memory storage: an account's settings follow it to a second browser; guests keep none. */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../app.ts';
import { MemoryBus } from '../bus/bus.ts';
import { systemTimers } from '../service/time.ts';
import { memoryStore } from '../store/memory/store.ts';
import { TestClient } from '../testing/client.ts';

const SETTINGS = { board: 'jade', pieces: { sittuyin: 'western', xiangqi: 'beginner' }, coords: false, sound: true, notation: { xiangqi: 'xiangqi-wxf' } };

describe('settings API', () => {
  let app: App;
  let base: string;

  beforeAll(async () => {
    app = await createApp({
      store: memoryStore(),
      bus: new MemoryBus(),
      clock: { now: () => Date.UTC(2026, 0, 1) },
      timers: systemTimers,
      publicUrl: 'http://test',
      httpRate: 1000,
      limits: { settings: { user: { points: 5, seconds: 600 }, what: 'settings saves' } },
    });
    await new Promise<void>((r) => app.server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app.close();
  });

  it('an account saves its settings and a second browser reads them after logging in', async () => {
    const first = new TestClient(base);
    const reg = await first.http('POST', '/api/register', { username: 'settler', password: 'a long pass phrase' });
    expect(reg.status).toBe(200);
    expect((await first.http('GET', '/api/settings')).json).toEqual({ ok: true, settings: null });
    const put = await first.http('PUT', '/api/settings', SETTINGS);
    expect(put.status).toBe(200);
    expect(put.json.settings).toEqual(SETTINGS);

    const second = new TestClient(base);
    expect((await second.http('GET', '/api/settings')).json.settings).toBeNull();
    expect((await second.http('POST', '/api/login', { username: 'SETTLER', password: 'a long pass phrase' })).status).toBe(200);
    expect((await second.http('GET', '/api/settings')).json).toEqual({ ok: true, settings: SETTINGS });

    const changed = { ...SETTINGS, board: 'slate' };
    await second.http('PUT', '/api/settings', changed);
    expect((await first.http('GET', '/api/settings')).json.settings).toEqual(changed);
  });

  it('refuses bad settings with a stable code, keeping the saved ones', async () => {
    const c = new TestClient(base);
    await c.http('POST', '/api/register', { username: 'picky', password: 'a long pass phrase' });
    await c.http('PUT', '/api/settings', SETTINGS);
    for (const bad of [{ ...SETTINGS, pieces: { chess: 'staunton' } }, { ...SETTINGS, board: 'Dark Wood' }, { ...SETTINGS, more: 1 }, []]) {
      const r = await c.http('PUT', '/api/settings', bad);
      expect(r.status).toBe(400);
      expect(r.json.code).toMatch(/^body\./);
      expect(typeof r.json.message).toBe('string');
    }
    expect((await c.http('GET', '/api/settings')).json.settings).toEqual(SETTINGS);
  });

  it('refuses a body naming __proto__ anywhere (issue 31, item 13), rather than dropping it silently', async () => {
    const c = new TestClient(base);
    await c.http('POST', '/api/register', { username: 'proto', password: 'a long pass phrase' });
    await c.http('PUT', '/api/settings', SETTINGS);
    const json = JSON.stringify({ ...SETTINGS, board: 'slate' });
    const bodies = [
      json.replace('{', '{"__proto__":{"admin":true},'),
      json.replace('"pieces":{', '"pieces":{"__proto__":"beginner",'),
      json.replace('"notation":{', '"notation":{"__proto__":{"polluted":"yes"},'),
    ];
    for (const text of bodies) {
      const r = await c.http('PUT', '/api/settings', undefined, { text, type: 'application/json' });
      expect(r.status).toBe(400);
      expect(r.json.code).toBe('body.invalid');
      expect(r.json.message).toContain('__proto__');
    }
    expect((await c.http('GET', '/api/settings')).json.settings).toEqual(SETTINGS);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('a guest keeps none on the server', async () => {
    const c = new TestClient(base);
    await c.http('POST', '/api/session');
    const r = await c.http('PUT', '/api/settings', SETTINGS);
    expect(r.status).toBe(403);
    expect(r.json.code).toBe('auth.required');
    expect((await c.http('GET', '/api/settings')).json.settings).toBeNull();
  });

  it('saves past the quota are refused with 429 and Retry-After, the saved settings unchanged', async () => {
    const c = new TestClient(base);
    await c.http('POST', '/api/register', { username: 'fiddler', password: 'a long pass phrase' });
    for (let i = 0; i < 5; i++) expect((await c.http('PUT', '/api/settings', { ...SETTINGS, coords: i % 2 === 0 })).status).toBe(200);
    const r = await c.http('PUT', '/api/settings', { ...SETTINGS, board: 'slate' });
    expect(r.status).toBe(429);
    expect(r.json.code).toBe('limit.settings');
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await c.http('GET', '/api/settings')).json.settings).toEqual({ ...SETTINGS, coords: true });
    // Another player's quota is their own.
    const other = new TestClient(base);
    await other.http('POST', '/api/register', { username: 'calm', password: 'a long pass phrase' });
    expect((await other.http('PUT', '/api/settings', SETTINGS)).status).toBe(200);
  });
});
