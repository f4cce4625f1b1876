/** PuzzleStore conformance: attempts, puzzle ratings, rounds. */
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_RATING } from '@youzai/game';
import { rateAttempt } from '@youzai/puzzles';
import { T0, user } from '../fixtures.ts';
import type { PuzzleResult, PuzzleStore } from '../puzzles.ts';
import type { RatingStore } from '../ratings.ts';
import type { UserStore } from '../users.ts';

/** What these tests use. */
type Under = UserStore & PuzzleStore & RatingStore;

const START = { rating: 1320, deviation: 300, volatility: 0.06 };
const attempt = (userId: string, puzzleId: string, win: boolean, at = T0, variant = 'xiangqi'): PuzzleResult => ({
  userId,
  puzzleId,
  variant,
  win,
  at,
  initial: START,
});
const glicko = (r: { rating: number; deviation: number; volatility: number }) => ({ rating: r.rating, deviation: r.deviation, volatility: r.volatility });

/** Registers the puzzles tests inside a describeStore block: `current` gives the store of the running test. */
export function describePuzzleStore(current: () => Under): void {
  describe('puzzles', () => {
    let store: Under;
    beforeEach(() => {
      store = current();
    });

    it('a puzzle attempt rates the solver and the puzzle once; a replay changes no rating', async () => {
      await store.createUser(user('u1'));
      const first = await store.applyPuzzleResult(attempt('u1', 'x1', true));
      const expected = rateAttempt(DEFAULT_RATING, START, true);
      expect(first.rated).toBe(true);
      expect(first.before).toEqual(glicko(DEFAULT_RATING));
      expect(first.player).toEqual({ userId: 'u1', variant: 'xiangqi', ...expected.player, attempts: 1, wins: 1, streak: 1, bestStreak: 1, ratedAt: T0 });
      expect(first.puzzle).toEqual({ puzzleId: 'x1', variant: 'xiangqi', ...expected.puzzle, attempts: 1, wins: 1, ratedAt: T0 });
      expect(first.round).toEqual({ userId: 'u1', puzzleId: 'x1', variant: 'xiangqi', firstAt: T0, firstWin: true, lastAt: T0, lastWin: true, plays: 1 });
      const again = await store.applyPuzzleResult(attempt('u1', 'x1', false, T0 + 5));
      expect(again.rated).toBe(false);
      expect(again.player).toEqual(first.player);
      expect(again.puzzle).toEqual(first.puzzle);
      expect(again.round).toEqual({ ...first.round, lastAt: T0 + 5, lastWin: false, plays: 2 });
      expect(await store.puzzleRatings('u1')).toEqual([first.player]);
      expect(await store.puzzleStates('xiangqi')).toEqual([first.puzzle]);
      expect(await store.puzzleStates('janggi')).toEqual([]);
      expect(await store.puzzleRounds('u1', 'xiangqi', 10)).toEqual([again.round]);
      // Puzzle ratings are apart from game ratings.
      expect(await store.ratings('u1')).toEqual([]);
    });

    it('puzzle streaks and counts follow rated attempts; the next solver meets the puzzle as moved', async () => {
      for (const id of ['u1', 'u2']) await store.createUser(user(id));
      await store.applyPuzzleResult(attempt('u1', 'x1', true, T0));
      await store.applyPuzzleResult(attempt('u1', 'x2', true, T0 + 1));
      await store.applyPuzzleResult(attempt('u1', 'x2', false, T0 + 2)); // a replay: no streak change
      const third = await store.applyPuzzleResult(attempt('u1', 'x3', false, T0 + 3));
      expect(third.player).toMatchObject({ attempts: 3, wins: 2, streak: 0, bestStreak: 2, ratedAt: T0 + 3 });
      const x1 = (await store.puzzleStates('xiangqi')).find((p) => p.puzzleId === 'x1')!;
      const other = await store.applyPuzzleResult(attempt('u2', 'x1', false, T0 + 4));
      const expected = rateAttempt(DEFAULT_RATING, glicko(x1), false);
      expect(glicko(other.puzzle)).toEqual(expected.puzzle);
      expect(other.puzzle).toMatchObject({ attempts: 2, wins: 1 });
      const janggi = await store.applyPuzzleResult(attempt('u1', 'j1', true, T0 + 5, 'janggi'));
      expect(janggi.before).toEqual(glicko(DEFAULT_RATING)); // its own rating per variant
      expect((await store.puzzleRatings('u1')).map((r) => [r.variant, r.attempts])).toEqual([
        ['janggi', 1],
        ['xiangqi', 3],
      ]);
      expect((await store.puzzleStates('xiangqi')).map((p) => p.puzzleId)).toEqual(['x1', 'x2', 'x3']);
    });

    it('puzzle rounds: most recently played first, per user and variant, limited', async () => {
      for (const id of ['u1', 'u2']) await store.createUser(user(id));
      await store.applyPuzzleResult(attempt('u1', 'x1', true, T0));
      await store.applyPuzzleResult(attempt('u1', 'x2', true, T0 + 1));
      await store.applyPuzzleResult(attempt('u1', 'x3', true, T0 + 2));
      await store.applyPuzzleResult(attempt('u1', 'x1', false, T0 + 3));
      await store.applyPuzzleResult(attempt('u2', 'x9', true, T0 + 9));
      await store.applyPuzzleResult(attempt('u1', 'j1', true, T0 + 9, 'janggi'));
      expect((await store.puzzleRounds('u1', 'xiangqi', 10)).map((r) => r.puzzleId)).toEqual(['x1', 'x3', 'x2']);
      expect((await store.puzzleRounds('u1', 'xiangqi', 2)).map((r) => r.puzzleId)).toEqual(['x1', 'x3']);
      expect(await store.puzzleRounds('u1', 'sittuyin', 10)).toEqual([]);
    });

    it('puzzle attempts sent together: each puzzle counts once, all of one solver count', async () => {
      await store.createUser(user('u1'));
      const same = await Promise.all([1, 2, 3].map((i) => store.applyPuzzleResult(attempt('u1', 'x1', true, T0 + i))));
      expect(same.filter((o) => o.rated)).toHaveLength(1);
      await Promise.all(['x2', 'x3', 'x4'].map((id) => store.applyPuzzleResult(attempt('u1', id, true, T0 + 10))));
      const [row] = await store.puzzleRatings('u1');
      expect(row).toMatchObject({ attempts: 4, wins: 4, streak: 4, bestStreak: 4 });
      expect((await store.puzzleRounds('u1', 'xiangqi', 10)).find((r) => r.puzzleId === 'x1')?.plays).toBe(3);
    });

    it('a puzzle attempt needs an existing user and a sane result; a failure writes nothing', async () => {
      await expect(store.applyPuzzleResult(attempt('ghost', 'x1', true))).rejects.toThrow();
      await store.createUser(user('u1'));
      await expect(store.applyPuzzleResult({ ...attempt('u1', 'x1', true), win: 'yes' as unknown as boolean })).rejects.toThrow(TypeError);
      await expect(store.applyPuzzleResult(attempt('u1', 'x1', true, T0 + 0.5))).rejects.toThrow(TypeError);
      expect(await store.puzzleStates('xiangqi')).toEqual([]);
      expect(await store.puzzleRatings('u1')).toEqual([]);
      expect(await store.puzzleRounds('u1', 'xiangqi', 10)).toEqual([]);
    });
  });
}
