import { prng } from '@youzai/rules';
import { describe, expect, it } from 'vitest';
import { Matcher, maxWeightMatching } from './weighted-matching.ts';

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

  it('kept up to date: after edges of one vertex change or a matched pair leaves, the best perfect matching again (400 graphs, 12 changes each)', () => {
    const rnd = prng(2027);
    /** The best [pairs, weight] by brute force over the vertices still in. */
    const best = (n: number, w: bigint[][], inside: boolean[]): [number, bigint] => {
      const memo = new Map<number, [number, bigint]>();
      const go = (used: number): [number, bigint] => {
        const hit = memo.get(used);
        if (hit) return hit;
        let i = 0;
        while (i < n && (used & (1 << i) || !inside[i])) i++;
        if (i >= n) return [0, 0n];
        let b = go(used | (1 << i));
        for (let j = i + 1; j < n; j++) {
          if (!inside[j] || used & (1 << j) || w[j]![i]! === 0n) continue;
          const r = go(used | (1 << i) | (1 << j));
          if (r[0] + 1 > b[0] || (r[0] + 1 === b[0] && r[1] + w[j]![i]! > b[1])) b = [r[0] + 1, r[1] + w[j]![i]!];
        }
        memo.set(used, b);
        return b;
      };
      return go(0);
    };
    let checked = 0;
    for (let t = 0; t < 400; t++) {
      const n = 2 * (1 + Math.floor(rnd() * 6));
      const wide = t % 2 === 0;
      // Pairs (0,1), (2,3), ... always exist, so a perfect matching does.
      const draw = (a: number, b: number): bigint => {
        const w = rnd() < 0.3 ? 0n : (wide ? 1n << 200n : 0n) + BigInt(1 + Math.floor(rnd() * 20));
        return w === 0n && Math.max(a, b) === Math.min(a, b) + 1 && Math.min(a, b) % 2 === 0 ? 1n : w;
      };
      const w = Array.from({ length: n }, () => new Array<bigint>(n).fill(0n));
      const inside = new Array<boolean>(n).fill(true);
      const m = new Matcher(n);
      for (let u = 1; u < n; u++) {
        for (let v = 0; v < u; v++) {
          w[u]![v] = draw(u, v);
          m.set(u, v, w[u]![v]!);
        }
      }
      for (let step = 0; step < 12; step++) {
        const mate = m.solve();
        let pairs = 0;
        let total = 0n;
        for (let v = 0; v < n; v++) {
          const u = mate[v]!;
          if (u === -1) continue;
          expect(mate[u]).toBe(v);
          if (u < v) {
            expect(w[v]![u]).not.toBe(0n);
            pairs++;
            total += w[v]![u]!;
          }
        }
        // Exact when everyone can be paired (after some changes they cannot: then only a valid matching).
        const want = best(n, w, inside);
        if (want[0] * 2 === inside.filter(Boolean).length) {
          expect([pairs, total], `graph ${t}, step ${step}`).toEqual(want);
          checked++;
        }
        const v = Math.floor(rnd() * n);
        if (!inside[v]) continue;
        // A pair leaves only if the others can still all be paired (the Matcher's promise holds for perfect matchings).
        const u = mate[v]!;
        const rest = inside.map((x, i) => x && i !== v && i !== u);
        if (rnd() < 0.15 && u !== -1 && best(n, w, rest)[0] * 2 === rest.filter(Boolean).length) {
          m.remove(v);
          m.remove(u);
          inside[v] = false;
          inside[u] = false;
          continue;
        }
        for (let o = 0; o < n; o++) {
          if (o === v || !inside[o] || rnd() < 0.5) continue;
          const x = draw(o, v);
          w[Math.max(o, v)]![Math.min(o, v)] = x;
          m.set(v, o, x);
        }
      }
    }
    expect(checked).toBeGreaterThan(3000);
  });
});
