/**
 * The Dutch system's bye (dutch.ts pairs the round), C.4/C.5: whether
 * everyone can be paired, and the lowest score the bye may go to, from plain
 * maximum matchings; with the C.9 facts the edge weights then read.
 */
import type { Players, ScoreGroups } from './dutch-players.ts';
import type { EdgeWeights } from './dutch-weights.ts';
import { matchingSize, maxMatching } from './matching.ts';
import { Matcher } from './weighted-matching.ts';

/** C.4/C.5: can everyone be paired, and the one left over (n odd) take the bye if `byeOk`? A plain maximum matching. */
function pairable(p: Players, byeOk: (v: number) => boolean): boolean {
  const { n, compat } = p;
  const size = n % 2 === 1 ? n + 1 : n;
  const adj: number[][] = Array.from({ length: size }, () => []);
  for (let a = 0; a < n; a++) {
    for (let b = a + 1; b < n; b++) {
      if (!compat[a]![b]) continue;
      adj[a]!.push(b);
      adj[b]!.push(a);
    }
    if (size > n && byeOk(a)) {
      adj[a]!.push(n);
      adj[n]!.push(a);
    }
  }
  return matchingSize(maxMatching(size, adj)) * 2 === size;
}

/**
 * C.4/C.5: whether everyone can be paired, and who may take the bye: the lowest score that lets all the
 * others be paired (plain maximum matchings; the weighted one then decides within that score). Sets
 * the bye's facts in `weights`; false when no pairing exists.
 */
export function settleBye(p: Players, weights: EdgeWeights): boolean {
  const { n, score, eligible } = p;
  if (n % 2 === 0) return pairable(p, () => false);
  const lowestFirst = [...new Set(score)].sort((a, b) => a - b);
  const s = lowestFirst.find((x) => pairable(p, (v) => eligible[v]! && score[v] === x));
  if (s === undefined) return false;
  weights.byeScore = s;
  if (s >= score[0]!) weights.singleDownfloaterIsBye = topGroupSendsOnlyBye(p, weights.g);
  const counts = p.cards
    .map((_, i) => i)
    .filter((i) => score[i] === s)
    .map((i) => p.playedGames[i]!);
  counts.sort((a, b) => b - a);
  for (const [k, c] of counts.entries()) weights.unplayedRank.set(c, k);
  return true;
}

/**
 * The bye goes to the top group: whether that group sends down only the player who takes it (C.9 then
 * applies from the first bracket) is read from a weighted matching, as bbpPairings does.
 */
function topGroupSendsOnlyBye(p: Players, g: ScoreGroups): boolean {
  const { n, score, eligible, compat } = p;
  const top = score[0]!;
  const first = new Matcher(n + 1);
  for (let v = 0; v < n; v++) first.set(n, v, 1n);
  for (let l = 1; l < n; l++) {
    for (let h = 0; h < l; h++) {
      if (!compat[h]![l]) continue;
      let r = 1n + (eligible[l] ? 0n : 1n) + (eligible[h] ? 0n : 1n);
      r = (r << g.sBits) | BigInt(g.shiftOf.get(score[l]!)! + g.shiftOf.get(score[h]!)!);
      r = (r << g.sgBits) | (score[l]! >= top ? 1n : 0n);
      first.set(h, l, r);
    }
  }
  const m = first.solve();
  return p.cards.every((_, i) => score[i]! < top || m[i] === n || score[m[i]!]! >= top);
}
