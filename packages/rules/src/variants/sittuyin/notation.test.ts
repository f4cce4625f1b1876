import { describe, expect, it } from 'vitest';
import { makeLine, parseLine } from '../../notation.ts';
import type { Position } from '../../position.ts';
import { sittuyin } from './index.ts';
import { sittuyinAlgebraic as n } from './notation.ts';
import { prng, walkPositions as walk } from '../../testing/random-play.ts';
import { notationCases } from '../../testing/notation-cases.ts';
import { roundTrip } from '../../testing/notation-round-trip.ts';

const { at, start, print, read } = notationCases(sittuyin, n);

const PLACED = 'rn1k1snr/2s1f3/4pppp/pppp4/4PPPP/PPPP4/3FK3/RNS2SNR[] w - - 0 1';
// Red has no general: the d5 pawn (on a long diagonal, in Black's half) may promote.
const PROMOTE = '7k/8/8/3P4/8/P7/8/4K3[] w - - 0 1';
// Two horses on one file: they are told apart by rank.
const HORSES = 'k7/8/8/1N6/8/8/8/1N2K3[] w - - 0 1';

describe('Sittuyin algebraic: known moves', () => {
  it('writes placements with the piece letter and the square', () => {
    const pos = start();
    expect(print(pos, 'K@d2')).toBe('K@d2');
    expect(print(pos, 'F@c2')).toBe('G@c2');
    expect(print(pos, 'S@c1')).toBe('E@c1');
    expect(print(pos, 'N@b2')).toBe('H@b2');
    expect(print(pos, 'R@a1')).toBe('R@a1');
  });

  it('writes moves as chess SAN, pawns without a letter', () => {
    const pos = at(PLACED);
    expect(print(pos, 'a3a4')).toBe('a4');
    expect(print(pos, 'e4d5')).toBe('exd5');
    expect(print(pos, 'g1f3')).toBe('Hf3');
    expect(print(pos, 'd2e3')).toBe('Ge3');
    expect(print(pos, 'c1b2')).toBe('Eb2');
    const horses = at(HORSES);
    expect(print(horses, 'b1c3')).toBe('H1c3');
    expect(print(horses, 'b5c3')).toBe('H5c3');
    expect(print(horses, 'b1d2')).toBe('Hd2');
    const rooks = at('6k1/8/8/8/8/8/4K3/R6R[] w - - 0 1');
    expect(print(rooks, 'a1d1')).toBe('Rad1');
    expect(print(rooks, 'h1h8')).toBe('Rh8+');
    expect(print(at('6k1/1R6/8/8/8/8/4K3/R7[] w - - 0 1'), 'a1a8')).toBe('Ra8#');
  });

  it('writes promotions in place and with a step', () => {
    const pos = at(PROMOTE);
    expect(print(pos, 'd5d5f')).toBe('d5=G');
    expect(print(pos, 'd5e6f')).toBe('d5e6=G');
    expect(print(pos, 'd5d6')).toBe('d6');
  });

  it('prints and reads a line', () => {
    const pos = start();
    const texts = ['K@d2', 'K@e7', 'G@c2', 'G@f7'];
    const r = parseLine(pos, texts, n);
    expect(r.ok).toBe(true);
    if (r.ok) expect(makeLine(pos, r.value, n)).toEqual(texts);
    const bad = parseLine(pos, ['K@d2', 'K@d2'], n);
    expect(bad.ok ? 0 : bad.error.index).toBe(1);
    expect(bad.ok ? '' : bad.error.code).toBe('notation.illegal');
  });
});

describe('Sittuyin algebraic: reading', () => {
  it('reads canonical, Fairy-Stockfish and coordinate forms', () => {
    const pos = start();
    expect(read(pos, 'G@c2')).toBe('F@c2');
    expect(read(pos, 'F@c2')).toBe('F@c2');
    expect(read(pos, 'M@c2')).toBe('F@c2');
    expect(read(pos, 'E@c1')).toBe('S@c1');
    expect(read(pos, 'S@c1')).toBe('S@c1');
    expect(read(pos, 'N@b2')).toBe('N@b2');
    expect(read(pos, 'R@b2')).toBe('notation.illegal'); // rooks only on the back rank
    const placed = at(PLACED);
    expect(read(placed, 'exd5')).toBe('e4d5');
    expect(read(placed, 'xd5')).toBe('e4d5');
    expect(read(placed, 'Pxd5')).toBe('e4d5');
    expect(read(placed, 'e4d5')).toBe('e4d5');
    expect(read(placed, 'Nf3')).toBe('g1f3');
    expect(read(placed, 'Hgf3')).toBe('g1f3');
    expect(read(placed, 'a4')).toBe('a3a4');
    const promote = at(PROMOTE);
    expect(read(promote, 'd5=G')).toBe('d5d5f');
    expect(read(promote, 'd5d5=G')).toBe('d5d5f');
    expect(read(promote, 'd5=F')).toBe('d5d5f');
    expect(read(promote, 'd5e6=G')).toBe('d5e6f');
    expect(read(promote, 'd5e6f')).toBe('d5e6f');
    expect(read(promote, 'Pd5xe6=G')).toBe('d5e6f');
    const horses = at(HORSES);
    expect(read(horses, 'Hc3')).toBe('notation.ambiguous');
    expect(read(horses, 'Hb1c3')).toBe('b1c3');
  });

  it('answers stable error codes', () => {
    const pos = at(PLACED);
    expect(read(pos, 'Qd4')).toBe('notation.syntax');
    expect(read(pos, 'a9')).toBe('notation.syntax');
    expect(read(pos, 'i1')).toBe('notation.syntax');
    expect(read(pos, 'a5')).toBe('notation.illegal');
    expect(read(pos, 'K@d2')).toBe('notation.illegal'); // placement is over
    expect(read(pos, 'a3=G')).toBe('notation.illegal');
    expect(read(pos, 'a3=Z')).toBe('notation.syntax');
    expect(read(pos, '@@')).toBe('notation.syntax');
    expect(n.make(pos, 0)).toBe('?');
  });
});

describe('Sittuyin algebraic: round trip over random play', () => {
  const rnd = prng(99991);
  const positions: Position[] = [];
  for (let g = 0; g < 6; g++) positions.push(...walk(start(), 70, rnd));
  for (const fen of [PROMOTE, HORSES]) for (let g = 0; g < 3; g++) positions.push(...walk(at(fen), 20, rnd));

  it('parse(make(m)) is m and no two legal moves print alike', () => {
    expect(positions.length).toBeGreaterThan(300);
    const { moves, texts } = roundTrip(n, positions);
    expect(moves).toBeGreaterThan(8000);
    const all = [...texts];
    for (const re of [/@/, /x/, /=G$/, /^[a-h][1-8][a-h][1-8]=G$/, /\+$/, /^[KGEHR]([a-h]|[1-8]|[a-h][1-8])x?[a-h][1-8]/]) {
      expect(all.some((t) => re.test(t))).toBe(true);
    }
  });
});
