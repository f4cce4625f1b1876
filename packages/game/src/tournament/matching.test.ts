import { prng } from '@youzai/rules';
import { describe, expect, it } from 'vitest';
import { matchingSize, maxMatching } from './matching.ts';

const graph = (n: number, edges: readonly [number, number][]) => {
  const adj: number[][] = Array.from({ length: n }, () => []);
  for (const [a, b] of edges) {
    adj[a]!.push(b);
    adj[b]!.push(a);
  }
  return adj;
};

/** Brute force: the largest matching by trying every edge choice. */
function bruteForce(n: number, edges: readonly [number, number][]): number {
  let best = 0;
  const used = new Uint8Array(n);
  const rec = (i: number, size: number) => {
    if (i === edges.length) {
      best = Math.max(best, size);
      return;
    }
    const [a, b] = edges[i]!;
    if (!used[a] && !used[b]) {
      used[a] = used[b] = 1;
      rec(i + 1, size + 1);
      used[a] = used[b] = 0;
    }
    rec(i + 1, size);
  };
  rec(0, 0);
  return best;
}

describe('maximum matching', () => {
  it('finds the augmenting path through an odd cycle (a blossom)', () => {
    // A 5-cycle 0-1-2-3-4 with a tail 4-5 and 0-6: greedy matching 0-1, 2-3 leaves 4,5,6; the best has 3 pairs.
    const edges: [number, number][] = [
      [0, 1],
      [1, 2],
      [2, 3],
      [3, 4],
      [4, 0],
      [4, 5],
      [0, 6],
    ];
    const mate = maxMatching(7, graph(7, edges));
    expect(matchingSize(mate)).toBe(3);
    for (let v = 0; v < 7; v++) if (mate[v] !== -1) expect(mate[mate[v]!]).toBe(v);
  });

  it('agrees with brute force on random small graphs', () => {
    const rnd = prng(7);
    for (let t = 0; t < 200; t++) {
      const n = 2 + Math.floor(rnd() * 9);
      const edges: [number, number][] = [];
      for (let a = 0; a < n; a++) for (let b = a + 1; b < n; b++) if (rnd() < 0.35) edges.push([a, b]);
      const mate = maxMatching(n, graph(n, edges));
      expect(matchingSize(mate)).toBe(bruteForce(n, edges));
      for (let v = 0; v < n; v++) {
        const w = mate[v]!;
        if (w === -1) continue;
        expect(mate[w]).toBe(v);
        expect(edges.some(([a, b]) => (a === v && b === w) || (a === w && b === v))).toBe(true);
      }
    }
  });
});
