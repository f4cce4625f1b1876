/**
 * Rooms on fake time, their state in this node's memory and in Redis (a key
 * prefix of each test's own): members, chat, challenges that start games, the
 * games listed, closing when empty; members on two nodes of a club.
 */
import { describe, expect, it } from 'vitest';
import type { ServerMessage } from '@youzai/protocol';
import { roomTopic, userTopic } from '../bus/topics.ts';
import { ROOMS_STATES, roomsSetup } from '../testing/rooms.ts';
import { player, record } from '../testing/social.ts';
import { Rooms } from './rooms.ts';

const [alice, bob, carol] = [player('alice'), player('bob'), player('carol')];
const guest = player('g1', true);
const terms = { variant: 'xiangqi', clock: { kind: 'fischer', minutes: 3, increment: 2 }, rated: false, color: 'first' } as const;
const of = <T extends ServerMessage['t']>(ms: ServerMessage[], t: T) => ms.filter((m): m is Extract<ServerMessage, { t: T }> => m.t === t);
const idOf = <T extends { id: string }>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): string => {
  if (!r.ok) throw new Error(r.error.message);
  return r.value.id;
};
const memberIds = async (rooms: Rooms, id: string) => (await rooms.view(id))!.members.map((m) => m.id);

describe.each(ROOMS_STATES)('rooms (%s)', (kind) => {
  it('members see each other come and go; only members chat', async () => {
    const s = await roomsSetup(kind, [alice, bob, carol]);
    const made = await s.rooms.create(alice, '  Câu lạc bộ <b>Hà Nội</b>\u202e ');
    const id = idOf(made);
    expect(made).toMatchObject({ value: { name: 'Câu lạc bộ <b>Hà Nội</b>', owner: { id: 'alice' }, members: [], games: [], challenges: [] } });
    const topic = record(s.bus, roomTopic(id));
    expect((await s.rooms.join(id, alice)).ok).toBe(true);
    expect((await s.rooms.join(id, alice)).ok).toBe(true); // a second tab
    expect((await s.rooms.join(id, bob)).ok).toBe(true);
    expect(
      of(topic, 'room-members')
        .at(-1)!
        .members.map((m) => m.id),
    ).toEqual(['alice', 'bob']);
    expect(await s.rooms.say(id, carol, 'hi')).toMatchObject({ ok: false, error: { code: 'room.not-member' } });
    expect((await s.rooms.say(id, bob, 'chào cả nhà')).ok).toBe(true);
    expect(of(topic, 'chat').at(-1)).toMatchObject({ room: id, user: { id: 'bob' }, text: 'chào cả nhà' });
    await s.rooms.leave(id, 'alice');
    expect(await memberIds(s.rooms, id)).toEqual(['alice', 'bob']);
    await s.rooms.leave(id, 'alice');
    expect(await memberIds(s.rooms, id)).toEqual(['bob']);
    expect(await s.rooms.join('nosuchroom', bob)).toMatchObject({ ok: false, error: { code: 'room.not-found' } });
  });

  it('a challenge within the room starts a game; the room lists it until it ends', async () => {
    const s = await roomsSetup(kind, [alice, bob, carol, guest]);
    const made = await s.rooms.create(alice);
    const id = idOf(made);
    expect(made).toMatchObject({ value: { name: 'Phòng của alice' } });
    for (const u of [alice, bob, carol, guest]) await s.rooms.join(id, u);
    const topic = record(s.bus, roomTopic(id));
    const [toAlice, toBob] = [record(s.bus, userTopic('alice')), record(s.bus, userTopic('bob'))];

    expect(await s.rooms.challenge(id, alice, { ...terms, rated: true }, 'g1')).toMatchObject({ ok: false, error: { code: 'game.rated-guest' } });
    expect(await s.rooms.challenge(id, alice, terms, 'nobody')).toMatchObject({ ok: false, error: { code: 'room.not-member' } });
    const ch = await s.rooms.challenge(id, alice, terms, 'bob');
    const chId = idOf(ch);
    expect(of(topic, 'room-challenges').at(-1)!.challenges).toEqual([ch.ok && ch.value]);
    expect(await s.rooms.accept(id, carol, chId)).toMatchObject({ ok: false, error: { code: 'game.forbidden' } });
    const acc = await s.rooms.accept(id, bob, chId);
    if (!acc.ok) throw new Error(acc.error.message);
    const game = acc.value.game;
    expect(of(toAlice, 'paired')).toEqual([{ t: 'paired', game, side: 'first', opponent: { id: 'bob', name: 'bob', guest: false }, via: 'room' }]);
    expect(of(toBob, 'paired')[0]).toMatchObject({ game, side: 'second', via: 'room' });
    expect((await s.rooms.view(id))!.games).toEqual([{ id: game, variant: 'xiangqi', players: ['alice', 'bob'] }]);
    expect((await s.rooms.view(id))!.challenges).toEqual([]);

    // An open challenge: anyone but its author may take it; declining is for the author (withdraw).
    const open = idOf(await s.rooms.challenge(id, carol, terms));
    expect(await s.rooms.decline(id, 'alice', open)).toMatchObject({ ok: false, error: { code: 'game.forbidden' } });
    expect(await s.rooms.accept(id, carol, open)).toMatchObject({ ok: false, error: { code: 'challenge.self' } });
    expect((await s.rooms.decline(id, 'carol', open)).ok).toBe(true);

    // The game ends: it leaves the list.
    await s.games.act(game, 'bob', { type: 'resign' });
    await s.rooms.idle();
    expect((await s.rooms.view(id))!.games).toEqual([]);
    expect(of(topic, 'room-games').at(-1)!.games).toEqual([]);
  });

  it('a member who leaves takes their challenges along; a declined challenge is gone', async () => {
    const s = await roomsSetup(kind, [alice, bob]);
    const id = idOf(await s.rooms.create(alice));
    await s.rooms.join(id, alice);
    await s.rooms.join(id, bob);
    const a = idOf(await s.rooms.challenge(id, alice, terms, 'bob'));
    expect((await s.rooms.decline(id, 'bob', a)).ok).toBe(true);
    expect(await s.rooms.accept(id, bob, a)).toMatchObject({ ok: false, error: { code: 'challenge.not-found' } });
    expect((await s.rooms.challenge(id, alice, terms, 'bob')).ok).toBe(true);
    await s.rooms.leave(id, 'bob');
    expect((await s.rooms.view(id))!.challenges).toEqual([]);
  });

  it('a room empty for 10 minutes closes itself; anyone present keeps it open', async () => {
    const s = await roomsSetup(kind, [alice, bob]);
    const id = idOf(await s.rooms.create(alice));
    const topic = record(s.bus, roomTopic(id));
    s.time.advance(9 * 60_000);
    await s.rooms.join(id, bob);
    s.time.advance(60 * 60_000);
    expect(await s.rooms.view(id)).not.toBeNull();
    await s.rooms.say(id, bob, 'bye');
    await s.rooms.leave(id, 'bob');
    s.time.advance(10 * 60_000 - 1);
    await s.rooms.idle();
    expect(await s.rooms.view(id)).not.toBeNull();
    s.time.advance(1);
    await s.rooms.idle();
    expect(await s.rooms.view(id)).toBeNull();
    expect(of(topic, 'room-closed')).toEqual([{ t: 'room-closed', room: id }]);
    expect(s.chat.log({ room: id })).toEqual([]);
    // A fresh room nobody ever enters closes too.
    const other = idOf(await s.rooms.create(bob));
    s.time.advance(10 * 60_000);
    await s.rooms.idle();
    expect(await s.rooms.view(other)).toBeNull();
  });

  it('a room left empty and visited again closes 10 minutes after its last visitor left, not its first', async () => {
    const s = await roomsSetup(kind, [alice, bob]);
    const id = idOf(await s.rooms.create(alice));
    await s.rooms.join(id, bob);
    await s.rooms.leave(id, 'bob');
    s.time.advance(5 * 60_000);
    await s.rooms.join(id, alice);
    await s.rooms.leave(id, 'alice');
    s.time.advance(5 * 60_000);
    await s.rooms.idle();
    expect(await s.rooms.view(id)).not.toBeNull();
    s.time.advance(5 * 60_000);
    await s.rooms.idle();
    expect(await s.rooms.view(id)).toBeNull();
  });

  it('at most 5 rooms per owner', async () => {
    const s = await roomsSetup(kind, [alice]);
    for (let i = 0; i < 5; i++) expect((await s.rooms.create(alice)).ok).toBe(true);
    expect(await s.rooms.create(alice)).toMatchObject({ ok: false, error: { code: 'room.too-many' } });
  });

  it('a member on two nodes stays until their last socket in the club leaves; a dead node’s sockets are purged', async () => {
    const s = await roomsSetup(kind, [alice, bob]);
    // A second node over the same state (in memory, the same object).
    const other = new Rooms({ bus: s.bus, clock: s.time, timers: s.time, games: s.games, chat: s.chat, state: s.roomsState, member: () => 'n2|1' });
    const id = idOf(await s.rooms.create(alice));
    await s.rooms.join(id, alice);
    await other.join(id, alice);
    await other.join(id, bob);
    await s.rooms.leave(id, 'alice');
    expect(await memberIds(s.rooms, id)).toEqual(['alice', 'bob']);
    await other.join(id, alice); // a second socket on node 2
    await s.rooms.purge('n2|1');
    expect(await memberIds(s.rooms, id)).toEqual([]);
    other.close();
  });
});
