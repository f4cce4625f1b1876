import { describe, expect, it } from 'vitest';
import { readAnswer } from './fairy-engine.ts';

describe('readAnswer', () => {
  it('reads the move, score and depth', () => {
    const a = readAnswer([
      'info string classical evaluation enabled',
      'info depth 1 seldepth 1 multipv 1 score cp 60 nodes 47 nps 23500 tbhits 0 time 2 pv b1c3',
      'info depth 2 seldepth 2 multipv 1 score cp 223 nodes 96 nps 19200 tbhits 0 time 5 pv b1c3 a10a9 b3b10',
      'info depth 3 seldepth 3 multipv 1 score cp 22 upperbound nodes 101852 time 9 pv h1g3 b10c8',
      'bestmove b1c3 ponder a10a9',
    ]);
    expect(a).toEqual({ bestmove: 'b1c3', score: { kind: 'cp', value: 223 }, depth: 2 });
  });

  it('takes the score of the line the weakened engine chose', () => {
    const a = readAnswer([
      'info depth 4 seldepth 5 multipv 1 score mate 3 nodes 900 time 9 pv h3h10 e9e10',
      'info depth 4 seldepth 5 multipv 2 score cp -45 nodes 900 time 9 pv a1a2 e9e10',
      'bestmove a1a2',
    ]);
    expect(a).toEqual({ bestmove: 'a1a2', score: { kind: 'cp', value: -45 }, depth: 4 });
  });

  it('answers null for bestmove (none)', () => {
    expect(readAnswer(['info depth 0 score mate 0', 'bestmove (none)'])).toEqual({ bestmove: null, score: { kind: 'mate', value: 0 }, depth: 0 });
    expect(readAnswer(['bestmove K@d2'])).toEqual({ bestmove: 'K@d2' });
  });
});
