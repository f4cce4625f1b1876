/** Quick-pairing pools: rating ranges that widen with waiting, closest first, rated and casual apart. */
import { describe, expect, it } from 'vitest';
import { POOLS } from '@youzai/protocol';
import { checkTerms } from '../service/game-service.ts';
import { player } from '../testing/social.ts';
import { Pools, poolSpec, type PoolEntry } from './pools.ts';

const T0 = 1_000_000;
const pool = poolSpec('xiangqi-5+3')!;
const entry = (id: string, rating: number, joinedAt = T0, over: Partial<PoolEntry> = {}): PoolEntry => ({
  user: player(id),
  pool,
  rated: true,
  rating,
  joinedAt,
  ...over,
});
const ids = (ps: ReturnType<Pools['match']>) => ps.map((p) => [p.a.user.id, p.b.user.id]);

describe('pools', () => {
  it('pairs when each is within the other\u2019s range, which widens as they wait', () => {
    const p = new Pools({ baseRange: 100, widenPerSecond: 10, maxRange: 1000 });
    p.join(entry('a', 1500));
    p.join(entry('b', 1800));
    expect(p.range(entry('x', 0), T0)).toBe(100);
    expect(p.range(entry('x', 0), T0 + 5_000)).toBe(150);
    expect(p.match(T0)).toEqual([]);
    expect(p.match(T0 + 19_000)).toEqual([]);
    expect(ids(p.match(T0 + 20_000))).toEqual([['a', 'b']]);
    expect(p.size).toBe(0);
  });

  it('a newcomer\u2019s narrow range holds back a pairing with a long waiter', () => {
    const p = new Pools({ baseRange: 100, widenPerSecond: 10, maxRange: 1000 });
    p.join(entry('old', 1500, T0 - 60_000)); // range 700
    p.join(entry('new', 1900, T0)); // range 100
    expect(p.match(T0)).toEqual([]);
    expect(ids(p.match(T0 + 30_000))).toEqual([['old', 'new']]);
  });

  it('the longest waiting picks first and takes the closest rating', () => {
    const p = new Pools({ baseRange: 300, widenPerSecond: 0, maxRange: 300 });
    p.join(entry('a', 1500, T0));
    p.join(entry('far', 1750, T0 + 1));
    p.join(entry('near', 1520, T0 + 2));
    p.join(entry('d', 1700, T0 + 3));
    expect(ids(p.match(T0 + 10))).toEqual([
      ['a', 'near'],
      ['far', 'd'],
    ]);
  });

  it('rated and casual, and different pools, never meet; the range stops at its maximum', () => {
    const p = new Pools({ baseRange: 100, widenPerSecond: 100, maxRange: 500 });
    p.join(entry('r', 1500));
    p.join(entry('c', 1500, T0, { rated: false }));
    p.join(entry('j', 1500, T0, { pool: poolSpec('janggi-5+3')! }));
    expect(p.match(T0 + 100_000)).toEqual([]);
    p.join(entry('r2', 2100));
    expect(p.match(T0 + 100_000)).toEqual([]);
    p.join(entry('r3', 1990));
    expect(ids(p.match(T0 + 100_000))).toEqual([['r', 'r3']]);
    expect(p.waiting()).toEqual(
      new Map([
        ['xiangqi-5+3', 2],
        ['janggi-5+3', 1],
      ]),
    );
  });

  it('one pool at a time: joining another moves the player; leave removes', () => {
    const p = new Pools();
    p.join(entry('a', 1500));
    p.join(entry('a', 1500, T0, { pool: poolSpec('janggi-5+3')! }));
    expect(p.size).toBe(1);
    expect(p.entryOf('a')?.pool.id).toBe('janggi-5+3');
    expect(p.leave('a')?.user.id).toBe('a');
    expect(p.leave('a')).toBeUndefined();
  });

  it('every pool offers a clock its game accepts', () => {
    for (const p of POOLS) expect(checkTerms({ variant: p.variant, clock: p.clock, rated: true, players: [] }), p.id).toBeNull();
  });
});
