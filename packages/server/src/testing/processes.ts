/** Processes as the tests and benchmarks look at them (Linux: /proc). */
import { readFileSync } from 'node:fs';

/** Whether process `pid` is alive. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: alive, another user's.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The processes `pid` started (its main thread's children), from /proc; none when it is gone. */
export function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'latin1').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** User and system CPU these processes have used so far, every thread, in µs (/proc/PID/stat, clock ticks of 10 ms); a process gone counts 0. */
export function cpuOfUs(pids: readonly number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
      // utime and stime: fields 14 and 15, counted here from the state (field 3).
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(f[11]) + Number(f[12]);
    } catch {
      // Gone.
    }
  }
  return ticks * 10_000;
}
