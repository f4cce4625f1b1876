import { describe, expect, it } from 'vitest';
import type { PuzzlePlayerView, PuzzleView } from '@youzai/protocol';
import {
  chooseTheme,
  giveUp,
  hint,
  initialPuzzleState,
  loaded,
  loadFailed,
  loading,
  movesToAdd,
  ratingsLoaded,
  REPLY_DELAY,
  resultAnswered,
  resultSent,
  resultToSend,
  SOLUTION_DELAY,
  solverMove,
  startPuzzle,
  tick,
  typedInvalid,
  type PuzzleState,
} from './puzzles-model.ts';

/** A shipped Xiangqi mate in 2 (packages/puzzles/data/xiangqi.json): Black's horse, the reply, the chariot. */
const PUZZLE: PuzzleView = {
  id: 'xk7cny5u',
  variant: 'xiangqi',
  fen: '2bak1c2/4a4/4bc3/4P4/8P/2B6/9/1r1AB4/3n4N/4KA3 b - - 3 45',
  turn: 'second',
  solution: ['d2f3', 'e1e2', 'b3b2'],
  alternatives: [],
  kind: 'mate',
  mateIn: 2,
  themes: ['mate'],
  rating: 1120,
  plays: 4,
};
const PLAYER: PuzzlePlayerView = { rating: 1500, deviation: 300, provisional: true, attempts: 0, wins: 0, streak: 0, bestStreak: 0 };

const started = (): PuzzleState => loaded(initialPuzzleState('xiangqi'), PUZZLE, PLAYER);

describe('the puzzle trainer model', () => {
  it('starts a loaded puzzle: its game, the solver rating, a fresh attempt', () => {
    const s = started();
    expect(s).toMatchObject({ variant: 'xiangqi', puzzle: PUZZLE, player: PLAYER, phase: 'solving', moves: [], attempt: 1 });
    expect(resultToSend(s)).toBeNull();
  });

  it('a right move plays the reply after a pause, then solving the last move reports a win once', () => {
    let s = solverMove(started(), 'd2f3', 1000);
    expect(s.moves).toEqual(['d2f3']);
    expect(s.feedback.kind).toBe('good');
    expect(s.pending).toEqual({ kind: 'reply', uci: 'e1e2', at: 1000 + REPLY_DELAY });
    expect(tick(s, 1000 + REPLY_DELAY - 1)).toBe(s);
    s = tick(s, 1000 + REPLY_DELAY);
    expect(s).toMatchObject({ moves: ['d2f3', 'e1e2'], played: ['d2f3', 'e1e2'], pending: null, feedback: { kind: 'none' } });
    s = solverMove(s, 'b3b2', 2000);
    expect(s).toMatchObject({ phase: 'solved', feedback: { kind: 'solved' }, pending: null });
    expect(resultToSend(s)).toEqual({ id: PUZZLE.id, win: true, hinted: false });
    s = resultSent(s, PUZZLE.id);
    expect(resultToSend(s)).toBeNull();
    // A retry is a new attempt, never reported again.
    const again = startPuzzle(s, PUZZLE);
    expect(again).toMatchObject({ attempt: 2, phase: 'solving', moves: [] });
    const solvedAgain = solverMove(tick(solverMove(again, 'd2f3', 0), REPLY_DELAY), 'b3b2', 1000);
    expect(solvedAgain.phase).toBe('solved');
    expect(resultToSend(solvedAgain)).toBeNull();
  });

  it('a wrong move stays on the board, then the solution replaces it; the miss is reported', () => {
    let s = solverMove(started(), 'd2b1', 500);
    expect(s).toMatchObject({ phase: 'failed', moves: ['d2b1'], played: [], feedback: { kind: 'failed' } });
    expect(resultToSend(s)).toEqual({ id: PUZZLE.id, win: false, hinted: false });
    expect(solverMove(s, 'd2f3', 600)).toBe(s);
    s = tick(s, 500 + SOLUTION_DELAY);
    expect(s).toMatchObject({ moves: PUZZLE.solution, showingSolution: true, pending: null });
  });

  it('giving up shows the solution as a miss', () => {
    const s = giveUp(started(), 0);
    expect(s).toMatchObject({ phase: 'failed', feedback: { kind: 'shown' }, pending: { kind: 'solution', at: SOLUTION_DELAY } });
    expect(giveUp(s, 10)).toBe(s);
  });

  it('a hint rings and names the piece to move, and a solve after it is reported as hinted', () => {
    let s = hint(started());
    expect(s).toMatchObject({ hinted: true, ringed: 'd2', feedback: { kind: 'hint', role: 'n', from: 'd2' } });
    s = solverMove(s, 'd2f3', 0);
    expect(s.ringed).toBeNull();
    s = solverMove(tick(s, REPLY_DELAY), 'b3b2', 1000);
    expect(resultToSend(s)).toEqual({ id: PUZZLE.id, win: true, hinted: true });
  });

  it('the rating answer shows the change only when the attempt was rated', () => {
    const s = started();
    const player = { ...PLAYER, rating: 1520.4, streak: 1 };
    expect(resultAnswered(s, { rated: true, rating: 1520.4, diff: -3.6, player })).toMatchObject({ player, ratingChange: { rating: 1520, diff: -4 } });
    expect(resultAnswered(s, { rated: false, rating: 1520.4, diff: 0, player }).ratingChange).toBeNull();
  });

  it('a load drops a waiting step; a failed load is said; another game clears the theme', () => {
    const s = solverMove(chooseTheme(started(), 'short'), 'd2f3', 0);
    expect(loading(s).pending).toBeNull();
    expect(loadFailed(s, 'puzzle.not-found', 'none').feedback).toEqual({ kind: 'load-failed', code: 'puzzle.not-found', message: 'none' });
    expect(s.theme).toBe('short');
    expect(chooseTheme(s, '').theme).toBeNull();
    expect(startPuzzle(s, PUZZLE).theme).toBe('short');
    const janggi = startPuzzle(s, { ...PUZZLE, id: 'j1', variant: 'janggi' });
    expect(janggi).toMatchObject({ variant: 'janggi', theme: null });
  });

  it("the solver's ratings per game give the shown puzzle's game's", () => {
    expect(ratingsLoaded(initialPuzzleState('xiangqi'), { xiangqi: PLAYER }).player).toBeNull();
    const s = loaded(initialPuzzleState('xiangqi'), PUZZLE);
    expect(ratingsLoaded(s, { xiangqi: PLAYER }).player).toEqual(PLAYER);
    expect(ratingsLoaded(s, {}).player).toBeNull();
  });

  it('the move list adds the plies of a right move and its reply, and starts over for the solution', () => {
    const s = solverMove(started(), 'd2f3', 0);
    expect(movesToAdd([], s)).toEqual(['d2f3']);
    const replied = tick(s, REPLY_DELAY);
    expect(movesToAdd(s.moves, replied)).toEqual(['e1e2']);
    // A wrong move, then the solution from the start (its first ply differs from the wrong one).
    const wrong = solverMove(started(), 'd2b1', 0);
    expect(movesToAdd([], wrong)).toEqual(['d2b1']);
    expect(movesToAdd(wrong.moves, tick(wrong, SOLUTION_DELAY))).toBeNull();
    // Given up before a move: the solution grows the empty list, but is still shown from its start.
    expect(movesToAdd([], tick(giveUp(started(), 0), SOLUTION_DELAY))).toBeNull();
    expect(movesToAdd(['x'], started())).toBeNull();
  });

  it("a typed move that cannot be read is said in the typed box's words", () => {
    expect(typedInvalid(started(), '“zz”: unreadable').feedback).toEqual({ kind: 'typed-invalid', text: '“zz”: unreadable' });
  });
});
