/**
 * Puzzle ratings with the club's Glicko-2 (packages/game): each attempt is a
 * game between the solver and the puzzle, rated at once for both, as lichess
 * does. A win for the solver is a loss for the puzzle. Glicko-2's g(φ)
 * already damps the pull of an uncertain side, so a new solver (RD 350)
 * moves a settled puzzle only a little.
 */
import { DEFAULT_RATING, rateGame, type Rating } from '@youzai/game';
import type { Puzzle } from './puzzle.ts';

/** A new solver in a game: 1500, RD 350. */
export const INITIAL_PLAYER_RATING: Rating = DEFAULT_RATING;

/** A puzzle's starting RD: its generated difficulty is an estimate, so it is wide, but tighter than a newcomer's. */
export const PUZZLE_START_DEVIATION = 300;

export function initialPuzzleRating(p: Pick<Puzzle, 'rating'>): Rating {
  return { rating: p.rating, deviation: PUZZLE_START_DEVIATION, volatility: DEFAULT_RATING.volatility };
}

export interface RatedAttempt {
  readonly player: Rating;
  readonly puzzle: Rating;
  /** The solver's change in displayed (rounded) points. */
  readonly diff: number;
}

/**
 * What an attempt scores against the puzzle, as a game's result: solved alone
 * 1; solved after a hint ½, a draw (the hint found the first step, the solver
 * the rest); failed, or the solution shown, 0. lichess likewise counts a
 * viewed solution as a miss and gives a helped solve less than a clean one.
 */
export type AttemptScore = 0 | 0.5 | 1;

export function attemptScore(win: boolean, hint: boolean): AttemptScore {
  return win ? (hint ? 0.5 : 1) : 0;
}

/** Both new ratings after one attempt, each from the other's rating before it (`true`/`false`: solved alone / failed). */
export function rateAttempt(player: Rating, puzzle: Rating, result: boolean | AttemptScore): RatedAttempt {
  const score = result === true ? 1 : result === false ? 0 : result;
  const [p, z] = rateGame(player, puzzle, score);
  return { player: p, puzzle: z, diff: Math.round(p.rating) - Math.round(player.rating) };
}
