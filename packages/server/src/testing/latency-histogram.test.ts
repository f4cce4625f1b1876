import { describe, expect, it } from 'vitest';
import { LatencyHistogram } from './latency-histogram.ts';
import { percentile } from './server-process.ts';

/** A deterministic spread of latencies: most small, a long tail. */
function sample(n: number, seed: number): number[] {
  let x = seed;
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    const u = x / 2 ** 31;
    out.push(u < 0.97 ? 1 + 20 * u : 50 + 4000 * (u - 0.97));
  }
  return out;
}

describe('LatencyHistogram', () => {
  it('reads percentiles within 1 % of the exact ones, and min, max and count exactly', () => {
    const xs = sample(20_000, 7);
    const h = new LatencyHistogram();
    for (const x of xs) h.record(x);
    for (const p of [50, 90, 99, 99.9]) expect(Math.abs(h.percentile(p) / percentile(xs, p) - 1)).toBeLessThan(0.01);
    expect(h.count).toBe(xs.length);
    expect(h.max).toBe(Math.max(...xs));
    expect(h.min).toBe(Math.min(...xs));
    expect(h.percentile(100)).toBe(h.max);
  });

  it('merged from several processes, gives the percentiles of all the values together, not an average of each', () => {
    // One process saw only fast moves, another a slow tail: the mean of their p99s is far from the p99 of all.
    const fast = Array.from({ length: 9_000 }, (_, i) => 1 + (i % 10));
    const slow = sample(1_000, 3).map((x) => x * 10);
    const a = new LatencyHistogram();
    const b = new LatencyHistogram();
    for (const x of fast) a.record(x);
    for (const x of slow) b.record(x);
    // Across a process boundary: the data, through JSON.
    const merged = new LatencyHistogram().add(JSON.parse(JSON.stringify(a.toData()))).add(JSON.parse(JSON.stringify(b.toData())));
    const all = [...fast, ...slow];
    expect(merged.count).toBe(all.length);
    for (const p of [50, 99]) expect(Math.abs(merged.percentile(p) / percentile(all, p) - 1)).toBeLessThan(0.01);
    expect(merged.max).toBe(Math.max(...all));
  });

  it('is NaN when empty, and merging an empty one changes nothing', () => {
    const h = new LatencyHistogram();
    expect(h.percentile(50)).toBeNaN();
    h.record(5);
    h.add(new LatencyHistogram().toData());
    expect(h.min).toBe(5);
    expect(h.count).toBe(1);
  });
});
