/**
 * The rooms' state port, one suite on this node's memory and on Redis (a key
 * prefix of its own): what is written reads back the same; a member counts
 * once however many sockets on however many nodes; the last place in a room,
 * a challenge, and an empty room's closing each have one winner however many
 * race for them. The rooms' rules over both: rooms.test.ts.
 */
import type { Identity, RoomChallenge } from '@youzai/protocol';
import { afterAll, describe, expect, it } from 'vitest';
import { RedisRoomsState } from '../cluster/rooms-state.ts';
import { FakeTime } from '../service/time.ts';
import { TestLinks } from '../testing/redis.ts';
import { MemoryRoomsState, type RoomMeta, type RoomsState, type StoredChallenge } from './state.ts';

const redis = new TestLinks();
afterAll(() => redis.dispose());

const time = new FakeTime();
const adapters = redis.pairs<RoomsState>(
  () => new MemoryRoomsState(),
  (link) => new RedisRoomsState(link, time),
);

const who = (id: string, guest = false): Identity => ({ id, name: id, guest });
const meta = (id: string, owner = 'alice', createdAt = 1000): RoomMeta => ({ id, name: `room ${id}`, owner: who(owner), createdAt });
const challenge = (id: string, from: string, to: string | null = null): StoredChallenge => {
  const view: RoomChallenge = {
    id,
    from: who(from),
    to: to === null ? null : who(to),
    variant: 'janggi',
    clock: { kind: 'fischer', minutes: 5, increment: 3 },
    rated: false,
    color: 'random',
  };
  return { view, from: who(from) };
};
const DUE = time.now() + 600_000;

describe.each(adapters)('rooms state (%s)', (_name, make) => {
  it('a room reads back as made, is listed and counted for its owner; an unknown one is null', async () => {
    const [s, other] = await make();
    await s.create(meta('r1'), DUE);
    await other.create(meta('r2', 'alice', 2000), DUE);
    await s.create(meta('r3', 'bob'), DUE);
    expect(await other.room('r1')).toEqual({ meta: meta('r1'), members: [], challenges: [], games: [] });
    expect(await s.room('nope')).toBeNull();
    expect((await other.summaries()).sort((a, b) => (a.id < b.id ? -1 : 1))).toEqual([
      { ...meta('r1'), members: 0, games: 0 },
      { ...meta('r2', 'alice', 2000), members: 0, games: 0 },
      { ...meta('r3', 'bob'), members: 0, games: 0 },
    ]);
    expect([await s.owned('alice'), await other.owned('bob'), await s.owned('carol')]).toEqual([2, 1, 0]);
  });

  it('a member counts once over sockets on two nodes and goes with the last; a dead node’s sockets go together', async () => {
    const [s, other] = await make();
    await s.create(meta('r1'), DUE);
    expect(await s.join('nope', who('alice'), 'n1', 10)).toBe('missing');
    expect(await s.join('r1', who('alice'), 'n1', 10)).toBe('new');
    expect(await s.join('r1', who('alice'), 'n1', 10)).toBe('again');
    expect(await other.join('r1', who('alice'), 'n2', 10)).toBe('again');
    expect(await other.join('r1', who('bob'), 'n2', 10)).toBe('new');
    expect(await s.member('r1', 'alice')).toEqual(who('alice'));
    expect(await s.member('r1', 'carol')).toBeNull();
    expect(await other.socketsOn('n2')).toEqual(
      expect.arrayContaining([
        { room: 'r1', user: 'alice' },
        { room: 'r1', user: 'bob' },
      ]),
    );
    expect(await s.socketsOn('n1')).toEqual([{ room: 'r1', user: 'alice' }]);
    expect(await s.leave('r1', 'alice', 'n1', false, DUE)).toBeNull();
    expect(await s.leave('r1', 'alice', 'n1', false, DUE)).toBeNull(); // still on n2
    expect((await other.room('r1'))!.members).toEqual([who('alice'), who('bob')]);
    expect(await other.leave('r1', 'alice', 'n2', false, DUE)).toEqual({ dropped: [], empty: false });
    expect(await other.leave('r1', 'alice', 'n2', false, DUE)).toBeNull(); // not a member now
    await other.join('r1', who('bob'), 'n2', 10);
    expect(await s.leave('r1', 'bob', 'n2', true, DUE)).toEqual({ dropped: [], empty: true });
    expect(await s.socketsOn('n2')).toEqual([]);
    expect((await s.summaries())[0]).toMatchObject({ id: 'r1', members: 0 });
  });

  it('of two racing for the last place, one gets it', async () => {
    const [s, other] = await make();
    await s.create(meta('r1'), DUE);
    await s.join('r1', who('alice'), 'n1', 2);
    const got = await Promise.all([s.join('r1', who('bob'), 'n1', 2), other.join('r1', who('carol'), 'n2', 2)]);
    expect(got.sort()).toEqual(['full', 'new']);
    expect(await s.join('r1', who('alice'), 'n2', 2)).toBe('again');
  });

  it('challenges: made by a member to a member, a few each; taken once; they go with their author or target', async () => {
    const [s, other] = await make();
    await s.create(meta('r1'), DUE);
    for (const u of ['alice', 'bob', 'carol']) await s.join('r1', who(u), 'n1', 10);
    expect(await s.addChallenge('r1', challenge('c0', 'dave'), 2)).toBe('no-author');
    expect(await s.addChallenge('r1', challenge('c0', 'alice', 'dave'), 2)).toBe('no-target');
    expect(await s.addChallenge('nope', challenge('c0', 'alice'), 2)).toBe('no-author');
    expect(await s.addChallenge('r1', challenge('c1', 'alice', 'bob'), 2)).toBe('ok');
    expect(await other.addChallenge('r1', challenge('c2', 'alice'), 2)).toBe('ok');
    expect(await s.addChallenge('r1', challenge('c3', 'alice', 'carol'), 2)).toBe('too-many');
    expect(await other.addChallenge('r1', challenge('c4', 'carol', 'alice'), 2)).toBe('ok');
    expect(await s.addChallenge('r1', challenge('c5', 'bob', 'carol'), 2)).toBe('ok');
    expect(await other.challenge('r1', 'c1')).toEqual(challenge('c1', 'alice', 'bob'));
    expect(await other.challenge('r1', 'c3')).toBeNull();
    expect((await s.room('r1'))!.challenges.map((c) => c.view.id).sort()).toEqual(['c1', 'c2', 'c4', 'c5']);
    expect((await Promise.all([s.takeChallenge('r1', 'c1'), other.takeChallenge('r1', 'c1')])).sort()).toEqual([false, true]);
    expect(await s.challenge('r1', 'c1')).toBeNull();
    const left = await other.leave('r1', 'alice', 'n1', false, DUE);
    expect(left).toEqual({ dropped: expect.arrayContaining([challenge('c2', 'alice'), challenge('c4', 'carol', 'alice')]), empty: false });
    expect(left!.dropped).toHaveLength(2);
    expect((await s.room('r1'))!.challenges).toEqual([challenge('c5', 'bob', 'carol')]);
  });

  it('games: listed while the room is open, unlisted once when they end', async () => {
    const [s, other] = await make();
    await s.create(meta('r1'), DUE);
    const g = { id: 'g1', variant: 'janggi', players: ['alice', 'bob'] } as const;
    expect(await s.addGame('r1', g)).toBe(true);
    expect(await s.addGame('nope', { ...g, id: 'g2' })).toBe(false);
    expect((await other.room('r1'))!.games).toEqual([g]);
    expect((await other.summaries())[0]).toMatchObject({ games: 1 });
    expect(await Promise.all([other.endGame('g1'), s.endGame('g1')])).toEqual(expect.arrayContaining(['r1', null]));
    expect(await s.endGame('g2')).toBeNull();
    expect((await s.room('r1'))!.games).toEqual([]);
  });

  it('an empty room closes only when still due: not with someone in, nor once visited and left again; then it is gone everywhere', async () => {
    const [s, other] = await make();
    await s.create(meta('r1'), DUE);
    await s.create(meta('r2'), DUE);
    await s.addGame('r1', { id: 'g1', variant: 'janggi', players: ['alice', 'bob'] });
    await s.join('r1', who('bob'), 'n1', 10);
    expect(await s.closeIfDue('r1', DUE)).toBe(false);
    expect(await other.leave('r1', 'bob', 'n1', false, DUE + 1)).toEqual({ dropped: [], empty: true });
    expect(await s.closeIfDue('r1', DUE)).toBe(false);
    expect(await s.room('r1')).not.toBeNull();
    expect((await Promise.all([s.closeIfDue('r1', DUE + 1), other.closeIfDue('r1', DUE + 1)])).sort()).toEqual([false, true]);
    expect(await other.room('r1')).toBeNull();
    expect((await s.summaries()).map((r) => r.id)).toEqual(['r2']);
    expect(await s.owned('alice')).toBe(1);
    expect(await s.endGame('g1')).toBeNull();
    expect(await s.join('r1', who('bob'), 'n1', 10)).toBe('missing');
    // Never entered: due when made.
    expect(await other.closeIfDue('r2', DUE)).toBe(true);
    expect(await s.summaries()).toEqual([]);
  });
});
