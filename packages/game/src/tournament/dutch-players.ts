/**
 * What the Dutch system's criteria read of each player (dutch.ts pairs the
 * round): the colour and bye facts of each, by index in the round's order
 * (score, then pairing number), and the score groups with the bit offset
 * each has in a packed weight (dutch-weights.ts).
 */
import type { Side, SwissCard } from './swiss-cards.ts';
import { compatible } from './swiss-colours.ts';

/** What pairDutch (dutch.ts) is told of the round. */
export interface DutchOptions {
  /** The round being paired (1-based) and the planned number of rounds. */
  readonly round: number;
  readonly rounds: number;
  /** Colour of the top seed in round 1 (drawn by lot in a real event; white here). */
  readonly initial?: Side;
}

/** Bits to write x (x ≥ 0): 0 → 0, 1 → 1, 2-3 → 2, ... */
const bitsOf = (x: number): number => (x <= 0 ? 0 : 32 - Math.clz32(x));

/** What the criteria read of each player, by index in the round's order (score, then pairing number). */
export interface Players {
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

export function playerFacts(cards: readonly SwissCard[], opts: DutchOptions): Players {
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
export interface ScoreGroups {
  readonly shiftOf: ReadonlyMap<number, number>;
  /** Each score's group, highest score 0. */
  readonly groupOf: ReadonlyMap<number, number>;
  /** Bits to count the players of the largest group, and of all the groups' fields. */
  readonly sgBits: bigint;
  readonly sBits: bigint;
}

export function scoreGroups(score: readonly number[]): ScoreGroups {
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
