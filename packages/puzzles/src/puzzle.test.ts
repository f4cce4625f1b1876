import { describe, expect, it } from 'vitest';
import { decodePuzzle, puzzleId, solverMoves, type Puzzle } from './puzzle.ts';

const mateIn1: Puzzle = {
  id: 'x0000001',
  variant: 'xiangqi',
  fen: '3ak4/4a4/8R/9/1P4P2/2B5P/9/3A5/9/2BAK4 w - - 15 61',
  turn: 'first',
  solution: ['i8i10'],
  kind: 'mate',
  mateIn: 1,
  themes: ['mate', 'mateIn1', 'mate-by-chariot', 'short'],
  rating: 900,
  source: 'test',
};

describe('decodePuzzle', () => {
  it('accepts a well-formed puzzle and returns an equal value', () => {
    const d = decodePuzzle(JSON.parse(JSON.stringify(mateIn1)));
    expect(d).toEqual({ ok: true, value: mateIn1 });
  });

  it('rejects wrong shapes with puzzle.shape', () => {
    const bad: unknown[] = [
      null,
      'x',
      { ...mateIn1, id: 'A B' },
      { ...mateIn1, variant: 'chess' },
      { ...mateIn1, turn: 'red' },
      { ...mateIn1, solution: [] },
      { ...mateIn1, solution: ['i8i10', 'zz'] },
      { ...mateIn1, kind: 'draw' },
      { ...mateIn1, mateIn: 6 },
      { ...mateIn1, kind: 'material' }, // material puzzles have mateIn null
      { ...mateIn1, themes: ['ok', 'not ok'] },
      { ...mateIn1, rating: Number.NaN },
      { ...mateIn1, source: 1 },
    ];
    for (const u of bad) {
      const d = decodePuzzle(u);
      expect(d.ok, JSON.stringify(u)).toBe(false);
      if (!d.ok) expect(d.error.code).toBe('puzzle.shape');
    }
  });
});

describe('puzzleId', () => {
  it('is stable, starts with the variant letter, and differs with the line', () => {
    const a = puzzleId('xiangqi', mateIn1.fen, mateIn1.solution);
    expect(a).toBe(puzzleId('xiangqi', mateIn1.fen, ['i8i10']));
    expect(a).toMatch(/^x[0-9a-z]{7}$/);
    expect(puzzleId('xiangqi', mateIn1.fen, ['i8i9'])).not.toBe(a);
    expect(puzzleId('janggi', mateIn1.fen, mateIn1.solution)).toMatch(/^j/);
  });
});

describe('solverMoves', () => {
  it('counts the even plies', () => {
    expect(solverMoves({ solution: ['a'] })).toBe(1);
    expect(solverMoves({ solution: ['a', 'b', 'c'] })).toBe(2);
    expect(solverMoves({ solution: ['a', 'b', 'c', 'd', 'e'] })).toBe(3);
  });
});
