/**
 * Colour allocation of a Swiss pair (FIDE C.04.3 section E), and the
 * colour criteria of the pairing (C.3 absolute, C.10-C.13 quality).
 */
import type { PrefStrength, Side, SwissCard } from './swiss-cards.ts';

const STRENGTH: Record<PrefStrength, number> = { absolute: 3, strong: 2, mild: 1, none: 0 };

/** Higher score first, then the lower pairing number (A.2). */
export const ranksAbove = (a: SwissCard, b: SwissCard): boolean => a.score > b.score || (a.score === b.score && a.tpn < b.tpn);

/**
 * Topscorers (A.7): in the last round only, players with more than half the maximum score possible so
 * far, that of the rounds already played ("Mastering the Dutch", 2026: 4.5 of 8 before a ninth round).
 */
export const isTopscorer = (c: SwissCard, finalRound: boolean, rounds: number): boolean => finalRound && c.score > (rounds - 1) / 2;

/** C.1 and C.3: may these two be paired at all? */
export function compatible(a: SwissCard, b: SwissCard, finalRound: boolean, rounds: number): boolean {
  if (a.opponents.has(b.id)) return false;
  if (a.pref.strength === 'absolute' && b.pref.strength === 'absolute' && a.pref.colour === b.pref.colour) {
    return isTopscorer(a, finalRound, rounds) || isTopscorer(b, finalRound, rounds);
  }
  return true;
}

/** The pair as [white, black] (E.1-E.5); `initial` is the colour the top seed gets in round 1. */
export function allocateColours(a: SwissCard, b: SwissCard, initial: Side = 'w'): [SwissCard, SwissCard] {
  const give = (p: SwissCard, colour: Side): [SwissCard, SwissCard] => (colour === 'w' ? [p, p === a ? b : a] : [p === a ? b : a, p]);
  const pa = a.pref;
  const pb = b.pref;
  // E.1: both preferences can be granted.
  if (pa.colour !== null && pa.colour !== pb.colour) return give(a, pa.colour);
  if (pb.colour !== null && pa.colour === null) return give(b, pb.colour);
  if (pa.colour !== null && pa.colour === pb.colour) {
    // E.2: the stronger preference; two absolute ones: the wider colour difference.
    if (STRENGTH[pa.strength] !== STRENGTH[pb.strength]) return give(STRENGTH[pa.strength] > STRENGTH[pb.strength] ? a : b, pa.colour);
    if (pa.strength === 'absolute' && Math.abs(a.cd) !== Math.abs(b.cd)) return give(Math.abs(a.cd) > Math.abs(b.cd) ? a : b, pa.colour);
    // E.3: alternate from the latest game in which they had different colours, counting games
    // played back from each one's latest (rounds without a game are left out).
    const ga = a.colours.filter((c): c is Side => c !== null);
    const gb = b.colours.filter((c): c is Side => c !== null);
    for (let k = 1; k <= Math.min(ga.length, gb.length); k++) {
      const ca = ga[ga.length - k]!;
      if (ca !== gb[gb.length - k]) return give(a, ca === 'w' ? 'b' : 'w');
    }
    // E.4: the higher-ranked player's preference.
    return give(ranksAbove(a, b) ? a : b, pa.colour);
  }
  // E.5: no preference at all: the higher-ranked player's pairing number decides.
  const top = ranksAbove(a, b) ? a : b;
  const other: Side = initial === 'w' ? 'b' : 'w';
  return give(top, (top.pairingNumber ?? top.tpn) % 2 === 1 ? initial : other);
}

/** What a pair costs on the colour criteria C.10-C.13, once its colours are allocated. */
export interface ColourCost {
  /** C.10: topscorers (or their opponents) whose colour difference goes past ±2. */
  readonly topDiff: number;
  /** C.11: topscorers (or their opponents) getting one colour a third time in a row. */
  readonly topThree: number;
  /** C.12: players who do not get their colour preference. */
  readonly pref: number;
  /** C.13: players who do not get a strong (or absolute) preference. */
  readonly strong: number;
}

export function colourCost(white: SwissCard, black: SwissCard, finalRound: boolean, rounds: number): ColourCost {
  let topDiff = 0;
  let topThree = 0;
  let pref = 0;
  let strong = 0;
  const top = isTopscorer(white, finalRound, rounds) || isTopscorer(black, finalRound, rounds);
  for (const [p, got] of [
    [white, 'w'],
    [black, 'b'],
  ] as const) {
    if (p.pref.colour !== null && p.pref.colour !== got) {
      pref++;
      if (p.pref.strength === 'strong' || p.pref.strength === 'absolute') strong++;
    }
    if (!top) continue;
    const cd = p.cd + (got === 'w' ? 1 : -1);
    if (Math.abs(cd) > 2) topDiff++;
    const played = p.colours.filter((c) => c !== null);
    if (played.length >= 2 && played[played.length - 1] === got && played[played.length - 2] === got) topThree++;
  }
  return { topDiff, topThree, pref, strong };
}
