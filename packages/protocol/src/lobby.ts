/**
 * Lobby, rooms, chat and ratings as they travel: the shapes the server sends
 * and the quick-pairing pools both sides know by id.
 */
import { GAMES, poolId, type VariantKey, type VariantModule } from '@youzai/rules';
import type { ClockSpec } from './http.ts';

/** Longest chat line, in characters (code points), after the server's clean-up. */
export const CHAT_MAX_LENGTH = 300;

export const CHAT_CHANNELS = ['players', 'spectators'] as const;
export type ChatChannel = (typeof CHAT_CHANNELS)[number];

export const SEEK_COLORS = ['random', 'first', 'second'] as const;
export type SeekColor = (typeof SEEK_COLORS)[number];

/** A quick-pairing pool: one game and time control. */
export interface PoolSpec<K extends string = VariantKey> {
  /** The game and its clock: `xiangqi-5+3`, `janggi-10b3x30` (poolId in @youzai/rules). */
  readonly id: string;
  readonly variant: K;
  readonly clock: ClockSpec;
}

/** The pools of these games: each game's descriptor lists its own (`clocks.pools`), in the order shown. */
export function poolsOf<K extends string>(games: readonly VariantModule<K>[]): PoolSpec<K>[] {
  return games.flatMap((g) => g.clocks.pools.map((clock) => ({ id: poolId(g.key, clock), variant: g.key, clock })));
}

/** The pools offered. */
export const POOLS: readonly PoolSpec[] = poolsOf(GAMES);
export type PoolId = string;
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

/** An open room as `GET /api/rooms` lists it. */
export interface RoomSummary {
  readonly id: string;
  readonly name: string;
  readonly owner: PlayerTag;
  /** Players present. */
  readonly members: number;
  /** Live games started from the room. */
  readonly games: number;
  readonly createdAt: number;
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
