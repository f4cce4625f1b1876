/** The Learn progress API over the real app and memory storage: an account's progress follows it and merges; guests keep none; a quota. */
import type { AddressInfo } from 'node:net';
import { LearnProgress } from '@youzai/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../app.ts';
import { MemoryBus } from '../bus/bus.ts';
import { systemTimers } from '../service/time.ts';
import { memoryStore } from '../store/memory/store.ts';
import { TestClient } from '../testing/client.ts';

describe('learn progress API', () => {
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
      limits: { learn: { user: { points: 4, seconds: 600 }, what: 'saves of learning progress' } },
    });
    await new Promise<void>((r) => app.server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app.close();
  });

  it('an account keeps its lessons; a second browser merges its own in at login and both see the union', async () => {
    const first = new TestClient(base);
    expect((await first.http('POST', '/api/register', { username: 'pupil', password: 'a long pass phrase' })).status).toBe(200);
    expect((await first.http('GET', '/api/learn')).json).toEqual({ ok: true, progress: {} });
    const put = await first.http('POST', '/api/learn', { progress: { xiangqi: ['chariot', 'horse', 'chariot'] } });
    expect(put.status).toBe(200);
    expect(put.json.progress).toEqual({ xiangqi: ['chariot', 'horse'] });

    // Another browser: a guest finished a Janggi lesson there, then logs in and sends what it has.
    const second = new TestClient(base);
    expect((await second.http('POST', '/api/login', { username: 'PUPIL', password: 'a long pass phrase' })).status).toBe(200);
    const merged = await second.http('POST', '/api/learn', { progress: { janggi: ['pass'], xiangqi: ['horse'] } });
    expect(merged.json).toEqual({ ok: true, progress: { janggi: ['pass'], xiangqi: ['chariot', 'horse'] } });
    expect((await first.http('GET', '/api/learn')).json.progress).toEqual({ janggi: ['pass'], xiangqi: ['chariot', 'horse'] });
  });

  it('refuses bad progress with a stable code, keeping what was saved', async () => {
    const c = new TestClient(base);
    await c.http('POST', '/api/register', { username: 'careful', password: 'a long pass phrase' });
    await c.http('POST', '/api/learn', { progress: { sittuyin: ['placement'] } });
    for (const bad of [
      { progress: { chess: ['pawn'] } },
      { progress: { xiangqi: ['Bad Id'] } },
      { progress: { xiangqi: Array.from({ length: 65 }, (_, i) => `l${i}`) } },
      { progress: {}, more: 1 },
      { sittuyin: ['placement'] },
    ]) {
      const r = await c.http('POST', '/api/learn', bad);
      expect(r.status).toBe(400);
      expect(r.json.code).toMatch(/^body\./);
    }
    expect((await c.http('GET', '/api/learn')).json.progress).toEqual({ sittuyin: ['placement'] });
  });

  it('an account keeps at most MAX_LESSONS_PER_GAME lessons of a game, however many saves add', async () => {
    // Each save is within the schema's bound; their union must be too (the answer is read with that schema,
    // and an account may not grow the table without end with invented lesson ids).
    const c = new TestClient(base);
    await c.http('POST', '/api/register', { username: 'hoarder', password: 'a long pass phrase' });
    const ids = (from: number) => Array.from({ length: 40 }, (_, i) => `l${from + i}`);
    expect((await c.http('POST', '/api/learn', { progress: { xiangqi: ids(0) } })).status).toBe(200);
    const r = await c.http('POST', '/api/learn', { progress: { xiangqi: ids(40), janggi: ['pass'] } });
    expect(r.status).toBe(400);
    expect(r.json.code).toBe('learn.too-many');
    const kept = (await c.http('GET', '/api/learn')).json.progress;
    expect(kept.xiangqi).toHaveLength(40);
    expect(kept.janggi).toBeUndefined();
    expect(LearnProgress.safeParse(kept).success).toBe(true);
    // Lessons already kept may be sent again.
    expect((await c.http('POST', '/api/learn', { progress: { xiangqi: ids(0) } })).status).toBe(200);
  });

  it('a guest keeps none on the server; a reader without a session reads null', async () => {
    expect((await new TestClient(base).http('GET', '/api/learn')).json).toEqual({ ok: true, progress: null });
    const c = new TestClient(base);
    await c.http('POST', '/api/session');
    const r = await c.http('POST', '/api/learn', { progress: { xiangqi: ['chariot'] } });
    expect(r.status).toBe(403);
    expect(r.json.code).toBe('auth.required');
    expect((await c.http('GET', '/api/learn')).json.progress).toBeNull();
  });

  it('saves past the quota are refused with 429 and Retry-After, the progress unchanged', async () => {
    const c = new TestClient(base);
    await c.http('POST', '/api/register', { username: 'eager', password: 'a long pass phrase' });
    for (let i = 0; i < 4; i++) expect((await c.http('POST', '/api/learn', { progress: { xiangqi: [`l${i}`] } })).status).toBe(200);
    const r = await c.http('POST', '/api/learn', { progress: { xiangqi: ['l9'] } });
    expect(r.status).toBe(429);
    expect(r.json.code).toBe('limit.learn');
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await c.http('GET', '/api/learn')).json.progress).toEqual({ xiangqi: ['l0', 'l1', 'l2', 'l3'] });
  });
});
