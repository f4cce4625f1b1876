import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { TestSpecification, Vitest } from 'vitest/node';
import { describe, expect, it } from 'vitest';
import { LayerSequencer } from './test-layers.ts';

/** A file of a project, as the sequencer sees it; `size` its length, what Vitest orders unknown files by. */
function spec(project: string, groupOrder: number, file: string): TestSpecification {
  return { project: { name: project, config: { sequence: { groupOrder }, isolate: false } }, moduleId: `/repo/${file}` } as unknown as TestSpecification;
}

/** A Vitest context with no results cached, files known by size. */
function context(sizes: Record<string, number>): Vitest {
  return {
    config: { root: '/repo' },
    cache: {
      getFileTestResults: () => undefined,
      getFileStats: (key: string) => ({ size: sizes[key.slice(key.indexOf(':') + 1)] ?? 0 }),
    },
  } as unknown as Vitest;
}

describe('LayerSequencer', () => {
  it('starts the chaos run first, then the unit layer, then integration, in the first group; the second group after', async () => {
    const files = [
      spec('e2e', 1, 'a.e2e.test.ts'),
      spec('integration', 0, 'store.test.ts'),
      spec('unit', 0, 'rules.test.ts'),
      spec('cluster', 1, 'games.cluster.test.ts'),
      spec('chaos', 0, 'chaos.cluster.test.ts'),
      spec('unit', 0, 'big.test.ts'),
    ];
    const sizes = { 'a.e2e.test.ts': 1, 'store.test.ts': 1, 'rules.test.ts': 1, 'games.cluster.test.ts': 1, 'chaos.cluster.test.ts': 1, 'big.test.ts': 9 };
    const sorted = await new LayerSequencer(context(sizes)).sort(files);
    expect(sorted.map((f) => `${f.project.name} ${f.moduleId.slice(6)}`)).toEqual([
      'chaos chaos.cluster.test.ts',
      // Within a project, Vitest's own order: the larger file first when nothing is cached.
      'unit big.test.ts',
      'unit rules.test.ts',
      'integration store.test.ts',
      'cluster games.cluster.test.ts',
      'e2e a.e2e.test.ts',
    ]);
  });
});

describe('lowerPriority', () => {
  it('lowers every thread of the process, once however often it is called', () => {
    const module = fileURLToPath(new URL('./test-layers.ts', import.meta.url));
    // A child process: its threads' nice values (field 19 of each /proc/self/task/*/stat) before and after.
    const script = `
      import { readdirSync, readFileSync } from 'node:fs';
      const { lowerPriority } = await import(${JSON.stringify(module)});
      const nice = () => readdirSync('/proc/self/task').map((t) => Number(readFileSync('/proc/self/task/' + t + '/stat', 'utf8').split(') ')[1].split(' ')[16]));
      const before = nice();
      lowerPriority(3);
      lowerPriority(3);
      console.log(JSON.stringify({ before, after: nice() }));
    `;
    const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const { before, after } = JSON.parse(r.stdout) as { before: number[]; after: number[] };
    expect(after.length).toBeGreaterThan(1);
    const base = Math.min(...before);
    expect(after).toEqual(after.map(() => Math.min(19, base + 3)));
  });
});
