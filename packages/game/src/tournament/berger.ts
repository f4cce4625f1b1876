/**
 * Round-robin schedules by the Berger tables (FIDE Handbook C.05, Annex 1),
 * and the cross table of a round-robin.
 *
 * With n players (n even; an odd field gets a dummy n-th player whose
 * opponent has the round off), player n meets in round r the player x with
 * 2x ≡ r+1 (mod n-1); the other boards pair x+k with x-k (k = 1..n/2-1,
 * numbers taken in 1..n-1 cyclically), x+k having white. Player n is black
 * in odd rounds and white in even ones. This reproduces the published
 * tables (see berger.test.ts).
 */
import { scoreOf, type Pairing, type Score } from './types.ts';

export const MAX_ROUND_ROBIN_PLAYERS = 16;

/** A board of a Berger round, by starting number (1-based); `black` 0 means the white player has the round off. */
export interface BergerBoard {
  readonly white: number;
  readonly black: number;
}

/** Number of rounds a round-robin of `players` needs. */
export const bergerRounds = (players: number): number => (players % 2 === 0 ? players - 1 : players);

/** The boards of round `round` (1-based) for `players` starting numbers; an odd field's bye is a board with black 0. */
export function bergerRound(players: number, round: number): BergerBoard[] {
  const n = players % 2 === 0 ? players : players + 1;
  const m = n - 1;
  if (round < 1 || round > m) throw new RangeError(`round ${round} of ${m}`);
  const wrap = (v: number): number => ((((v - 1) % m) + m) % m) + 1;
  const x = round % 2 === 1 ? (round + 1) / 2 : round / 2 + n / 2;
  const boards: BergerBoard[] = [];
  const first = round % 2 === 1 ? { white: x, black: n } : { white: n, black: x };
  boards.push(first);
  for (let k = 1; k < n / 2; k++) boards.push({ white: wrap(x + k), black: wrap(x - k) });
  if (n === players) return boards;
  // The dummy player n is the bye: its opponent has the round off.
  return boards.map((b) => (b.white === n ? { white: b.black, black: 0 } : b.black === n ? { white: b.white, black: 0 } : b));
}

/** Every round of a round-robin. */
export function bergerTable(players: number): BergerBoard[][] {
  const rounds: BergerBoard[][] = [];
  for (let r = 1; r <= bergerRounds(players); r++) rounds.push(bergerRound(players, r));
  return rounds;
}

/** One cell of a cross table: what the row player scored against the column player (null: not played yet). */
export type CrossCell = Score | null;

export interface CrossTable {
  /** Players in starting-number order. */
  readonly players: readonly string[];
  /** cells[i][j]: what players[i] scored against players[j]; the diagonal is null. */
  readonly cells: readonly (readonly CrossCell[])[];
  readonly totals: readonly number[];
}

/** The cross table of a round-robin from its finished games. */
export function crossTable(players: readonly string[], pairings: readonly Pairing[]): CrossTable {
  const index = new Map(players.map((p, i) => [p, i]));
  const cells: CrossCell[][] = players.map(() => players.map(() => null));
  const totals = players.map(() => 0);
  for (const p of pairings) {
    const w = index.get(p.white);
    const b = index.get(p.black);
    if (w === undefined || b === undefined || p.result === null) continue;
    const sw = scoreOf(p, p.white)!;
    const sb = scoreOf(p, p.black)!;
    cells[w]![b] = sw;
    cells[b]![w] = sb;
    totals[w]! += sw;
    totals[b]! += sb;
  }
  return { players, cells, totals };
}
