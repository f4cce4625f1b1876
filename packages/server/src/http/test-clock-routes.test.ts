/** POST /api/test/clock (TEST_CLOCK=1): moves the node's time forward; without a test clock the route does not exist. */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../app.ts';
import { MemoryBus } from '../bus/bus.ts';
import { FakeTime, ShiftedTime, systemClock, systemTimers } from '../service/time.ts';
import { memoryStore } from '../store/memory/store.ts';
import { TestClient } from '../testing/client.ts';

const T0 = 1_700_000_000_000;

async function listen(app: App): Promise<string> {
  await new Promise<void>((r) => app.server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

describe('the test clock route', () => {
  const real = new FakeTime(T0);
  const time = new ShiftedTime(real);
  let withClock: App;
  let without: App;
  let base: string;
  let plainBase: string;

  beforeAll(async () => {
    const common = { publicUrl: 'http://test', httpRate: 1000 };
    withClock = await createApp({ ...common, store: memoryStore(), bus: new MemoryBus(), clock: time, timers: time, testClock: time });
    without = await createApp({ ...common, store: memoryStore(), bus: new MemoryBus(), clock: systemClock, timers: systemTimers });
    base = await listen(withClock);
    plainBase = await listen(without);
  });
  afterAll(async () => {
    await withClock.close();
    await without.close();
  });

  it('does not exist without TEST_CLOCK: 404, whatever the method', async () => {
    const c = new TestClient(plainBase);
    for (const method of ['GET', 'POST']) {
      const r = await c.http(method, '/api/test/clock', method === 'POST' ? { advanceMs: 1000 } : undefined);
      expect([r.status, r.json]).toEqual([404, { ok: false, code: 'http.not-found', message: 'Not found' }]);
    }
  });

  it('moves the time forward, firing what falls due, and answers the new now', async () => {
    const c = new TestClient(base);
    const start = time.now();
    const fired: number[] = [];
    time.at(start + 60_000, () => fired.push(time.now()));
    time.at(start + 120_000, () => fired.push(time.now()));
    const r = await c.http('POST', '/api/test/clock', { advanceMs: 60_000 });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ ok: true, now: start + 60_000, offsetMs: time.offsetMs });
    expect(fired).toEqual([start + 60_000]);
    expect((await c.http('GET', '/api/test/clock')).json).toEqual({ ok: true, now: start + 60_000, offsetMs: time.offsetMs });
    // Nobody's session is needed or made.
    expect(c.cookie).toBe('');
  });

  it.each([
    [{ advanceMs: 0 }],
    [{ advanceMs: -1000 }],
    [{ advanceMs: 1.5 }],
    [{ advanceMs: '1000' }],
    [{}],
    [{ advanceMs: 1000, back: true }],
    [{ advanceMs: 1e15 }],
  ])('refuses %o with body.invalid, leaving the time alone', async (payload) => {
    const before = time.now();
    const r = await new TestClient(base).http('POST', '/api/test/clock', payload);
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ ok: false, code: 'body.invalid', message: expect.stringMatching(/advanceMs|body/) });
    expect(time.now()).toBe(before);
  });

  it('refuses a body that is not JSON', async () => {
    const r = await new TestClient(base).http('POST', '/api/test/clock', undefined, { text: 'soon', type: 'application/json' });
    expect([r.status, r.json.code]).toEqual([400, 'body.malformed']);
  });
});
