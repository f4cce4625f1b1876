/**
 * Swiss pairing by the FIDE Dutch system (Handbook C.04.3, criteria numbered
 * as in the edition in force from February 2026).
 *
 * Brackets are paired from the top score down. A bracket holds the players
 * moved down from above (MDPs) and its residents; the MDPs that can be paired
 * go to S1 against residents (heterogeneous part), the rest of the residents
 * are split S1/S2 (homogeneous part) and candidates are generated in the
 * order of the rules: transpositions of S2, then exchanges between S1 and S2.
 *
 * Implemented:
 * - C.1 no rematch, C.3 no two non-topscorers with the same absolute colour
 *   preference (topscorers: A.7, over half the points of the rounds played,
 *   last round only); C.2 no second bye (a forfeit win counts as one).
 * - C.4: a candidate must leave the players below pairable (maximum matching).
 * - C.5: the bye goes to the lowest score that still lets everyone be paired
 *   (applied as a filter on who may take it, as bbpPairings does).
 * - C.6 most pairs; C.7 which MDPs are paired and which float on again
 *   (Limbo), by the score differences this leaves, largest first.
 * - C.8 look-ahead, in part: candidates are compared on how many players the
 *   next bracket must then leave unpaired and how many of the floaters it
 *   cannot pair with its residents; not on the scores of those it leaves.
 * - C.9 fewest unplayed games for the bye, in the last bracket only.
 * - C.10-C.13 colour criteria and C.14-C.17 float repetitions (counts), then
 *   the first candidate in generation order; the first perfect one is taken.
 * - Colours by E.1-E.5 (E.3 compares games played, latest first); boards in
 *   order of the higher-ranked player's score, the sum of scores, then rank.
 *
 * Not implemented: C.18-C.21 (float score differences); C.8 beyond the next
 * bracket's pair counts. The search is bounded (3,000 candidates per number
 * of pairs and MDPs paired, 400 exchanges, 200 choices of MDPs to pair), so a
 * huge bracket may settle for the best candidate seen, not the rules' best.
 * dutch.test.ts reproduces all nine rounds of the example tournament of
 * FIDE TEC's "Mastering the Dutch" (2026), round 1 of Mario Held's tutorial
 * and two bbpPairings bye cases.
 */
import { maxMatching, matchingSize } from './matching.ts';
import type { Side, SwissCard } from './swiss-cards.ts';
import { allocateColours, colourCost, compatible, ranksAbove } from './swiss-colours.ts';

export interface DutchOptions {
  /** The round being paired (1-based) and the planned number of rounds. */
  readonly round: number;
  readonly rounds: number;
  /** Colour of the top seed in round 1 (drawn by lot in a real event; white here). */
  readonly initial?: Side;
  /** Candidates examined per bracket level at most (bounds the time on huge brackets). */
  readonly maxCandidates?: number;
}

export interface RoundPairing {
  /** [white, black] user ids, top boards first. */
  readonly pairs: readonly (readonly [string, string])[];
  readonly bye: string | null;
}

interface Candidate {
  readonly pairs: [number, number][];
  readonly floaters: number[];
  readonly cost: number[];
}

const betterCost = (a: readonly number[], b: readonly number[]): boolean => {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! < b[i]!;
  return false;
};

function* combinations(n: number, k: number): Generator<number[]> {
  const pick: number[] = [];
  function* rec(from: number): Generator<number[]> {
    if (pick.length === k) {
      yield pick.slice();
      return;
    }
    for (let i = from; i <= n - (k - pick.length); i++) {
      pick.push(i);
      yield* rec(i + 1);
      pick.pop();
    }
  }
  yield* rec(0);
}

/** Exchanges between S1 and S2 in the order of D.2; indices are positions in S1 and S2. */
function exchanges(s1: number, s2: number, limit: number): [number[], number[]][] {
  const out: [number[], number[]][] = [];
  for (let k = 1; k <= Math.min(s1, s2) && out.length < limit; k++) {
    const level: { a: number[]; b: number[]; diff: number }[] = [];
    for (const a of combinations(s1, k)) {
      for (const b of combinations(s2, k)) {
        // Sequence numbers in the bracket: S1 holds 1..s1, S2 holds s1+1...
        const diff = b.reduce((t, x) => t + x + s1, 0) - a.reduce((t, x) => t + x, 0);
        level.push({ a, b, diff });
        if (level.length > limit * 4) break;
      }
      if (level.length > limit * 4) break;
    }
    level.sort((x, y) => {
      if (x.diff !== y.diff) return x.diff - y.diff;
      const ax = [...x.a].reverse();
      const ay = [...y.a].reverse();
      for (let i = 0; i < k; i++) if (ax[i] !== ay[i]) return ay[i]! - ax[i]!;
      for (let i = 0; i < k; i++) if (x.b[i] !== y.b[i]) return x.b[i]! - y.b[i]!;
      return 0;
    });
    for (const e of level) out.push([e.a, e.b]);
  }
  return out.slice(0, limit);
}

export function pairDutch(input: readonly SwissCard[], opts: DutchOptions): RoundPairing | null {
  const final = opts.round === opts.rounds;
  const initial = opts.initial ?? 'w';
  const maxCandidates = opts.maxCandidates ?? 3000;
  const cards = [...input].sort((a, b) => b.score - a.score || a.tpn - b.tpn);
  const n = cards.length;
  const compat: boolean[][] = cards.map((a, i) => cards.map((b, j) => i !== j && compatible(a, b, final, opts.rounds)));

  // Who may take the bye: never had one (C.2), of the lowest score possible (C.5). Fewest unplayed
  // games (C.9) ranks below C.6-C.8, so it is a cost of the last bracket's candidates.
  let byeSet: ReadonlySet<number> = new Set();
  const pairable = (members: readonly number[], byeOk: ReadonlySet<number>): boolean => {
    const odd = members.length % 2 === 1;
    const size = members.length + (odd ? 1 : 0);
    const adj: number[][] = Array.from({ length: size }, () => []);
    for (let x = 0; x < members.length; x++) {
      for (let y = x + 1; y < members.length; y++) {
        if (compat[members[x]!]![members[y]!]) {
          adj[x]!.push(y);
          adj[y]!.push(x);
        }
      }
      if (odd && byeOk.has(members[x]!)) {
        adj[x]!.push(members.length);
        adj[members.length]!.push(x);
      }
    }
    return matchingSize(maxMatching(size, adj)) * 2 === size;
  };
  const everyone = cards.map((_, i) => i);
  if (n % 2 === 1) {
    const eligible = everyone.filter((i) => !cards[i]!.hadBye);
    const groups = new Map<number, number[]>();
    for (const i of eligible.sort((x, y) => cards[x]!.score - cards[y]!.score)) {
      groups.set(cards[i]!.score, [...(groups.get(cards[i]!.score) ?? []), i]);
    }
    let found = false;
    for (const group of groups.values()) {
      if (pairable(everyone, new Set(group))) {
        byeSet = new Set(group);
        found = true;
        break;
      }
    }
    if (!found) return null;
  } else if (!pairable(everyone, byeSet)) {
    return null;
  }

  const completion = new Map<string, boolean>();
  const completes = (floaters: readonly number[], lower: readonly number[]): boolean => {
    // Below the last bracket only the bye is left unpaired.
    if (lower.length === 0 && floaters.length > 1) return false;
    // Each bracket has its own `lower`, shorter than the one above.
    const key = `${lower.length}|${[...floaters].sort((a, b) => a - b).join(',')}`;
    let ok = completion.get(key);
    if (ok === undefined) {
      ok = pairable([...floaters, ...lower], byeSet);
      completion.set(key, ok);
    }
    return ok;
  };

  /** Pairings of S1 against S2 in lexicographic order of S2 (the transpositions of D.1), compatible pairs only. */
  function* transpositions(s1: readonly number[], s2: readonly number[]): Generator<[number, number][]> {
    // Skip the search when no complete assignment exists at all.
    const size = s1.length + s2.length;
    const adj: number[][] = Array.from({ length: size }, () => []);
    for (let i = 0; i < s1.length; i++) {
      for (let j = 0; j < s2.length; j++) {
        if (compat[s1[i]!]![s2[j]!]) {
          adj[i]!.push(s1.length + j);
          adj[s1.length + j]!.push(i);
        }
      }
    }
    if (matchingSize(maxMatching(size, adj)) < s1.length) return;
    const used = new Uint8Array(s2.length);
    const cur: [number, number][] = [];
    function* rec(i: number): Generator<[number, number][]> {
      if (i === s1.length) {
        yield cur.slice();
        return;
      }
      for (let j = 0; j < s2.length; j++) {
        if (used[j] || !compat[s1[i]!]![s2[j]!]) continue;
        used[j] = 1;
        cur.push([s1[i]!, s2[j]!]);
        yield* rec(i + 1);
        cur.pop();
        used[j] = 0;
      }
    }
    yield* rec(0);
  }

  /** Candidates of a homogeneous group (in bracket order) making `q` pairs: transpositions, then exchanges. */
  function* homogeneous(group: readonly number[], q: number): Generator<{ pairs: [number, number][]; rest: number[] }> {
    if (q === 0) {
      yield { pairs: [], rest: [...group] };
      return;
    }
    const s1 = group.slice(0, q);
    const s2 = group.slice(q);
    const splits: [number[], number[]][] = [[s1, s2]];
    for (const [a, b] of exchanges(s1.length, s2.length, 400)) {
      const out = new Set(a.map((i) => s1[i]!));
      const inn = new Set(b.map((i) => s2[i]!));
      const ns1 = group.filter((p) => (s1.includes(p) && !out.has(p)) || inn.has(p));
      const ns2 = group.filter((p) => !ns1.includes(p));
      splits.push([ns1, ns2]);
    }
    for (const [x, y] of splits) {
      for (const pairs of transpositions(x, y)) {
        const paired = new Set(pairs.flat());
        yield { pairs, rest: group.filter((p) => !paired.has(p)) };
      }
    }
  }

  const cost = (pairs: readonly [number, number][], floaters: readonly number[], mdps: ReadonlySet<number>, last: boolean): number[] => {
    // C.9: in the last bracket the one left over takes the bye; the fewer unplayed games, the better.
    const byeUnplayed = last && floaters.length === 1 ? cards[floaters[0]!]!.unplayed : 0;
    let topDiff = 0;
    let topThree = 0;
    let pref = 0;
    let strong = 0;
    let down1 = 0;
    let up1 = 0;
    let down2 = 0;
    let up2 = 0;
    for (const [a, b] of pairs) {
      const [w, bl] = allocateColours(cards[a]!, cards[b]!, initial);
      const c = colourCost(w, bl, final, opts.rounds);
      topDiff += c.topDiff;
      topThree += c.topThree;
      pref += c.pref;
      strong += c.strong;
      // A resident paired with an MDP floats up.
      if (mdps.has(a) && !mdps.has(b)) {
        if (cards[b]!.floats[0] === 'up') up1++;
        if (cards[b]!.floats[1] === 'up') up2++;
      }
    }
    for (const f of floaters) {
      if (cards[f]!.floats[0] === 'down') down1++;
      if (cards[f]!.floats[1] === 'down') down2++;
    }
    return [byeUnplayed, topDiff, topThree, pref, strong, down1, up1, down2, up2];
  };

  /** Score differences of a choice of paired MDPs and of those left in Limbo (C.7), largest first, in half points. */
  const psd = (paired: readonly number[], limbo: readonly number[], bracketScore: number): number[] =>
    [...paired.map((i) => (cards[i]!.score - bracketScore) * 2), ...limbo.map((i) => (cards[i]!.score - bracketScore + 1) * 2)].sort((a, b) => b - a);

  /**
   * C.8: how well the next bracket can then be paired (C.6 and C.7 applied to it): players it must
   * leave unpaired, and of those the players moved down into it, each over the least any choice of
   * floaters of this size could leave (so a candidate that reaches the bound scores zero).
   */
  const lookAhead = (floaters: readonly number[], lower: readonly number[]): number[] => {
    if (lower.length === 0 || floaters.length === 0) return [0, 0];
    const next = cards[lower[0]!]!.score;
    const residents = lower.filter((i) => cards[i]!.score === next);
    const all = [...floaters, ...residents];
    const adj = all.map((a) => all.map((b, j) => (compat[a]![b] ? j : -1)).filter((j) => j >= 0));
    const unpaired = all.length - 2 * matchingSize(maxMatching(all.length, adj));
    const f = floaters.length;
    const bip = all.map((a, i) =>
      i < f
        ? all.map((b, j) => (j >= f && compat[a]![b] ? j : -1)).filter((j) => j >= 0)
        : all
            .slice(0, f)
            .map((b, j) => (compat[a]![b] ? j : -1))
            .filter((j) => j >= 0),
    );
    const mdpsLeft = f - matchingSize(maxMatching(all.length, bip));
    return [unpaired - (all.length % 2), mdpsLeft - Math.max(0, f - residents.length)];
  };

  const pairBracket = (mdps: readonly number[], residents: readonly number[], lower: readonly number[]): Candidate | null => {
    const all = [...mdps, ...residents];
    const mdpSet = new Set(mdps);
    const bracketScore = cards[residents[0]!]!.score;
    const adj: number[][] = all.map((a) => all.map((b, j) => (compat[a]![b] ? j : -1)).filter((j) => j >= 0));
    const upper = matchingSize(maxMatching(all.length, adj));
    for (let p = upper; p >= 0; p--) {
      for (let m1 = Math.min(mdps.length, p, residents.length); m1 >= 0; m1--) {
        if (p - m1 > Math.floor((residents.length - m1) / 2)) continue;
        const choices = [...combinations(mdps.length, m1)]
          .slice(0, 200)
          .map((c) => {
            const paired = c.map((i) => mdps[i]!);
            const limbo = mdps.filter((x) => !paired.includes(x));
            return { paired, limbo, psd: psd(paired, limbo, bracketScore) };
          })
          .sort((x, y) => (betterCost(x.psd, y.psd) ? -1 : betterCost(y.psd, x.psd) ? 1 : 0));
        let best: Candidate | null = null;
        let bestPsd: number[] | null = null;
        let seen = 0;
        for (const choice of choices) {
          if (bestPsd && betterCost(bestPsd, choice.psd)) break;
          for (const hetero of transpositions(choice.paired, residents)) {
            const taken = new Set(hetero.map(([, r]) => r));
            const rest = residents.filter((r) => !taken.has(r));
            for (const homo of homogeneous(rest, p - m1)) {
              if (++seen > maxCandidates) break;
              const floaters = [...choice.limbo, ...homo.rest];
              if (!completes(floaters, lower)) continue;
              const pairs = [...hetero, ...homo.pairs];
              const c = [...lookAhead(floaters, lower), ...cost(pairs, floaters, mdpSet, lower.length === 0)];
              if (!best || betterCost(c, best.cost)) {
                best = { pairs, floaters, cost: c };
                bestPsd = choice.psd;
              }
              if (c.every((x) => x === 0)) return best;
            }
            if (seen > maxCandidates) break;
          }
        }
        if (best) return best;
      }
    }
    return null;
  };

  const scores = [...new Set(cards.map((c) => c.score))];
  let carried: number[] = [];
  const pairs: [number, number][] = [];
  for (const [g, s] of scores.entries()) {
    const residents = everyone.filter((i) => cards[i]!.score === s);
    const lower = everyone.filter((i) => scores.indexOf(cards[i]!.score) > g);
    const chosen = pairBracket(carried, residents, lower);
    if (!chosen) return null;
    pairs.push(...chosen.pairs);
    carried = chosen.floaters.sort((a, b) => a - b);
  }
  if (carried.length > 1) return null;
  const ranked = pairs.map(([a, b]) => allocateColours(cards[a]!, cards[b]!, initial));
  // Boards: by the higher-ranked player's score, then the sum of both scores, then the higher rank.
  const top = ([w, b]: readonly [SwissCard, SwissCard]): SwissCard => (ranksAbove(w, b) ? w : b);
  ranked.sort((x, y) => {
    const tx = top(x);
    const ty = top(y);
    return ty.score - tx.score || y[0].score + y[1].score - (x[0].score + x[1].score) || tx.tpn - ty.tpn;
  });
  return { pairs: ranked.map(([w, b]) => [w.id, b.id] as const), bye: carried.length === 1 ? cards[carried[0]!]!.id : null };
}
