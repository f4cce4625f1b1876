import { describe, expect, it } from 'vitest';
import { VARIANTS } from '@youzai/rules';
import { MoveHistory } from '../game/move-history.ts';
import { analysisLinkOf, hintAnswered, hintAsked, initialSoloState, loadFen, navigated, play, sharedMoves, typedInvalid, undo } from './solo-model.ts';

/** A shipped Xiangqi mate in 2 (packages/puzzles/data/xiangqi.json), Black to move: d2f3 e1e2 b3b2 mates. */
const MATE_IN_2 = '2bak1c2/4a4/4bc3/4P4/8P/2B6/9/1r1AB4/3n4N/4KA3 b - - 3 45';

describe('the solo board model', () => {
  it('plays both sides; a move that is not legal changes nothing', () => {
    let s = initialSoloState('xiangqi');
    expect(s.startFen).toBe(VARIANTS.xiangqi.startFen);
    s = play(s, 'h3e3', 0);
    s = play(s, 'h8e8', 1);
    expect(s.moves).toEqual(['h3e3', 'h8e8']);
    expect(s.referee.ply).toBe(2);
    const before = s;
    expect(play(s, 'a1a9', 2)).toBe(before);
  });

  it('a move from an earlier position drops the moves after it', () => {
    let s = play(play(play(initialSoloState('xiangqi'), 'h3e3', 0), 'h8e8', 1), 'h1g3', 2);
    s = play(s, 'b3e3', 0);
    expect(s.moves).toEqual(['b3e3']);
    expect(s.referee.ply).toBe(1);
  });

  it('undo takes the last move back and clears the hint', () => {
    let s = hintAsked(play(play(initialSoloState('xiangqi'), 'h3e3', 0), 'h8e8', 1));
    s = undo(s);
    expect(s).toMatchObject({ moves: ['h3e3'], hint: { kind: 'none' } });
    expect(s.referee.ply).toBe(1);
    expect(undo(undo(s)).moves).toEqual([]);
  });

  it('no move after the end of the game', () => {
    let s = loadFen(initialSoloState('xiangqi'), MATE_IN_2);
    expect(s.notice).toBeNull();
    s = play(play(play(s, 'd2f3', 0), 'e1e2', 1), 'b3b2', 2);
    expect(s.referee.verdict).not.toBeNull();
    expect(play(s, 'e2e1', 3)).toBe(s);
  });

  it('a FEN the game refuses is said and changes nothing else; a good one starts over from it', () => {
    const s = play(initialSoloState('xiangqi'), 'h3e3', 0);
    const bad = loadFen(s, 'not a fen');
    expect(bad.moves).toEqual(['h3e3']);
    expect(bad.notice).toMatchObject({ kind: 'fen-error' });
    expect(bad.notice?.kind === 'fen-error' && bad.notice.code).toBeTruthy();
    expect(navigated(bad).notice).toBeNull();
    const good = loadFen(bad, MATE_IN_2);
    expect(good).toMatchObject({ startFen: MATE_IN_2, moves: [], notice: null });
  });

  it('a typed move that cannot be read is said until the next change', () => {
    const s = typedInvalid(initialSoloState('xiangqi'), '“zz”: unreadable');
    expect(s.notice).toEqual({ kind: 'typed-invalid', text: '“zz”: unreadable' });
    expect(play(s, 'h3e3', 0).notice).toBeNull();
  });

  it("the engine's hint is written in the move list's notation, or raw when it is not legal there", () => {
    const s = hintAsked(initialSoloState('xiangqi'));
    expect(s.hint).toEqual({ kind: 'busy' });
    const pos = MoveHistory.from('xiangqi', VARIANTS.xiangqi.startFen)!.current;
    const notation = VARIANTS.xiangqi.notations.at(-1)!;
    const written = hintAnswered(s, pos, { ok: true, bestmove: 'h3e3', score: { cp: 30 } }, notation.id);
    expect(written.hint).toMatchObject({ kind: 'best', score: { cp: 30 } });
    expect(written.hint.kind === 'best' && written.hint.move).not.toBe('h3e3');
    expect(hintAnswered(s, pos, { ok: true, bestmove: 'a1a9', score: null }, notation.id).hint).toEqual({ kind: 'best', move: 'a1a9', score: null });
    expect(hintAnswered(s, pos, { ok: false, code: 'engine.busy', message: 'busy' }, notation.id).hint).toEqual({
      kind: 'failed',
      code: 'engine.busy',
      message: 'busy',
    });
  });

  it('the move list keeps the moves it shares with the new ones from the start', () => {
    expect(sharedMoves(['a', 'b', 'c'], ['a', 'b', 'x', 'y'])).toBe(2);
    expect(sharedMoves(['a', 'b'], ['a', 'b', 'c'])).toBe(2);
    expect(sharedMoves(['a'], ['b'])).toBe(0);
    expect(sharedMoves([], [])).toBe(0);
  });

  it("the analysis board's link carries the moves, the ply shown and a start position only when it is not the game's", () => {
    const s = play(play(initialSoloState('xiangqi'), 'h3e3', 0), 'h8e8', 1);
    expect(analysisLinkOf(s, 1)).toEqual({ variant: 'xiangqi', fen: undefined, moves: 'h3e3 h8e8', at: ['h3e3'] });
    const fromFen = loadFen(s, MATE_IN_2);
    expect(analysisLinkOf(fromFen, 0)).toEqual({ variant: 'xiangqi', fen: MATE_IN_2, moves: '', at: [] });
  });
});
