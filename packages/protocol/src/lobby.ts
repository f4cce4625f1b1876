/**
 * Lobby, rooms, chat and ratings as they travel: the shapes the server sends
 * and the quick-pairing pools both sides know by id.
 */
import type { VariantKey } from '@youzai/rules';
import type { ClockSpec } from './http.ts';

/** Longest chat line, in characters (code points), after the server's clean-up. */
export const CHAT_MAX_LENGTH = 300;

export const CHAT_CHANNELS = ['players', 'spectators'] as const;
export type ChatChannel = (typeof CHAT_CHANNELS)[number];

export const SEEK_COLORS = ['random', 'first', 'second'] as const;
export type SeekColor = (typeof SEEK_COLORS)[number];

/** A quick-pairing pool: one game and time control. */
export interface PoolSpec {
  readonly id: string;
  readonly variant: VariantKey;
  readonly clock: ClockSpec;
}

const fischer = (minutes: number, increment: number): ClockSpec => ({ kind: 'fischer', minutes, increment });

/** The pools offered: data, so that a new one is one line here. */
export const POOLS = [
  { id: 'xiangqi-3+2', variant: 'xiangqi', clock: fischer(3, 2) },
  { id: 'xiangqi-5+3', variant: 'xiangqi', clock: fischer(5, 3) },
  { id: 'xiangqi-10+5', variant: 'xiangqi', clock: fischer(10, 5) },
  { id: 'xiangqi-15+10', variant: 'xiangqi', clock: fischer(15, 10) },
  { id: 'janggi-5+3', variant: 'janggi', clock: fischer(5, 3) },
  { id: 'janggi-10+5', variant: 'janggi', clock: fischer(10, 5) },
  { id: 'janggi-10b3x30', variant: 'janggi', clock: { kind: 'byoyomi', minutes: 10, periods: 3, seconds: 30 } },
  { id: 'sittuyin-3+2', variant: 'sittuyin', clock: fischer(3, 2) },
  { id: 'sittuyin-5+3', variant: 'sittuyin', clock: fischer(5, 3) },
  { id: 'sittuyin-10+5', variant: 'sittuyin', clock: fischer(10, 5) },
] as const satisfies readonly PoolSpec[];
export type PoolId = (typeof POOLS)[number]['id'];
export const POOL_IDS = POOLS.map((p) => p.id) as [PoolId, ...PoolId[]];

/** A player as the lobby shows them. `id` is what `mute` and room challenges name. */
export interface PlayerTag {
  readonly id: string;
  readonly name: string;
  readonly guest: boolean;
}

/** A rating as shown: rounded, with the provisional mark ("?") while the deviation is high. */
export interface RatingTag {
  readonly rating: number;
  readonly deviation: number;
  readonly provisional: boolean;
}

export interface Seek {
  readonly id: string;
  readonly user: PlayerTag;
  /** The owner's rating in this variant (the default, provisional, if never rated). */
  readonly rating: RatingTag;
  readonly variant: VariantKey;
  readonly clock: ClockSpec;
  readonly rated: boolean;
  /** The owner's side. */
  readonly color: SeekColor;
  /** Ratings that may accept; null: anyone. */
  readonly range: { readonly min: number; readonly max: number } | null;
  readonly createdAt: number;
}

export interface LobbyCounters {
  /** Distinct players with at least one open socket. */
  readonly online: number;
  /** Distinct players with an open seek or waiting in a pool. */
  readonly seeking: number;
}

export interface PoolInfo extends PoolSpec {
  /** Players waiting in it now. */
  readonly waiting: number;
}

export interface ChatLine {
  readonly user: PlayerTag;
  /** Plain text: render it as text (textContent), never as HTML. */
  readonly text: string;
  readonly at: number;
}

/** Where a chat line belongs: a game's players or spectators, or a room. */
export type ChatTarget = { readonly game: string; readonly channel: ChatChannel } | { readonly room: string };

export interface RoomChallenge {
  readonly id: string;
  readonly from: PlayerTag;
  /** null: open to anyone in the room. */
  readonly to: PlayerTag | null;
  readonly variant: VariantKey;
  readonly clock: ClockSpec;
  readonly rated: boolean;
  readonly color: SeekColor;
}

export interface RoomGame {
  readonly id: string;
  readonly variant: string;
  readonly players: readonly [string, string];
}

export interface RoomView {
  readonly id: string;
  readonly name: string;
  readonly owner: PlayerTag;
  readonly members: readonly PlayerTag[];
  /** Live games started from the room, to watch. */
  readonly games: readonly RoomGame[];
  readonly challenges: readonly RoomChallenge[];
  readonly createdAt: number;
}

export interface RatingDiff {
  readonly userId: string;
  readonly before: RatingTag;
  readonly after: RatingTag;
  /** after − before, rounded. */
  readonly diff: number;
}
