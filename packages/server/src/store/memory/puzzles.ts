/** Puzzle ratings and rounds in memory. */
import { applyPuzzle, checkPuzzleResult } from '../puzzle-rated.ts';
import type { PuzzleOutcome, PuzzleRatingRow, PuzzleResult, PuzzleRoundRow, PuzzleStateRow, PuzzleStore } from '../puzzles.ts';
import { cmp, type MemoryTables } from './tables.ts';

export function memoryPuzzles(tables: MemoryTables): PuzzleStore {
  return {
    async applyPuzzleResult(r: PuzzleResult): Promise<PuzzleOutcome> {
      const t = tables.open();
      checkPuzzleResult(r);
      t.needUser(r.userId);
      // No await from here on: read, compute and write form one step, as a transaction does.
      const playerKey = `${r.userId}\n${r.variant}`;
      const roundKey = `${r.userId}\n${r.puzzleId}`;
      const out = applyPuzzle(r, t.puzzleRatings.get(playerKey) ?? null, t.puzzleStates.get(r.puzzleId) ?? null, t.puzzleRounds.get(roundKey) ?? null);
      if (out.rated) {
        t.puzzleRatings.set(playerKey, { ...out.player });
        t.puzzleStates.set(r.puzzleId, { ...out.puzzle });
      }
      t.puzzleRounds.set(roundKey, { ...out.round });
      return { ...out, player: { ...out.player }, puzzle: { ...out.puzzle }, round: { ...out.round } };
    },

    async puzzleRatings(userId: string): Promise<PuzzleRatingRow[]> {
      return [...tables.open().puzzleRatings.values()]
        .filter((r) => r.userId === userId)
        .sort((a, b) => cmp(a.variant, b.variant))
        .map((r) => ({ ...r }));
    },

    async puzzleStates(variant: string): Promise<PuzzleStateRow[]> {
      return [...tables.open().puzzleStates.values()]
        .filter((r) => r.variant === variant)
        .sort((a, b) => cmp(a.puzzleId, b.puzzleId))
        .map((r) => ({ ...r }));
    },

    async puzzleRounds(userId: string, variant: string, limit: number): Promise<PuzzleRoundRow[]> {
      const mine = [...tables.open().puzzleRounds.values()].filter((r) => r.userId === userId && r.variant === variant);
      mine.sort((a, b) => b.lastAt - a.lastAt || cmp(b.puzzleId, a.puzzleId));
      return mine.slice(0, Math.max(0, Math.floor(limit))).map((r) => ({ ...r }));
    },
  };
}
