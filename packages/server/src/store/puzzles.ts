/** Puzzle ratings: the solvers', the puzzles' own, and each solver's rounds. Apart from game ratings. */
import type { Glicko } from './ratings.ts';

/** A solver's puzzle rating in one variant: apart from game ratings (the `ratings` table). */
export interface PuzzleRatingRow {
  readonly userId: string;
  readonly variant: string;
  readonly rating: number;
  readonly deviation: number;
  readonly volatility: number;
  /** Rated attempts (first attempts of a puzzle) and how many were solved. */
  readonly attempts: number;
  readonly wins: number;
  /** Rated attempts solved in a row now, and the most ever. */
  readonly streak: number;
  readonly bestStreak: number;
  readonly ratedAt: number;
}

/** A puzzle's own rating, which moves with every rated attempt; no row until its first. */
export interface PuzzleStateRow {
  readonly puzzleId: string;
  readonly variant: string;
  readonly rating: number;
  readonly deviation: number;
  readonly volatility: number;
  /** Rated attempts at it, and how many the solvers won. */
  readonly attempts: number;
  readonly wins: number;
  readonly ratedAt: number;
}

/** A user's history with one puzzle: the first attempt (the rated one) and the latest. */
export interface PuzzleRoundRow {
  readonly userId: string;
  readonly puzzleId: string;
  readonly variant: string;
  readonly firstAt: number;
  readonly firstWin: boolean;
  readonly lastAt: number;
  readonly lastWin: boolean;
  readonly plays: number;
}

/** One finished attempt at a puzzle, as the store applies it. */
export interface PuzzleResult {
  readonly userId: string;
  readonly puzzleId: string;
  readonly variant: string;
  readonly win: boolean;
  /** Solved after a hint: rated as a draw, not counted among the wins, the streak kept as it was (docs/API.md, Puzzles). */
  readonly hint?: boolean;
  readonly at: number;
  /** The puzzle's rating if it has no row yet: its generated difficulty. */
  readonly initial: Glicko;
}

/** What an attempt changed. */
export interface PuzzleOutcome {
  /** Only a user's first attempt at a puzzle is rated; a replay changes no rating and no streak. */
  readonly rated: boolean;
  /** The solver's puzzle rating before the attempt (the default for a newcomer). */
  readonly before: Glicko;
  readonly player: PuzzleRatingRow;
  readonly puzzle: PuzzleStateRow;
  readonly round: PuzzleRoundRow;
}

export interface PuzzleStore {
  /**
   * Records an attempt at a puzzle, atomically. The user's first attempt at
   * it is rated: both the solver's puzzle rating (Glicko-2, read inside the
   * transaction) and the puzzle's own move, and the streak follows the
   * result. Later attempts only update the round: a retry, or the same
   * result sent twice, never counts twice. The user must exist.
   */
  applyPuzzleResult(r: PuzzleResult): Promise<PuzzleOutcome>;
  /** The user's puzzle ratings, one per variant with a rated attempt. */
  puzzleRatings(userId: string): Promise<PuzzleRatingRow[]>;
  /** The ratings of the puzzles of a variant that have been attempted. */
  puzzleStates(variant: string): Promise<PuzzleStateRow[]>;
  /** The user's rounds in a variant, most recently played first: the newest `limit`. */
  puzzleRounds(userId: string, variant: string, limit: number): Promise<PuzzleRoundRow[]>;
}
