import { describe, expect, it } from 'vitest';
import type { Move } from '../../move.ts';
import { makeLine } from '../../notation.ts';
import type { Position } from '../../position.ts';
import { parseUci } from '../../uci.ts';
import { janggi } from './index.ts';
import { janggiAlgebraic as n } from './notation.ts';
import { prng, walkPositions as walk } from '../../testing/random-play.ts';
import { notationCases } from '../../testing/notation-cases.ts';
import { roundTrip } from '../../testing/notation-round-trip.ts';

const { at, start, print, read } = notationCases(janggi, n);

// Cho chariots on a1 and b9 against a bare Han general on e10.
const LADDER = '4k4/1R7/9/9/9/9/9/9/4K4/R8 w - - 0 1';

describe('Janggi algebraic: known moves', () => {
  it('writes the opening moves with a letter for every piece', () => {
    const pos = start();
    expect(print(pos, 'b1c3')).toBe('Hc3');
    expect(print(pos, 'a1a2')).toBe('Ra2');
    expect(print(pos, 'e4e5')).toBe('Pe5');
    expect(print(pos, 'e2e3')).toBe('Ke3');
    expect(print(pos, 'e2e2')).toBe('pass');
  });

  it('tells pieces apart by file, then rank, only when needed', () => {
    const pos = start();
    expect(print(pos, 'h3e3')).toBe('Che3'); // the b3 cannon can reach e3 too (site rule: cannons slide)
    expect(print(pos, 'd1e1')).toBe('Ade1');
    expect(print(pos, 'c4d4')).toBe('Pcd4');
    const ladder = at(LADDER);
    expect(print(ladder, 'b9b1')).toBe('Rbb1');
    expect(print(ladder, 'a1b1')).toBe('Rab1');
    const file = at('4k4/9/9/9/9/9/3R5/9/4K4/3R5 w - - 0 1');
    expect(print(file, 'd1d2')).toBe('R1d2');
    expect(print(file, 'd4d2')).toBe('R4d2');
  });

  it('marks captures, checks and mate', () => {
    expect(print(at('4k4/9/9/9/9/9/9/2B6/4K4/9 w - - 0 1'), 'c3e6')).toBe('Ee6');
    const ladder = at(LADDER);
    expect(print(ladder, 'b9b10')).toBe('Rb10+');
    expect(print(ladder, 'a1a10')).toBe('Ra10#');
    expect(print(ladder, 'b9e9')).toBe('Re9+');
    const cap = at('4k4/1R7/9/p8/9/9/9/9/4K4/R8 w - - 0 1');
    expect(print(cap, 'a1a7')).toBe('Rxa7');
  });

  it('prints a line on a copy of the position', () => {
    const pos = start();
    const line: Move[] = [];
    const p = pos.clone();
    for (const t of ['b1c3', 'e9e9', 'h3e3']) {
      const r = parseUci(p, t);
      if (!r.ok) throw new Error(t);
      line.push(r.value);
      p.make(r.value);
    }
    expect(makeLine(pos, line, n)).toEqual(['Hc3', 'pass', 'Ce3']); // the horse now blocks the b3 cannon
    expect(pos.key()).toBe(start().key());
  });
});

describe('Janggi algebraic: reading', () => {
  it('reads canonical and lenient forms', () => {
    const pos = start();
    expect(read(pos, 'Hc3')).toBe('b1c3');
    expect(read(pos, 'Nc3')).toBe('b1c3');
    expect(read(pos, 'Hbc3')).toBe('b1c3');
    expect(read(pos, 'Hb1c3')).toBe('b1c3');
    expect(read(pos, 'Hb1-c3')).toBe('b1c3');
    expect(read(pos, 'b1c3')).toBe('b1c3');
    expect(read(pos, 'Ra2!?')).toBe('a1a2');
    expect(read(pos, 'pass')).toBe('e2e2');
    expect(read(pos, 'PASS')).toBe('e2e2');
    expect(read(pos, '--')).toBe('e2e2');
    expect(read(pos, '—')).toBe('notation.syntax');
    const ladder = at(LADDER);
    expect(read(ladder, 'Ra10')).toBe('a1a10');
    expect(read(ladder, 'Ra10#')).toBe('a1a10');
    expect(read(ladder, 'Rb9b10')).toBe('b9b10');
    expect(read(ladder, 'R9b10')).toBe('b9b10');
  });

  it('answers illegal, ambiguous and syntax errors', () => {
    const pos = start();
    expect(read(pos, 'Ce3')).toBe('notation.ambiguous');
    expect(read(pos, 'He4')).toBe('notation.illegal');
    expect(read(pos, 'Hxc3')).toBe('notation.illegal'); // c3 is empty
    expect(read(pos, 'Qd4')).toBe('notation.syntax');
    expect(read(pos, 'Rj1')).toBe('notation.syntax');
    expect(read(pos, 'Ra11')).toBe('notation.syntax');
    expect(read(pos, '')).toBe('notation.syntax');
    expect(read(pos, 'e4')).toBe('notation.syntax'); // soldiers need their letter here
    expect(read(pos, 'K@e2')).toBe('notation.illegal');
    expect(read(pos, 'x'.repeat(200))).toBe('notation.syntax');
    // In check, passing is not allowed.
    const check = at('4k4/9/9/9/9/9/9/9/4K4/4r4 w - - 0 1');
    expect(read(check, 'pass')).toBe('notation.illegal');
  });
});

/** Fails with the first move whose text is shared or does not read back. */

describe('Janggi algebraic: round trip over random play', () => {
  const rnd = prng(7321);
  const positions: Position[] = [];
  for (let g = 0; g < 6; g++) positions.push(...walk(start(), 70, rnd));
  for (let g = 0; g < 4; g++) positions.push(...walk(at(LADDER), 15, rnd));

  it('parse(make(m)) is m and no two legal moves print alike', () => {
    expect(positions.length).toBeGreaterThan(300);
    const { moves, texts } = roundTrip(n, positions);
    expect(moves).toBeGreaterThan(10_000);
    const all = [...texts];
    expect(all.some((t) => t.includes('x'))).toBe(true);
    expect(all.some((t) => t.endsWith('+'))).toBe(true);
    expect(all.some((t) => /^[A-Z][a-i][a-i]?x?[a-i]\d/.test(t))).toBe(true);
    expect(all).toContain('pass');
  });
});
