/**
 * The arithmetic of a puzzle attempt, which every back end runs inside its
 * own transaction on the rows it has just read there (as rated.ts does for
 * games): so the stores agree to the last bit.
 */
import { INITIAL_PLAYER_RATING, attemptScore, rateAttempt } from '@youzai/puzzles';
import type { Glicko, PuzzleOutcome, PuzzleRatingRow, PuzzleResult, PuzzleRoundRow, PuzzleStateRow } from './types.ts';

/** Catches caller bugs before anything is written. */
export function checkPuzzleResult(r: PuzzleResult): void {
  if (typeof r.win !== 'boolean') throw new TypeError(`puzzle ${r.puzzleId}: win must be a boolean`);
  if (r.hint !== undefined && typeof r.hint !== 'boolean') throw new TypeError(`puzzle ${r.puzzleId}: hint must be a boolean`);
  if (!Number.isSafeInteger(r.at)) throw new TypeError(`puzzle ${r.puzzleId}: at must be a whole number`);
  for (const k of ['rating', 'deviation', 'volatility'] as const) {
    if (!Number.isFinite(r.initial[k])) throw new TypeError(`puzzle ${r.puzzleId}: initial ${k} must be a number`);
  }
}

const glicko = (x: Glicko): Glicko => ({ rating: x.rating, deviation: x.deviation, volatility: x.volatility });

/** The rows after the attempt, from the rows before it (null: none yet). */
export function applyPuzzle(r: PuzzleResult, player: PuzzleRatingRow | null, puzzle: PuzzleStateRow | null, round: PuzzleRoundRow | null): PuzzleOutcome {
  const p: PuzzleRatingRow = player ?? {
    userId: r.userId,
    variant: r.variant,
    ...INITIAL_PLAYER_RATING,
    attempts: 0,
    wins: 0,
    streak: 0,
    bestStreak: 0,
    ratedAt: r.at,
  };
  const z: PuzzleStateRow = puzzle ?? { puzzleId: r.puzzleId, variant: r.variant, ...glicko(r.initial), attempts: 0, wins: 0, ratedAt: r.at };
  const before = glicko(p);
  if (round) {
    return { rated: false, before, player: p, puzzle: z, round: { ...round, lastAt: r.at, lastWin: r.win, plays: round.plays + 1 } };
  }
  // A helped solve is a draw: not a win, and the streak neither grows nor breaks.
  const score = attemptScore(r.win, r.hint === true);
  const next = rateAttempt(before, glicko(z), score);
  const win = score === 1 ? 1 : 0;
  const streak = score === 1 ? p.streak + 1 : score === 0 ? 0 : p.streak;
  return {
    rated: true,
    before,
    player: { ...p, ...next.player, attempts: p.attempts + 1, wins: p.wins + win, streak, bestStreak: Math.max(p.bestStreak, streak), ratedAt: r.at },
    puzzle: { ...z, ...next.puzzle, attempts: z.attempts + 1, wins: z.wins + win, ratedAt: r.at },
    round: { userId: r.userId, puzzleId: r.puzzleId, variant: r.variant, firstAt: r.at, firstWin: r.win, lastAt: r.at, lastWin: r.win, plays: 1 },
  };
}
