/**
 * The bell side of a room's challenges to a named member: the challenge
 * rings the target's bell on any page (it is answered in the room, where the
 * notification leads), and its end (accepted, declined, withdrawn, or gone
 * with a member who left the room) updates that same notification, quietly,
 * so that the bell on every page of every node stops offering it. The rooms
 * (one node's, or the club's in Redis) report each end; whichever node
 * removed the challenge sends the update, through the stored notification
 * and the target's bus topic, so no node keeps anything.
 */
import { describeClock } from '@youzai/game';
import type { NotificationData, RoomChallenge } from '@youzai/protocol';
import { clockFromSpec } from '../service/game-service.ts';
import type { Notifier } from './notifier.ts';

/** How a room's challenge ended. */
export type RoomChallengeEnd = 'accepted' | 'declined' | 'withdrawn' | 'expired';

/** The notification id of a room's challenge. */
export const roomChallengeNoticeId = (challengeId: string): string => `room:${challengeId}`;

const termsOf = (room: string, c: RoomChallenge): NotificationData => ({
  from: { id: c.from.id, name: c.from.name },
  variant: c.variant,
  clock: describeClock(clockFromSpec(c.clock)),
  rated: c.rated,
  url: `/rooms/${room}`,
});

export class RoomChallengeNotices {
  constructor(private readonly notifier: Notifier) {}

  /** A challenge to a named member: their bell rings. */
  async opened(room: string, c: RoomChallenge): Promise<void> {
    if (!c.to) return;
    await this.notifier.send(c.to.id, { kind: 'challenge', id: roomChallengeNoticeId(c.id), data: { ...termsOf(room, c), state: 'open' } });
  }

  /** The challenge is gone: the target's notification says how, without ringing. Never throws. */
  readonly ended = (room: string, c: RoomChallenge, state: RoomChallengeEnd): void => {
    if (!c.to) return;
    void this.notifier.send(c.to.id, { kind: 'challenge', id: roomChallengeNoticeId(c.id), data: { ...termsOf(room, c), state }, quiet: true });
  };
}

/** How a challenge went when `leaver` left the room: its author's leaving withdraws it; its target's lets it lapse. */
export const endByLeaving = (c: RoomChallenge, leaver: string): RoomChallengeEnd => (c.from.id === leaver ? 'withdrawn' : 'expired');
