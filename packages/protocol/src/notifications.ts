/**
 * Notifications as they travel: the kinds a player can receive (and turn
 * off), what each carries, and the reasons a challenge can be declined with.
 * The client words them from `kind` and `data` in the reader's language;
 * `text` (both languages) is for kinds whose words come from the sender
 * (moderators, tournament directors).
 */
import type { Side } from '@youzai/rules';

export const NOTIFICATION_KINDS = ['challenge', 'challenge-answer', 'rematch', 'game-started', 'your-turn', 'tournament', 'moderation'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
/** Kinds a player cannot turn off (a moderator's message must reach them). */
export const ALWAYS_ON_KINDS: readonly NotificationKind[] = ['moderation'];

export const DECLINE_REASONS = ['generic', 'later', 'time-control', 'variant', 'rated', 'casual'] as const;
export type DeclineReason = (typeof DECLINE_REASONS)[number];

export interface NotificationData {
  /** The game it is about: the bell opens it. */
  readonly game?: string;
  /** Where else the bell leads (a tournament, a profile); a path of this site. */
  readonly url?: string;
  /** Who it comes from. */
  readonly from?: { readonly id: string; readonly name: string };
  /** Words given by the sender, in both languages. */
  readonly text?: { readonly vi: string; readonly en: string };
  /** A challenge's terms, or the game's. */
  readonly variant?: string;
  readonly clock?: string;
  readonly rated?: boolean;
  /** A challenge: when it expires; its state once answered. */
  readonly expiresAt?: number;
  readonly state?: 'open' | 'accepted' | 'declined' | 'expired' | 'withdrawn';
  readonly reason?: DeclineReason;
  /** More, for other senders (a tournament id...). Plain JSON. */
  readonly [extra: string]: unknown;
}

export interface NotificationView {
  /** Unique per player: a later notification with the same id replaces the earlier. */
  readonly id: string;
  readonly kind: NotificationKind;
  readonly data: NotificationData;
  readonly createdAt: number;
  /** null while unread. */
  readonly readAt: number | null;
}

/** An ongoing game as a player's lists show it ("my games", what a followed player plays). */
export interface OngoingGame {
  readonly id: string;
  readonly variant: string;
  readonly rated: boolean;
  /** Names, first side then second. */
  readonly players: readonly [string | null, string | null];
  readonly ids: readonly [string | null, string | null];
  readonly plies: number;
  /** The side to move, by name (as every side on the wire). */
  readonly turn: Side;
  /** Whether it is the reader's move (false for a game the reader does not play). */
  readonly yourTurn: boolean;
  /** The game's clock (ClockConfig), null when unknown. */
  readonly clock: unknown;
  /** Days per move: its turn changes are told live (a live game's only its start and end). */
  readonly correspondence: boolean;
  readonly updatedAt: number;
}

/** A player one follows: online anywhere in the club, and the live games they play (at most 3). */
export interface FollowedPlayer {
  readonly id: string;
  readonly name: string;
  readonly online: boolean;
  readonly playing: readonly OngoingGame[];
}
