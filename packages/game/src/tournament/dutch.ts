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
  const cards = [...input].sort((a, b) => b.score - a.score || a.tpn - b.tpn);
  if (cards.length === 0) return { pairs: [], bye: null };
  const players = playerFacts(cards, opts);
  const weights = new EdgeWeights(players, scoreGroups(players.score), opts.round - 1);
  if (!settleBye(players, weights)) return null;
  const brackets = new Brackets(players, weights);
  brackets.pairAll();
  return roundPairing(players, brackets.fixed, opts.initial ?? 'w');
}

/** What the criteria read of each player, by index in the round's order (score, then pairing number). */
interface Players {
  readonly cards: readonly SwissCard[];
  readonly n: number;
  readonly score: readonly number[];
  /** compat[a][b]: a and b may meet (C.1, C.3). */
  readonly compat: readonly (readonly boolean[])[];
  /** May take the bye (has had none). */
  readonly eligible: readonly boolean[];
  readonly playedGames: readonly number[];
  // Colour facts (A.6): imbalance, the colour repeated in the two latest games played, the preference.
  readonly imbalance: readonly number[];
  readonly absImbalance: readonly boolean[];
  readonly repeated: readonly (Side | null)[];
  readonly pref: readonly (Side | null)[];
  readonly absPref: readonly boolean[];
  readonly strong: readonly boolean[];
}

function playerFacts(cards: readonly SwissCard[], opts: DutchOptions): Players {
  const final = opts.round >= opts.rounds;
  const imbalance = cards.map((c) => Math.abs(c.cd));
  const absImbalance = imbalance.map((x) => x > 1);
  const repeated = cards.map((c): Side | null => {
    const g = c.colours.filter((x): x is Side => x !== null);
    return g.length >= 2 && g[g.length - 1] === g[g.length - 2] ? g[g.length - 1]! : null;
  });
  const absPref = cards.map((_, i) => absImbalance[i]! || repeated[i] !== null);
  return {
    cards,
    n: cards.length,
    score: cards.map((c) => c.score),
    compat: cards.map((a, i) => cards.map((b, j) => i !== j && compatible(a, b, final, opts.rounds))),
    eligible: cards.map((c) => !c.hadBye),
    playedGames: cards.map((c) => c.colours.filter((x) => x !== null).length),
    imbalance,
    absImbalance,
    repeated,
    pref: cards.map((c) => c.pref.colour),
    absPref,
    strong: cards.map((_, i) => !absPref[i] && imbalance[i]! > 0),
  };
}

/** Score groups: each score gets a bit offset, lowest score at 0, wide enough for its group's size. */
interface ScoreGroups {
  readonly shiftOf: ReadonlyMap<number, number>;
  /** Each score's group, highest score 0. */
  readonly groupOf: ReadonlyMap<number, number>;
  /** Bits to count the players of the largest group, and of all the groups' fields. */
  readonly sgBits: bigint;
  readonly sBits: bigint;
}

function scoreGroups(score: readonly number[]): ScoreGroups {
  const shiftOf = new Map<number, number>();
  let scoreBits = 0;
  let maxGroup = 0;
  for (let i = score.length - 1; i >= 0; ) {
    let j = i;
    while (j >= 0 && score[j] === score[i]) j--;
    const size = i - j;
    shiftOf.set(score[i]!, scoreBits);
    scoreBits += bitsOf(size);
    maxGroup = Math.max(maxGroup, size);
    i = j;
  }
  return {
    shiftOf,
    groupOf: new Map([...shiftOf.keys()].map((s, i) => [s, i])),
    sgBits: BigInt(bitsOf(maxGroup)),
    sBits: BigInt(scoreBits),
  };
}

const invert = (s: Side | null): Side | null => (s === 'w' ? 'b' : s === 'b' ? 'w' : null);

/** The weight of each pair: the criteria C.4-C.21 packed, most important in the highest bits. */
class EdgeWeights {
  /** The lowest score the bye may go to (C.4/C.5). */
  byeScore = 0;
  /** C.9 applies in the bracket at hand: its only downfloater takes the bye. */
  singleDownfloaterIsBye = false;
  /** Among the players of the bye's score, the rank of each number of games played (most first). */
  readonly unplayedRank = new Map<number, number>();
  // Past the C.9 bits, everything below is 0 for a pair in neither bracket: its weight is the C.4/C.5
  // and C.9 values shifted, kept by those two values (most pairs of a round are such pairs).
  readonly #c9Shift: bigint;
  readonly #outside = new Map<number, bigint>();
  // Inside the brackets, the weight is kept by the values it is made of (as a number key): most pairs
  // of a bracket share them.
  readonly #inside = new Map<number, bigint>();

  constructor(
    readonly p: Players,
    readonly g: ScoreGroups,
    /** Rounds played before this one: how many rounds back the float criteria look. */
    readonly played: number,
  ) {
    const { sgBits, sBits } = g;
    this.#c9Shift = 4n * sgBits + (played >= 1 ? 2n * sgBits + 2n * sBits : 0n) + (played >= 2 ? 2n * sgBits + 2n * sBits : 0n) + 3n * sgBits + 1n;
  }

  /** The score's one bit in a score field. */
  one(s: number): bigint {
    return 1n << BigInt(this.g.shiftOf.get(s)!);
  }

  float(i: number, back: 1 | 2): FloatDir {
    return this.p.cards[i]!.floats[back - 1] ?? null;
  }

  byeCandidate(i: number): boolean {
    return this.p.eligible[i]! && this.p.score[i]! <= this.byeScore;
  }

  /** The weight of pairing higher-ranked `h` with lower-ranked `l` (h < l), in the current bracket or the next. */
  weight(h: number, l: number, inCur: boolean, inNext: boolean): bigint {
    const { score, playedGames } = this.p;
    if (!this.p.compat[h]![l]) return 0n;
    const c45 = 1 + (this.byeCandidate(h) ? 0 : 1) + (this.byeCandidate(l) ? 0 : 1);
    let c9 = 0;
    if (this.singleDownfloaterIsBye) {
      if (score[h] === this.byeScore) c9 += this.unplayedRank.get(playedGames[h]!)!;
      if (score[l] === this.byeScore) c9 += this.unplayedRank.get(playedGames[l]!)!;
    }
    if (inCur || inNext) return this.#bracketWeight(h, l, inCur, inNext, c45, c9);
    const key = c9 * 4 + c45;
    let r = this.#outside.get(key);
    if (r === undefined) {
      const { sgBits, sBits } = this.g;
      r = ((BigInt(c45) << (4n * sgBits + 2n * sBits)) + BigInt(c9)) << this.#c9Shift;
      this.#outside.set(key, r);
    }
    return r;
  }

  /** C.10-C.13 for a pair of the current bracket, as the bits C10 | C11 | C12 | C13. */
  #colours(h: number, l: number): number {
    const { imbalance, absImbalance, absPref, pref, repeated, strong } = this.p;
    const lesser = imbalance[l]! > imbalance[h]! ? h : l;
    const c10 = !absImbalance[l] || !absImbalance[h] || pref[l] !== pref[h];
    const c11 =
      !absPref[l] ||
      !absPref[h] ||
      pref[l] !== pref[h] ||
      (imbalance[l] === imbalance[h] ? repeated[l] === null || repeated[l] !== repeated[h] : repeated[lesser] !== invert(pref[l] ?? null));
    const c12 = pref[l] !== pref[h] || pref[l] === null || pref[h] === null;
    const c13 = (!strong[l] && !absPref[l]) || (!strong[h] && !absPref[h]) || (absPref[l] && absPref[h]) || pref[l] !== pref[h];
    return (c10 ? C10 : 0) | (c11 ? C11 : 0) | (c12 ? C12 : 0) | (c13 ? C13 : 0);
  }

  /** The weight of a pair in the current or the next bracket, kept by what it is made of. */
  #bracketWeight(h: number, l: number, inCur: boolean, inNext: boolean, c45: number, c9: number): bigint {
    const { score } = this.p;
    const { groupOf } = this.g;
    const colours = inCur ? this.#colours(h, l) : 0;
    const higher = score[h]! > score[l]!;
    // Everything the weight is made of below: scores (as score groups), the bits above, floats.
    let key = ((c9 * 4 + c45) * 2 + (inCur ? 1 : 0)) * 2 + (inNext ? 1 : 0);
    key = key * groupOf.size + groupOf.get(score[h]!)!;
    if (inCur) {
      key = key * groupOf.size + groupOf.get(score[l]!)!;
      key = key * 32 + colours * 2 + (higher ? 1 : 0);
      for (const back of [1, 2] as const) {
        if (this.played < back) continue;
        const fl = this.float(l, back);
        key = key * 8 + (fl === 'down' ? 4 : 0) + (this.float(h, back) === 'down' ? 2 : 0) + (fl === 'up' ? 1 : 0);
      }
    }
    const safe = Number.isSafeInteger(key);
    const known = safe ? this.#inside.get(key) : undefined;
    if (known !== undefined) return known;
    const r = this.#pack(h, l, inCur, inNext, c45, c9, colours, higher);
    if (safe) this.#inside.set(key, r);
    return r;
  }

  #pack(h: number, l: number, inCur: boolean, inNext: boolean, c45: number, c9: number, colours: number, higher: boolean): bigint {
    const { sgBits, sBits } = this.g;
    const { score } = this.p;
    const b = (x: boolean): bigint => (x ? 1n : 0n);
    // C.4/C.5: everyone paired but one who may take the bye (the lowest score possible).
    let r = BigInt(c45);
    // C.6, C.7: most pairs in this bracket, then the highest scores paired.
    r = (r << sgBits) | b(inCur);
    r = (r << sBits) | (inCur ? this.one(score[h]!) : 0n);
    // C.8: the same for the next bracket.
    r = (r << sgBits) | b(inNext);
    r = (r << sBits) | (inNext ? this.one(score[h]!) : 0n);
    // C.9: the bye to one with the fewest unplayed games.
    r = (r << (2n * sgBits)) + BigInt(c9);
    // C.10-C.13: colours.
    r = (r << sgBits) | b((colours & C10) !== 0);
    r = (r << sgBits) | b((colours & C11) !== 0);
    r = (r << sgBits) | b((colours & C12) !== 0);
    r = (r << sgBits) | b((colours & C13) !== 0);
    // C.14-C.17: repeated floats, one and two rounds back.
    for (const back of [1, 2] as const) {
      if (this.played < back) continue;
      r <<= sgBits;
      if (inCur) {
        r |= b(this.float(l, back) === 'down');
        r += b(!higher && this.float(h, back) === 'down');
      }
      r = (r << sgBits) | b(inCur && !(higher && this.float(l, back) === 'up'));
    }
    // C.18-C.21: the scores of those repeated floaters.
    for (const back of [1, 2] as const) {
      if (this.played < back) continue;
      r <<= sBits;
      if (inCur) {
        if (this.float(l, back) === 'down') r += this.one(score[l]!);
        if (this.float(h, back) === 'down') r += this.one(score[h]!);
      }
      r <<= sBits;
      if (inCur && !(this.float(l, back) === 'up' && higher)) r |= this.one(score[h]!);
    }
    // Room for the order of the candidates (exchanges, transpositions) and one bit of choice.
    return r << (3n * sgBits + 1n);
  }
}

/** The colour criteria's bits in EdgeWeights' colours. */
const C10 = 8;
const C11 = 4;
const C12 = 2;
const C13 = 1;

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
function settleBye(p: Players, weights: EdgeWeights): boolean {
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

/**
 * The brackets, settled from the top down over one weighted matching: in each, the moved-down players
 * to pair and their opponents, then the remainder's exchanges and transpositions. Each choice is fixed
 * (the pair leaves the graph) before the next.
 */
class Brackets {
  readonly n: number;
  // One vertex per player, and with an odd number one more for the bye: every matching sought is perfect.
  readonly W: Matcher;
  readonly dummy: number;
  /** Pairs fixed so far (they leave the graph): fixed[v] is v's opponent, or -1. */
  readonly fixed: Int32Array;
  /** Players paired, or chosen to be paired, in their bracket. */
  readonly matched: Uint8Array;
  readonly sgBits: bigint;
  // P: the players of the current bracket (moved-down ones first) and of the next score group, by rank.
  P: number[] = [];
  /** The next player, by rank, not yet in P. */
  next = 0;
  /** How many of P were moved down into this bracket. */
  mdpCount = 0;
  /** The first vertex of this bracket's own score group, and of the next one. */
  groupBegin = 0;
  nextBeginV = 0;
  /** Where the next score group starts in P, and its first player. */
  nextBegin = 0;
  groupStart = 0;
  /** base[l][h]: the weight of P[h]-P[l] (h < l) before any choice nudges it; 0 once ruled out. */
  base: bigint[][] = [];
  /** The best matching at hand (see solve), found again as each bracket opens. */
  mate: Int32Array = new Int32Array(0);
  /** The remainder: indexes in P of the residents not paired with a moved-down player; its first remPairs form S1. */
  rem: number[] = [];
  remPairs = 0;

  constructor(
    readonly p: Players,
    readonly weights: EdgeWeights,
  ) {
    const n = p.n;
    this.n = n;
    this.sgBits = weights.g.sgBits;
    this.W = new Matcher(n % 2 === 1 ? n + 1 : n);
    this.dummy = n % 2 === 1 ? n : -1;
    if (this.dummy !== -1) for (let v = 0; v < n; v++) this.W.set(this.dummy, v, 1n);
    this.fixed = new Int32Array(n).fill(-1);
    this.matched = new Uint8Array(n);
    for (let l = 1; l < n; l++) for (let h = 0; h < l; h++) this.W.set(h, l, weights.weight(h, l, false, false));
    while (this.next < n && p.score[this.next]! >= p.score[0]!) this.P.push(this.next++);
  }

  /** The best matching now: `mate[v]`, v itself for the one left for the bye (or unpaired). */
  solve(): Int32Array {
    const m = this.W.solve();
    const mate = new Int32Array(this.fixed);
    for (let v = 0; v < this.n; v++) if (this.fixed[v] === -1) mate[v] = m[v] === -1 || m[v] === this.dummy ? v : m[v]!;
    return mate;
  }

  finalize(a: number, b: number): void {
    this.fixed[a] = b;
    this.fixed[b] = a;
    this.W.remove(a);
    this.W.remove(b);
  }

  inBracketV(v: number): boolean {
    return v >= this.groupBegin && v < this.nextBeginV;
  }

  pairAll(): void {
    while (this.P.length > 1 || this.next < this.n) {
      this.openBracket();
      this.chooseMovedDown();
      this.pairMovedDown();
      this.pairRemainder();
      this.moveDown();
    }
  }

  /** Adds the next score group to P and sets the base weights of this bracket and the next. */
  openBracket(): void {
    const { P, p } = this;
    this.nextBegin = P.length;
    this.nextBeginV = this.groupBegin + (this.nextBegin - this.mdpCount);
    this.groupStart = this.next;
    while (this.next < this.n && p.score[this.next]! >= p.score[this.groupStart]!) P.push(this.next++);
    this.base = P.map((_, l) => P.slice(0, l).map(() => 0n));
    for (let l = this.mdpCount; l < P.length; l++) {
      for (let h = 0; h < l; h++) {
        this.base[l]![h] = this.weights.weight(P[h]!, P[l]!, l < this.nextBegin, l >= this.nextBegin);
        this.W.set(P[h]!, P[l]!, this.base[l]![h]!);
      }
    }
    this.mate = this.solve();
  }

  /** Which moved-down players are paired in this bracket (C.7: the highest scores first, then by rank). */
  chooseMovedDown(): void {
    const { P, W, base, matched, mdpCount, nextBegin } = this;
    const { score } = this.p;
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
          if (this.inBracketV(this.mate[P[k]!]!)) remainingMatched++;
        }
      }
      if (remainingMatched === 0) continue;
      if (remaining <= remainingMatched) {
        matched[v] = 1;
        continue;
      }
      remaining--;
      if (!this.inBracketV(this.mate[v]!)) {
        for (let o = mdpCount; o < nextBegin; o++) {
          const x = base[o]![i]!;
          if (x !== 0n) W.set(v, P[o]!, x | 1n);
        }
        this.mate = this.solve();
      }
      if (this.inBracketV(this.mate[v]!)) {
        matched[v] = 1;
        remainingMatched--;
        for (let o = mdpCount; o < nextBegin; o++) {
          const x = base[o]![i]!;
          if (x !== 0n) W.set(v, P[o]!, (x | BigInt(nextBegin - mdpCount)) + 1n);
        }
      }
    }
  }

  /** The chosen moved-down players' opponents: each in turn takes the first resident the rules allow. */
  pairMovedDown(): void {
    const { P, W, base, matched, mdpCount, nextBegin } = this;
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
      if (this.mate[v] !== first) this.mate = this.solve();
      const u = this.mate[v]!;
      matched[u] = 1;
      this.finalize(v, u);
    }
  }

  /** Weight of a remainder edge, with the order of exchanges (fewest, then smallest differences). */
  remainderWeight(h: number, l: number, hRemIdx: number): bigint {
    let r = this.base[l]![h]!;
    if (r === 0n) return 0n;
    let add = hRemIdx < this.remPairs ? 1n : 0n;
    add <<= 2n * this.sgBits;
    add -= BigInt(hRemIdx);
    add <<= 1n;
    r += add;
    return r;
  }

  /** rem[a]'s edges to the remainder players after it, at their remainder weights plus `nudge`. */
  setRemainderEdges(a: number, nudge: bigint): void {
    const { P, rem } = this;
    for (let c = a + 1; c < rem.length; c++) {
      const x = this.remainderWeight(rem[a]!, rem[c]!, a);
      if (nudge === 0n || x !== 0n) this.W.set(P[rem[a]!]!, P[rem[c]!]!, x + (x === 0n ? 0n : nudge));
    }
  }

  /** Paired within the remainder with a lower-ranked player: in S1. */
  pairedDown(v: number): boolean {
    return this.mate[v]! > v && this.mate[v]! < this.nextBeginV;
  }

  /** The remainder: exchanges between S1 and S2 (D.2), then transpositions (D.1). */
  pairRemainder(): void {
    const { P, mdpCount, nextBegin, groupBegin } = this;
    this.rem = [];
    this.remPairs = 0;
    for (let o = mdpCount; o < nextBegin; o++) {
      const v = P[o]!;
      if (this.mate[v]! < groupBegin) continue;
      this.rem.push(o);
      if (this.mate[v]! < v) this.remPairs++;
    }
    for (let a = 0; a < this.rem.length; a++) this.setRemainderEdges(a, 0n);
    this.mate = this.solve();
    let exchanges = 0;
    for (let a = 0; a < this.remPairs && a < this.rem.length; a++) if (!this.pairedDown(P[this.rem[a]!]!)) exchanges++;
    this.leaveS1(exchanges);
    this.enterS1(exchanges);
    this.fixS1();
    this.transpose();
  }

  /** Exchanges: S1's lowest players leave S1 where possible... */
  leaveS1(exchanges: number): void {
    const { P, rem, base } = this;
    let left = exchanges;
    for (let a = this.remPairs - 1; a >= 0 && left > 0; a--) {
      const v = P[rem[a]!]!;
      if (this.pairedDown(v)) {
        this.setRemainderEdges(a, -1n);
        this.mate = this.solve();
      }
      const exchange = !this.pairedDown(v);
      if (exchange) left--;
      if (exchange) for (let c = a + 1; c < rem.length; c++) base[rem[c]!]![rem[a]!] = 0n;
      this.setRemainderEdges(a, 0n);
    }
  }

  /** ...and S2's highest players enter it. */
  enterS1(exchanges: number): void {
    const { P, rem, base, W } = this;
    let left = exchanges;
    for (let a = this.remPairs; a < rem.length && left > 1; a++) {
      const v = P[rem[a]!]!;
      const already = this.pairedDown(v);
      if (!already) {
        this.setRemainderEdges(a, 1n);
        this.mate = this.solve();
      }
      if (this.pairedDown(v)) {
        left--;
        for (let c = 0; c < a; c++) {
          base[rem[a]!]![rem[c]!] = 0n;
          W.set(v, P[rem[c]!]!, 0n);
        }
        for (let o = this.nextBegin; o < P.length; o++) {
          base[o]![rem[a]!] = 0n;
          W.set(v, P[o]!, 0n);
        }
      }
      if (!already) this.setRemainderEdges(a, 0n);
    }
  }

  /** Fixes who is in S1, and restores the base weights. */
  fixS1(): void {
    const { P, rem, base } = this;
    for (let a = 0; a < rem.length; a++) {
      const v = P[rem[a]!]!;
      for (let c = a + 1; c < rem.length; c++) {
        const u = P[rem[c]!]!;
        if (!this.pairedDown(v) || this.pairedDown(u)) base[rem[c]!]![rem[a]!] = 0n;
        this.W.set(v, u, base[rem[c]!]![rem[a]!]!);
      }
    }
  }

  /** S1's players in order, each against the first opponent the rules allow (transpositions). */
  transpose(): void {
    const { P, rem, base, matched } = this;
    for (const o of rem) {
      const v = P[o]!;
      if (!this.pairedDown(v)) continue;
      let add = 0n;
      let first = -1;
      for (let c = rem.length - 1; c >= 0; c--) {
        const u = P[rem[c]!]!;
        if (rem[c]! <= o || matched[u]) continue;
        const x = base[rem[c]!]![o]!;
        if (x !== 0n) {
          this.W.set(v, u, x + add);
          first = u;
        }
        add++;
      }
      if (this.mate[v] !== first) this.mate = this.solve();
      const u = this.mate[v]!;
      matched[v] = 1;
      matched[u] = 1;
      this.finalize(v, u);
    }
  }

  /** The next bracket: who is left here moves down. */
  moveDown(): void {
    const { P, n, matched, nextBegin, groupStart } = this;
    const { score } = this.p;
    const weights = this.weights;
    const nextP: number[] = [];
    let nextMdp = 0;
    weights.singleDownfloaterIsBye = n % 2 === 1 && groupStart < n && weights.byeScore >= score[groupStart]!;
    for (let k = 0; k < P.length; k++) {
      const v = P[k]!;
      if (k < nextBegin && matched[v]) continue;
      nextP.push(v);
      if (k < nextBegin) nextMdp++;
      if (weights.singleDownfloaterIsBye && score[this.mate[v]!]! < score[groupStart]!) weights.singleDownfloaterIsBye = false;
    }
    this.P = nextP;
    this.mdpCount = nextMdp;
    this.groupBegin = this.nextBeginV;
  }
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
