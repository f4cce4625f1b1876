/** The fair-play report's figures on fixed analysed games: first choices, loss per move, move times, the band. */
import { describe, expect, it } from 'vitest';
import type { AnalysedPly } from '@youzai/protocol';
import { LOSS_CAP_CP, bandOf, countSide, fairPlayFigures, type AnalysedSide } from './fair-play-figures.ts';

/** A game of 6 plies: the engine's choice and evaluation (first side's view) at each position, the moves played and when. */
function game(gameId: string, side: 0 | 1, over: Partial<AnalysedSide> = {}): AnalysedSide {
  const plies: AnalysedPly[] = [
    { ply: 0, eval: { cp: 20 }, best: 'a' },
    { ply: 1, eval: { cp: 20 }, best: 'b' },
    { ply: 2, eval: { cp: 50 }, best: 'c' },
    { ply: 3, eval: { cp: -100 }, best: 'd' },
    { ply: 4, eval: { cp: -100 }, best: 'e' },
    { ply: 5, eval: { mate: -3 }, best: 'f' },
    { ply: 6, eval: { mate: -1 } },
  ];
  // Moves: first side plays a, x (engine wanted c), e; second side plays b, d, y (engine wanted f).
  const moves = ['a', 'b', 'x', 'd', 'e', 'y'];
  const at = [1000, 3000, 6000, 10000, 12000, 22000];
  return { gameId, variant: 'xiangqi', side, moves, at, plies, ...over };
}

describe('fair-play figures', () => {
  it('counts one side: first choices, centipawns lost from its own view, times from the opponent’s move', () => {
    // First side: a = best (20 -> 20: 0), x not best (50 -> -100: 150 lost), e = best (-100 -> mate -3: capped, 900 lost).
    expect(countSide(game('g', 0))).toEqual({
      moves: 3,
      firstChoice: 2,
      lossCp: 0 + 150 + (LOSS_CAP_CP - 100),
      timed: 2,
      timeMs: 3000 + 2000,
      timeSqMs: 3000 ** 2 + 2000 ** 2,
    });
    // Second side, from its own view: b = best (-20 -> -50: 30), d = best (-50 -> 100: gained, 0), y not best (mate for it, 1000 -> 1000: 0).
    expect(countSide(game('g', 1))).toEqual({ moves: 3, firstChoice: 2, lossCp: 30, timed: 2, timeMs: 4000 + 10000, timeSqMs: 4000 ** 2 + 10000 ** 2 });
  });

  it('a position without an engine choice (decided) is left out, its time still counted', () => {
    const g = game('g', 0);
    const plies = g.plies.map((p, i) => (i === 2 ? { ply: 2, eval: p.eval } : p));
    expect(countSide({ ...g, plies })).toMatchObject({ moves: 2, firstChoice: 2, timed: 2 });
  });

  it('per game, overall and the rating band, from the club’s other analysed sides', () => {
    const mine = [game('g1', 0), game('g2', 1)];
    const club = [
      { ...game('c1', 0), rating: 1650 },
      { ...game('c2', 1), rating: 1799 },
      // Out of the band, another variant, and one of the player's own games: not counted.
      { ...game('c3', 0), rating: 1850 },
      { ...game('c4', 0, { variant: 'janggi' }), rating: 1700 },
      { ...game('g1', 1), rating: 1700 },
    ];
    const f = fairPlayFigures(mine, { xiangqi: 1712 }, club);
    expect(f.perGame).toEqual([
      { gameId: 'g1', variant: 'xiangqi', side: 0, games: 1, moves: 3, firstChoice: 0.667, avgLossCp: 350, meanMoveMs: 2500, sdMoveMs: 500 },
      { gameId: 'g2', variant: 'xiangqi', side: 1, games: 1, moves: 3, firstChoice: 0.667, avgLossCp: 10, meanMoveMs: 7000, sdMoveMs: 3000 },
    ]);
    expect(f.overall).toEqual({ games: 2, moves: 6, firstChoice: 0.667, avgLossCp: 180, meanMoveMs: 4750, sdMoveMs: 3112 });
    expect(bandOf(1712)).toEqual({ from: 1600, to: 1800 });
    expect(f.bands).toEqual([
      { variant: 'xiangqi', from: 1600, to: 1800, games: 2, moves: 6, firstChoice: 0.667, avgLossCp: 180, meanMoveMs: 4750, sdMoveMs: 3112 },
    ]);
  });

  it('no band without a rating or without analysed games in it; nothing counted gives nulls', () => {
    expect(fairPlayFigures([game('g1', 0)], {}, [{ ...game('c1', 0), rating: 1500 }]).bands).toEqual([]);
    expect(fairPlayFigures([game('g1', 0)], { xiangqi: 2400 }, [{ ...game('c1', 0), rating: 1500 }]).bands).toEqual([]);
    expect(fairPlayFigures([], {}, []).overall).toEqual({ games: 0, moves: 0, firstChoice: null, avgLossCp: null, meanMoveMs: null, sdMoveMs: null });
  });
});
