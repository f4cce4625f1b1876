/**
 * The fuzzer, small, in npm test: generated socket frames and bodies for
 * every HTTP route reach the server's decoders (limits raised); nothing is
 * answered 5xx or server.error, nothing goes unanswered, and the server
 * still serves afterwards. `npm run fuzz` runs the same with 1,000,000.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from './app.ts';
import { ROUTES } from './assembly/routes.ts';
import { MemoryBus } from './bus/bus.ts';
import { systemClock, systemTimers } from './service/time.ts';
import { memoryStore } from './store/memory/store.ts';
import { fuzz, samplePath } from './testing/fuzz.ts';

let app: App;
let base: string;

beforeAll(async () => {
  app = await createApp({
    store: memoryStore(),
    bus: new MemoryBus(),
    clock: systemClock,
    timers: systemTimers,
    publicUrl: 'http://test',
    httpRate: 1_000_000,
    socketRate: { perSecond: 1_000_000, burst: 1_000_000, strikes: Number.POSITIVE_INFINITY },
    // Quotas would refuse most inputs before their decoders (docs/security.md): off, like the rates.
    limits: 'off',
  });
  await new Promise<void>((r) => app.server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => app.close());

describe('fuzzing the server', () => {
  it('finds a path for nearly every route', () => {
    const found = ROUTES.filter((r) => samplePath(r.path) !== null);
    expect(found.length).toBeGreaterThan(ROUTES.length * 0.8);
    expect(samplePath(/^\/api\/games\/([A-Za-z0-9]{6,16})\/move$/)).toBe('/api/games/abcdefgh/move');
  });

  it('generated frames and bodies: no 5xx, no server.error, every request answered; the server serves on', async () => {
    const r = await fuzz({ base, routes: ROUTES, frames: 3000, bodies: 1500, sockets: 3, seed: 42 });
    expect(r.frames).toBeGreaterThanOrEqual(3000);
    expect(r.bodies).toBe(1500);
    expect([...r.unexpected5xx.entries()], r.samples.join('\n')).toEqual([]);
    expect(r.serverErrors, r.samples.join('\n')).toBe(0);
    expect(r.transportErrors, r.samples.join('\n')).toBe(0);
    expect((await fetch(`${base}/health`)).status).toBe(200);
  }, 120_000);
});
