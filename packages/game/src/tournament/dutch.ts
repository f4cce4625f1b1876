/**
 * Swiss pairing by the FIDE Dutch system (Handbook C.04.3, the text in force
 * from February 2026, criteria numbered C.1-C.21 as there).
 *
 * Exact: the answer does not depend on a search budget. As in bbpPairings
 * (the FIDE-endorsed program this is checked against; its method, our code),
 * each player is a vertex and each compatible pair (C.1, C.3) an edge whose
 * weight packs the criteria, most important in the highest bits; a
 * maximum-weight matching (weighted-matching.ts, Edmonds' blossom algorithm,
 * BigInt weights: they run to hundreds of bits) then meets them in order:
 * - C.4/C.5: everyone is paired but one player allowed the bye (C.2), of the
 *   lowest score possible (a first matching finds that score);
 * - C.6/C.7: the most pairs in the current bracket, then the highest scores
 *   among them; C.8: the same for the next bracket; C.9: the bye to one with
 *   the fewest unplayed games;
 * - C.10-C.13 colours, C.14-C.17 repeated floats (one and two rounds back),
 *   C.18-C.21 the scores of those floaters.
 * Brackets are settled from the top down. In each, the moved-down players to
 * pair are chosen (highest score, then rank, first), each takes the first
 * resident the criteria allow; in the remainder, exchanges are as few and as
 * small as the criteria allow (D.2, S1's lowest leave first, S2's highest
 * enter first), and each S1 player in order takes the first S2 player that
 * keeps the best weight (D.1, transpositions). Each choice is one more
 * matching with one player's edges nudged by the lowest bits; a choice once
 * made is fixed (the pair leaves the graph).
 *
 * Colours (E.1-E.5, swiss-colours.ts): E.5 reads the pairing number among the
 * players who take part so far: a player absent from round 1 who has never
 * been paired has none yet, so in round 1 colours alternate by rank among
 * those present (C.04.2's pairing numbers are the initial ranking of the
 * players in the tournament; one absent without having played is not yet in
 * it). Boards: by the higher-ranked player's score, the sum of scores, rank.
 *
 * Checked (dutch-reference*.test.ts, fixtures/dutch/*.trf generated and
 * paired by bbpPairings with draws, forfeits, absences and half-point byes):
 * every round of 289 tournaments of 6 to 200 players (2,206 rounds) paired
 * equal, pairs, colours and bye; and FIDE TEC's "Mastering the Dutch" nine
 * rounds (dutch.test.ts). Cost and figures: docs/swiss.md.
 *
 * This file is the outline and the round's result; the parts: what the
 * criteria read of each player (dutch-players.ts), the packed weights
 * (dutch-weights.ts), the bye (dutch-bye.ts) and the brackets
 * (dutch-brackets.ts).
 */
import { Brackets } from './dutch-brackets.ts';
import { settleBye } from './dutch-bye.ts';
import { type DutchOptions, type Players, playerFacts, scoreGroups } from './dutch-players.ts';
import { EdgeWeights } from './dutch-weights.ts';
import type { Side, SwissCard } from './swiss-cards.ts';
import { allocateColours, ranksAbove } from './swiss-colours.ts';

export type { DutchOptions } from './dutch-players.ts';

export interface RoundPairing {
  /** [white, black] user ids, top boards first. */
  readonly pairs: readonly (readonly [string, string])[];
  readonly bye: string | null;
}

export function pairDutch(input: readonly SwissCard[], opts: DutchOptions): RoundPairing | null {
  const cards = [...input].sort((a, b) => b.score - a.score || a.tpn - b.tpn);
  if (cards.length === 0) return { pairs: [], bye: null };
  const players = playerFacts(cards, opts);
  const weights = new EdgeWeights(players, scoreGroups(players.score), opts.round - 1);
  if (!settleBye(players, weights)) return null;
  const brackets = new Brackets(players, weights);
  brackets.pairAll();
  return roundPairing(players, brackets.fixed, opts.initial ?? 'w');
}

/** The pairs fixed, with colours and board order, and the bye; null when they are not a valid round. */
function roundPairing(p: Players, fixed: Int32Array, initial: Side): RoundPairing | null {
  const { n, cards } = p;
  let bye: number | null = null;
  const pairs: [SwissCard, SwissCard][] = [];
  for (let v = 0; v < n; v++) {
    const u = fixed[v]!;
    if (u === -1) {
      if (bye !== null) return null;
      bye = v;
    } else if (v < u) pairs.push(allocateColours(cards[v]!, cards[u]!, initial));
  }
  if (bye !== null && !p.eligible[bye]) return null;
  // Boards: by the higher-ranked player's score, the sum of scores, then the higher rank.
  const top = ([w, b]: readonly [SwissCard, SwissCard]): SwissCard => (ranksAbove(w, b) ? w : b);
  pairs.sort((x, y) => {
    const tx = top(x);
    const ty = top(y);
    return ty.score - tx.score || y[0].score + y[1].score - (x[0].score + x[1].score) || tx.tpn - ty.tpn;
  });
  return { pairs: pairs.map(([w, b]) => [w.id, b.id] as const), bye: bye === null ? null : cards[bye]!.id };
}
