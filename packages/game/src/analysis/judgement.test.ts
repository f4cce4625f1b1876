import { describe, expect, it } from 'vitest';
import type { Color } from '@youzai/rules';
import { judgeGame, judgeMove, moveAccuracy, winningChances, winPercent, type Eval, type EvaluatedPosition } from './judgement.ts';

const at = (e: Eval, turn: Color): EvaluatedPosition => ({ eval: e, turn });
/** Positions with alternating turns from the first side, each a centipawn score or a mate. */
const line = (evals: readonly Eval[], first: Color = 0): EvaluatedPosition[] => evals.map((e, i) => at(e, ((first + i) % 2) as Color));

describe('winning chances (lichess model)', () => {
  it('is even at 0, saturates at ±1000 cp, and is ±1 for a mate', () => {
    expect(winningChances({ cp: 0 }, 0)).toBe(0);
    expect(winningChances({ cp: 1000 }, 0)).toBeCloseTo(winningChances({ cp: 5000 }, 1), 12);
    expect(winningChances({ cp: 1000 }, 0)).toBeCloseTo(0.9509, 3);
    expect(winningChances({ cp: -300 }, 0)).toBeCloseTo(-winningChances({ cp: 300 }, 0), 12);
    expect(winningChances({ mate: 3 }, 0)).toBe(1);
    expect(winningChances({ mate: -1 }, 1)).toBe(-1);
  });

  it('reads mate 0 as a loss for the side to move', () => {
    expect(winningChances({ mate: 0 }, 1)).toBe(1);
    expect(winningChances({ mate: 0 }, 0)).toBe(-1);
    expect(winPercent({ mate: 0 }, 0, 1)).toBe(100);
  });
});

describe('judgeMove: thresholds of lost winning chances', () => {
  // From an even position the first side's move drops to -x cp: losses of 0.1, 0.2, 0.3 fall near 54.5, 110.1 and 168.1 cp.
  const drop = (cp: number, mover: Color = 0) => judgeMove(at({ cp: 0 }, mover), at({ cp: mover === 0 ? -cp : cp }, (mover ^ 1) as Color));
  it.each([
    [0, null],
    [50, null],
    [60, 'inaccuracy'],
    [105, 'inaccuracy'],
    [115, 'mistake'],
    [165, 'mistake'],
    [175, 'blunder'],
    [900, 'blunder'],
  ] as const)('losing %i cp from equality is %s', (cp, j) => {
    expect(drop(cp, 0)).toBe(j);
    expect(drop(cp, 1)).toBe(j);
  });

  it('does not judge a move that gains, or a loss where the game was decided anyway', () => {
    expect(judgeMove(at({ cp: 0 }, 0), at({ cp: 400 }, 1))).toBeNull();
    // 1500 → 1100 cp: both beyond the ceiling, no chances lost.
    expect(judgeMove(at({ cp: 1500 }, 0), at({ cp: 1100 }, 1))).toBeNull();
    // +300 → +150 loses about 0.23 of the chances, +300 → +100 about 0.32.
    expect(judgeMove(at({ cp: 300 }, 0), at({ cp: 150 }, 1))).toBe('mistake');
    expect(judgeMove(at({ cp: 300 }, 0), at({ cp: 100 }, 1))).toBe('blunder');
  });

  it('judges a move into a forced mate by how lost the mover was already', () => {
    expect(judgeMove(at({ cp: 0 }, 0), at({ mate: -3 }, 1))).toBe('blunder');
    expect(judgeMove(at({ cp: -800 }, 0), at({ mate: -3 }, 1))).toBe('mistake');
    expect(judgeMove(at({ cp: -1200 }, 0), at({ mate: -3 }, 1))).toBe('inaccuracy');
    // The second side moving into the first side's mate.
    expect(judgeMove(at({ cp: 50 }, 1), at({ mate: 4 }, 0))).toBe('blunder');
    // Already being mated: a delayed mate is not judged.
    expect(judgeMove(at({ mate: -2 }, 0), at({ mate: -5 }, 1))).toBeNull();
  });

  it('judges a forced mate let slip by what is left', () => {
    expect(judgeMove(at({ mate: 2 }, 0), at({ cp: 1200 }, 1))).toBe('inaccuracy');
    expect(judgeMove(at({ mate: 2 }, 0), at({ cp: 800 }, 1))).toBe('mistake');
    expect(judgeMove(at({ mate: 2 }, 0), at({ cp: 100 }, 1))).toBe('blunder');
    expect(judgeMove(at({ mate: 2 }, 0), at({ mate: -6 }, 1))).toBe('blunder');
    expect(judgeMove(at({ mate: -2 }, 1), at({ cp: -300 }, 0))).toBe('blunder');
    // Kept, and the mate delivered (mate 0 with the loser to move).
    expect(judgeMove(at({ mate: 2 }, 0), at({ mate: 3 }, 1))).toBeNull();
    expect(judgeMove(at({ mate: 1 }, 0), at({ mate: 0 }, 1))).toBeNull();
  });
});

describe('accuracy', () => {
  it('is 100 for a move that loses nothing and falls with the loss', () => {
    expect(moveAccuracy(50, 50)).toBe(100);
    expect(moveAccuracy(40, 70)).toBe(100);
    expect(moveAccuracy(60, 30)).toBeCloseTo(25.78, 1);
    expect(moveAccuracy(100, 0)).toBe(0);
    expect(moveAccuracy(55, 50)).toBeGreaterThan(moveAccuracy(55, 45));
  });
});

describe('judgeGame', () => {
  // Red keeps the balance; Black blunders on ply 4 (+20 → +400) and loses a little more on ply 6; Red then mates.
  const game = line([{ cp: 20 }, { cp: 25 }, { cp: 15 }, { cp: 20 }, { cp: 400 }, { cp: 380 }, { cp: 600 }, { mate: 1 }, { mate: 0 }]);
  const j = judgeGame(game);

  it('judges each ply for its mover', () => {
    expect(j.moves.map((m) => m.ply)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(j.moves.map((m) => m.mover)).toEqual([0, 1, 0, 1, 0, 1, 0, 1]);
    expect(j.moves.map((m) => m.judgement)).toEqual([null, null, null, 'blunder', null, 'inaccuracy', null, null]);
    expect(j.moves[3]!.winLoss).toBeGreaterThan(25);
  });

  it('counts judgements per side and gives the careful side the higher accuracy', () => {
    expect(j.sides[0]).toMatchObject({ inaccuracy: 0, mistake: 0, blunder: 0 });
    expect(j.sides[1]).toMatchObject({ inaccuracy: 1, mistake: 0, blunder: 1 });
    expect(j.sides[0].accuracy).toBeGreaterThan(95);
    expect(j.sides[1].accuracy).toBeLessThan(70);
    expect(j.sides[1].accuracy).toBeGreaterThan(0);
  });

  it('starts from the side to move of the first position and leaves a side without moves unrated', () => {
    const one = judgeGame(line([{ cp: 0 }, { cp: 300 }], 1));
    expect(one.moves).toEqual([expect.objectContaining({ ply: 1, mover: 1, judgement: 'blunder' })]);
    expect(one.sides[0].accuracy).toBeNull();
    expect(one.sides[1]).toMatchObject({ blunder: 1 });
    expect(judgeGame([at({ cp: 0 }, 0)]).moves).toEqual([]);
  });

  it('keeps every accuracy within 0..100 over arbitrary evaluations', () => {
    let seed = 7;
    const rnd = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let g = 0; g < 50; g++) {
      const evals: Eval[] = Array.from({ length: 2 + Math.floor(rnd() * 60) }, () =>
        rnd() < 0.1 ? { mate: Math.floor(rnd() * 11) - 5 } : { cp: Math.floor(rnd() * 4000) - 2000 },
      );
      const r = judgeGame(line(evals));
      for (const m of r.moves) expect(m.accuracy).toBeGreaterThanOrEqual(0);
      for (const s of r.sides) if (s.accuracy !== null) expect(s.accuracy).toBeLessThanOrEqual(100);
    }
  });
});
