/**
 * The Dutch system's edge weights (dutch.ts pairs the round): each pair's
 * criteria C.4-C.21 packed into one BigInt, most important in the highest
 * bits, so that a maximum-weight matching meets them in order. The bye's
 * facts (C.4/C.5, C.9) are set by dutch-bye.ts, the bracket at hand's by
 * dutch-brackets.ts.
 */
import type { Players, ScoreGroups } from './dutch-players.ts';
import type { Side } from './swiss-cards.ts';

type FloatDir = 'down' | 'up' | null;

const invert = (s: Side | null): Side | null => (s === 'w' ? 'b' : s === 'b' ? 'w' : null);

/** The weight of each pair: the criteria C.4-C.21 packed, most important in the highest bits. */
export class EdgeWeights {
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
