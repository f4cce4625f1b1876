/** Rooms on fake time: members, chat, challenges that start games, the games listed, closing when empty. */
import { describe, expect, it } from 'vitest';
import type { ServerMessage } from '@youzai/protocol';
import { roomTopic, userTopic } from '../bus/topics.ts';
import { player, record, settle, socialSetup } from '../testing/social.ts';

const [alice, bob, carol] = [player('alice'), player('bob'), player('carol')];
const guest = player('g1', true);
const terms = { variant: 'xiangqi', clock: { kind: 'fischer', minutes: 3, increment: 2 }, rated: false, color: 'first' } as const;
const of = <T extends ServerMessage['t']>(ms: ServerMessage[], t: T) => ms.filter((m): m is Extract<ServerMessage, { t: T }> => m.t === t);

describe('rooms', () => {
  it('members see each other come and go; only members chat', async () => {
    const s = await socialSetup([alice, bob, carol]);
    const made = s.rooms.create(alice, '  Câu lạc bộ <b>Hà Nội</b>\u202e ');
    if (!made.ok) throw new Error(made.error.message);
    const id = made.value.id;
    expect(made.value).toMatchObject({ name: 'Câu lạc bộ <b>Hà Nội</b>', owner: { id: 'alice' }, members: [], games: [], challenges: [] });
    const topic = record(s.bus, roomTopic(id));
    expect(s.rooms.join(id, alice).ok).toBe(true);
    expect(s.rooms.join(id, alice).ok).toBe(true); // a second tab
    expect(s.rooms.join(id, bob).ok).toBe(true);
    expect(
      of(topic, 'room-members')
        .at(-1)!
        .members.map((m) => m.id),
    ).toEqual(['alice', 'bob']);
    expect(await s.rooms.say(id, carol, 'hi')).toMatchObject({ ok: false, error: { code: 'room.not-member' } });
    expect((await s.rooms.say(id, bob, 'chào cả nhà')).ok).toBe(true);
    expect(of(topic, 'chat').at(-1)).toMatchObject({ room: id, user: { id: 'bob' }, text: 'chào cả nhà' });
    s.rooms.leave(id, 'alice');
    expect(s.rooms.view(id)!.members.map((m) => m.id)).toEqual(['alice', 'bob']);
    s.rooms.leave(id, 'alice');
    expect(s.rooms.view(id)!.members.map((m) => m.id)).toEqual(['bob']);
    expect(s.rooms.join('nosuchroom', bob)).toMatchObject({ ok: false, error: { code: 'room.not-found' } });
  });

  it('a challenge within the room starts a game; the room lists it until it ends', async () => {
    const s = await socialSetup([alice, bob, carol, guest]);
    const made = s.rooms.create(alice);
    if (!made.ok) throw new Error(made.error.message);
    const id = made.value.id;
    expect(made.value.name).toBe('Phòng của alice');
    for (const u of [alice, bob, carol, guest]) s.rooms.join(id, u);
    const topic = record(s.bus, roomTopic(id));
    const [toAlice, toBob] = [record(s.bus, userTopic('alice')), record(s.bus, userTopic('bob'))];

    expect(s.rooms.challenge(id, alice, { ...terms, rated: true }, 'g1')).toMatchObject({ ok: false, error: { code: 'game.rated-guest' } });
    expect(s.rooms.challenge(id, alice, terms, 'nobody')).toMatchObject({ ok: false, error: { code: 'room.not-member' } });
    const ch = s.rooms.challenge(id, alice, terms, 'bob');
    if (!ch.ok) throw new Error(ch.error.message);
    expect(of(topic, 'room-challenges').at(-1)!.challenges).toEqual([ch.value]);
    expect(await s.rooms.accept(id, carol, ch.value.id)).toMatchObject({ ok: false, error: { code: 'game.forbidden' } });
    const acc = await s.rooms.accept(id, bob, ch.value.id);
    if (!acc.ok) throw new Error(acc.error.message);
    const game = acc.value.game;
    expect(of(toAlice, 'paired')).toEqual([{ t: 'paired', game, side: 'first', opponent: { id: 'bob', name: 'bob', guest: false }, via: 'room' }]);
    expect(of(toBob, 'paired')[0]).toMatchObject({ game, side: 'second', via: 'room' });
    expect(s.rooms.view(id)!.games).toEqual([{ id: game, variant: 'xiangqi', players: ['alice', 'bob'] }]);
    expect(s.rooms.view(id)!.challenges).toEqual([]);

    // An open challenge: anyone but its author may take it; declining is for the author (withdraw).
    const open = s.rooms.challenge(id, carol, terms);
    if (!open.ok) throw new Error(open.error.message);
    expect(s.rooms.decline(id, 'alice', open.value.id)).toMatchObject({ ok: false, error: { code: 'game.forbidden' } });
    expect(await s.rooms.accept(id, carol, open.value.id)).toMatchObject({ ok: false, error: { code: 'challenge.self' } });
    expect(s.rooms.decline(id, 'carol', open.value.id).ok).toBe(true);

    // The game ends: it leaves the list.
    await s.games.act(game, 'bob', { type: 'resign' });
    expect(s.rooms.view(id)!.games).toEqual([]);
    expect(of(topic, 'room-games').at(-1)!.games).toEqual([]);
  });

  it('a member who leaves takes their challenges along; a declined challenge is gone', async () => {
    const s = await socialSetup([alice, bob]);
    const made = s.rooms.create(alice);
    if (!made.ok) throw new Error(made.error.message);
    const id = made.value.id;
    s.rooms.join(id, alice);
    s.rooms.join(id, bob);
    const a = s.rooms.challenge(id, alice, terms, 'bob');
    if (!a.ok) throw new Error(a.error.message);
    expect(s.rooms.decline(id, 'bob', a.value.id).ok).toBe(true);
    expect(await s.rooms.accept(id, bob, a.value.id)).toMatchObject({ ok: false, error: { code: 'challenge.not-found' } });
    s.rooms.challenge(id, alice, terms, 'bob');
    s.rooms.leave(id, 'bob');
    expect(s.rooms.view(id)!.challenges).toEqual([]);
  });

  it('a room empty for 10 minutes closes itself; anyone present keeps it open', async () => {
    const s = await socialSetup([alice, bob]);
    const made = s.rooms.create(alice);
    if (!made.ok) throw new Error(made.error.message);
    const id = made.value.id;
    const topic = record(s.bus, roomTopic(id));
    s.time.advance(9 * 60_000);
    s.rooms.join(id, bob);
    s.time.advance(60 * 60_000);
    expect(s.rooms.view(id)).not.toBeNull();
    await s.rooms.say(id, bob, 'bye');
    s.rooms.leave(id, 'bob');
    s.time.advance(10 * 60_000 - 1);
    expect(s.rooms.view(id)).not.toBeNull();
    s.time.advance(1);
    expect(s.rooms.view(id)).toBeNull();
    expect(of(topic, 'room-closed')).toEqual([{ t: 'room-closed', room: id }]);
    expect(s.chat.log({ room: id })).toEqual([]);
    // A fresh room nobody ever enters closes too.
    const other = s.rooms.create(bob);
    s.time.advance(10 * 60_000);
    expect(other.ok && s.rooms.view(other.value.id)).toBeNull();
    await settle();
  });

  it('at most 5 rooms per owner', async () => {
    const s = await socialSetup([alice]);
    for (let i = 0; i < 5; i++) expect(s.rooms.create(alice).ok).toBe(true);
    expect(s.rooms.create(alice)).toMatchObject({ ok: false, error: { code: 'room.too-many' } });
  });
});
