import { describe, expect, it } from 'vitest';
import { describeLine } from './describe.ts';
import type { Puzzle } from './puzzle.ts';
import { checkMove, isAcceptedMove, verifyPuzzle } from './verify.ts';

const base = { id: 'x0000001', themes: [], rating: 1500, source: 'test' } as const;

/** Red mates with i8i10 and nothing else. */
const mateIn1: Puzzle = {
  ...base,
  variant: 'xiangqi',
  fen: '3ak4/4a4/8R/9/1P4P2/2B5P/9/3A5/9/2BAK4 w - - 15 61',
  turn: 'first',
  solution: ['i8i10'],
  kind: 'mate',
  mateIn: 1,
};
/** Mate in 1 with two mating moves: d9d10 and e8g9. */
const twoMates: Puzzle = {
  ...base,
  variant: 'xiangqi',
  fen: '4kab2/3Ra4/4N1n1b/pP6p/1n2C1p2/3RP3P/6P2/B8/9/3AKA3 w - - 3 39',
  turn: 'first',
  solution: ['d9d10'],
  kind: 'mate',
  mateIn: 1,
};
/** Mate in 2; the last move has nine mating moves (the c10 chariot unmasks the b10 cannon). */
const mateIn2: Puzzle = {
  ...base,
  variant: 'xiangqi',
  fen: '1CRaka3/1c1r5/9/p5R2/9/3N2P1P/P2cP4/3AB1N2/9/4KAB2 w - - 1 25',
  turn: 'first',
  solution: ['g7e7', 'd9e9', 'c10c1'],
  kind: 'mate',
  mateIn: 2,
};
/** Red's cannon takes the b10 chariot; Black can only take back a cannon. */
const material: Puzzle = {
  ...base,
  variant: 'xiangqi',
  fen: '1rbakabnr/9/1cn1c4/p1p1p1p1p/1C7/2P6/P3P1P1P/2N4C1/9/R1BAKABNR w - - 6 4',
  turn: 'first',
  solution: ['b6b10'],
  kind: 'material',
  mateIn: null,
};
/** Janggi: a mate in 2 ending with a guard move. */
const janggi: Puzzle = {
  ...base,
  id: 'j0000001',
  variant: 'janggi',
  fen: '5c3/4aa3/3k5/7p1/9/c4p3/9/3AAKn2/9/5C3 b - - 33 87',
  turn: 'second',
  solution: ['f5e5', 'f1f9', 'e9f9'],
  kind: 'mate',
  mateIn: 2,
};
/** Sittuyin: the general (ferz) mates after a quiet move. */
const sittuyin: Puzzle = {
  ...base,
  id: 's0000001',
  variant: 'sittuyin',
  fen: '8/8/8/8/3F4/1S6/2K5/k3f3[] w - - 12 99',
  turn: 'first',
  solution: ['d4c3', 'e1f2', 'c3b2'],
  kind: 'mate',
  mateIn: 2,
};

const code = (p: Puzzle) => {
  const v = verifyPuzzle(p);
  return v.ok ? 'ok' : v.error.code;
};

describe('verifyPuzzle', () => {
  it('accepts sound puzzles of each kind and game', () => {
    for (const p of [mateIn1, twoMates, mateIn2, material, janggi, sittuyin]) expect(code(p), p.fen).toBe('ok');
  });

  it('measures the material gain by our count', () => {
    const v = verifyPuzzle(material);
    expect(v.ok && v.value.gain).toBe(900);
    expect(v.ok && v.value.referees).toHaveLength(2);
  });

  it('rejects the wrong side to move', () => {
    expect(code({ ...mateIn1, turn: 'second' })).toBe('puzzle.turn');
  });

  it('rejects a move our rules do not allow, wherever it is in the line', () => {
    expect(code({ ...mateIn1, solution: ['i8i1'] })).toBe('puzzle.illegal');
    expect(code({ ...mateIn2, solution: ['g7e7', 'd9d1', 'c10c1'] })).toBe('puzzle.illegal');
    // Janggi: a cannon may not jump over a cannon (the engine's custom cannon may).
    expect(
      code({ ...janggi, fen: 'rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1', turn: 'first', solution: ['b3b10'], mateIn: 1 }),
    ).toBe('puzzle.illegal');
  });

  it('rejects a mate puzzle that does not end in checkmate, or with the wrong count', () => {
    expect(code({ ...mateIn1, solution: ['i8i9'] })).toBe('puzzle.not-mate');
    expect(code({ ...mateIn2, solution: ['g7e7', 'd9e9', 'g5g6'] })).toBe('puzzle.not-mate');
    expect(code({ ...mateIn2, mateIn: 3 })).toBe('puzzle.mate-in');
  });

  it('rejects a line that does not end with a solver move, or goes on after the game ended', () => {
    expect(code({ ...mateIn2, solution: ['g7e7', 'd9e9'] })).toBe('puzzle.length');
    expect(code({ ...mateIn1, solution: ['i8i10', 'e10e9', 'i10i9'], mateIn: 2 })).toBe('puzzle.ended');
  });

  it('rejects a material puzzle that gains too little, or that mates', () => {
    expect(code({ ...material, solution: ['a4a5'] })).toBe('puzzle.no-gain');
    expect(code({ ...mateIn1, kind: 'material', mateIn: null })).toBe('puzzle.ended');
  });

  it('rejects a FEN our rules refuse', () => {
    expect(code({ ...mateIn1, fen: '3ak4/9 w - - 0 1' })).toBe('puzzle.fen');
  });
});

describe('isAcceptedMove / checkMove', () => {
  it('accepts every mating move at the last move, and only those', () => {
    expect(isAcceptedMove(twoMates, 0, 'd9d10')).toBe(true);
    expect(isAcceptedMove(twoMates, 0, 'e8g9')).toBe(true);
    expect(isAcceptedMove(twoMates, 0, 'd4d5')).toBe(false);
    for (const to of ['c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7', 'c8', 'c9']) expect(checkMove(mateIn2, 2, `c10${to}`)).toBe('solved');
    expect(checkMove(mateIn2, 2, 'g5g6')).toBe('wrong');
  });

  it('walks the line: right, then solved; wrong off the line; never at an opponent ply', () => {
    expect(checkMove(mateIn2, 0, 'g7e7')).toBe('right');
    expect(checkMove(mateIn2, 0, 'g7g8')).toBe('wrong');
    expect(checkMove(mateIn2, 1, 'd9e9')).toBe('wrong');
    expect(checkMove(mateIn2, 4, 'c10c1')).toBe('wrong');
    expect(checkMove(mateIn2, 2, 'c10c1')).toBe('solved');
    expect(checkMove(material, 0, 'b6b10')).toBe('solved');
    expect(checkMove(material, 0, 'not-a-move')).toBe('wrong');
  });
});

describe('describeLine', () => {
  it('names the mate, the mating piece, the length, sacrifices and quiet first moves', () => {
    expect(describeLine(mateIn1)?.themes).toEqual(['mate', 'mateIn1', 'mate-by-chariot', 'short']);
    expect(describeLine(janggi)?.themes).toEqual(['mate', 'mateIn2', 'mate-by-guard', 'sacrifice', 'short']);
    expect(describeLine(sittuyin)?.themes).toEqual(['mate', 'mateIn2', 'mate-by-general', 'quiet', 'short']);
    expect(describeLine(material)?.themes).toEqual(['material', 'short']);
  });

  it('rates longer and quieter lines higher', () => {
    const r = (p: Puzzle) => describeLine(p)!.rating;
    expect(r(mateIn2)).toBeGreaterThan(r(mateIn1));
    expect(r(sittuyin)).toBeGreaterThan(r(mateIn2)); // quiet
    expect(describeLine({ ...mateIn1, solution: ['i8i1'] })).toBeNull();
  });
});

describe('verifyPuzzle: the end of a mate is forced by our rules', () => {
  it('refuses a line whose opponent could have escaped the last mate', () => {
    // a4a5 threatens nothing: Black's d9e9 walks into the discovered mate, but other replies escape it.
    const p: Puzzle = { ...mateIn2, solution: ['a4a5', 'd9e9', 'c10c1'] };
    expect(code(p)).toBe('puzzle.not-forced');
    expect(code(mateIn2)).toBe('ok');
  });
});
