import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { cpuOfUs } from './processes.ts';

describe('cpuOfUs', () => {
  it("reads a process's user and system CPU, every thread, as the kernel counts it", () => {
    // Some CPU of our own to count.
    let x = 0;
    for (let i = 0; i < 5e7; i++) x += i % 7;
    expect(x).toBeGreaterThan(0);
    const before = process.cpuUsage();
    const read = cpuOfUs([process.pid]);
    const after = process.cpuUsage();
    // /proc counts in 10 ms ticks: within two of getrusage's figure, read on either side.
    expect(read).toBeGreaterThanOrEqual(before.user + before.system - 20_000);
    expect(read).toBeLessThanOrEqual(after.user + after.system + 20_000);
    expect(read).toBeGreaterThan(0);
  });

  it('counts a process that is gone as nothing, and sums the others', () => {
    const gone = spawnSync(process.execPath, ['-e', '0']).pid!;
    expect(cpuOfUs([gone])).toBe(0);
    const mine = cpuOfUs([process.pid]);
    expect(cpuOfUs([process.pid, gone])).toBeGreaterThanOrEqual(mine);
  });
});
