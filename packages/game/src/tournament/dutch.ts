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
 */
import type { Side, SwissCard } from './swiss-cards.ts';
import { allocateColours, compatible, ranksAbove } from './swiss-colours.ts';
import { matchingSize, maxMatching } from './matching.ts';
import { Matcher } from './weighted-matching.ts';

export interface DutchOptions {
  /** The round being paired (1-based) and the planned number of rounds. */
  readonly round: number;
  readonly rounds: number;
  /** Colour of the top seed in round 1 (drawn by lot in a real event; white here). */
  readonly initial?: Side;
}

export interface RoundPairing {
  /** [white, black] user ids, top boards first. */
  readonly pairs: readonly (readonly [string, string])[];
  readonly bye: string | null;
}

/** Bits to write x (x ≥ 0): 0 → 0, 1 → 1, 2-3 → 2, ... */
const bitsOf = (x: number): number => (x <= 0 ? 0 : 32 - Math.clz32(x));

type FloatDir = 'down' | 'up' | null;

export function pairDutch(input: readonly SwissCard[], opts: DutchOptions): RoundPairing | null {
  const initial = opts.initial ?? 'w';
  const final = opts.round >= opts.rounds;
  const played = opts.round - 1;
  const cards = [...input].sort((a, b) => b.score - a.score || a.tpn - b.tpn);
  const n = cards.length;
  if (n === 0) return { pairs: [], bye: null };
  const score = cards.map((c) => c.score);
  const compat: boolean[][] = cards.map((a, i) => cards.map((b, j) => i !== j && compatible(a, b, final, opts.rounds)));
  const eligible = cards.map((c) => !c.hadBye);
  const playedGames = cards.map((c) => c.colours.filter((x) => x !== null).length);
  const float = (i: number, back: 1 | 2): FloatDir => cards[i]!.floats[back - 1] ?? null;

  // Colour facts (A.6): imbalance, the colour repeated in the two latest games played, the preference.
  const imbalance = cards.map((c) => Math.abs(c.cd));
  const absImbalance = imbalance.map((x) => x > 1);
  const repeated = cards.map((c): Side | null => {
    const g = c.colours.filter((x): x is Side => x !== null);
    return g.length >= 2 && g[g.length - 1] === g[g.length - 2] ? g[g.length - 1]! : null;
  });
  const pref = cards.map((c) => c.pref.colour);
  const absPref = cards.map((_, i) => absImbalance[i]! || repeated[i] !== null);
  const strong = cards.map((_, i) => !absPref[i] && imbalance[i]! > 0);
  const prefsCompatible = (a: number, b: number): boolean => pref[a] !== pref[b] || pref[a] === null || pref[b] === null;
  const invert = (s: Side | null): Side | null => (s === 'w' ? 'b' : s === 'b' ? 'w' : null);

  // Score groups: each score gets a bit offset, lowest score at 0, wide enough for its group's size.
  const shiftOf = new Map<number, number>();
  let scoreBits = 0;
  let maxGroup = 0;
  for (let i = n - 1; i >= 0; ) {
    let j = i;
    while (j >= 0 && score[j] === score[i]) j--;
    const size = i - j;
    shiftOf.set(score[i]!, scoreBits);
    scoreBits += bitsOf(size);
    maxGroup = Math.max(maxGroup, size);
    i = j;
  }
  const sgBits = BigInt(bitsOf(maxGroup));
  const sBits = BigInt(scoreBits);
  const one = (s: number): bigint => 1n << BigInt(shiftOf.get(s)!);

  let byeScore = 0;
  let singleDownfloaterIsBye = false;
  const unplayedRank = new Map<number, number>();
  const byeCandidate = (i: number): boolean => eligible[i]! && score[i]! <= byeScore;

  /** The weight of pairing higher-ranked `h` with lower-ranked `l` (h < l). */
  // Past the C.9 bits, everything below is 0 for a pair in neither bracket: its weight is the C.4/C.5
  // and C.9 values shifted, kept by those two values (most pairs of a round are such pairs).
  const c9Shift = 4n * sgBits + (played >= 1 ? 2n * sgBits + 2n * sBits : 0n) + (played >= 2 ? 2n * sgBits + 2n * sBits : 0n) + 3n * sgBits + 1n;
  const outside = new Map<number, bigint>();
  // Inside the brackets, the weight is kept by the values it is made of (as a number key): most pairs
  // of a bracket share them.
  const inside = new Map<number, bigint>();
  const groupOf = new Map([...shiftOf.keys()].map((s, i) => [s, i]));
  const groups = groupOf.size;
  const edgeWeight = (h: number, l: number, inCur: boolean, inNext: boolean): bigint => {
    if (!compat[h]![l]) return 0n;
    const c45 = 1 + (byeCandidate(h) ? 0 : 1) + (byeCandidate(l) ? 0 : 1);
    let c9 = 0;
    if (singleDownfloaterIsBye) {
      if (score[h] === byeScore) c9 += unplayedRank.get(playedGames[h]!)!;
      if (score[l] === byeScore) c9 += unplayedRank.get(playedGames[l]!)!;
    }
    if (!inCur && !inNext) {
      const key = c9 * 4 + c45;
      let r = outside.get(key);
      if (r === undefined) {
        r = ((BigInt(c45) << (4n * sgBits + 2n * sBits)) + BigInt(c9)) << c9Shift;
        outside.set(key, r);
      }
      return r;
    }
    // C.10-C.13: colours.
    const lesser = imbalance[l]! > imbalance[h]! ? h : l;
    const c10 = inCur && (!absImbalance[l] || !absImbalance[h] || pref[l] !== pref[h]);
    const c11 =
      inCur &&
      (!absPref[l] ||
        !absPref[h] ||
        pref[l] !== pref[h] ||
        (imbalance[l] === imbalance[h] ? repeated[l] === null || repeated[l] !== repeated[h] : repeated[lesser] !== invert(pref[l] ?? null)));
    const c12 = inCur && prefsCompatible(l, h);
    const c13 = inCur && ((!strong[l] && !absPref[l]) || (!strong[h] && !absPref[h]) || (absPref[l] && absPref[h]) || pref[l] !== pref[h]);
    const higher = score[h]! > score[l]!;
    // Everything the weight is made of below: scores (as score groups), the bits above, floats.
    let key = ((c9 * 4 + c45) * 2 + (inCur ? 1 : 0)) * 2 + (inNext ? 1 : 0);
    key = key * groups + groupOf.get(score[h]!)!;
    if (inCur) {
      key = key * groups + groupOf.get(score[l]!)!;
      key = key * 32 + (c10 ? 16 : 0) + (c11 ? 8 : 0) + (c12 ? 4 : 0) + (c13 ? 2 : 0) + (higher ? 1 : 0);
      for (const back of [1, 2] as const) {
        if (played < back) continue;
        key = key * 8 + (float(l, back) === 'down' ? 4 : 0) + (float(h, back) === 'down' ? 2 : 0) + (float(l, back) === 'up' ? 1 : 0);
      }
    }
    const safe = Number.isSafeInteger(key);
    const known = safe ? inside.get(key) : undefined;
    if (known !== undefined) return known;
    const b = (x: boolean): bigint => (x ? 1n : 0n);
    // C.4/C.5: everyone paired but one who may take the bye (the lowest score possible).
    let r = BigInt(c45);
    // C.6, C.7: most pairs in this bracket, then the highest scores paired.
    r = (r << sgBits) | b(inCur);
    r = (r << sBits) | (inCur ? one(score[h]!) : 0n);
    // C.8: the same for the next bracket.
    r = (r << sgBits) | b(inNext);
    r = (r << sBits) | (inNext ? one(score[h]!) : 0n);
    // C.9: the bye to one with the fewest unplayed games.
    r = (r << (2n * sgBits)) + BigInt(c9);
    r = (r << sgBits) | b(c10);
    r = (r << sgBits) | b(c11);
    r = (r << sgBits) | b(c12);
    r = (r << sgBits) | b(c13);
    // C.14-C.17: repeated floats, one and two rounds back.
    for (const back of [1, 2] as const) {
      if (played < back) continue;
      r <<= sgBits;
      if (inCur) {
        r |= b(float(l, back) === 'down');
        r += b(!higher && float(h, back) === 'down');
      }
      r = (r << sgBits) | b(inCur && !(higher && float(l, back) === 'up'));
    }
    // C.18-C.21: the scores of those repeated floaters.
    for (const back of [1, 2] as const) {
      if (played < back) continue;
      r <<= sBits;
      if (inCur) {
        if (float(l, back) === 'down') r += one(score[l]!);
        if (float(h, back) === 'down') r += one(score[h]!);
      }
      r <<= sBits;
      if (inCur && !(float(l, back) === 'up' && higher)) r |= one(score[h]!);
    }
    // Room for the order of the candidates (exchanges, transpositions) and one bit of choice.
    r <<= 3n * sgBits + 1n;
    if (safe) inside.set(key, r);
    return r;
  };
  // One vertex per player, and with an odd number one more for the bye: every matching sought is perfect.
  const W = new Matcher(n % 2 === 1 ? n + 1 : n);
  const dummy = n % 2 === 1 ? n : -1;
  if (dummy !== -1) for (let v = 0; v < n; v++) W.set(dummy, v, 1n);
  // Pairs fixed so far leave the graph.
  const fixed = new Int32Array(n).fill(-1);
  /** The best matching now: `mate[v]`, v itself for the one left for the bye (or unpaired). */
  const solve = (): Int32Array => {
    const m = W.solve();
    const mate = new Int32Array(fixed);
    for (let v = 0; v < n; v++) if (fixed[v] === -1) mate[v] = m[v] === -1 || m[v] === dummy ? v : m[v]!;
    return mate;
  };
  const finalize = (a: number, b: number): void => {
    fixed[a] = b;
    fixed[b] = a;
    W.remove(a);
    W.remove(b);
  };

  // C.4/C.5: can everyone be paired, and who may take the bye: the lowest score that lets all the
  // others be paired (plain maximum matchings; the weighted one then decides within that score).
  const pairable = (byeOk: (v: number) => boolean): boolean => {
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
  };
  if (n % 2 === 0) {
    if (!pairable(() => false)) return null;
  } else {
    const lowestFirst = [...new Set(score)].sort((a, b) => a - b);
    const s = lowestFirst.find((x) => pairable((v) => eligible[v]! && score[v] === x));
    if (s === undefined) return null;
    byeScore = s;
    const top = score[0]!;
    if (byeScore >= top) {
      // The bye goes to the top group: whether that group sends down only the player who takes it
      // (C.9 then applies from the first bracket) is read from a weighted matching, as bbpPairings does.
      const first = new Matcher(n + 1);
      for (let v = 0; v < n; v++) first.set(n, v, 1n);
      for (let l = 1; l < n; l++) {
        for (let h = 0; h < l; h++) {
          if (!compat[h]![l]) continue;
          let r = 1n + (eligible[l] ? 0n : 1n) + (eligible[h] ? 0n : 1n);
          r = (r << sBits) | BigInt(shiftOf.get(score[l]!)! + shiftOf.get(score[h]!)!);
          r = (r << sgBits) | (score[l]! >= top ? 1n : 0n);
          first.set(h, l, r);
        }
      }
      const m = first.solve();
      singleDownfloaterIsBye = cards.every((_, i) => score[i]! < top || m[i] === n || score[m[i]!]! >= top);
    }
    const counts = cards
      .map((_, i) => i)
      .filter((i) => score[i] === byeScore)
      .map((i) => playedGames[i]!);
    counts.sort((a, b) => b - a);
    for (const [k, c] of counts.entries()) unplayedRank.set(c, k);
  }
  for (let l = 1; l < n; l++) for (let h = 0; h < l; h++) W.set(h, l, edgeWeight(h, l, false, false));

  const isIn = (x: number, lo: number, hi: number): boolean => x >= lo && x < hi;
  // P: the players of the current bracket (moved-down ones first) and of the next score group, by rank.
  let P: number[] = [];
  let next = 0;
  while (next < n && score[next]! >= score[0]!) P.push(next++);
  let mdpCount = 0;
  let groupBegin = 0;
  const matched = new Uint8Array(n);

  while (P.length > 1 || next < n) {
    const nextBegin = P.length;
    const nextBeginV = groupBegin + (nextBegin - mdpCount);
    const groupStart = next;
    while (next < n && score[next]! >= score[groupStart]!) P.push(next++);
    // Base weights of this bracket and the next.
    const base: bigint[][] = P.map((_, l) => P.slice(0, l).map(() => 0n));
    for (let l = mdpCount; l < P.length; l++) {
      for (let h = 0; h < l; h++) {
        base[l]![h] = edgeWeight(P[h]!, P[l]!, l < nextBegin, l >= nextBegin);
        W.set(P[h]!, P[l]!, base[l]![h]!);
      }
    }
    const inBracketV = (v: number): boolean => isIn(v, groupBegin, nextBeginV);
    /** Weight of a remainder edge, with the order of exchanges (fewest, then smallest differences). */
    const remainderWeight = (h: number, l: number, hRemIdx: number, pairs: number): bigint => {
      let r = base[l]![h]!;
      if (r === 0n) return 0n;
      let add = hRemIdx < pairs ? 1n : 0n;
      add <<= 2n * sgBits;
      add -= BigInt(hRemIdx);
      add <<= 1n;
      r += add;
      return r;
    };
    let mate = solve();

    // Which moved-down players are paired in this bracket (C.7: the highest scores first, then by rank).
    let groupScore = 0;
    let remaining = 0;
    let remainingMatched = 0;
    for (let i = 0; i < mdpCount; i++) {
      const v = P[i]!;
      if (i === 0 || score[v]! < groupScore) {
        groupScore = score[v]!;
        remaining = 0;
        remainingMatched = 0;
        for (let k = i; k < mdpCount && score[P[k]!]! >= groupScore; k++) {
          remaining++;
          if (inBracketV(mate[P[k]!]!)) remainingMatched++;
        }
      }
      if (remainingMatched === 0) continue;
      if (remaining <= remainingMatched) {
        matched[v] = 1;
        continue;
      }
      remaining--;
      if (!inBracketV(mate[v]!)) {
        for (let o = mdpCount; o < nextBegin; o++) {
          const x = base[o]![i]!;
          if (x !== 0n) W.set(v, P[o]!, x | 1n);
        }
        mate = solve();
      }
      if (inBracketV(mate[v]!)) {
        matched[v] = 1;
        remainingMatched--;
        for (let o = mdpCount; o < nextBegin; o++) {
          const x = base[o]![i]!;
          if (x !== 0n) W.set(v, P[o]!, (x | BigInt(nextBegin - mdpCount)) + 1n);
        }
      }
    }
    // Their opponents: each in turn takes the first resident the rules allow.
    for (let i = 0; i < mdpCount; i++) {
      const v = P[i]!;
      if (!matched[v]) continue;
      let add = BigInt(P.length);
      let first = -1;
      for (let o = nextBegin - 1; o >= mdpCount; o--) {
        const u = P[o]!;
        if (matched[u]) continue;
        const x = base[o]![i]!;
        if (x !== 0n) {
          W.set(v, u, x + add);
          add++;
          first = u;
        }
      }
      // The matching at hand is still the best when it already gives the first choice (every other gains less).
      if (mate[v] !== first) mate = solve();
      const u = mate[v]!;
      matched[u] = 1;
      finalize(v, u);
    }

    // The remainder: residents not paired with a moved-down player.
    const rem: number[] = [];
    let remPairs = 0;
    for (let o = mdpCount; o < nextBegin; o++) {
      const v = P[o]!;
      if (mate[v]! < groupBegin) continue;
      rem.push(o);
      if (mate[v]! < v) remPairs++;
    }
    const firstGroupEnd = remPairs;
    const setRemainder = (): void => {
      for (let a = 0; a < rem.length; a++) {
        for (let c = a + 1; c < rem.length; c++) {
          W.set(P[rem[a]!]!, P[rem[c]!]!, remainderWeight(rem[a]!, rem[c]!, a, remPairs));
        }
      }
    };
    setRemainder();
    mate = solve();
    const inS2OrOut = (v: number): boolean => mate[v]! <= v || mate[v]! >= nextBeginV;
    const pairedDown = (v: number): boolean => mate[v]! > v && mate[v]! < nextBeginV;
    let exchanges = 0;
    for (let a = 0; a < firstGroupEnd && a < rem.length; a++) if (inS2OrOut(P[rem[a]!]!)) exchanges++;

    // Exchanges: S1's lowest players leave S1 where possible...
    let left = exchanges;
    for (let a = firstGroupEnd - 1; a >= 0 && left > 0; a--) {
      const v = P[rem[a]!]!;
      if (pairedDown(v)) {
        for (let c = a + 1; c < rem.length; c++) {
          const x = remainderWeight(rem[a]!, rem[c]!, a, remPairs);
          if (x !== 0n) W.set(v, P[rem[c]!]!, x - 1n);
        }
        mate = solve();
      }
      const exchange = inS2OrOut(v);
      if (exchange) left--;
      for (let c = a + 1; c < rem.length; c++) {
        if (exchange) base[rem[c]!]![rem[a]!] = 0n;
        W.set(v, P[rem[c]!]!, remainderWeight(rem[a]!, rem[c]!, a, remPairs));
      }
    }
    // ...and S2's highest players enter it.
    left = exchanges;
    for (let a = firstGroupEnd; a < rem.length && left > 1; a++) {
      const v = P[rem[a]!]!;
      const already = pairedDown(v);
      if (!already) {
        for (let c = a + 1; c < rem.length; c++) {
          const x = remainderWeight(rem[a]!, rem[c]!, a, remPairs);
          if (x !== 0n) W.set(v, P[rem[c]!]!, x + 1n);
        }
        mate = solve();
      }
      if (pairedDown(v)) {
        left--;
        for (let c = 0; c < a; c++) {
          base[rem[a]!]![rem[c]!] = 0n;
          W.set(v, P[rem[c]!]!, 0n);
        }
        for (let o = nextBegin; o < P.length; o++) {
          base[o]![rem[a]!] = 0n;
          W.set(v, P[o]!, 0n);
        }
      }
      if (!already) for (let c = a + 1; c < rem.length; c++) W.set(v, P[rem[c]!]!, remainderWeight(rem[a]!, rem[c]!, a, remPairs));
    }
    // Fix who is in S1, and restore the base weights.
    for (let a = 0; a < rem.length; a++) {
      const v = P[rem[a]!]!;
      for (let c = a + 1; c < rem.length; c++) {
        const u = P[rem[c]!]!;
        if (inS2OrOut(v) || pairedDown(u)) base[rem[c]!]![rem[a]!] = 0n;
        W.set(v, u, base[rem[c]!]![rem[a]!]!);
      }
    }
    // S1's players in order, each against the first opponent the rules allow (transpositions).
    for (const o of rem) {
      const v = P[o]!;
      if (!pairedDown(v)) continue;
      let add = 0n;
      let first = -1;
      for (let c = rem.length - 1; c >= 0; c--) {
        const u = P[rem[c]!]!;
        if (rem[c]! <= o || matched[u]) continue;
        const x = base[rem[c]!]![o]!;
        if (x !== 0n) {
          W.set(v, u, x + add);
          first = u;
        }
        add++;
      }
      if (mate[v] !== first) mate = solve();
      const u = mate[v]!;
      matched[v] = 1;
      matched[u] = 1;
      finalize(v, u);
    }

    // The next bracket: who is left here moves down.
    const nextP: number[] = [];
    let nextMdp = 0;
    singleDownfloaterIsBye = n % 2 === 1 && groupStart < n && byeScore >= score[groupStart]!;
    for (let k = 0; k < P.length; k++) {
      const v = P[k]!;
      if (k < nextBegin && matched[v]) continue;
      nextP.push(v);
      if (k < nextBegin) nextMdp++;
      if (singleDownfloaterIsBye && score[mate[v]!]! < score[groupStart]!) singleDownfloaterIsBye = false;
    }
    P = nextP;
    mdpCount = nextMdp;
    groupBegin = nextBeginV;
  }

  let bye: number | null = null;
  const pairs: [SwissCard, SwissCard][] = [];
  for (let v = 0; v < n; v++) {
    const u = fixed[v]!;
    if (u === -1) {
      if (bye !== null) return null;
      bye = v;
    } else if (v < u) pairs.push(allocateColours(cards[v]!, cards[u]!, initial));
  }
  if (bye !== null && !eligible[bye]) return null;
  // Boards: by the higher-ranked player's score, the sum of scores, then the higher rank.
  const top = ([w, b]: readonly [SwissCard, SwissCard]): SwissCard => (ranksAbove(w, b) ? w : b);
  pairs.sort((x, y) => {
    const tx = top(x);
    const ty = top(y);
    return ty.score - tx.score || y[0].score + y[1].score - (x[0].score + x[1].score) || tx.tpn - ty.tpn;
  });
  return { pairs: pairs.map(([w, b]) => [w.id, b.id] as const), bye: bye === null ? null : cards[bye]!.id };
}
