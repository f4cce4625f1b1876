import { describe, expect, it } from 'vitest';
import { square } from './board.ts';
import { parseFen } from './fen.ts';
import { normalMove, type Move } from './move.ts';
import { MAX_NOTATION_LENGTH, algebraicNotation, checkSuffix, legalMoveList, makeLine, parseLine, pickOne, type Notation } from './notation.ts';
import type { Position } from './position.ts';
import { parseUci } from './uci.ts';
import { janggi } from './variants/janggi/index.ts';
import { janggiAlgebraic } from './variants/janggi/notation.ts';
import { sittuyin } from './variants/sittuyin/index.ts';
import { sittuyinAlgebraic } from './variants/sittuyin/notation.ts';
import { xiangqi } from './variants/xiangqi/index.ts';
import { xiangqiVietnamese, xiangqiWxf } from './variants/xiangqi/notation.ts';
import type { VariantModule } from './variant.ts';

const at = (v: VariantModule, fen = v.startFen): Position => {
  const r = parseFen(v, fen);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};
const uci = (pos: Position, text: string): Move => {
  const r = parseUci(pos, text);
  if (!r.ok) throw new Error(text);
  return r.value;
};

describe('notation helpers', () => {
  it('pickOne tells none, one and several apart', () => {
    expect(pickOne([], 'x')).toMatchObject({ ok: false, error: { code: 'notation.illegal' } });
    expect(pickOne([7], 'x')).toEqual({ ok: true, value: 7 });
    expect(pickOne([7, 8], 'x')).toMatchObject({ ok: false, error: { code: 'notation.ambiguous' } });
  });

  it('checkSuffix leaves the position as it found it', () => {
    const pos = at(janggi, '4k4/1R7/9/9/9/9/9/9/4K4/R8 w - - 0 1');
    const key = pos.key();
    expect(checkSuffix(pos, uci(pos, 'a1a10'))).toBe('#');
    expect(checkSuffix(pos, uci(pos, 'b9b10'))).toBe('+');
    expect(checkSuffix(pos, uci(pos, 'a1a2'))).toBe('');
    expect(pos.key()).toBe(key);
    expect(pos.turn).toBe(0);
  });

  it('makeLine stops before the first illegal move; parseLine says which text failed', () => {
    const pos = at(xiangqi);
    const a = uci(pos, 'h3e3');
    const chariotDiagonal = normalMove(square(0, 0), square(1, 1));
    expect(makeLine(pos, [a, chariotDiagonal, a], xiangqiWxf)).toEqual(['C2=5']);
    const r = parseLine(pos, ['C2=5', 'H8+7', 'Q9=9'], xiangqiWxf);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.index).toBe(2);
      expect(r.error.code).toBe('notation.syntax');
      expect(r.error.message).toMatch(/^Move 3: /);
    }
  });

  it('builds an algebraic notation for any variant from a letter table', () => {
    const xa: Notation = algebraicNotation({
      id: 'xiangqi-algebraic',
      name: { en: 'Algebraic', vi: 'Tọa độ' },
      letters: ['', 'K', 'A', 'E', 'H', 'R', 'C', 'P'],
      example: 'Ce3',
    });
    const pos = at(xiangqi);
    expect(xa.make(pos, uci(pos, 'h3e3'))).toBe('Che3'); // the b3 cannon reaches e3 too
    expect(xa.make(pos, uci(pos, 'h3h10'))).toBe('Cxh10');
    expect(xa.make(pos, uci(pos, 'b3b10'))).toBe('Cxb10');
    const seen = new Set<string>();
    for (const m of legalMoveList(pos)) {
      const t = xa.make(pos, m);
      seen.add(t);
      const back = xa.parse(pos, t);
      expect(back.ok && back.value).toBe(m);
    }
    expect(seen.size).toBe(legalMoveList(pos).length);
    expect(xa.parse(pos, 'pass')).toMatchObject({ ok: false, error: { code: 'notation.syntax' } });
  });
});

describe('every notation reads any text without throwing', () => {
  const cases: [Notation, Position][] = [
    [xiangqiWxf, at(xiangqi)],
    [xiangqiVietnamese, at(xiangqi)],
    [janggiAlgebraic, at(janggi)],
    [sittuyinAlgebraic, at(sittuyin)],
    [sittuyinAlgebraic, at(sittuyin, 'rn1k1snr/2s1f3/4pppp/pppp4/4PPPP/PPPP4/3FK3/RNS2SNR[] w - - 0 1')],
  ];
  const alphabet = 'abcdefghijKAEHRCPGTgtsXMBSxp0123456789+-=./@#!? –';

  it('answers a result for random, empty, long and non-string input', () => {
    let a = 12345;
    const rnd = (): number => {
      a = (Math.imul(a, 1103515245) + 12345) >>> 0;
      return a / 4294967296;
    };
    for (const [n, pos] of cases) {
      const key = pos.key();
      const odd: unknown[] = ['', ' ', 'x'.repeat(MAX_NOTATION_LENGTH + 1), null, undefined, 42, {}, '\u0000', '🀄'];
      for (const text of odd) {
        const r = n.parse(pos, text as string);
        expect(r.ok).toBe(false);
        if (!r.ok) expect(r.error.code).toBe('notation.syntax');
      }
      for (let i = 0; i < 3000; i++) {
        let text = '';
        const len = 1 + Math.floor(rnd() * 7);
        for (let j = 0; j < len; j++) text += alphabet[Math.floor(rnd() * alphabet.length)];
        const r = n.parse(pos, text);
        if (r.ok) expect(legalMoveList(pos)).toContain(r.value);
        else expect(['notation.syntax', 'notation.illegal', 'notation.ambiguous']).toContain(r.error.code);
      }
      for (const m of [0, -1, 0x7fffffff, normalMove(255, 255), (1 << 19) | (7 << 16)]) expect(typeof n.make(pos, m)).toBe('string');
      expect(pos.key()).toBe(key);
    }
  });
});
