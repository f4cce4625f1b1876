import { describe, expect, it } from 'vitest';
import { notationCases } from '../../testing/notation-cases.ts';
import { roundTrip } from '../../testing/notation-round-trip.ts';
import { prng, walkPositions as walk } from '../../testing/random-play.ts';
import { xiangqiChinese } from './chinese.ts';
import { xiangqi } from './index.ts';

const { at, start, print, read } = notationCases(xiangqi, xiangqiChinese);
// Tandem chariots, cannons, horses, advisors and elephants for both sides (as in notation.test.ts).
const TANDEM = '3a1kb2/1r2a4/2n5c/p3p1N2/C1n3bR1/1rB6/2P5c/C2A2N2/7R1/2BAK4';
// Red: three soldiers on c, two on g; Black: two on a, three on g.
const TWO_FILES = '4k4/9/2P6/2P3P2/2P3P2/9/p5p2/p5p2/6p2/3K5';
// Black: three soldiers on c.
const THREE = '4k4/9/9/9/9/9/2p6/2p6/2p6/3K5';

describe('Xiangqi in Chinese', () => {
  it('writes and reads the opening as books do, Red in numerals, Black in digits', () => {
    const pos = start();
    expect(print(pos, 'h3e3')).toBe('炮二平五');
    expect(read(pos, '炮二平五')).toBe('h3e3');
    expect(read(pos, '炮2平5')).toBe('h3e3');
    expect(read(pos, '砲二平五')).toBe('h3e3');
    const black = at('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1');
    expect(print(black, 'h10g8')).toBe('马８进７');
    expect(read(black, '马8进7')).toBe('h10g8');
    expect(read(black, '馬８進７')).toBe('h10g8');
  });

  it('front, rear and middle pieces', () => {
    const three = at(`${THREE} b - - 0 1`);
    expect(read(three, '前卒平四')).toBe('c2d2');
    expect(read(three, '后卒平四')).toBe('c4d4');
    expect(read(three, '中卒平四')).toBe('c3d3');
    expect(read(three, '中卒进九')).toBe('notation.illegal');
  });

  it('names what it cannot read and what is not legal', () => {
    const pos = start();
    expect(read(pos, '炮二平十')).toBe('notation.syntax');
    expect(read(pos, '车一进九')).toBe('notation.illegal');
    expect(read(pos, 'X')).toBe('notation.syntax');
  });

  it('parse(make(m)) is m and no two legal moves print alike, over random games and tandem positions', () => {
    const rnd = prng(2829);
    const positions = [];
    for (let g = 0; g < 4; g++) positions.push(...walk(start(), 60, rnd));
    for (const fen of [TANDEM, TWO_FILES, THREE]) for (const side of ['w', 'b']) positions.push(at(`${fen} ${side} - - 0 1`));
    const { moves, texts } = roundTrip(xiangqiChinese, positions);
    expect(moves).toBeGreaterThan(5000);
    expect([...texts].some((t) => t.startsWith('前'))).toBe(true);
  });
});
