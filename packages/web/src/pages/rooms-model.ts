/**
 * A room page's state and its pure updates (rooms.ts renders it and forwards
 * events): the room as the server last sent it (members, challenges, live
 * games), whether it has closed, and the page's decisions as data: whom a
 * challenge may name, which buttons a challenge row offers its reader.
 */
import type { PlayerTag, RoomChallenge, RoomView, ServerMessage } from '@youzai/protocol';

/** Why the room offers nothing any more: it closed, or joining it was refused (the view words it). */
export type RoomClosed = { readonly kind: 'closed' } | { readonly kind: 'refused'; readonly code: string; readonly message: string };

export interface RoomPageState {
  /** null until the first snapshot (the socket's or the HTTP read). */
  readonly room: RoomView | null;
  readonly closed: RoomClosed | null;
}

export function initialRoomState(): RoomPageState {
  return { room: null, closed: null };
}

/** The room read over HTTP: the socket's snapshot is newer when it came first. */
export function roomRead(s: RoomPageState, room: RoomView): RoomPageState {
  return s.room ? s : { ...s, room };
}

export function roomClosed(s: RoomPageState, closed: RoomClosed): RoomPageState {
  return { ...s, closed };
}

/** A socket frame about room `id` (the snapshot, its parts, its closing, a refused join); any other leaves `s` as it is. */
export function roomMessage(s: RoomPageState, msg: ServerMessage, id: string): RoomPageState {
  switch (msg.t) {
    case 'room':
      return msg.room.id === id ? { ...s, room: msg.room } : s;
    // The parts change a snapshot: before one they are dropped (the snapshot that follows has them).
    case 'room-members':
      return msg.room === id && s.room ? { ...s, room: { ...s.room, members: msg.members } } : s;
    case 'room-games':
      return msg.room === id && s.room ? { ...s, room: { ...s.room, games: msg.games } } : s;
    case 'room-challenges':
      return msg.room === id && s.room ? { ...s, room: { ...s.room, challenges: msg.challenges } } : s;
    case 'room-closed':
      return msg.room === id ? roomClosed(s, { kind: 'closed' }) : s;
    case 'error':
      // A refused room-join has no request id to match: the codes say it is about a room.
      if (msg.id === undefined && (msg.code === 'room.not-found' || msg.code === 'room.full')) {
        return roomClosed(s, { kind: 'refused', code: msg.code, message: msg.message });
      }
      return s;
    default:
      return s;
  }
}

const isMe = (p: PlayerTag | null, me: string | null): boolean => p !== null && me !== null && p.id === me;

/** Whom a challenge may name: every member but the reader `me` (a user id). */
export function challengeTargets(members: readonly PlayerTag[], me: string | null): PlayerTag[] {
  return members.filter((m) => !isMe(m, me));
}

/** The target picked in the form, kept while that member is still here; '' (anyone) otherwise. */
export function keptTarget(members: readonly PlayerTag[], picked: string, me: string | null): string {
  return challengeTargets(members, me).some((m) => m.id === picked) ? picked : '';
}

/** Whether the reader may challenge member `m` from its row (not themselves, not in a closed room). */
export function canChallenge(m: PlayerTag, me: string | null, closed: boolean): boolean {
  return !isMe(m, me) && !closed;
}

export type ChallengeAction = 'withdraw' | 'accept' | 'decline';

/**
 * A challenge as its reader `me` sees it: `mine` (made by the reader), `forMe` (open to anyone,
 * or naming the reader), and the buttons offered: withdraw one's own, accept one for me, decline
 * one naming me (an open one is left to others). A closed room offers none.
 */
export function challengeFor(
  c: RoomChallenge,
  me: string | null,
  closed: boolean,
): { readonly mine: boolean; readonly forMe: boolean; readonly actions: readonly ChallengeAction[] } {
  const mine = isMe(c.from, me);
  const forMe = c.to === null || isMe(c.to, me);
  let actions: readonly ChallengeAction[] = [];
  if (!closed && mine) actions = ['withdraw'];
  else if (!closed && forMe) actions = c.to === null ? ['accept'] : ['accept', 'decline'];
  return { mine, forMe, actions };
}
