/**
 * Puzzle rows as the SQL stores hold them, and the upserts both use (named
 * parameters for SQLite; postgres/puzzles.ts writes its own with $n).
 */
import type { PuzzleRatingRow, PuzzleRoundRow, PuzzleStateRow } from './types.ts';

/** BIGINT columns come back from `pg` as strings; SQLite gives numbers. */
type Num = number | string;

export interface PuzzleRatingRecord {
  user_id: string;
  variant: string;
  rating: number;
  deviation: number;
  volatility: number;
  attempts: number;
  wins: number;
  streak: number;
  best_streak: number;
  rated_at: Num;
}
export interface PuzzleStateRecord {
  puzzle_id: string;
  variant: string;
  rating: number;
  deviation: number;
  volatility: number;
  attempts: number;
  wins: number;
  rated_at: Num;
}
export interface PuzzleRoundRecord {
  user_id: string;
  puzzle_id: string;
  variant: string;
  first_at: Num;
  /** 0/1 in SQLite, boolean in PostgreSQL. */
  first_win: number | boolean;
  last_at: Num;
  last_win: number | boolean;
  plays: number;
}

export const toPuzzleRating = (r: PuzzleRatingRecord): PuzzleRatingRow => ({
  userId: r.user_id,
  variant: r.variant,
  rating: r.rating,
  deviation: r.deviation,
  volatility: r.volatility,
  attempts: r.attempts,
  wins: r.wins,
  streak: r.streak,
  bestStreak: r.best_streak,
  ratedAt: Number(r.rated_at),
});

export const toPuzzleState = (r: PuzzleStateRecord): PuzzleStateRow => ({
  puzzleId: r.puzzle_id,
  variant: r.variant,
  rating: r.rating,
  deviation: r.deviation,
  volatility: r.volatility,
  attempts: r.attempts,
  wins: r.wins,
  ratedAt: Number(r.rated_at),
});

export const toPuzzleRound = (r: PuzzleRoundRecord): PuzzleRoundRow => ({
  userId: r.user_id,
  puzzleId: r.puzzle_id,
  variant: r.variant,
  firstAt: Number(r.first_at),
  firstWin: r.first_win === true || r.first_win === 1,
  lastAt: Number(r.last_at),
  lastWin: r.last_win === true || r.last_win === 1,
  plays: r.plays,
});

export const PUZZLE_RATING_SQL =
  'INSERT INTO puzzle_ratings (user_id, variant, rating, deviation, volatility, attempts, wins, streak, best_streak, rated_at) ' +
  'VALUES (@userId, @variant, @rating, @deviation, @volatility, @attempts, @wins, @streak, @bestStreak, @ratedAt) ' +
  'ON CONFLICT (user_id, variant) DO UPDATE SET rating = excluded.rating, deviation = excluded.deviation, volatility = excluded.volatility, ' +
  'attempts = excluded.attempts, wins = excluded.wins, streak = excluded.streak, best_streak = excluded.best_streak, rated_at = excluded.rated_at';

export const PUZZLE_STATE_SQL =
  'INSERT INTO puzzle_states (puzzle_id, variant, rating, deviation, volatility, attempts, wins, rated_at) ' +
  'VALUES (@puzzleId, @variant, @rating, @deviation, @volatility, @attempts, @wins, @ratedAt) ' +
  'ON CONFLICT (puzzle_id) DO UPDATE SET rating = excluded.rating, deviation = excluded.deviation, volatility = excluded.volatility, ' +
  'attempts = excluded.attempts, wins = excluded.wins, rated_at = excluded.rated_at';

export const PUZZLE_ROUND_SQL =
  'INSERT INTO puzzle_rounds (user_id, puzzle_id, variant, first_at, first_win, last_at, last_win, plays) ' +
  'VALUES (@userId, @puzzleId, @variant, @firstAt, @firstWin, @lastAt, @lastWin, @plays) ' +
  'ON CONFLICT (user_id, puzzle_id) DO UPDATE SET last_at = excluded.last_at, last_win = excluded.last_win, plays = excluded.plays';
