/**
 * The lobby's state port, one suite on this node's memory and on Redis (a
 * key prefix of its own): what is written reads back the same; taking a
 * seek or a pair of pool places has one winner however many race for it.
 * The lobby's rules over both: lobby.test.ts.
 */
import type { Identity } from '@youzai/protocol';
import { afterAll, describe, expect, it } from 'vitest';
import { RedisLobbyState } from '../cluster/lobby-state.ts';
import { TestLinks } from '../testing/redis.ts';
import { seekOf, type SeekTerms } from './lobby.ts';
import { poolSpec, type PoolEntry } from './pools.ts';
import { MemoryLobbyState, type LobbyState, type SeekEntry } from './state.ts';

const redis = new TestLinks();
afterAll(() => redis.dispose());

/** Two handles on one state, as two nodes of a club. */
const adapters = redis.pairs<LobbyState>(
  () => new MemoryLobbyState(),
  (link) => new RedisLobbyState(link),
);

const who = (id: string, guest = false): Identity => ({ id, name: id, guest });
const terms: SeekTerms = {
  variant: 'xiangqi',
  clock: { kind: 'fischer', minutes: 5, increment: 3 },
  rated: true,
  color: 'random',
  range: { min: 1400, max: 1600 },
};
const seek = (owner: Identity, at = 1000): SeekEntry => ({ seek: seekOf(owner, terms, null, at), owner });
const place = (user: Identity, pool = 'xiangqi-5+3', joinedAt = 1000): PoolEntry => ({
  user,
  pool: poolSpec(pool)!,
  rated: !user.guest,
  rating: 1512.5,
  joinedAt,
});

describe.each(adapters)('lobby state (%s)', (_name, make) => {
  it('seeks read back as written; one take of two wins; only the owner cancels', async () => {
    const [s, other] = await make();
    const [a, b] = [seek(who('alice')), seek(who('bob', true), 2000)];
    await s.addSeek(a);
    await other.addSeek(b);
    expect((await s.seeks()).sort((x, y) => x.seek.createdAt - y.seek.createdAt)).toEqual([a, b]);
    expect(await Promise.all([s.takeSeek(a.seek.id), other.takeSeek(a.seek.id)])).toEqual(expect.arrayContaining([true, false]));
    expect(await s.takeSeek(a.seek.id)).toBe(false);
    expect(await other.cancelSeek(b.seek.id, 'alice')).toBe(false);
    expect(await s.seeks()).toEqual([b]);
    expect(await other.cancelSeek(b.seek.id, 'bob')).toBe(true);
    expect(await s.cancelSeek(b.seek.id, 'bob')).toBe(false);
    expect(await other.seeks()).toEqual([]);
  });

  it('a player has one pool place: joining again moves it; leaving says whether there was one; a restore never overwrites', async () => {
    const [s, other] = await make();
    const alice = who('alice');
    await s.setPlace(place(alice));
    await other.setPlace(place(alice, 'janggi-5+3', 3000));
    expect(await s.places()).toEqual([place(alice, 'janggi-5+3', 3000)]);
    await s.restorePlace(place(alice));
    expect(await other.places()).toEqual([place(alice, 'janggi-5+3', 3000)]);
    expect(await other.removePlace('alice')).toBe(true);
    expect(await s.removePlace('alice')).toBe(false);
    await s.restorePlace(place(alice));
    expect(await other.places()).toEqual([place(alice)]);
  });

  it('a pair is taken only as read, both or neither, once', async () => {
    const [s, other] = await make();
    const [a, b, c] = [place(who('a')), place(who('b')), place(who('c', true))];
    for (const e of [a, b, c]) await s.setPlace(e);
    const read = await other.places();
    const [ra, rb, rc] = ['a', 'b', 'c'].map((id) => read.find((e) => e.user.id === id)!);
    // b moved since the read: neither is taken.
    await s.setPlace(place(who('b'), 'xiangqi-5+3', 1001));
    expect(await other.takePair(ra!, rb!)).toBe(false);
    expect(await s.places()).toHaveLength(3);
    // Two nodes pair a with c and with b at once (each as it read): one pairing.
    const [rb2] = (await s.places()).filter((e) => e.user.id === 'b');
    const took = await Promise.all([s.takePair(ra!, rc!), other.takePair(ra!, rb2!)]);
    expect(took.filter(Boolean)).toHaveLength(1);
    expect((await s.places()).map((e) => e.user.id)).toEqual([took[0] ? 'b' : 'c']);
  });
});
