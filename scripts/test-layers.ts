/**
 * How the test layers share the machine (vitest.config.ts): the order files
 * start in, and a lower CPU priority for the layers that run beside the
 * chaos run.
 */
import { getPriority, setPriority } from 'node:os';
import { readdirSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order projects start in within a group: the chaos run first (it takes a worker at once and keeps it for its
 * 75 s), the unit layer next (a broken rule fails early), then the integration layer; cluster and e2e share a rank.
 */
export const PROJECT_RANK: Readonly<Record<string, number>> = { chaos: 0, unit: 1, integration: 2, cluster: 3, e2e: 3 };

/**
 * Files that take long, in seconds (a full run at 087a5a4 on this machine kind; the chaos run starts first anyway):
 * those of them Vitest's cache has no time for start first among their rank's files (PROJECT_RANK), longest first. A fresh clone (CI) has no
 * cache, and Vitest then starts the largest files first: that run's first group went on 28 s past the chaos run, the
 * engine's analysis test (27 s) started at 89 s and a Dutch reference file (16 s) at 115 s. A file renamed or gone
 * only loses its place here.
 */
export const SLOW_FILES: Readonly<Record<string, number>> = {
  'packages/web/src/e2e/a11y.e2e.test.ts': 120,
  'packages/web/src/e2e/craft.e2e.test.ts': 94,
  'packages/web/src/e2e/layout.e2e.test.ts': 81,
  'packages/web/src/e2e/club.e2e.test.ts': 75,
  'packages/web/src/e2e/tournament-rounds.e2e.test.ts': 57,
  'packages/web/src/e2e/social.e2e.test.ts': 46,
  'packages/web/src/e2e/social-live.e2e.test.ts': 45,
  'packages/web/src/e2e/tournament.e2e.test.ts': 39,
  'packages/web/src/e2e/learn.e2e.test.ts': 35,
  'packages/web/src/e2e/small-things.e2e.test.ts': 34,
  'packages/web/src/e2e/analysis-board.e2e.test.ts': 28,
  'packages/server/src/analysis/engine-evaluate.test.ts': 27,
  'packages/web/src/e2e/puzzles.e2e.test.ts': 27,
  'packages/web/src/e2e/analysis.e2e.test.ts': 25,
  'packages/server/src/cluster/games.cluster.test.ts': 22,
  'packages/web/src/e2e/bots.e2e.test.ts': 18,
  'packages/engine/src/pool.budget.test.ts': 18,
  'packages/engine/src/pool.test.ts': 17,
  'packages/web/src/e2e/takeback.e2e.test.ts': 16,
  'packages/game/scripts/dutch-reference-141-200.test.ts': 16,
  'packages/server/src/auth/sessions.integration.test.ts': 16,
  'packages/server/src/cluster/end-delivery.test.ts': 16,
  'packages/web/src/e2e/editor.e2e.test.ts': 16,
  'packages/server/src/store/postgres/conformance.test.ts': 15,
  'packages/web/src/e2e/import.e2e.test.ts': 15,
  'packages/web/src/e2e/cluster.e2e.test.ts': 14,
  'packages/web/src/e2e/report.e2e.test.ts': 13,
  'packages/server/src/store/sqlite/durability.test.ts': 13,
  'packages/game/src/cli.test.ts': 11,
  'packages/server/src/bot/bot.integration.test.ts': 10,
  'packages/web/src/e2e/countdown.e2e.test.ts': 10,
  'packages/server/src/cluster/node-id.cluster.test.ts': 9,
  'packages/server/src/shutdown.test.ts': 8,
  'packages/server/src/store/postgres/store.test.ts': 8,
  'packages/game/scripts/dutch-reference.test.ts': 7,
  'packages/game/scripts/dutch-reference-81-140.test.ts': 7,
  'packages/server/src/store/open.test.ts': 7,
  'packages/puzzles/src/data.test.ts': 7,
  'packages/server/src/security.integration.test.ts': 7,
  'packages/server/src/tournaments/routes.test.ts': 7,
  'packages/web/src/e2e/security.e2e.test.ts': 6,
  'packages/server/src/cluster/limits.cluster.test.ts': 6,
  'packages/server/src/store/sqlite/conformance.test.ts': 6,
  'packages/server/src/crash.test.ts': 5,
  'packages/rules/src/perft.test.ts': 5,
  'packages/server/src/auth/attacks.integration.test.ts': 5,
};

/**
 * Vitest's order (its cache's failed and longest files first, else the largest), with the projects of a group by
 * PROJECT_RANK rather than by name (Vitest orders a group's files project by project, by name: the integration
 * layer's would start before the unit layer's, and the chaos run, which must start first, after both; the projects
 * still overlap as workers free up), and within a rank (cluster and e2e share one) the SLOW_FILES the cache does not
 * know first: on a fresh clone the slow e2e files start their group (the third) longest first.
 */
export class LayerSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const at = new Map(sorted.map((f, i) => [f, i]));
    const rank = (f: TestSpecification) => PROJECT_RANK[f.project.name] ?? 9;
    const { root } = this.ctx.config;
    const hint = new Map(
      sorted.map((f) => {
        const file = relative(root, f.moduleId);
        return [f, this.ctx.cache.getFileTestResults(`${f.project.name}:${file}`) ? 0 : (SLOW_FILES[file] ?? 0)];
      }),
    );
    return [...sorted].sort(
      (a, b) =>
        a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder ||
        rank(a) - rank(b) ||
        hint.get(b)! - hint.get(a)! ||
        at.get(a)! - at.get(b)!,
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
