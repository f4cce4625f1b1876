/**
 * TV channels (issue 33, item 8.3), as lichess has one per game and speed:
 * `best` (every live game), one per game (its variant) and one per speed
 * (its clock: @youzai/game speedOf). Each channel shows its best-rated live
 * game: the mean rating of its human players (one without a rating counts
 * as a newcomer's 1500; a computer seat does not count), then the most
 * watched, then the most recently moved. Pure: the ratings are given.
 */
import { DEFAULT_RATING, SPEEDS, speedOf, type Speed } from '@youzai/game';
import type { GameSummary } from '@youzai/protocol';
import { VARIANT_KEYS, type VariantKey } from '@youzai/rules';

export type TvChannel = 'best' | VariantKey | Speed;
export const TV_CHANNELS: readonly TvChannel[] = ['best', ...VARIANT_KEYS, ...SPEEDS];

export function isTvChannel(s: string): s is TvChannel {
  return (TV_CHANNELS as readonly string[]).includes(s);
}

/** A live game with its players' ratings in its game (null: a computer seat or an empty one). */
export interface TvCandidate {
  readonly game: GameSummary;
  readonly ratings: readonly [number | null, number | null];
}

/** One channel as `GET /api/tv` lists it: its game now (null: none), the players' names and its rating. */
export interface TvChannelView {
  readonly channel: TvChannel;
  readonly game: string | null;
  readonly players: readonly [string | null, string | null] | null;
  readonly rating: number | null;
}

export function inChannel(g: GameSummary, channel: TvChannel): boolean {
  if (channel === 'best') return true;
  if ((VARIANT_KEYS as readonly string[]).includes(channel)) return g.variant === channel;
  return speedOf(g.clock) === channel;
}

/** The mean rating of a game's human players, rounded; null with none. */
export function gameRating(c: TvCandidate): number | null {
  const known = c.game.seats.flatMap((s, i) => (s && s.kind === 'human' ? [c.ratings[i] ?? DEFAULT_RATING.rating] : []));
  return known.length ? Math.round(known.reduce((a, b) => a + b, 0) / known.length) : null;
}

/** The channel's game: the best-rated, then the most watched, then the latest move. */
export function channelGame(games: readonly TvCandidate[], channel: TvChannel): TvCandidate | null {
  let best: TvCandidate | null = null;
  let bestKey: [number, number, number] | null = null;
  for (const c of games) {
    if (!inChannel(c.game, channel)) continue;
    const key: [number, number, number] = [gameRating(c) ?? -1, c.game.spectators, c.game.lastMoveAt];
    if (!bestKey || key[0] > bestKey[0] || (key[0] === bestKey[0] && (key[1] > bestKey[1] || (key[1] === bestKey[1] && key[2] > bestKey[2])))) {
      best = c;
      bestKey = key;
    }
  }
  return best;
}

export function tvChannels(games: readonly TvCandidate[]): TvChannelView[] {
  return TV_CHANNELS.map((channel) => {
    const c = channelGame(games, channel);
    return {
      channel,
      game: c?.game.id ?? null,
      players: c ? [c.game.seats[0]?.name ?? null, c.game.seats[1]?.name ?? null] : null,
      rating: c ? gameRating(c) : null,
    };
  });
}

/** How many live games the channels choose from (the most watched first). */
export const TV_GAMES = 500;

/** The live games with their players' ratings in each game's variant, each player's read once. */
export async function tvCandidates(
  games: readonly GameSummary[],
  ratingsOf: (userId: string) => Promise<readonly { variant: string; rating: number }[]>,
): Promise<TvCandidate[]> {
  const read = new Map<string, Promise<readonly { variant: string; rating: number }[]>>();
  const of = (userId: string) => {
    let p = read.get(userId);
    if (!p) {
      p = ratingsOf(userId);
      read.set(userId, p);
    }
    return p;
  };
  return Promise.all(
    games.map(async (game) => {
      const [a, b] = await Promise.all(
        game.seats.map(async (s) => (s && s.kind === 'human' ? ((await of(s.userId)).find((r) => r.variant === game.variant)?.rating ?? null) : null)),
      );
      return { game, ratings: [a ?? null, b ?? null] as const };
    }),
  );
}

/** How long a node serves the channels it worked out (each look reads up to 2 × TV_GAMES players' ratings). */
export const TV_MEMO_MS = 2000;

/**
 * The channels, worked out at most once per TV_MEMO_MS per node (keyed by the node's games port): every visitor of
 * /tv asked for all the live games' ratings before. Time is the caller's clock.
 */
const tvMemo = new WeakMap<object, { at: number; value: Promise<TvChannelView[]> }>();
export function memoTvChannels(key: object, now: number, compute: () => Promise<TvChannelView[]>): Promise<TvChannelView[]> {
  const kept = tvMemo.get(key);
  if (kept && now - kept.at < TV_MEMO_MS) return kept.value;
  const value = compute();
  tvMemo.set(key, { at: now, value });
  value.catch(() => tvMemo.get(key)?.value === value && tvMemo.delete(key));
  return value;
}
