import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { square } from '../../board.ts';
import { makeLine, parseLine } from '../../notation.ts';
import type { Position } from '../../position.ts';
import { parseUci } from '../../uci.ts';
import { prng, walkPositions as walk } from '../../testing/random-play.ts';
import { notationCases } from '../../testing/notation-cases.ts';
import { roundTrip } from '../../testing/notation-round-trip.ts';
import { janggi, makeJanggi, JANGGI_TRADITIONAL_RULES } from './index.ts';
import { janggiKorean as n, koreanPoint } from './korean.ts';
import { janggiAlgebraic } from './notation.ts';

const { at, start, print, read } = notationCases(janggi, n);

// Cho chariots on a1 and b9 against a bare Han general on e10.
const LADDER = '4k4/1R7/9/9/9/9/9/9/4K4/R8 w - - 0 1';

describe('Janggi Korean notation: points', () => {
  it('reads rank then file from Cho’s side: ranks 1..9, 0 from the top, files 1..9 from the left', () => {
    const pos = start();
    expect(koreanPoint(pos, square(4, 1))).toBe('95'); // Cho's palace centre, e2
    expect(koreanPoint(pos, square(4, 8))).toBe('25'); // Han's, e9
    expect(koreanPoint(pos, square(0, 0))).toBe('01'); // Cho's left chariot, a1
    expect(koreanPoint(pos, square(8, 9))).toBe('19'); // Han's chariot on i10
    expect(koreanPoint(pos, square(7, 2))).toBe('88'); // Cho's cannon, h3
  });
});

describe('Janggi Korean notation: known moves', () => {
  it('writes origin, Hangul name, destination; a soldier’s name is its side’s', () => {
    const pos = start();
    expect(print(pos, 'h1g3')).toBe('08마87');
    expect(print(pos, 'b1c3')).toBe('02마83');
    expect(print(pos, 'i4h4')).toBe('79졸78');
    expect(print(pos, 'a1a2')).toBe('01차91');
    expect(print(pos, 'e2e3')).toBe('95장85');
    expect(print(pos, 'd1e1')).toBe('04사05');
    expect(print(pos, 'e2e2')).toBe('한수쉼');
    const han = at('rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR b - - 0 1');
    expect(print(han, 'e7d7')).toBe('45병44');
    expect(print(han, 'b10c8')).toBe('12마33');
    expect(print(han, 'b8e8')).toBe('32포35');
  });

  it('marks neither captures nor checks, as Korean records do', () => {
    const ladder = at(LADDER);
    expect(print(ladder, 'a1a10')).toBe('01차11');
    expect(print(ladder, 'b9b10')).toBe('22차12');
    const cap = at('4k4/1R7/9/p8/9/9/9/9/4K4/R8 w - - 0 1');
    expect(print(cap, 'a1a7')).toBe('01차41');
  });

  it('writes an illegal move in coordinates rather than inventing a name', () => {
    const pos = start();
    const m = parseUci(pos, 'b1c3');
    if (!m.ok) throw new Error('b1c3');
    pos.make(m.value); // Han to move: the same move is now illegal
    expect(n.make(pos, m.value)).toBe('b1c3');
  });
});

describe('Janggi Korean notation: reading', () => {
  it('reads canonical, Hanja, spaced, nameless and marked forms', () => {
    const pos = start();
    expect(read(pos, '08마87')).toBe('h1g3');
    expect(read(pos, '08馬87')).toBe('h1g3');
    expect(read(pos, '08 마 87')).toBe('h1g3');
    expect(read(pos, '08-마-87')).toBe('h1g3');
    expect(read(pos, '08H87')).toBe('h1g3');
    expect(read(pos, '08n87')).toBe('h1g3');
    expect(read(pos, '0887')).toBe('h1g3');
    expect(read(pos, '08마87!?')).toBe('h1g3');
    expect(read(pos, '79卒78')).toBe('i4h4');
    expect(read(pos, '79병78')).toBe('i4h4'); // either soldier name
    expect(read(pos, '95궁85')).toBe('e2e3');
    expect(read(pos, '95將85')).toBe('e2e3');
    expect(read(pos, '한수쉼')).toBe('e2e2');
    expect(read(pos, '한수 쉼')).toBe('e2e2');
    expect(read(pos, 'pass')).toBe('e2e2');
    expect(read(pos, '--')).toBe('e2e2');
    const ladder = at(LADDER);
    expect(read(ladder, '22차12장군')).toBe('b9b10');
    expect(read(ladder, '01차11#')).toBe('a1a10');
  });

  it('answers illegal and syntax errors', () => {
    const pos = start();
    expect(read(pos, '08차87')).toBe('notation.illegal'); // a horse stands on 08
    expect(read(pos, '08마86')).toBe('notation.illegal');
    expect(read(pos, '12마33')).toBe('notation.illegal'); // Han's horse, Cho to move
    expect(read(pos, '08Q87')).toBe('notation.syntax');
    expect(read(pos, '08마80')).toBe('notation.syntax'); // no file 0
    expect(read(pos, '8마87')).toBe('notation.syntax');
    expect(read(pos, 'h1g3')).toBe('notation.syntax'); // the algebraic notation reads that
    expect(read(pos, '')).toBe('notation.syntax');
    expect(read(pos, '0'.repeat(200))).toBe('notation.syntax');
    const check = at('4k4/9/9/9/9/9/9/9/4K4/4r4 w - - 0 1');
    expect(read(check, '한수쉼')).toBe('notation.illegal');
  });
});

describe('Janggi Korean notation: a real game record', () => {
  // The opening of a Kakao Janggi game (.gib, Hanja names), Cho set up 상마상마 and Han 마상상마;
  // 21. 32車22장군 is a check. Played under the traditional rules: its cannons jump screens without
  // capturing (4. 32包35 over the horse on 33), which the club's sliding cannons do not.
  const GIB =
    '79卒78 12馬33 08馬87 32包35 88包85 18馬37 02象74 45兵44 71卒72 33馬45 09車69 49兵59 69車68 19車49 75卒76 47兵48 68車62 11車31 62車32 35包55 32車22장군 14士24';
  const FEN = 'rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RBNA1ABNR w - - 0 1';

  it('replays under the traditional rules and writes back in Hangul', () => {
    const pos = at(FEN, makeJanggi(JANGGI_TRADITIONAL_RULES));
    const line = parseLine(pos, GIB.split(' '), n);
    if (!line.ok) throw new Error(line.error.message);
    expect(line.value).toHaveLength(22);
    const hangul = makeLine(pos, line.value, n);
    expect(hangul.slice(0, 4)).toEqual(['79졸78', '12마33', '08마87', '32포35']);
    expect(hangul[20]).toBe('32차22');
    // The same moves, in the algebraic notation, read back to the same line.
    const alg = makeLine(pos, line.value, janggiAlgebraic);
    expect(alg[2]).toBe('Hg3');
    expect(alg[20]).toBe('Rb9+');
    const again = parseLine(pos, hangul, n);
    expect(again.ok && again.value).toEqual(line.value);
  });

  it('stops where the club’s rules differ: a cannon that slides does not jump a screen without capturing', () => {
    const line = parseLine(at(FEN), GIB.split(' '), n);
    expect(!line.ok && line.error.index).toBe(3);
  });
});

describe('Janggi Korean notation: round trip', () => {
  it('parse(make(m)) is m and no two legal moves print alike, over random games', () => {
    const rnd = prng(91_337);
    const positions: Position[] = [];
    for (let g = 0; g < 6; g++) positions.push(...walk(start(), 80, rnd));
    for (let g = 0; g < 3; g++) positions.push(...walk(at(LADDER), 15, rnd));
    const { moves, texts } = roundTrip(n, positions);
    expect(moves).toBeGreaterThan(10_000);
    expect(texts).toContain('한수쉼');
    expect([...texts].every((t) => t === '한수쉼' || /^\d[1-9][장사상마차포졸병]\d[1-9]$/.test(t))).toBe(true);
  });

  it('holds for every legal move of the positions of any seeded game (fast-check)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.integer({ min: 0, max: 120 }), (seed, plies) => {
        const positions = walk(start(), plies, prng(seed));
        roundTrip(n, positions.slice(-3));
      }),
      { numRuns: 60 },
    );
  });
});

describe('Janggi Korean notation: the marks of game records', () => {
  it('reads a side mark before the name and checks a piece named as taken', () => {
    const pos = at('4k4/9/9/9/9/p8/9/9/4K4/R8 w - - 0 1');
    expect(read(pos, '01차61병')).toBe('a1a5');
    expect(read(pos, '01楚車61兵')).toBe('a1a5');
    expect(read(pos, '01차61졸')).toBe('a1a5');
    expect(read(pos, '01차61마')).toBe('notation.illegal');
    expect(read(pos, '01차51병')).toBe('notation.illegal');
    expect(read(pos, '01차61x')).toBe('notation.syntax');
  });
});
