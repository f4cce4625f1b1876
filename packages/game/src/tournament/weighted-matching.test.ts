import { prng } from '@youzai/rules';
import { describe, expect, it } from 'vitest';
import { maxWeightMatching } from './weighted-matching.ts';

/** The best total weight by trying every matching (small graphs only). */
function bruteForce(n: number, w: readonly (readonly bigint[])[]): bigint {
  const best = (used: number): bigint => {
    let i = 0;
    while (i < n && used & (1 << i)) i++;
    if (i >= n) return 0n;
    let b = best(used | (1 << i));
    for (let j = i + 1; j < n; j++) {
      if (used & (1 << j) || w[j]![i]! === 0n) continue;
      const v = w[j]![i]! + best(used | (1 << i) | (1 << j));
      if (v > b) b = v;
    }
    return b;
  };
  return best(0);
}

describe('maximum-weight matching (blossom)', () => {
  it('finds the best total weight on 1,500 random graphs, small and wide weights, and uses only edges', () => {
    const rnd = prng(27);
    for (let t = 0; t < 1500; t++) {
      const n = 1 + Math.floor(rnd() * 10);
      // Wide weights (past 2^53) differ only in their low bits: doubles would tie them.
      const wide = t % 3 === 0;
      const w = Array.from({ length: n }, () => new Array<bigint>(n).fill(0n));
      for (let u = 1; u < n; u++) {
        for (let v = 0; v < u; v++) {
          if (rnd() < 0.6) w[u]![v] = (wide ? 1n << 300n : 0n) + BigInt(1 + Math.floor(rnd() * (t % 2 ? 5 : 100)));
        }
      }
      const mate = maxWeightMatching(n, (u, v) => w[u]![v]!);
      let total = 0n;
      for (let v = 0; v < n; v++) {
        const u = mate[v]!;
        if (u === -1) continue;
        expect(mate[u]).toBe(v);
        if (u < v) {
          expect(w[v]![u]).not.toBe(0n);
          total += w[v]![u]!;
        }
      }
      expect(total, `graph ${t}`).toBe(bruteForce(n, w));
    }
  });
});
