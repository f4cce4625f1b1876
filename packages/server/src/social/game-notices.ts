/**
 * What players are told about games, from each stored change of a game on
 * the node that decides it: a challenge to them (and its end), the answer
 * to their challenge, a game of theirs that started while they waited, and
 * their turn in a correspondence game. The notifier stores and pushes each
 * one, so it reaches a player on any page of any node.
 */
import { describeClock, type GameData } from '@youzai/game';
import type { DeclineReason, NotificationData } from '@youzai/protocol';
import type { StoredExtras } from '../service/actor.ts';
import type { GameChange } from '../service/game-service.ts';
import type { GameRow } from '../store/types.ts';
import type { Notifier } from './notifier.ts';

/** The notification id of a challenge, the same for the challenged player and the challenger's answer. */
export const challengeNoticeId = (gameId: string): string => `challenge:${gameId}`;
export const turnNoticeId = (gameId: string): string => `turn:${gameId}`;

interface Stored {
  readonly game: GameData;
  readonly extras: StoredExtras;
}

const storedOf = (row: GameRow): Stored | null => {
  const d = row.data as Partial<Stored> | null;
  return d?.game && d.extras ? (d as Stored) : null;
};

/** Whether a game's clock counts days per move. */
export const isCorrespondence = (g: GameData): boolean => (g.setup.clock as { kind: string }).kind === 'correspondence';

export class GameNotices {
  constructor(private readonly notifier: Notifier) {}

  /** Hears one change; never throws (the notifier swallows its own failures). */
  readonly onChange = (c: GameChange): void => void this.handle(c);

  private async handle({ row, events, before }: GameChange): Promise<void> {
    const s = storedOf(row);
    if (!s) return;
    const g = s.game;
    const seats = g.seats;
    const creator = seats[0] ?? seats[1];
    const started = events.some((e) => e.type === 'started');
    const ended = events.some((e) => e.type === 'end');
    // Most changes are moves that tell no one: the terms (the clock put in words) are written only for a notice.
    if (!started && !ended && before !== null && !isCorrespondence(g)) return;
    const terms = { game: row.id, variant: g.setup.variant, clock: describeClock(g.setup.clock), rated: g.setup.rated };

    // A new challenge: the challenged player is told.
    if (before === null && s.extras.challenge && creator) {
      const ch = s.extras.challenge;
      await this.notifier.send(ch.userId, {
        kind: 'challenge',
        id: challengeNoticeId(row.id),
        data: { ...terms, from: { id: creator.userId, name: creator.name }, state: 'open', ...(ch.expiresAt ? { expiresAt: ch.expiresAt } : {}) },
      });
      return;
    }
    const ch = before?.challenge ?? null;
    if (ch && creator && creator.userId !== ch.userId) {
      const target = { id: ch.userId, name: ch.name };
      const from = { id: creator.userId, name: creator.name };
      if (started) {
        await this.closeChallenge(ch.userId, row.id, { ...terms, from, state: 'accepted' });
        await this.notifier.send(creator.userId, {
          kind: 'challenge-answer',
          id: challengeNoticeId(row.id),
          data: { ...terms, from: target, state: 'accepted' },
        });
        return;
      }
      if (ended && row.status === 'aborted') {
        const closed = s.extras.challenge?.closed ?? 'expired';
        const reason = s.extras.challenge?.reason as DeclineReason | undefined;
        await this.closeChallenge(ch.userId, row.id, { ...terms, from, state: closed });
        if (closed !== 'withdrawn') {
          await this.notifier.send(creator.userId, {
            kind: 'challenge-answer',
            id: challengeNoticeId(row.id),
            data: { ...terms, from: target, state: closed, ...(reason ? { reason } : {}) },
          });
        }
        return;
      }
    }
    // An invitation link taken: its creator, perhaps on another page, is told the game started.
    if (started && before?.invite && creator) {
      const joined = seats[0]?.userId === creator.userId ? seats[1] : seats[0];
      if (joined)
        await this.notifier.send(creator.userId, {
          kind: 'game-started',
          id: `started:${row.id}`,
          data: { ...terms, from: { id: joined.userId, name: joined.name } },
        });
      return;
    }
    // A correspondence game: the player to move is told it is their turn.
    if (isCorrespondence(g) && row.status === 'active' && events.some((e) => e.type === 'move')) {
      const turn = (row.plies % 2) as 0 | 1;
      const mover = seats[turn];
      const other = seats[turn === 0 ? 1 : 0];
      if (mover?.kind === 'human' && other) {
        await this.notifier.send(mover.userId, {
          kind: 'your-turn',
          id: turnNoticeId(row.id),
          data: { ...terms, from: { id: other.userId, name: other.name }, ply: row.plies },
        });
      }
    }
  }

  /** The challenged player's notification follows the challenge's fate, without ringing again. */
  private async closeChallenge(userId: string, gameId: string, data: NotificationData): Promise<void> {
    await this.notifier.send(userId, { kind: 'challenge', id: challengeNoticeId(gameId), data, quiet: true });
  }
}
