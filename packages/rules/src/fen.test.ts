import { describe, expect, it } from 'vitest';
import { makeFen, parseFen } from './fen.ts';
import { prng, randomWalk } from './testing/random-play.ts';
import { VARIANT_KEYS } from './types.ts';
import { VARIANTS } from './variants/registry.ts';

const codeOf = (key: keyof typeof VARIANTS, fen: string): string | null => {
  const r = parseFen(VARIANTS[key], fen);
  return r.ok ? null : r.error.code;
};

describe('FEN round trip', () => {
  it.each(VARIANT_KEYS)('%s: make(parse(fen)) = fen for positions from random play, and keys agree', (key) => {
    const v = VARIANTS[key];
    const start = parseFen(v, v.startFen);
    if (!start.ok) throw new Error(start.error.message);
    let checked = 0;
    for (let g = 0; g < 20; g++) {
      randomWalk(start.value, 80, 100 + g, (pos) => {
        const fen = makeFen(pos);
        const again = parseFen(v, fen);
        expect(again.ok, fen).toBe(true);
        if (!again.ok) return;
        expect(makeFen(again.value)).toBe(fen);
        expect(again.value.key()).toBe(pos.key());
        checked++;
      });
    }
    expect(checked).toBeGreaterThan(500);
  });

  it('writes the start positions exactly as RULES.md gives them', () => {
    for (const key of VARIANT_KEYS) {
      const r = parseFen(VARIANTS[key], VARIANTS[key].startFen);
      expect(r.ok && makeFen(r.value)).toBe(VARIANTS[key].startFen);
    }
  });

  it('accepts a FEN without counters, and writes them', () => {
    const r = parseFen(VARIANTS.xiangqi, 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b');
    expect(r.ok && makeFen(r.value)).toBe('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1');
  });
});

describe('FEN errors: a stable code and a message, never an exception', () => {
  const cases: [keyof typeof VARIANTS, string, string][] = [
    ['xiangqi', '', 'fen.empty'],
    ['xiangqi', 'x'.repeat(300), 'fen.too-long'],
    ['xiangqi', 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/RNBAKABNR w - - 0 1', 'fen.ranks'],
    ['xiangqi', 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNRR w - - 0 1', 'fen.rank-width'],
    ['xiangqi', 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w - - 0 1', 'fen.rank-width'],
    ['xiangqi', 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNX w - - 0 1', 'fen.piece'],
    ['xiangqi', 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x - - 0 1', 'fen.turn'],
    ['xiangqi', 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w KQ - 0 1', 'fen.castling'],
    ['xiangqi', 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - x 1', 'fen.counter'],
    ['xiangqi', 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 extra', 'fen.fields'],
    ['xiangqi', 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR[P] w - - 0 1', 'fen.hand'],
    ['xiangqi', 'rnba1abnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1', 'position.no-king'],
    ['xiangqi', 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBAKABNR w - - 0 1', 'position.two-kings'],
    ['xiangqi', 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/R8/RNBAKABNR w - - 0 1', 'position.too-many'],
    // An elephant across the river, an advisor off its points, a soldier behind its start.
    ['xiangqi', 'rnbakabnr/9/1c5c1/p1p1p1p1p/4B4/9/P1P1P1P1P/1C5C1/9/RN1AKABNR w - - 0 1', 'position.unreachable'],
    ['xiangqi', 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/3A5/RNB1KABNR w - - 0 1', 'position.unreachable'],
    ['xiangqi', 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P3P/1C5C1/6P2/RNBAKABNR w - - 0 1', 'position.unreachable'],
    // The generals face each other on an open file; Black in check from a chariot with Red to move.
    ['xiangqi', '4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1', 'position.generals-facing'],
    ['xiangqi', '4k4/9/9/9/9/9/9/9/4R4/3K5 w - - 0 1', 'position.opponent-in-check'],
    ['janggi', 'rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1CK4C1/9/RNBA1ABNR w - - 0 1', 'position.outside-palace'],
    ['janggi', '4k4/9/9/9/9/9/9/4r4/4K4/9 b - - 0 1', 'position.opponent-in-check'],
    ['sittuyin', '8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KFRRSSNNkfrrssnn] b - - 0 1', 'position.placement-turn'],
    ['sittuyin', '8/8/4pppp/pppp4/3KPPPP/PPPP4/8/8[FRRSSNNkfrrssnn] b - - 0 1', 'position.placement-zone'],
    ['sittuyin', '8/8/4pppp/pppp4/4PPPP/PPPP4/8/R7[KFRRSSNNkfrrssnn] w - - 0 1', 'position.too-many'],
    ['sittuyin', '8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KFRRSSNNkfrrssnnX] w - - 0 1', 'fen.hand'],
    ['sittuyin', '4k3/8/8/8/8/8/P7/4K3[] w - - 0 1', 'position.unreachable'],
    ['sittuyin', '8/8/8/8/8/8/8/4K3[] w - - 0 1', 'position.no-king'],
  ];
  it.each(cases)('%s %s → %s', (key, fen, code) => {
    expect(codeOf(key, fen)).toBe(code);
    const r = parseFen(VARIANTS[key], fen);
    if (!r.ok) expect(r.error.message.length).toBeGreaterThan(5);
  });

  it('Janggi generals may face each other on an open file', () => {
    expect(codeOf('janggi', '4k4/9/9/9/9/9/9/9/4K4/9 w - - 0 1')).toBeNull();
  });

  it('never throws on mutated or random input', () => {
    const rand = prng(7);
    const alphabet = 'rnbakcpfsRNBAKCPFS0123456789/[]~- wb@';
    let errors = 0;
    for (const key of VARIANT_KEYS) {
      const base = VARIANTS[key].startFen;
      for (let i = 0; i < 3000; i++) {
        const chars = base.split('');
        const edits = 1 + Math.floor(rand() * 4);
        for (let e = 0; e < edits; e++) {
          const at = Math.floor(rand() * chars.length);
          const c = alphabet[Math.floor(rand() * alphabet.length)]!;
          const op = rand();
          if (op < 0.4) chars[at] = c;
          else if (op < 0.7) chars.splice(at, 1);
          else chars.splice(at, 0, c);
        }
        const r = parseFen(VARIANTS[key], chars.join(''));
        if (!r.ok) {
          errors++;
          expect(r.error.code).toMatch(/^(fen|position)\./);
        } else {
          expect(makeFen(r.value)).toBeTypeOf('string');
        }
      }
    }
    expect(errors).toBeGreaterThan(1000);
  });
});
