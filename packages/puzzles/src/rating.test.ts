import { describe, expect, it } from 'vitest';
import { INITIAL_PLAYER_RATING, PUZZLE_START_DEVIATION, attemptScore, initialPuzzleRating, rateAttempt } from './rating.ts';

describe('puzzle ratings', () => {
  it('scores a solve after a hint as a draw, between a clean solve and a miss (issue 33, item 8.5)', () => {
    expect([attemptScore(true, false), attemptScore(true, true), attemptScore(false, true), attemptScore(false, false)]).toEqual([1, 0.5, 0, 0]);
    const puzzle = initialPuzzleRating({ rating: 1500 });
    const [win, hint, miss] = [1, 0.5, 0].map((s) => rateAttempt(INITIAL_PLAYER_RATING, puzzle, s as 0 | 0.5 | 1).player.rating);
    expect(win).toBeGreaterThan(hint!);
    expect(hint).toBeGreaterThan(miss!);
    // Against an equal puzzle a draw moves nothing much either way.
    expect(Math.abs(hint! - 1500)).toBeLessThan(1);
  });

  const puzzle = initialPuzzleRating({ rating: 1500 });

  it('starts a puzzle at its generated difficulty with a wide deviation', () => {
    expect(initialPuzzleRating({ rating: 1320 })).toEqual({ rating: 1320, deviation: PUZZLE_START_DEVIATION, volatility: 0.06 });
  });

  it('moves the solver up and the puzzle down on a win, the other way on a loss', () => {
    const win = rateAttempt(INITIAL_PLAYER_RATING, puzzle, true);
    expect(win.player.rating).toBeGreaterThan(1500);
    expect(win.puzzle.rating).toBeLessThan(1500);
    const loss = rateAttempt(INITIAL_PLAYER_RATING, puzzle, false);
    expect(loss.player.rating).toBeLessThan(1500);
    expect(loss.puzzle.rating).toBeGreaterThan(1500);
    expect(win.diff).toBe(Math.round(win.player.rating) - 1500);
    expect(loss.diff).toBeLessThan(0);
  });

  it('gains more for solving a harder puzzle, loses more for failing an easier one', () => {
    const hard = rateAttempt(INITIAL_PLAYER_RATING, initialPuzzleRating({ rating: 1900 }), true);
    const easy = rateAttempt(INITIAL_PLAYER_RATING, initialPuzzleRating({ rating: 1100 }), true);
    expect(hard.diff).toBeGreaterThan(easy.diff);
    const failEasy = rateAttempt(INITIAL_PLAYER_RATING, initialPuzzleRating({ rating: 1100 }), false);
    const failHard = rateAttempt(INITIAL_PLAYER_RATING, initialPuzzleRating({ rating: 1900 }), false);
    expect(failEasy.diff).toBeLessThan(failHard.diff);
  });

  it('narrows both deviations, and a new solver moves a settled puzzle less than a settled solver does', () => {
    const settledPuzzle = { rating: 1500, deviation: 60, volatility: 0.06 };
    const settledPlayer = { rating: 1500, deviation: 60, volatility: 0.06 };
    const a = rateAttempt(INITIAL_PLAYER_RATING, settledPuzzle, true);
    const b = rateAttempt(settledPlayer, settledPuzzle, true);
    expect(a.player.deviation).toBeLessThan(INITIAL_PLAYER_RATING.deviation);
    expect(1500 - a.puzzle.rating).toBeLessThan(1500 - b.puzzle.rating);
  });
});
