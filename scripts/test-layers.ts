/**
 * How the test layers share the machine (vitest.config.ts): the order files
 * start in, and a lower CPU priority for the layers that run beside the
 * chaos run.
 */
import { getPriority, setPriority } from 'node:os';
import { readdirSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order projects start in within a group: the chaos run first (it takes a worker at once and keeps it for its
 * 75 s), the unit layer next (a broken rule fails early), then the integration layer; cluster and e2e share a rank.
 */
export const PROJECT_RANK: Readonly<Record<string, number>> = { chaos: 0, unit: 1, integration: 2, cluster: 3, e2e: 3 };

/**
 * Vitest's order (its cache's failed and longest files first, else the largest), with the projects of a group by
 * PROJECT_RANK rather than by name: Vitest runs a group's projects one after the other in name order, which would
 * start the integration layer before the unit layer, and the chaos run, which must start first, after neither.
 */
export class LayerSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const at = new Map(sorted.map((f, i) => [f, i]));
    const rank = (f: TestSpecification) => PROJECT_RANK[f.project.name] ?? 9;
    return [...sorted].sort(
      (a, b) => a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder || rank(a) - rank(b) || at.get(a)! - at.get(b)!,
    );
  }
}

/** How much lower (nice) the layers beside the chaos run take the CPU. */
export const BESIDE_CHAOS_NICE = 10;

/**
 * Lowers this worker's CPU priority by `by`, once per process, every thread of it (Linux's nice is per thread: a
 * thread made later, and a process started later, inherits it from the thread that makes it). The chaos run's nodes
 * keep their priority: its checks are on time (an owner within 5 s, no outage charged), and the layers beside it
 * take the CPU it leaves (it uses a tenth of one core).
 */
export function lowerPriority(by: number): void {
  const g = globalThis as { youzaiLowered?: boolean };
  if (g.youzaiLowered) return;
  g.youzaiLowered = true;
  let tasks: string[] = [];
  try {
    tasks = readdirSync('/proc/self/task');
  } catch {
    tasks = [String(process.pid)];
  }
  for (const tid of tasks) {
    try {
      setPriority(Number(tid), Math.min(19, getPriority(Number(tid)) + by));
    } catch {
      // A thread gone meanwhile, or a system without per-thread priorities: the rest keep theirs.
    }
  }
}
