import { describe, expect, it } from 'vitest';
import { VARIANT_KEYS, VARIANTS, legalUcis, parseFen, parseUci, prng, type Position } from '@youzai/rules';
import { MAX_TREE_NODES, VariationTree, makeTreeText, parseTreeText, treeFromText } from './variation-tree.ts';

/** main: a b c; at b a variation x y; at c a variation z. */
function sample(): { tree: VariationTree; ids: Record<string, number> } {
  const tree = new VariationTree();
  const a = tree.add(0, 'a1a2')!;
  const b = tree.add(a.id, 'b1b2')!;
  const c = tree.add(b.id, 'c1c2')!;
  const x = tree.add(a.id, 'x1x2')!;
  const y = tree.add(x.id, 'y1y2')!;
  const z = tree.add(b.id, 'z1z2')!;
  return { tree, ids: { a: a.id, b: b.id, c: c.id, x: x.id, y: y.id, z: z.id } };
}
const ucis = (tree: VariationTree, id: number) => tree.path(id).map((n) => n.uci);

describe('VariationTree', () => {
  it('branches: a move that differs from the continuation becomes a variation, the same move is not added twice', () => {
    const { tree, ids } = sample();
    expect(tree.mainline().map((n) => n.uci)).toEqual(['a1a2', 'b1b2', 'c1c2']);
    expect(ucis(tree, ids.y!)).toEqual(['a1a2', 'x1x2', 'y1y2']);
    expect(tree.add(ids.a!, 'b1b2')!.id).toBe(ids.b);
    expect(tree.size).toBe(6);
    expect(tree.get(ids.z!)!.ply).toBe(3);
    expect(tree.onMainline(ids.c!)).toBe(true);
    expect(tree.onMainline(ids.y!)).toBe(false);
    expect(tree.add(999, 'a1a2')).toBeNull();
  });

  it('promotes a variation one level at a time until it is the main line', () => {
    const { tree, ids } = sample();
    expect(tree.promote(ids.y!)).toBe(true);
    expect(tree.mainline().map((n) => n.uci)).toEqual(['a1a2', 'x1x2', 'y1y2']);
    expect(tree.onMainline(ids.y!)).toBe(true);
    expect(tree.promote(ids.y!)).toBe(false);
    // The old main line is now the variation at move 2.
    expect(tree.get(ids.a!)!.children.map((n) => n.uci)).toEqual(['x1x2', 'b1b2']);
  });

  it('deletes a move with everything after it and answers the parent', () => {
    const { tree, ids } = sample();
    expect(tree.delete(ids.b!)!.id).toBe(ids.a);
    expect(tree.get(ids.c!)).toBeUndefined();
    expect(tree.get(ids.z!)).toBeUndefined();
    expect(tree.size).toBe(3);
    // The variation left is now the continuation.
    expect(tree.mainline().map((n) => n.uci)).toEqual(['a1a2', 'x1x2', 'y1y2']);
    expect(tree.delete(0)).toBeNull();
  });

  it('refuses moves past MAX_TREE_NODES', () => {
    const tree = new VariationTree();
    let at = 0;
    for (let i = 0; i < MAX_TREE_NODES; i++) at = tree.add(at, `m${i}`)!.id;
    expect(tree.add(at, 'one-more')).toBeNull();
  });
});

describe('tree text (share links)', () => {
  it('writes variations in parentheses after the move they replace', () => {
    expect(makeTreeText(sample().tree)).toBe('a1a2 b1b2 (x1x2 y1y2) c1c2 (z1z2)');
  });

  it('reads back what it writes (nested variations too)', () => {
    const { tree, ids } = sample();
    tree.addLine(ids.x!, ['q1q2', 'r1r2']);
    tree.addLine(ids.y!, ['s1s2']);
    const text = makeTreeText(tree);
    expect(text).toBe('a1a2 b1b2 (x1x2 y1y2 (q1q2 r1r2) s1s2) c1c2 (z1z2)');
    const back = parseTreeText(text);
    expect(back.ok && makeTreeText(back.value)).toBe(text);
    expect(back.ok && back.value.size).toBe(tree.size);
  });

  it.each([
    ['(a1a2)', 'tree.syntax'],
    ['a1a2 (b1b2', 'tree.syntax'],
    ['a1a2 ()', 'tree.syntax'],
    ['a1a2 )', 'tree.syntax'],
    ['a1a2 <script>', 'tree.syntax'],
  ])('refuses %s with %s', (text, code) => {
    const r = parseTreeText(text);
    expect(r.ok ? null : r.error.code).toBe(code);
  });

  it('round-trips random trees of legal moves in all three games, checked by the rules', () => {
    for (const variant of VARIANT_KEYS) {
      const rand = prng(7);
      const start = parseFen(VARIANTS[variant], VARIANTS[variant].startFen);
      if (!start.ok) throw new Error(start.error.message);
      const tree = new VariationTree();
      const positions = new Map([[0, start.value]]);
      // Grow 60 moves, each from a random node already in the tree.
      for (let i = 0; i < 60; i++) {
        const nodes = [0, ...[...positions.keys()].filter((k) => k !== 0)];
        const from = nodes[Math.floor(rand() * nodes.length)]!;
        const pos = positions.get(from)!;
        const moves = legalUcis(pos);
        if (moves.length === 0) continue;
        const uci = moves[Math.floor(rand() * moves.length)]!;
        const node = tree.add(from, uci)!;
        if (positions.has(node.id)) continue;
        const next = pos.clone();
        next.play(legalMove(pos, uci));
        positions.set(node.id, next);
      }
      const text = makeTreeText(tree);
      const back = treeFromText(variant, VARIANTS[variant].startFen, text);
      expect(back.ok, `${variant}: ${back.ok ? '' : back.error.message}`).toBe(true);
      if (!back.ok) continue;
      expect(makeTreeText(back.value.tree)).toBe(text);
      // Every node's position is the one its path leads to.
      for (const n of back.value.tree.path(back.value.tree.mainline().at(-1)!.id)) expect(back.value.positions.has(n.id)).toBe(true);
    }
  });

  it('refuses a move the rules refuse, and a bad FEN', () => {
    const fen = VARIANTS.xiangqi.startFen;
    const r = treeFromText('xiangqi', fen, 'h3e3 (a1a9)');
    expect(r.ok ? null : r.error.code).toBe('tree.illegal-move');
    expect(treeFromText('xiangqi', 'nonsense', 'h2e2').ok).toBe(false);
    const good = treeFromText('xiangqi', fen, 'h3e3 h10g8 (b10c8 b1c3)');
    expect(good.ok && good.value.tree.size).toBe(4);
    expect(good.ok && good.value.positions.size).toBe(5);
  });
});

function legalMove(pos: Position, uci: string) {
  const m = parseUci(pos, uci);
  if (!m.ok) throw new Error(m.error.message);
  return m.value;
}
