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
