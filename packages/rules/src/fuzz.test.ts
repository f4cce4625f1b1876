/**
 * Property tests of the rules at their text boundary: random FENs (mangled
 * start positions and plain noise) and random move strings never crash; a
 * refusal is always a coded Result, and any accepted FEN writes back to a
 * FEN that parses again (fast-check, kept quick for npm test).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeFen, parseFen } from './fen.ts';
import { legalUcis, parseUci } from './uci.ts';
import { VARIANTS } from './variants/registry.ts';

const KEYS = Object.keys(VARIANTS) as (keyof typeof VARIANTS)[];
const FEN_CHARS = 'rnbakcpRNBAKCPeEsSfFgGmMqQ0123456789/ -wb~+[]'.split('');

/** A start position with a few characters replaced, inserted or dropped. */
const mangledFen = (start: string) =>
  fc
    .array(fc.tuple(fc.nat({ max: start.length }), fc.constantFrom(...FEN_CHARS), fc.constantFrom('replace', 'insert', 'drop')), { maxLength: 4 })
    .map((edits) => {
      let s = start;
      for (const [i, c, how] of edits) {
        const at = Math.min(i, s.length);
        s = how === 'replace' ? s.slice(0, at) + c + s.slice(at + 1) : how === 'insert' ? s.slice(0, at) + c + s.slice(at) : s.slice(0, at) + s.slice(at + 1);
      }
      return s;
    });

const uciLike = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc
    .tuple(
      fc.constantFrom(...'abcdefghijk'.split('')),
      fc.integer({ min: -1, max: 12 }),
      fc.constantFrom(...'abcdefghijk'.split('')),
      fc.integer({ min: -1, max: 12 }),
      fc.constantFrom('', 'f', 'q', '+'),
    )
    .map(([a, b, c, d, e]) => `${a}${b}${c}${d}${e}`),
  fc.constantFrom('K@d2', 'P@e5', '@@', 'a1a1', 'e1e1f'),
);

describe.each(KEYS)('%s rules, fuzzed', (key) => {
  const v = VARIANTS[key];

  it('a mangled or random FEN parses or is refused with a code; what parses writes back and parses again', () => {
    fc.assert(
      fc.property(fc.oneof(mangledFen(v.startFen), fc.string({ maxLength: 120 })), (fen) => {
        const r = parseFen(v, fen);
        if (!r.ok) {
          expect(r.error.code).toMatch(/^(fen|position)\./);
          return;
        }
        const again = parseFen(v, makeFen(r.value));
        expect(again.ok).toBe(true);
        // Whatever the position, asking for its moves never throws.
        expect(Array.isArray(legalUcis(r.value))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('random move strings on positions reached by random play are legal or refused with a code', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 12 }), fc.array(uciLike, { minLength: 1, maxLength: 5 }), (walk, tries) => {
        const start = parseFen(v, v.startFen);
        if (!start.ok) throw new Error('start FEN refused');
        const pos = start.value;
        for (const pick of walk) {
          const legal = legalUcis(pos);
          if (legal.length === 0) break;
          const m = parseUci(pos, legal[pick % legal.length]!);
          if (!m.ok) throw new Error(`a listed legal move was refused: ${m.error.code}`);
          pos.play(m.value);
        }
        const legal = new Set(legalUcis(pos));
        for (const t of tries) {
          const m = parseUci(pos, t);
          if (m.ok) expect(legal.has(t)).toBe(true);
          else expect(m.error.code).toMatch(/^move\./);
        }
      }),
      { numRuns: 200 },
    );
  });
});
