import { describe, expect, it } from 'vitest';
import { parseFen, VARIANTS } from '@youzai/rules';
import { CATALOGS } from '../i18n/catalogs.ts';
import { readTypedMove, typedExample } from './typed-move.ts';

const start = (v: 'xiangqi' | 'janggi' | 'sittuyin') => {
  const p = parseFen(VARIANTS[v], VARIANTS[v].startFen);
  if (!p.ok) throw new Error(p.error.message);
  return p.value;
};

describe('typed moves', () => {
  it('reads coordinates, WXF and Vietnamese notation to the same move', () => {
    const pos = start('xiangqi');
    expect(readTypedMove(pos, 'h3e3')).toEqual({ ok: true, uci: 'h3e3' });
    expect(readTypedMove(pos, 'C2=5')).toEqual({ ok: true, uci: 'h3e3' });
    expect(readTypedMove(pos, ' P2-5 ')).toEqual({ ok: true, uci: 'h3e3' });
  });

  it('reads a Sittuyin placement and a Janggi pass', () => {
    expect(readTypedMove(start('sittuyin'), 'K@d2')).toEqual({ ok: true, uci: 'K@d2' });
    expect(readTypedMove(start('janggi'), 'pass')).toEqual({ ok: true, uci: 'e2e2' });
  });

  it('hints with a legal move of the start in coordinates and in the notation shown', () => {
    const ex = (v: 'xiangqi' | 'janggi' | 'sittuyin', id: string) => typedExample(start(v), VARIANTS[v].notations.find((n) => n.id === id)!);
    expect(ex('xiangqi', 'xiangqi-vietnamese')).toEqual({ uci: 'h3e3', text: 'P2-5' });
    expect(ex('xiangqi', 'xiangqi-wxf')).toEqual({ uci: 'h3e3', text: 'C2=5' });
    expect(ex('janggi', 'janggi-korean')).toEqual({ uci: 'h1g3', text: '08마87' });
    expect(ex('janggi', 'janggi-algebraic')).toEqual({ uci: 'b1c3', text: 'Hc3' });
    // Sittuyin starts by placing: the first example that is legal then.
    expect(ex('sittuyin', 'sittuyin-algebraic')).toEqual({ uci: 'K@d2', text: 'K@d2' });
  });

  it('refuses an illegal or unreadable move with a message', () => {
    const pos = start('xiangqi');
    const bad = readTypedMove(pos, 'h3h9');
    expect(bad.ok).toBe(false);
    expect(readTypedMove(pos, 'hello').ok).toBe(false);
    expect(readTypedMove(pos, '').ok).toBe(false);
  });

  it('gives a code the translation layer knows for each refusal', () => {
    const pos = start('xiangqi');
    const codes = ['h3h9', 'hello', '', 'C2=9'].map((s) => {
      const r = readTypedMove(pos, s);
      return r.ok ? 'ok' : r.code;
    });
    expect(codes.slice(0, 3)).toEqual(['move.illegal', 'move.syntax', 'typed.empty']);
    for (const code of codes) expect(Object.keys(CATALOGS.vi), code).toContain(`err.${code}`);
  });
});
