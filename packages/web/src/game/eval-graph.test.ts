import { describe, expect, it } from 'vitest';
import type { AnalysedPly } from '@youzai/protocol';
import { GRAPH_H, GRAPH_W, graphPoints, plyAt, xOf } from './eval-graph.ts';

const plies: AnalysedPly[] = [
  { ply: 0, eval: { cp: 0 } },
  { ply: 1, eval: { cp: 300 } },
  { ply: 2, eval: { cp: -5000 } },
  { ply: 3, eval: { mate: 0 } },
];
const turnAt = (ply: number) => (ply % 2) as 0 | 1;

describe('evaluation graph', () => {
  it('spreads plies over the width and puts the first side up', () => {
    const pts = graphPoints(plies, turnAt);
    expect(pts.map((p) => p.x)).toEqual([0, GRAPH_W / 3, (2 * GRAPH_W) / 3, GRAPH_W]);
    expect(pts[0]!.y).toBe(GRAPH_H / 2);
    expect(pts[1]!.y).toBeLessThan(GRAPH_H / 2);
    expect(pts[2]!.y).toBeGreaterThan(GRAPH_H * 0.95);
    // mate 0 with the second side to move: the first side has won, the top of the graph.
    expect(pts[3]!.y).toBe(0);
  });

  it('picks the nearest ply for a click', () => {
    expect(plyAt(0, 4)).toBe(0);
    expect(plyAt(0.3, 4)).toBe(1);
    expect(plyAt(0.9, 4)).toBe(3);
    expect(plyAt(1.4, 4)).toBe(3);
    expect(xOf(0, 1)).toBe(GRAPH_W / 2);
  });
});
