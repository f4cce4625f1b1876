import { describe, expect, it } from 'vitest';
import { makeUci } from '../../uci.ts';
import { notationCases } from '../../testing/notation-cases.ts';
import { roundTrip } from '../../testing/notation-round-trip.ts';
import { prng, walkPositions as walk } from '../../testing/random-play.ts';
import { xiangqi } from './index.ts';
import { xiangqiIccs } from './iccs.ts';

const { start } = notationCases(xiangqi, xiangqiIccs);

describe('Xiangqi ICCS coordinates', () => {
  it('reads xqbase moves in either case, with or without the dash, ranks from 0', () => {
    const pos = start();
    for (const text of ['H2-E2', 'h2-e2', 'h2e2', 'H2E2', 'H2–E2']) {
      const r = xiangqiIccs.parse(pos, text);
      expect(r.ok && makeUci(pos, r.value)).toBe('h3e3');
    }
    const m = xiangqiIccs.parse(pos, 'H2-E2');
    expect(m.ok && xiangqiIccs.make(pos, m.value)).toBe('H2-E2');
  });

  it('names what it cannot read and what is not legal', () => {
    const pos = start();
    const code = (t: string) => {
      const r = xiangqiIccs.parse(pos, t);
      return r.ok ? 'ok' : r.error.code;
    };
    expect(code('H2-E9')).toBe('notation.illegal');
    expect(code('J2-E2')).toBe('notation.syntax');
    expect(code('h3e3x')).toBe('notation.syntax');
  });

  it('parse(make(m)) is m over random games', () => {
    const rnd = prng(2828);
    const positions = [];
    for (let g = 0; g < 4; g++) positions.push(...walk(start(), 60, rnd));
    const { moves } = roundTrip(xiangqiIccs, positions);
    expect(moves).toBeGreaterThan(5000);
  });
});
