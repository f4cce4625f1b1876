/**
 * Open-at-once caps per address: one suite on this node's memory and on
 * Redis (a key prefix of its own), time moved by hand.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testRedis } from '../testing/redis.ts';
import { OpenLimits, PENDING_MS, type OpenLimitsOptions } from './open.ts';

const rules = { seek: { addr: 2, leaseSeconds: 3600, what: 'open seeks' } } as const;

let redis: Awaited<ReturnType<typeof testRedis>>;
beforeAll(async () => {
  redis = await testRedis();
});
afterAll(async () => redis?.dispose());

const backends: [string, () => Pick<OpenLimitsOptions, 'redis'>][] = [
  ['memory', () => ({})],
  ['redis', () => ({ redis: { client: redis.client, prefix: redis.prefix } })],
];

describe.each(backends)('OpenLimits (%s)', (_name, backend) => {
  let t = 1_700_000_000_000;
  const make = (extra: Partial<OpenLimitsOptions> = {}) => new OpenLimits({ ...backend(), rules, now: () => t, ...extra });
  // A new address for each test: Redis keeps the earlier tests' places (a random one met an earlier test's, 1 in 250).
  let n = 0;
  const addr = () => `10.0.0.${++n}-${t}`;

  it('holds at most the cap per address, with a coded refusal; another address is not touched', async () => {
    const open = make();
    const a = addr();
    for (const id of ['s1', 's2']) {
      const slot = await open.reserve('seek', a);
      expect(slot.ok).toBe(true);
      if (slot.ok) await slot.value.commit(id);
    }
    expect((await open.held('seek', a)).sort()).toEqual(['s1', 's2']);
    const third = await open.reserve('seek', a);
    expect(third).toEqual({ ok: false, error: { code: 'limit.open-seek', message: 'At most 2 open seeks at once from one address: close one first' } });
    expect((await open.reserve('seek', `${a}-other`)).ok).toBe(true);
    // Closing one frees its place at once.
    await open.close('seek', a, 's1');
    expect((await open.reserve('seek', a)).ok).toBe(true);
  });

  it('renew keeps a place past its lease, and puts back one that had lapsed', async () => {
    const open = make();
    const a = addr();
    const slot = await open.reserve('seek', a);
    if (slot.ok) await slot.value.commit('kept');
    t += 3000_000;
    await open.renew('seek', a, 'kept');
    t += 3000_000;
    expect(await open.held('seek', a)).toEqual(['kept']);
    t += 3601_000;
    expect(await open.held('seek', a)).toEqual([]);
    await open.renew('seek', a, 'kept');
    expect(await open.held('seek', a)).toEqual(['kept']);
  });

  it('at the cap, asks which resources still exist and drops the others', async () => {
    const open = make();
    const a = addr();
    for (const id of ['gone', 'here']) {
      const slot = await open.reserve('seek', a);
      if (slot.ok) await slot.value.commit(id);
    }
    const asked: string[][] = [];
    const live = (ids: readonly string[]) => {
      asked.push([...ids].sort());
      return ids.map((id) => id !== 'gone');
    };
    const slot = await open.reserve('seek', a, live);
    expect(slot.ok).toBe(true);
    expect(asked).toEqual([['gone', 'here']]);
    if (slot.ok) await slot.value.commit('new');
    expect((await open.held('seek', a)).sort()).toEqual(['here', 'new']);
    // Both alive: refused, nothing dropped.
    expect((await open.reserve('seek', a, live)).ok).toBe(false);
    expect((await open.held('seek', a)).sort()).toEqual(['here', 'new']);
  });

  it('a cancelled reservation frees its place; an abandoned one lapses after a minute, a committed one after its lease', async () => {
    const open = make();
    const a = addr();
    const first = await open.reserve('seek', a);
    if (first.ok) await first.value.cancel();
    expect(await open.held('seek', a)).toEqual([]);
    // Reserved and never settled (a node that died in between): held for PENDING_MS, not counted as gone by `live`.
    expect((await open.reserve('seek', a)).ok).toBe(true);
    const kept = await open.reserve('seek', a);
    if (kept.ok) await kept.value.commit('long');
    const asked: string[] = [];
    const live = (ids: readonly string[]) => {
      asked.push(...ids);
      return ids.map(() => true);
    };
    expect((await open.reserve('seek', a, live)).ok).toBe(false);
    expect(asked).toEqual(['long']);
    t += PENDING_MS + 1;
    expect(await open.held('seek', a)).toEqual(['long']);
    expect((await open.reserve('seek', a)).ok).toBe(true);
    t += rules.seek.leaseSeconds * 1000;
    expect(await open.held('seek', a)).toEqual([]);
  });

  it('concurrent reservations never pass the cap', async () => {
    const open = make();
    const a = addr();
    const all = await Promise.all(Array.from({ length: 12 }, () => open.reserve('seek', a)));
    expect(all.filter((r) => r.ok)).toHaveLength(2);
    expect(all.filter((r) => !r.ok).every((r) => !r.ok && r.error.code === 'limit.open-seek')).toBe(true);
  });

  it('caps nothing when off', async () => {
    const open = make({ off: true });
    const a = addr();
    for (let i = 0; i < 5; i++) expect((await open.reserve('seek', a)).ok).toBe(true);
  });
});

describe('OpenLimits (redis keys)', () => {
  it('keeps one sorted set per kind and address under the club’s prefix, expiring with its last entry', async () => {
    const open = new OpenLimits({ redis: { client: redis.client, prefix: redis.prefix }, rules });
    const slot = await open.reserve('seek', '192.0.2.1');
    if (slot.ok) await slot.value.commit('s1');
    const key = `${redis.prefix}open:seek:192.0.2.1`;
    expect(await redis.client.zrange(key, 0, -1)).toEqual(['s1']);
    const ttl = await redis.client.pttl(key);
    expect(ttl).toBeGreaterThan(rules.seek.leaseSeconds * 1000 - 60_000);
    expect(ttl).toBeLessThanOrEqual(rules.seek.leaseSeconds * 1000);
  });
});
