/**
 * The account attacks of issue 31 (items 1, 2 and 9), tried against the real
 * server as the review did: racing for an admin's name, guessing passwords in
 * parallel, and locking the owner out from another address. Addresses come
 * from X-Forwarded-For (TRUST_PROXY), as behind the club's proxy.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../app.ts';
import { MemoryBus } from '../bus/bus.ts';
import { LOGIN_RULES } from '../limits/login.ts';
import { systemClock, systemTimers } from '../service/time.ts';
import { memoryStore } from '../store/memory/store.ts';
import type { Store } from '../store/types.ts';
import { claimAdmin, unclaimedAdmins } from './admins.ts';

let app: App;
let base: string;
let store: Store;

beforeAll(async () => {
  store = memoryStore();
  app = await createApp({
    store,
    bus: new MemoryBus(),
    clock: systemClock,
    timers: systemTimers,
    publicUrl: 'https://club.test',
    httpRate: 1000,
    trustProxy: true,
  });
  await new Promise<void>((r) => app.server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => app.close());

/** POST as a client at `addr`. */
async function post(addr: string, path: string, body: unknown, cookie = ''): Promise<{ status: number; code?: string; cookie: string; retryAfter: number }> {
  const res = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': addr, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { code?: string };
  return {
    status: res.status,
    ...(json.code ? { code: json.code } : {}),
    cookie: res.headers.get('set-cookie')?.split(';')[0] ?? cookie,
    retryAfter: Number(res.headers.get('retry-after') ?? 0),
  };
}

async function registered(name: string, password: string, addr: string): Promise<void> {
  const s = await post(addr, '/api/session', {});
  expect((await post(addr, '/api/register', { username: name, password }, s.cookie)).status).toBe(200);
}

describe('an admin’s name nobody holds yet', () => {
  const saved = process.env.ADMINS;
  afterEach(() => {
    if (saved === undefined) delete process.env.ADMINS;
    else process.env.ADMINS = saved;
  });

  it('cannot be registered over HTTP, in any case; the start names it; the operator claims it; a held name stays admin', async () => {
    await registered('keeper_1', 'the keeper’s own words', '198.51.100.9');
    process.env.ADMINS = 'alice_r, keeper_1';
    expect(await unclaimedAdmins(store)).toEqual(['alice_r']);
    for (const name of ['Alice_R', 'alice_r', 'ALICE_R']) {
      const s = await post('198.51.100.1', '/api/session', {});
      const r = await post('198.51.100.1', '/api/register', { username: name, password: 'first to the name' }, s.cookie);
      expect([r.status, r.code], name).toEqual([409, 'auth.username-reserved']);
      const ops = await fetch(`${base}/api/admin/ops`, { headers: { cookie: s.cookie } });
      expect(ops.status, name).toBe(403);
    }
    // An existing account named in ADMINS is an admin.
    const keeper = await post('198.51.100.9', '/api/login', { username: 'keeper_1', password: 'the keeper’s own words' });
    expect((await fetch(`${base}/api/admin/ops`, { headers: { cookie: keeper.cookie } })).status).toBe(200);
    // The operator's command makes the account; only then can it log in, and it is an admin.
    expect(await claimAdmin(store, 'nobody_listed', 'a secret phrase', Date.now())).toMatchObject({ ok: false, error: { code: 'admin.not-listed' } });
    expect((await claimAdmin(store, 'alice_r', 'the operator’s phrase', Date.now())).ok).toBe(true);
    expect(await claimAdmin(store, 'Alice_R', 'another phrase here', Date.now())).toMatchObject({ ok: false, error: { code: 'auth.username-taken' } });
    expect(await unclaimedAdmins(store)).toEqual([]);
    const alice = await post('198.51.100.2', '/api/login', { username: 'Alice_R', password: 'the operator’s phrase' });
    expect(alice.status).toBe(200);
    expect((await fetch(`${base}/api/admin/ops`, { headers: { cookie: alice.cookie } })).status).toBe(200);
  });
});

describe('password guessing', () => {
  it('30 wrong passwords sent at once: only the free failures and one more are checked, the rest 429', async () => {
    await registered('target_p', 'the owner’s secret', '203.0.113.1');
    const rs = await Promise.all(
      Array.from({ length: 30 }, (_, i) => post('203.0.113.66', '/api/login', { username: 'target_p', password: `wrong guess ${i}` })),
    );
    const statuses = rs.map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(LOGIN_RULES.pair.free + 1);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(30 - LOGIN_RULES.pair.free - 1);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
  });

  it('30 wrong passwords at once over 30 accounts from one address: the address is held to its count', async () => {
    const rs = await Promise.all(
      Array.from({ length: 30 }, (_, i) => post('203.0.113.77', '/api/login', { username: `spray_${i}`, password: 'a common guess' })),
    );
    expect(rs.filter((r) => r.status === 401).length).toBeLessThanOrEqual(LOGIN_RULES.addr.free + 1);
  });

  it('a stranger’s failures do not lock the owner out from another address; the stranger stays throttled', async () => {
    await registered('owner_l', 'the owner’s secret', '203.0.113.2');
    // The stranger guesses on, waiting out the short waits, until one is long enough to last the owner's login.
    for (let i = 0; ; i++) {
      const r = await post('192.0.2.50', '/api/login', { username: 'owner_l', password: `wrong guess ${i}` });
      if (r.status === 401) continue;
      expect([r.status, r.code]).toEqual([429, 'auth.throttled']);
      if (r.retryAfter >= 4) break;
      await new Promise((res) => setTimeout(res, r.retryAfter * 1000 + 50));
    }
    const owner = await post('192.0.2.80', '/api/login', { username: 'owner_l', password: 'the owner’s secret' });
    expect(owner.status).toBe(200);
    expect((await post('192.0.2.50', '/api/login', { username: 'owner_l', password: 'the owner’s secret' })).status).toBe(429);
  });
});
