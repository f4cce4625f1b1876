import { VARIANTS, legalUcis, parseFen, parseUci, type VariantKey } from '@youzai/rules';
import { describe, expect, it } from 'vitest';
import { fallbackMove } from './fallback.ts';

function legalAt(variant: VariantKey, fen: string): string[] {
  const p = parseFen(VARIANTS[variant], fen);
  if (!p.ok) throw new Error(p.error.message);
  return legalUcis(p.value);
}

describe('fallbackMove', () => {
  it('plays a listed move, the same one for the same position', () => {
    for (const variant of ['xiangqi', 'janggi', 'sittuyin'] as const) {
      const fen = VARIANTS[variant].startFen;
      const legal = legalAt(variant, fen);
      const m = fallbackMove({ variant, fen, legal });
      expect(legal).toContain(m);
      expect(fallbackMove({ variant, fen, legal })).toBe(m);
    }
  });

  it('wins at once when it can', () => {
    // Black: chariot d5 and horse g3 guard the red general's escapes; the a3 chariot mates on e3
    // or a1, and d5d7 stalemates Red, which in Xiangqi also wins.
    const fen = '3k5/9/9/9/9/3r5/9/r5n2/9/4K4 b - - 0 1';
    const m = fallbackMove({ variant: 'xiangqi', fen, legal: legalAt('xiangqi', fen) });
    const p = parseFen(VARIANTS.xiangqi, fen);
    if (!p.ok) throw new Error(p.error.message);
    const move = parseUci(p.value, m);
    if (!move.ok) throw new Error(move.error.message);
    p.value.play(move.value);
    expect(p.value.hasLegalMove()).toBe(false);
  });

  it('takes a free piece rather than leave its own hanging', () => {
    // The black chariot on e9 attacks the red one on e6 and is itself unprotected.
    const fen = '3k5/4r4/9/9/4R4/9/9/9/9/5K3 w - - 0 1';
    expect(fallbackMove({ variant: 'xiangqi', fen, legal: legalAt('xiangqi', fen) })).toBe('e6e9');
  });

  it('does not leave a piece hanging when it need not', () => {
    // The red chariot on e6 is attacked by the protected black chariot on e9 (its general on e10).
    const fen = '4k4/4r4/9/9/4R4/9/9/9/9/3K5 w - - 0 1';
    const m = fallbackMove({ variant: 'xiangqi', fen, legal: legalAt('xiangqi', fen) });
    expect(m).toMatch(/^e6[a-i]6$/); // steps off the file
  });

  it('passes only when nothing else is legal (Janggi)', () => {
    const fen = VARIANTS.janggi.startFen;
    const legal = legalAt('janggi', fen);
    expect(legal).toContain('e2e2');
    for (let i = 0; i < 20; i++) expect(fallbackMove({ variant: 'janggi', fen, moves: [], legal: legal.filter((m) => m !== legal[i]) })).not.toBe('e2e2');
    expect(fallbackMove({ variant: 'janggi', fen, legal: ['e2e2'] })).toBe('e2e2');
  });

  it('reads the position after `moves`, and copes with an unreadable FEN', () => {
    const fen = VARIANTS.sittuyin.startFen;
    const legal = ['K@d7', 'K@e7'];
    expect(legal).toContain(fallbackMove({ variant: 'sittuyin', fen, moves: ['K@d2'], legal }));
    expect(['a1a2', 'b1b2']).toContain(fallbackMove({ variant: 'xiangqi', fen: 'garbage', legal: ['a1a2', 'b1b2'] }));
  });

  it('refuses an empty list (a finished game is a caller bug)', () => {
    expect(() => fallbackMove({ variant: 'xiangqi', fen: VARIANTS.xiangqi.startFen, legal: [] })).toThrow(RangeError);
  });
});
