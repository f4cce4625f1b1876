import { describe, expect, it } from 'vitest';
import { readAnswer, readLines } from './fairy-engine.ts';

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

describe('readLines', () => {
  it('keeps the last exact report of each line, best first, with its whole pv', () => {
    const lines = readLines([
      'info depth 5 seldepth 6 multipv 1 score cp 120 nodes 900 time 9 pv h2e2 h10g8 b1c3',
      'info depth 5 seldepth 6 multipv 2 score cp 40 nodes 950 time 9 pv b1c3 b10c8',
      'info depth 6 seldepth 7 multipv 1 score cp 150 nodes 1900 time 19 pv h2e2 b10c8',
      'info depth 6 seldepth 7 multipv 2 score cp 10 lowerbound nodes 2000 time 19 pv c4c5',
      'bestmove h2e2 ponder b10c8',
    ]);
    expect(lines).toEqual([
      { pv: ['h2e2', 'b10c8'], score: { kind: 'cp', value: 150 }, depth: 6 },
      { pv: ['b1c3', 'b10c8'], score: { kind: 'cp', value: 40 }, depth: 5 },
    ]);
  });

  it('reads mate scores and ignores lines without a pv', () => {
    expect(readLines(['info depth 3 multipv 1 score mate -2 nodes 10 pv a1a2 e9e10', 'info depth 0 score mate 0', 'bestmove a1a2'])).toEqual([
      { pv: ['a1a2', 'e9e10'], score: { kind: 'mate', value: -2 }, depth: 3 },
    ]);
  });
});
