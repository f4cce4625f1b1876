/** Puzzle ratings and rounds in PostgreSQL. */
import { INITIAL_PLAYER_RATING } from '@youzai/puzzles';
import { applyPuzzle, checkPuzzleResult } from '../puzzle-rated.ts';
import { toPuzzleRating, toPuzzleRound, toPuzzleState, type PuzzleRatingRecord, type PuzzleRoundRecord, type PuzzleStateRecord } from '../puzzle-records.ts';
import type { PuzzleOutcome, PuzzleRatingRow, PuzzleResult, PuzzleRoundRow, PuzzleStateRow, PuzzleStore } from '../puzzles.ts';
import type { PostgresDb } from './db.ts';

export function postgresPuzzles(db: PostgresDb): PuzzleStore {
  const { query } = db;
  return {
    async applyPuzzleResult(r: PuzzleResult): Promise<PuzzleOutcome> {
      checkPuzzleResult(r);
      const res = { ...r, initial: { ...r.initial } };
      return db.transaction(async (q) => {
        // The rows exist, then are locked, always player first, then puzzle, then round: two
        // attempts sharing a player or a puzzle queue up instead of deadlocking, and the second
        // reads what the first wrote. A row inserted just now (attempts 0) stands for "none yet".
        const i = INITIAL_PLAYER_RATING;
        await q(
          `INSERT INTO puzzle_ratings (user_id, variant, rating, deviation, volatility, attempts, wins, streak, best_streak, rated_at)
           VALUES ($1, $2, $3, $4, $5, 0, 0, 0, 0, $6) ON CONFLICT (user_id, variant) DO NOTHING`,
          [res.userId, res.variant, i.rating, i.deviation, i.volatility, res.at],
        );
        await q(
          `INSERT INTO puzzle_states (puzzle_id, variant, rating, deviation, volatility, attempts, wins, rated_at)
           VALUES ($1, $2, $3, $4, $5, 0, 0, $6) ON CONFLICT (puzzle_id) DO NOTHING`,
          [res.puzzleId, res.variant, res.initial.rating, res.initial.deviation, res.initial.volatility, res.at],
        );
        const player = (await q<PuzzleRatingRecord>('SELECT * FROM puzzle_ratings WHERE user_id = $1 AND variant = $2 FOR UPDATE', [res.userId, res.variant]))
          .rows[0];
        const puzzle = (await q<PuzzleStateRecord>('SELECT * FROM puzzle_states WHERE puzzle_id = $1 FOR UPDATE', [res.puzzleId])).rows[0];
        const round = (await q<PuzzleRoundRecord>('SELECT * FROM puzzle_rounds WHERE user_id = $1 AND puzzle_id = $2 FOR UPDATE', [res.userId, res.puzzleId]))
          .rows[0];
        const p = player ? toPuzzleRating(player) : null;
        const z = puzzle ? toPuzzleState(puzzle) : null;
        const out = applyPuzzle(res, p && p.attempts > 0 ? p : null, z && z.attempts > 0 ? z : null, round ? toPuzzleRound(round) : null);
        if (out.rated) {
          const a = out.player;
          await q(
            `UPDATE puzzle_ratings SET rating = $3, deviation = $4, volatility = $5, attempts = $6, wins = $7, streak = $8, best_streak = $9, rated_at = $10
             WHERE user_id = $1 AND variant = $2`,
            [a.userId, a.variant, a.rating, a.deviation, a.volatility, a.attempts, a.wins, a.streak, a.bestStreak, a.ratedAt],
          );
          const b = out.puzzle;
          await q('UPDATE puzzle_states SET rating = $2, deviation = $3, volatility = $4, attempts = $5, wins = $6, rated_at = $7 WHERE puzzle_id = $1', [
            b.puzzleId,
            b.rating,
            b.deviation,
            b.volatility,
            b.attempts,
            b.wins,
            b.ratedAt,
          ]);
        }
        const o = out.round;
        await q(
          `INSERT INTO puzzle_rounds (user_id, puzzle_id, variant, first_at, first_win, last_at, last_win, plays) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
           ON CONFLICT (user_id, puzzle_id) DO UPDATE SET last_at = excluded.last_at, last_win = excluded.last_win, plays = excluded.plays`,
          [o.userId, o.puzzleId, o.variant, o.firstAt, o.firstWin, o.lastAt, o.lastWin, o.plays],
        );
        return out;
      });
    },

    async puzzleRatings(userId: string): Promise<PuzzleRatingRow[]> {
      const r = await query<PuzzleRatingRecord>('SELECT * FROM puzzle_ratings WHERE user_id = $1 AND attempts > 0 ORDER BY variant COLLATE "C"', [userId]);
      return r.rows.map(toPuzzleRating);
    },

    async puzzleStates(variant: string): Promise<PuzzleStateRow[]> {
      const r = await query<PuzzleStateRecord>('SELECT * FROM puzzle_states WHERE variant = $1 AND attempts > 0 ORDER BY puzzle_id COLLATE "C"', [variant]);
      return r.rows.map(toPuzzleState);
    },

    async puzzleRounds(userId: string, variant: string, limit: number): Promise<PuzzleRoundRow[]> {
      const r = await query<PuzzleRoundRecord>(
        'SELECT * FROM puzzle_rounds WHERE user_id = $1 AND variant = $2 ORDER BY last_at DESC, puzzle_id COLLATE "C" DESC LIMIT $3',
        [userId, variant, Math.max(0, Math.floor(limit))],
      );
      return r.rows.map(toPuzzleRound);
    },
  };
}
