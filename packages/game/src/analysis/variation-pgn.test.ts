import { describe, expect, it } from 'vitest';
import { evalComment, makeVariationPgn } from './variation-pgn.ts';
import { VariationTree } from './variation-tree.ts';

function tree(): VariationTree {
  const t = new VariationTree();
  const a = t.add(0, 'h2e2')!;
  const b = t.add(a.id, 'h9g7')!;
  t.add(b.id, 'h0g2');
  const x = t.add(a.id, 'b9c7')!;
  t.add(x.id, 'b0c2');
  return t;
}
const tags = [['Variant', 'xiangqi'] as const, ['Event', 'Analysis "board"'] as const];

describe('makeVariationPgn', () => {
  it('nests a variation where it branches, with move numbers PGN readers expect', () => {
    const pgn = makeVariationPgn({ tags, tree: tree(), turn: 0, fullmove: 1, moveText: (n) => n.uci });
    expect(pgn).toBe('[Variant "xiangqi"]\n[Event "Analysis \\"board\\""]\n\n1. h2e2 h9g7 (1... b9c7 2. b0c2) 2. h0g2 *\n');
  });

  it('writes evaluations as [%eval] comments and numbers the move after a comment', () => {
    const t = tree();
    t.root.eval = { cp: 20, depth: 18 };
    const main = t.mainline();
    main[0]!.eval = { cp: 35, depth: 18 };
    main[1]!.eval = { mate: -3, depth: 22 };
    const pgn = makeVariationPgn({ tags: [], tree: t, turn: 0, fullmove: 1, moveText: (n) => n.uci, result: '1-0' });
    expect(pgn.replace(/\s+/g, ' ')).toContain('{[%eval 0.20,18]} 1. h2e2 {[%eval 0.35,18]} 1... h9g7 {[%eval #-3,22]} (1... b9c7 2. b0c2) 2. h0g2 1-0');
  });

  it('starts from the second side and a later move number (a position from a game)', () => {
    const pgn = makeVariationPgn({ tags: [], tree: tree(), turn: 1, fullmove: 12, moveText: (n) => n.uci.toUpperCase() });
    expect(pgn.trim()).toBe('12... H2E2 13. H9G7 (13. B9C7 B0C2) 13... H0G2 *');
  });

  it('wraps long movetext at 80 columns without breaking a comment', () => {
    const t = new VariationTree();
    let at = 0;
    for (let i = 0; i < 40; i++) {
      const n = t.add(at, `a${i}b${i}`)!;
      n.eval = { cp: i * 7, depth: 20 };
      at = n.id;
    }
    const body = makeVariationPgn({ tags: [], tree: t, turn: 0, fullmove: 1, moveText: (n) => n.uci }).trim();
    const lines = body.split('\n');
    expect(lines.length).toBeGreaterThan(5);
    for (const l of lines) {
      expect(l.length).toBeLessThanOrEqual(80);
      expect(l.split('{').length).toBe(l.split('}').length);
    }
  });

  it('evalComment: pawns with two decimals, or mate', () => {
    expect(evalComment({ cp: -125, depth: 9 })).toBe('{[%eval -1.25,9]}');
    expect(evalComment({ mate: 4, depth: 30 })).toBe('{[%eval #4,30]}');
  });
});
