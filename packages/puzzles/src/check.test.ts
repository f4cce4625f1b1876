import { describe, expect, it } from 'vitest';
import { checkMatePuzzle, replyFromLines } from './check.ts';
import type { Puzzle } from './puzzle.ts';
import { judgeMove } from './verify.ts';

const base = { id: 's0000001', themes: [], rating: 1500, source: 'test', turn: 'first' } as const;

/** Either rook goes to the 7th rank, the other mates on the 8th: the line takes c1c7, d2d7 wins as fast. */
const rookRoll: Puzzle = {
  ...base,
  variant: 'sittuyin',
  fen: '6k1/8/8/8/8/p6K/3R4/2R5 w - - 0 40',
  solution: ['c1c7', 'g8h8', 'd2d8'],
  kind: 'mate',
  mateIn: 2,
};

describe('checkMatePuzzle', () => {
  it('adds the second winning first move, with the first of the longest defences when there is no engine', async () => {
    const r = await checkMatePuzzle(rookRoll);
    expect(r).toMatchObject({ ok: true, alternatives: [['d2d7', 'a3a2', 'c1c8']] });
  });

  it('asks the reply chooser among the longest defences only, and follows its choice', async () => {
    const asked: string[][] = [];
    const r = await checkMatePuzzle(rookRoll, (_fen, candidates, prefix) => {
      asked.push([...prefix, '|', ...candidates]);
      return 'g8f8';
    });
    // (a3b2f is no reply here: a new general on b2 would attack the c1 rook, which Sittuyin forbids.)
    expect(asked).toEqual([['d2d7', '|', 'a3a2', 'a3a3f', 'a3b4f', 'g8f8', 'g8h8']]);
    expect(r).toMatchObject({ ok: true, alternatives: [['d2d7', 'g8f8', 'c1c8']] });
    // The data test's chooser: the shipped lines answer for the engine.
    const again = await checkMatePuzzle(rookRoll, replyFromLines({ solution: rookRoll.solution, alternatives: [['d2d7', 'g8f8', 'c1c8']] }));
    expect(again).toMatchObject({ ok: true, alternatives: [['d2d7', 'g8f8', 'c1c8']] });
  });

  it('drops a line whose first move does not force the win, and a puzzle with a faster win', async () => {
    expect(await checkMatePuzzle({ ...rookRoll, solution: ['c1c6', 'g8h8', 'd2d8'] })).toMatchObject({ ok: false, why: 'not-forced' });
    // The mate in 1 of the Xiangqi stalemate position, dressed up as a mate in 2.
    const x: Puzzle = { ...rookRoll, variant: 'xiangqi', fen: '3k5/9/9/9/9/9/9/9/8R/4K4 w - - 0 1', solution: ['i2i3', 'd10d9', 'i3d3'] };
    expect(await checkMatePuzzle(x)).toMatchObject({ ok: false, why: 'faster-win' });
    expect(await checkMatePuzzle({ ...rookRoll, mateIn: 4 })).toMatchObject({ ok: false, why: 'mate-too-long' });
  });
});

describe('judgeMove', () => {
  const withAlt: Puzzle = { ...rookRoll, alternatives: [['d2d7', 'g8f8', 'c1c8']] };

  it('accepts the alternative first move and answers with its reply; then solves with any mate', () => {
    expect(judgeMove(withAlt, [], 'd2d7')).toEqual({ verdict: 'right', reply: 'g8f8' });
    expect(judgeMove(withAlt, ['d2d7', 'g8f8'], 'c1c8')).toEqual({ verdict: 'solved' });
    expect(judgeMove(withAlt, ['d2d7', 'g8f8'], 'c1c2')).toEqual({ verdict: 'wrong' });
    // Off every line (a reply the trainer never plays): wrong.
    expect(judgeMove(withAlt, ['d2d7', 'g8h8'], 'c1c8')).toEqual({ verdict: 'wrong' });
    expect(judgeMove(withAlt, [], 'c1c7')).toEqual({ verdict: 'right', reply: 'g8h8' });
    expect(judgeMove(withAlt, [], 'c1c6')).toEqual({ verdict: 'wrong' });
    // Without the alternatives (the puzzle as it was shipped): the second winning move was wrong.
    expect(judgeMove(rookRoll, [], 'd2d7')).toEqual({ verdict: 'wrong' });
  });

  it('Xiangqi: a stalemating last move solves the puzzle (the side without a move loses)', () => {
    const x: Puzzle = { ...rookRoll, variant: 'xiangqi', fen: '3k5/9/9/9/9/9/9/9/8R/4K4 w - - 0 1', solution: ['i2d2'], mateIn: 1 };
    expect(judgeMove(x, [], 'i2i9')).toEqual({ verdict: 'solved' });
    expect(judgeMove(x, [], 'i2i8')).toEqual({ verdict: 'wrong' });
  });
});
