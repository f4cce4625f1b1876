/**
 * Tables every package derives from the games' descriptors (VariantModule),
 * so that none keeps its own per-game list. Each takes the games as an
 * argument: the club passes GAMES, a test may pass a game of its own.
 */
import { VARIANT_KEYS, type VariantKey } from './types.ts';
import type { OfferedClock, VariantModule } from './variant.ts';
import { VARIANTS } from './variants/registry.ts';

/** Every game of the club, in VARIANT_KEYS order (the first is the default game). */
export const GAMES: readonly VariantModule<VariantKey>[] = VARIANT_KEYS.map((k) => VARIANTS[k]);

/** The game shown when a page names none. */
export const DEFAULT_VARIANT: VariantKey = VARIANT_KEYS[0];

/**
 * The roles a side may hold in hand, in the FEN hand order: those in the
 * start position's hand (Sittuyin places every piece but its pawns). Empty
 * for a game without a hand.
 */
export function pocketRoles(v: VariantModule): number[] {
  if (!v.hasHand) return [];
  const hand = /\[([A-Za-z]*)\]/.exec(v.startFen)?.[1] ?? '';
  const held = new Set([...hand.toLowerCase()]);
  const order = v.handOrder ?? v.roles.flatMap((info, r) => (info ? [r] : []));
  return order.filter((r) => {
    const letter = v.roles[r]?.letter;
    return letter !== undefined && held.has(letter);
  });
}

/** A pool's id: the game and its clock, `xiangqi-5+3`, `janggi-10b3x30`. */
export function poolId(key: string, clock: OfferedClock): string {
  return clock.kind === 'fischer' ? `${key}-${clock.minutes}+${clock.increment}` : `${key}-${clock.minutes}b${clock.periods}x${clock.seconds}`;
}

/** Pieces both sides hold at the start, for placement games (the plies the placement takes). */
export function startHandCount(v: VariantModule): number {
  return (/\[([A-Za-z]*)\]/.exec(v.startFen)?.[1] ?? '').length;
}
