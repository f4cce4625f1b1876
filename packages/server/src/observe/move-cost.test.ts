import { describe, expect, it } from 'vitest';
import { MoveCost, mainThreadCpuNs, threadCpuNs } from './move-cost.ts';

describe('MoveCost', () => {
  it('sums stages and counts accepted moves until reset', () => {
    const c = new MoveCost();
    const t = c.start();
    for (let i = 0; i < 1e5; i++) Math.sqrt(i);
    c.end('rules', t);
    c.accepted();
    c.accepted();
    const f = c.figures(5_000);
    expect(f.moves).toBe(2);
    expect(f.stagesUs.rules).toBeGreaterThanOrEqual(0);
    expect(f.stagesUs.decode).toBe(0);
    // No store-thread reading at the last reset: nothing to subtract from.
    expect(f.storeThreadUs).toBeNull();
    c.reset(5_000);
    const g = c.figures(9_000);
    expect(g.moves).toBe(0);
    expect(g.stagesUs.rules).toBe(0);
    expect(g.storeThreadUs).toBe(4);
  });

  it('reads thread CPU from /proc on Linux, null elsewhere', () => {
    const main = mainThreadCpuNs();
    if (process.platform !== 'linux') return expect(main).toBeNull();
    expect(main).toBeGreaterThan(0);
    expect(threadCpuNs()).toBeGreaterThan(0);
    expect(threadCpuNs('/no/such/file')).toBeNull();
  });
});
