import { describe, expect, it } from 'vitest';
import type { PlayerTag, RoomChallenge, RoomView, ServerMessage } from '@youzai/protocol';
import { canChallenge, challengeFor, challengeTargets, initialRoomState, keptTarget, roomClosed, roomMessage, roomRead } from './rooms-model.ts';

const tag = (id: string): PlayerTag => ({ id, name: id.toUpperCase(), guest: false });
const room = (id: string, members: PlayerTag[] = [tag('ann')]): RoomView => ({
  id,
  name: `room ${id}`,
  owner: tag('ann'),
  members,
  games: [],
  challenges: [],
  createdAt: 1,
});
const challenge = (from: string, to: string | null): RoomChallenge => ({
  id: 'c1',
  from: tag(from),
  to: to === null ? null : tag(to),
  variant: 'xiangqi',
  clock: { kind: 'fischer', minutes: 5, increment: 3 },
  rated: false,
  color: 'random',
});
const msg = (m: object) => m as ServerMessage;

describe('the room page model', () => {
  it("takes this room's snapshot from the socket; the HTTP read only when none came first", () => {
    const s0 = initialRoomState();
    expect(roomMessage(s0, msg({ t: 'room', room: room('other') }), 'r1')).toBe(s0);
    const sock = roomMessage(s0, msg({ t: 'room', room: room('r1', [tag('ann'), tag('bo')]) }), 'r1');
    expect(sock.room?.members.map((m) => m.id)).toEqual(['ann', 'bo']);
    expect(roomRead(sock, room('r1'))).toBe(sock);
    expect(roomRead(s0, room('r1')).room?.id).toBe('r1');
  });

  it("replaces a part of this room's snapshot; a part before any snapshot, or of another room, is dropped", () => {
    const s0 = initialRoomState();
    const members = msg({ t: 'room-members', room: 'r1', members: [tag('cy')] });
    expect(roomMessage(s0, members, 'r1')).toBe(s0);
    const s1 = roomRead(s0, room('r1'));
    expect(roomMessage(s1, members, 'r1').room?.members).toEqual([tag('cy')]);
    expect(roomMessage(s1, msg({ t: 'room-members', room: 'r2', members: [] }), 'r1')).toBe(s1);
    const games = [{ id: 'g1', variant: 'xiangqi', players: ['ANN', 'BO'] }];
    const withGames = roomMessage(s1, msg({ t: 'room-games', room: 'r1', games }), 'r1');
    expect(withGames.room).toMatchObject({ games, members: s1.room?.members });
    const withChallenge = roomMessage(withGames, msg({ t: 'room-challenges', room: 'r1', challenges: [challenge('ann', null)] }), 'r1');
    expect(withChallenge.room?.challenges.map((c) => c.id)).toEqual(['c1']);
    expect(withChallenge.room?.games).toBe(withGames.room?.games);
  });

  it('closes on its closing or a refused join (an error with no request id and a room code); other errors leave it open', () => {
    const s1 = roomRead(initialRoomState(), room('r1'));
    expect(roomMessage(s1, msg({ t: 'room-closed', room: 'r2' }), 'r1')).toBe(s1);
    expect(roomMessage(s1, msg({ t: 'room-closed', room: 'r1' }), 'r1').closed).toEqual({ kind: 'closed' });
    const full = msg({ t: 'error', code: 'room.full', message: 'full' });
    expect(roomMessage(s1, full, 'r1').closed).toEqual({ kind: 'refused', code: 'room.full', message: 'full' });
    expect(roomMessage(s1, msg({ t: 'error', id: 3, code: 'room.full', message: 'full' }), 'r1')).toBe(s1);
    expect(roomMessage(s1, msg({ t: 'error', code: 'game.not-found', message: 'x' }), 'r1')).toBe(s1);
    expect(roomClosed(initialRoomState(), { kind: 'closed' })).toEqual({ room: null, closed: { kind: 'closed' } });
  });

  it('a challenge names anyone but the reader; the pick stays while that member is here', () => {
    const members = [tag('ann'), tag('bo'), tag('cy')];
    expect(challengeTargets(members, 'ann').map((m) => m.id)).toEqual(['bo', 'cy']);
    expect(challengeTargets(members, null).map((m) => m.id)).toEqual(['ann', 'bo', 'cy']);
    expect(keptTarget(members, 'bo', 'ann')).toBe('bo');
    expect(keptTarget([tag('ann'), tag('cy')], 'bo', 'ann')).toBe('');
    expect(keptTarget(members, 'ann', 'ann')).toBe('');
    expect(canChallenge(tag('bo'), 'ann', false)).toBe(true);
    expect(canChallenge(tag('ann'), 'ann', false)).toBe(false);
    expect(canChallenge(tag('bo'), 'ann', true)).toBe(false);
  });

  it("offers withdrawing one's own challenge, accepting one for the reader, declining only one that names them", () => {
    expect(challengeFor(challenge('ann', 'bo'), 'ann', false)).toEqual({ mine: true, forMe: false, actions: ['withdraw'] });
    expect(challengeFor(challenge('ann', 'bo'), 'bo', false)).toEqual({ mine: false, forMe: true, actions: ['accept', 'decline'] });
    expect(challengeFor(challenge('ann', null), 'bo', false)).toEqual({ mine: false, forMe: true, actions: ['accept'] });
    expect(challengeFor(challenge('ann', 'bo'), 'cy', false)).toEqual({ mine: false, forMe: false, actions: [] });
    expect(challengeFor(challenge('ann', 'bo'), 'bo', true).actions).toEqual([]);
    expect(challengeFor(challenge('ann', null), null, false)).toEqual({ mine: false, forMe: true, actions: ['accept'] });
  });
});
