// The miner against made-up analyses on real positions: no engine needed.
import type { AnalysisLine, Score } from '@youzai/engine';
import { describe, expect, it } from 'vitest';
import { verifyPuzzle } from '../src/index.ts';
import { judge, mineLine, screen, type Analyse, type SearchSettings } from './miner.ts';

const cp = (value: number): Score => ({ kind: 'cp', value });
const mate = (value: number): Score => ({ kind: 'mate', value });
const line = (score: Score, ...pv: string[]): AnalysisLine => ({ pv, score, depth: 12 });
const deep: SearchSettings = { depth: 12, multipv: 2, movetimeMs: 1000 };

/** Answers by FEN (board and side only); a position it was not told about fails the test. */
function scripted(byFen: Record<string, readonly AnalysisLine[]>): Analyse & { calls: string[] } {
  const calls: string[] = [];
  const f = async (fen: string, legal: readonly string[]) => {
    const key = fen.split(' ').slice(0, 2).join(' ');
    calls.push(key);
    const lines = byFen[key];
    if (!lines) throw new Error(`unexpected analysis of ${fen}`);
    for (const l of lines) expect(legal).toContain(l.pv[0]);
    return lines;
  };
  return Object.assign(f, { calls });
}

const MATE1 = '3ak4/4a4/8R/9/1P4P2/2B5P/9/3A5/9/2BAK4 w - - 15 61';
const MATE2 = '1CRaka3/1c1r5/9/p5R2/9/3N2P1P/P2cP4/3AB1N2/9/4KAB2 w - - 1 25';
const MATERIAL = '1rbakabnr/9/1cn1c4/p1p1p1p1p/1C7/2P6/P3P1P1P/2N4C1/9/R1BAKABNR w - - 6 4';
const key = (fen: string) => fen.split(' ').slice(0, 2).join(' ');

describe('mineLine', () => {
  it('finds a mate in one with our rules alone, no engine search', async () => {
    const m = await mineLine('xiangqi', MATE1, 'test', scripted({}), deep);
    expect(m.ok && m.puzzle).toMatchObject({
      solution: ['i8i10'],
      kind: 'mate',
      mateIn: 1,
      turn: 'first',
      themes: ['mate', 'mateIn1', 'mate-by-chariot', 'short'],
    });
    expect(m.searches).toBe(0);
  });

  it('builds a mate in two from the engine line, ending with a mating move of our rules', async () => {
    const analyse = scripted({ [key(MATE2)]: [line(mate(2), 'g7e7', 'd9e9'), line(cp(80), 'g7g8')] });
    const m = await mineLine('xiangqi', MATE2, 'test', analyse, deep, undefined, { quick: { ...deep, depth: 8 } });
    if (!m.ok) throw new Error(m.why);
    expect(m.puzzle.solution).toEqual(['g7e7', 'd9e9', 'c10c1']);
    expect(m.puzzle.mateIn).toBe(2);
    expect(verifyPuzzle(m.puzzle).ok).toBe(true);
    expect(analyse.calls).toHaveLength(2); // the quick search, then the deep one
  });

  it('runs the check every shipped puzzle passes: another first move that mates as fast is accepted, with the engine picking the reply', async () => {
    // Either rook to the 7th rank mates in 2 (Sittuyin); the engine's line only shows c1c7.
    const fen = '6k1/8/8/8/8/p6K/3R4/2R5[] w - - 0 40';
    const analyse = scripted({
      [key(fen)]: [line(mate(2), 'c1c7', 'g8h8'), line(cp(900), 'd2d8')],
      // After d2d7: asked among the longest defences, the engine picks the king's step to f8.
      '6k1/3R4/8/8/8/p6K/8/2R5[] b': [line(mate(-1), 'g8f8')],
    });
    const m = await mineLine('sittuyin', fen, 'test', analyse, deep);
    if (!m.ok) throw new Error(m.why);
    expect(m.puzzle.solution).toEqual(['c1c7', 'g8h8', 'd2d8']);
    expect(m.puzzle.alternatives).toEqual([['d2d7', 'g8f8', 'c1c8']]);
  });

  it('turns a mate down when a second move also mates before the last move', async () => {
    const analyse = scripted({ [key(MATE2)]: [line(mate(2), 'g7e7', 'd9e9'), line(mate(3), 'g7g8')] });
    expect(await mineLine('xiangqi', MATE2, 'test', analyse, deep)).toMatchObject({ ok: false, why: 'second-mates' });
  });

  it('keeps a material line once the gain stands after the best reply', async () => {
    const analyse = scripted({ [key(MATERIAL)]: [line(cp(480), 'b6b10', 'c8b10'), line(cp(20), 'a4a5')] });
    const m = await mineLine('xiangqi', MATERIAL, 'test', analyse, deep);
    expect(m.ok && m.puzzle).toMatchObject({ solution: ['b6b10'], kind: 'material', mateIn: null });
  });

  it('turns material lines down: a close second, too small a win, an illegal engine reply', async () => {
    const close = scripted({ [key(MATERIAL)]: [line(cp(480), 'b6b10', 'c8b10'), line(cp(200), 'a4a5')] });
    expect(await mineLine('xiangqi', MATERIAL, 'test', close, deep)).toMatchObject({ ok: false, why: 'not-unique' });
    const small = scripted({ [key(MATERIAL)]: [line(cp(250), 'b6b10', 'c8b10'), line(cp(-100), 'a4a5')] });
    expect(await mineLine('xiangqi', MATERIAL, 'test', small, deep)).toMatchObject({ ok: false, why: 'not-winning' });
    const illegal = scripted({ [key(MATERIAL)]: [line(cp(480), 'b6b10', 'a1a2'), line(cp(0), 'a4a5')] });
    expect(await mineLine('xiangqi', MATERIAL, 'test', illegal, deep)).toMatchObject({ ok: false, why: 'engine-illegal' });
  });
});

describe('screen', () => {
  const legal = ['a1a2', 'b1b2'];
  it('marks short mates and clear material wins after the opponent’s mistake', () => {
    expect(screen({ fen: MATE2, legal, lines: [line(mate(3), 'a1a2')], before: [line(cp(-50), 'x')] })).toBe('mate');
    expect(screen({ fen: MATE2, legal, lines: [line(cp(400), 'a1a2'), line(cp(100), 'b1b2')], before: [line(cp(0), 'x')] })).toBe('material');
  });

  it('passes over long mates, mates already forced, close seconds and wins that were already there', () => {
    expect(screen({ fen: MATE2, legal, lines: [line(mate(6), 'a1a2')], before: null })).toBeNull();
    expect(screen({ fen: MATE2, legal, lines: [line(mate(2), 'a1a2')], before: [line(mate(-3), 'x')] })).toBeNull();
    expect(screen({ fen: MATE2, legal, lines: [line(cp(400), 'a1a2'), line(cp(300), 'b1b2')], before: null })).toBeNull();
    expect(screen({ fen: MATE2, legal, lines: [line(cp(400), 'a1a2'), line(cp(0), 'b1b2')], before: [line(cp(-500), 'x')] })).toBeNull();
    expect(screen({ fen: MATE2, legal: ['a1a2'], lines: [line(cp(900), 'a1a2')], before: null })).toBeNull();
  });
});

describe('judge', () => {
  it('applies the uniqueness rules of each kind', () => {
    expect(judge([line(mate(2), 'a'), line(cp(900), 'b')], 30, 'mate', 0)).toBeNull();
    expect(judge([line(mate(2), 'a'), line(mate(4), 'b')], 30, 'mate', 0)).toBe('second-mates');
    expect(judge([line(mate(2), 'a'), line(mate(4), 'b')], 1, 'mate', 0)).toBeNull(); // a forced move is unique
    expect(judge([line(mate(3), 'a')], 30, 'mate', 3)).toBe('mate-too-long');
    expect(judge([line(cp(500), 'a')], 30, 'mate', 1)).toBe('mate-lost');
    expect(judge([line(cp(500), 'a'), line(cp(150), 'b')], 30, 'material', 0)).toBeNull();
    expect(judge([line(cp(500), 'a'), line(cp(151), 'b')], 30, 'material', 0)).toBe('not-unique');
    expect(judge([line(cp(400), 'a'), line(cp(120), 'b')], 30, 'material', 0)).toBe('not-unique'); // gap 280
    expect(judge([line(mate(5), 'a'), line(cp(0), 'b')], 30, 'material', 0)).toBe('not-unique');
    expect(judge([], 30, 'material', 0)).toBe('no-analysis');
  });
});
