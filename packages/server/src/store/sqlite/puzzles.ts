/** Puzzle ratings and rounds in SQLite. */
import { applyPuzzle, checkPuzzleResult } from '../puzzle-rated.ts';
import {
  PUZZLE_RATING_SQL,
  PUZZLE_ROUND_SQL,
  PUZZLE_STATE_SQL,
  toPuzzleRating,
  toPuzzleRound,
  toPuzzleState,
  type PuzzleRatingRecord,
  type PuzzleRoundRecord,
  type PuzzleStateRecord,
} from '../puzzle-records.ts';
import type { PuzzleOutcome, PuzzleRatingRow, PuzzleResult, PuzzleRoundRow, PuzzleStateRow, PuzzleStore } from '../puzzles.ts';
import type { SqliteDb } from './db.ts';

export function sqlitePuzzles(db: SqliteDb): PuzzleStore {
  return {
    async applyPuzzleResult(r: PuzzleResult): Promise<PuzzleOutcome> {
      checkPuzzleResult(r);
      const res = { ...r, initial: { ...r.initial } };
      // Inside the group-commit transaction: the rows read here are the latest.
      return db.write(() => {
        const player = db.stmt('SELECT * FROM puzzle_ratings WHERE user_id = ? AND variant = ?').get(res.userId, res.variant) as PuzzleRatingRecord | undefined;
        const puzzle = db.stmt('SELECT * FROM puzzle_states WHERE puzzle_id = ?').get(res.puzzleId) as PuzzleStateRecord | undefined;
        const round = db.stmt('SELECT * FROM puzzle_rounds WHERE user_id = ? AND puzzle_id = ?').get(res.userId, res.puzzleId) as PuzzleRoundRecord | undefined;
        const out = applyPuzzle(res, player ? toPuzzleRating(player) : null, puzzle ? toPuzzleState(puzzle) : null, round ? toPuzzleRound(round) : null);
        if (out.rated) {
          db.stmt(PUZZLE_RATING_SQL).run(out.player);
          db.stmt(PUZZLE_STATE_SQL).run(out.puzzle);
        }
        db.stmt(PUZZLE_ROUND_SQL).run({ ...out.round, firstWin: out.round.firstWin ? 1 : 0, lastWin: out.round.lastWin ? 1 : 0 });
        return out;
      });
    },

    async puzzleRatings(userId: string): Promise<PuzzleRatingRow[]> {
      return (db.stmt('SELECT * FROM puzzle_ratings WHERE user_id = ? ORDER BY variant').all(userId) as PuzzleRatingRecord[]).map(toPuzzleRating);
    },

    async puzzleStates(variant: string): Promise<PuzzleStateRow[]> {
      return (db.stmt('SELECT * FROM puzzle_states WHERE variant = ? ORDER BY puzzle_id').all(variant) as PuzzleStateRecord[]).map(toPuzzleState);
    },

    async puzzleRounds(userId: string, variant: string, limit: number): Promise<PuzzleRoundRow[]> {
      const rows = db
        .stmt('SELECT * FROM puzzle_rounds WHERE user_id = ? AND variant = ? ORDER BY last_at DESC, puzzle_id DESC LIMIT ?')
        .all(userId, variant, Math.max(0, Math.floor(limit))) as PuzzleRoundRecord[];
      return rows.map(toPuzzleRound);
    },
  };
}
