import { describe, expect, it } from 'vitest';
import { analysisPath, offersAnalysisBoard, readAnalysisQuery } from './analysis-link.ts';

describe('analysis board links', () => {
  it('round-trips the start position, the tree, the move shown and the game', () => {
    const link = {
      variant: 'sittuyin' as const,
      fen: '8/8/4k3/8/8/8/8/4K3[RRNNSSFPPPPPPPPrrnnssffpppppppp] w - - 0 1',
      moves: 'K@d2 (K@e2 k@e7) k@d7',
      at: ['K@e2', 'k@e7'],
      game: 'AbC12345',
    };
    const path = analysisPath(link);
    expect(path.startsWith('/analysis/sittuyin?')).toBe(true);
    const back = readAnalysisQuery(path.slice(path.indexOf('?')));
    expect(back).toEqual({ fen: link.fen, moves: link.moves, at: link.at, game: link.game });
  });

  it('leaves out what is not there, and drops a game id that is not one', () => {
    expect(analysisPath({ variant: 'janggi' })).toBe('/analysis/janggi');
    expect(readAnalysisQuery('?game=../../x&at=')).toEqual({ fen: undefined, moves: undefined, at: undefined, game: undefined });
  });

  it('offers the analysis board on a game page only once the game is over, to players and spectators alike', () => {
    for (const isPlayer of [true, false]) {
      const [live, over] = [
        { isPlayer, over: false },
        { isPlayer, over: true },
      ];
      expect([offersAnalysisBoard(live), offersAnalysisBoard(over)]).toEqual([false, true]);
    }
  });
});
