/**
 * Session lifetimes over HTTP, on fake time: a guest's cookie is kept 30
 * days, sent again when a use moves the expiry; an unused guest session is
 * refused after 30 days and swept from the store by the app's hourly sweep.
 */
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../app.ts';
import { MemoryBus } from '../bus/bus.ts';
import { FakeTime } from '../service/time.ts';
import { memoryStore } from '../store/memory/store.ts';
import { eventually } from '../testing/redis.ts';
import { TestClient } from '../testing/client.ts';
import { GUEST_SESSION_TTL_MS, SESSION_SWEEP_MS } from './sessions.ts';

const DAY = 24 * 60 * 60 * 1000;
let app: App;
let base: string;
const time = new FakeTime();
const store = memoryStore();

beforeAll(async () => {
  app = await createApp({ store, bus: new MemoryBus(), clock: time, timers: time, publicUrl: 'http://club.test', httpRate: 1000 });
  await new Promise<void>((r) => app.server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => app.close());

const maxAge = (setCookie: string | null) => Number(/Max-Age=(\d+)/.exec(setCookie ?? '')?.[1]);

describe('guest sessions over HTTP', () => {
  it('the cookie lives 30 days since the last use, sent again as the expiry moves; an unused one is refused, then swept', async () => {
    const c = new TestClient(base);
    const made = await c.http('POST', '/api/session');
    expect(maxAge(made.headers.get('set-cookie'))).toBe(GUEST_SESSION_TTL_MS / 1000);
    const id = made.json.user.id as string;
    // Within a day: nothing to write, no cookie sent.
    time.advance(DAY / 2);
    const soon = await c.http('GET', '/api/me');
    expect(soon.json.user.id).toBe(id);
    expect(soon.headers.get('set-cookie')).toBeNull();
    // Twenty days on: the same cookie, kept 30 days from now.
    const cookie = c.cookie;
    time.advance(20 * DAY);
    const later = await c.http('GET', '/api/me');
    expect(later.json.user.id).toBe(id);
    expect(later.headers.get('set-cookie')?.split(';')[0]).toBe(cookie);
    expect(maxAge(later.headers.get('set-cookie'))).toBe(GUEST_SESSION_TTL_MS / 1000);
    // Unused for a month and a day: refused (a reader without a session), and swept by the next hourly round.
    time.advance(GUEST_SESSION_TTL_MS + DAY);
    expect((await c.http('GET', '/api/me')).json.user).toBeNull();
    // The store keeps only the token's hash: the row of this cookie, still there until a sweep.
    const hash = createHash('sha256').update(cookie.split('=')[1]!.split('.')[0]!).digest('hex');
    expect(await store.session(hash)).not.toBeNull();
    time.advance(SESSION_SWEEP_MS * 2);
    await eventually(async () => (await store.session(hash)) === null, 10_000, 'the hourly sweep');
    // The guest's user row stays (its games keep their player).
    expect(await store.userById(id)).not.toBeNull();
  });
});
