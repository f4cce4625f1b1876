import { describe, expect, it } from 'vitest';
import { makeFen } from '../../fen.ts';
import { square } from '../../board.ts';
import { normalMove, type Move } from '../../move.ts';
import { makeLine, parseLine, type Notation } from '../../notation.ts';
import type { Position } from '../../position.ts';
import { makeUci, parseUci } from '../../uci.ts';
import { xiangqi } from './index.ts';
import { xiangqiVietnamese, xiangqiWxf } from './notation.ts';
import { prng, walkPositions as walk } from '../../testing/random-play.ts';
import { notationCases } from '../../testing/notation-cases.ts';
import { roundTrip } from '../../testing/notation-round-trip.ts';

const { at, start } = notationCases(xiangqi, xiangqiWxf);
const uci = (pos: Position, text: string): Move => {
  const r = parseUci(pos, text);
  if (!r.ok) throw new Error(`${text}: ${r.error.message}`);
  return r.value;
};
/** Both notations of a coordinate move. */
const both = (pos: Position, text: string): [string, string] => {
  const m = uci(pos, text);
  return [xiangqiWxf.make(pos, m), xiangqiVietnamese.make(pos, m)];
};
const parsedUci = (n: Notation, pos: Position, text: string): string => {
  const r = n.parse(pos, text);
  return r.ok ? makeUci(pos, r.value) : r.error.code;
};

// Tandem chariots, cannons, horses, advisors and elephants for both sides.
const TANDEM = '3a1kb2/1r2a4/2n5c/p3p1N2/C1n3bR1/1rB6/2P5c/C2A2N2/7R1/2BAK4';
// Red: three soldiers on c, two on g; Black: two on a, three on g.
const TWO_FILES = '4k4/9/2P6/2P3P2/2P3P2/9/p5p2/p5p2/6p2/3K5';
// Red: five soldiers on c; Black: four on g.
const MANY = '2P1k4/2P6/2P6/2P6/2P6/6p2/6p2/6p2/6p2/3K5';
// Black: three soldiers on c.
const THREE = '4k4/9/9/9/9/9/2p6/2p6/2p6/3K5';

describe('Xiangqi notation: known moves', () => {
  it('writes the opening moves as books do', () => {
    const pos = start();
    expect(both(pos, 'h3e3')).toEqual(['C2=5', 'P2-5']);
    expect(both(pos, 'b1c3')).toEqual(['H8+7', 'M8.7']);
    expect(both(pos, 'a1a2')).toEqual(['R9+1', 'X9.1']);
    expect(both(pos, 'g4g5')).toEqual(['P3+1', 'B3.1']);
    expect(both(pos, 'c1e3')).toEqual(['E7+5', 'T7.5']);
    expect(both(pos, 'd1e2')).toEqual(['A6+5', 'S6.5']);
    expect(both(pos, 'e1e2')).toEqual(['K5+1', 'Tg5.1']);
    expect(both(pos, 'h3h2')).toEqual(['C2-1', 'P2/1']);
  });

  it('numbers Black files from Black’s right (a is 1)', () => {
    const pos = at(xiangqi.startFen.replace(' w ', ' b '));
    expect(both(pos, 'b10c8')).toEqual(['H2+3', 'M2.3']);
    expect(both(pos, 'h10g8')).toEqual(['H8+7', 'M8.7']);
    expect(both(pos, 'h8e8')).toEqual(['C8=5', 'P8-5']);
    expect(both(pos, 'a10a9')).toEqual(['R1+1', 'X1.1']);
    expect(both(pos, 'c7c6')).toEqual(['P3+1', 'B3.1']);
  });

  it('plays a line: 1. C2=5 H8+7 2. H2+3 R9=8', () => {
    const pos = start();
    const moves = ['h3e3', 'h10g8', 'h1g3', 'i10h10'];
    const played: Move[] = [];
    const p = pos.clone();
    for (const t of moves) {
      const m = uci(p, t);
      played.push(m);
      p.make(m);
    }
    expect(makeLine(pos, played, xiangqiWxf)).toEqual(['C2=5', 'H8+7', 'H2+3', 'R9=8']);
    expect(makeLine(pos, played, xiangqiVietnamese)).toEqual(['P2-5', 'M8.7', 'M2.3', 'X9-8']);
    const back = parseLine(pos, ['P2-5', 'M8.7', 'M2.3', 'X9-8'], xiangqiVietnamese);
    expect(back.ok && back.value).toEqual(played);
    expect(makeFen(pos)).toBe(xiangqi.startFen); // makeLine and parseLine play on a clone
  });

  it('marks tandem chariots, cannons and horses front and rear', () => {
    const red = at(`${TANDEM} w - - 0 1`);
    expect(both(red, 'h6h7')).toEqual(['R++1', 'Xt.1']);
    expect(both(red, 'h2h1')).toEqual(['R--1', 'Xs/1']);
    expect(both(red, 'h6g6')).toEqual(['R+=3', 'Xt-3']);
    expect(both(red, 'h2e2')).toEqual(['R-=5', 'Xs-5']);
    expect(both(red, 'a3a5')).toEqual(['C-+2', 'Ps.2']);
    expect(both(red, 'a6a4')).toEqual(['C+-2', 'Pt/2']);
    expect(both(red, 'g3f5')).toEqual(['H-+4', 'Ms.4']);
    expect(both(red, 'g7h9')).toEqual(['H++2', 'Mt.2']);
    const black = at(`${TANDEM} b - - 0 1`);
    expect(both(black, 'b5b1')).toEqual(['R++4', 'Xt.4']); // Black's front is the lower rank
    expect(both(black, 'b9b10')).toEqual(['R--1', 'Xs/1']);
    expect(both(black, 'i8e8')).toEqual(['C-=5', 'Ps-5']);
  });

  it('keeps the file for tandem advisors and elephants', () => {
    const red = at(`${TANDEM} w - - 0 1`);
    expect(both(red, 'd1e2')).toEqual(['A6+5', 'S6.5']);
    expect(both(red, 'd3e2')).toEqual(['A6-5', 'S6/5']);
    expect(both(red, 'c1e3')).toEqual(['E7+5', 'T7.5']);
    expect(both(red, 'c5e3')).toEqual(['E7-5', 'T7/5']);
  });

  it('names three, four and five soldiers on a file, and tandem soldiers on two files', () => {
    const two = at(`${TWO_FILES} w - - 0 1`);
    expect(both(two, 'c8c9')).toEqual(['7++1', 'B7t.1']);
    expect(both(two, 'c7d7')).toEqual(['77=6', 'B7g-6']);
    expect(both(two, 'c6b6')).toEqual(['7-=8', 'B7s-8']);
    expect(both(two, 'g7g8')).toEqual(['3++1', 'B3t.1']);
    expect(both(two, 'g6f6')).toEqual(['3-=4', 'B3s-4']);
    const many = at(`${MANY} w - - 0 1`);
    expect(both(many, 'c10d10')).toEqual(['++=6', '1B-6']);
    expect(both(many, 'c9d9')).toEqual(['P+=6', '2B-6']);
    expect(both(many, 'c8d8')).toEqual(['P7=6', '3B-6']);
    expect(both(many, 'c7d7')).toEqual(['P-=6', '4B-6']);
    expect(both(many, 'c6d6')).toEqual(['--=6', '5B-6']);
    const four = at(`${MANY} b - - 0 1`);
    expect(both(four, 'g2g1')).toEqual(['+++1', '1B.1']);
    expect(both(four, 'g3f3')).toEqual(['P+=6', '2B-6']);
    expect(both(four, 'g4f4')).toEqual(['P-=6', '3B-6']);
    expect(both(four, 'g5f5')).toEqual(['--=6', '4B-6']);
    // Three on one file, one tandem file: WXF P+ / P3 / P-, Vietnamese Bt / Bg / Bs.
    const blk = at(`${THREE} b - - 0 1`);
    expect(both(blk, 'c2b2')).toEqual(['P+=2', 'Bt-2']);
    expect(both(blk, 'c3d3')).toEqual(['P3=4', 'Bg-4']);
    expect(both(blk, 'c4b4')).toEqual(['P-=2', 'Bs-2']);
  });
});

describe('Xiangqi notation: reading', () => {
  it('reads what it writes and the usual variants', () => {
    const pos = start();
    expect(parsedUci(xiangqiWxf, pos, 'C2=5')).toBe('h3e3');
    expect(parsedUci(xiangqiWxf, pos, 'c2.5')).toBe('h3e3');
    expect(parsedUci(xiangqiWxf, pos, 'C25')).toBe('h3e3');
    expect(parsedUci(xiangqiWxf, pos, ' N8+7 ')).toBe('b1c3');
    expect(parsedUci(xiangqiWxf, pos, 'B3+5')).toBe('g1e3');
    expect(parsedUci(xiangqiVietnamese, pos, 'P2–5')).toBe('h3e3'); // en dash
    expect(parsedUci(xiangqiVietnamese, pos, 'm8.7')).toBe('b1c3');
    expect(parsedUci(xiangqiVietnamese, pos, 'tg5.1')).toBe('e1e2');
    expect(parsedUci(xiangqiVietnamese, pos, 'C3.1')).toBe('g4g5'); // C for chốt
  });

  it('accepts a leading tandem sign and a file digit when only one piece fits', () => {
    const red = at(`${TANDEM} w - - 0 1`);
    expect(parsedUci(xiangqiWxf, red, '+R=3')).toBe('h6g6');
    expect(parsedUci(xiangqiWxf, red, 'R2+4')).toBe('h6h10'); // only the front chariot can go four
    expect(parsedUci(xiangqiWxf, red, 'R2+1')).toBe('notation.ambiguous'); // both can advance one
    expect(parsedUci(xiangqiWxf, red, 'A-+5')).toBe('d1e2');
    expect(parsedUci(xiangqiWxf, red, 'A+-5')).toBe('d3e2');
    expect(parsedUci(xiangqiWxf, red, 'A--5')).toBe('notation.illegal');
    expect(parsedUci(xiangqiVietnamese, red, 'XT.1')).toBe('h6h7');
    expect(parsedUci(xiangqiVietnamese, red, 'X2s/1')).toBe('h2h1');
    const three = at(`${THREE} b - - 0 1`);
    expect(parsedUci(xiangqiWxf, three, 'P3=4')).toBe('c3d3'); // the canonical middle soldier wins
    expect(parsedUci(xiangqiVietnamese, three, 'B3=4')).toBe('notation.syntax');
  });

  it('answers stable error codes and never throws', () => {
    const pos = start();
    for (const n of [xiangqiWxf, xiangqiVietnamese]) {
      for (const bad of ['', '   ', 'hello', 'C2=0', 'C2=55', 'Z2=5', 'C2x5', 'x'.repeat(100), '++']) {
        const r = n.parse(pos, bad);
        expect(r.ok ? 'ok' : r.error.code).toBe('notation.syntax');
      }
      expect(n.parse(pos, null as unknown as string).ok).toBe(false);
      expect(n.make(pos, 0)).toBe('?');
    }
    expect(parsedUci(xiangqiWxf, pos, 'C2+8')).toBe('notation.illegal');
    expect(parsedUci(xiangqiWxf, pos, 'R1=2')).toBe('notation.illegal');
    expect(parsedUci(xiangqiVietnamese, pos, 'X1-2')).toBe('notation.illegal');
    // A move that is not legal prints in coordinates rather than failing.
    expect(xiangqiWxf.make(pos, normalMove(square(0, 0), square(1, 1)))).toBe('a1b2');
  });
});

/** Positions reached by random legal play from `from`, the start included. */

function samplePositions(): Position[] {
  const rnd = prng(20240607);
  const out: Position[] = [];
  for (let g = 0; g < 6; g++) out.push(...walk(start(), 50, rnd));
  for (const fen of [TANDEM, TWO_FILES, MANY, THREE]) {
    for (const side of ['w', 'b']) for (let g = 0; g < 4; g++) out.push(...walk(at(`${fen} ${side} - - 0 1`), 12, rnd));
  }
  return out;
}

describe('Xiangqi notation: round trip over random play', () => {
  const positions = samplePositions();

  it('samples a few hundred positions', () => {
    expect(positions.length).toBeGreaterThan(300);
  });

  for (const n of [xiangqiWxf, xiangqiVietnamese]) {
    it(`${n.id}: parse(make(m)) is m and no two legal moves print alike`, () => {
      const { moves: checked, texts } = roundTrip(n, positions);
      const designators = new Set([...texts].map((text) => text.slice(0, text.length - 2)));
      expect(checked).toBeGreaterThan(5000);
      // The sample really covers the tandem forms.
      const wanted = n === xiangqiWxf ? ['R+', 'C-', 'H+', '++', '--', 'P+', '77', '3-'] : ['Xt', 'Ps', 'Mt', 'Bg', '1B', 'B7g', 'B3s'];
      for (const d of wanted) expect([...designators].some((x) => x === d || x.startsWith(d))).toBe(true);
    });
  }
});
