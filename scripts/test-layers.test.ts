import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { TestSpecification, Vitest } from 'vitest/node';
import { describe, expect, it } from 'vitest';
import { LayerSequencer, SLOW_FILES } from './test-layers.ts';

/** A file of a project, as the sequencer sees it; `size` its length, what Vitest orders unknown files by. */
function spec(project: string, groupOrder: number, file: string): TestSpecification {
  return { project: { name: project, config: { sequence: { groupOrder }, isolate: false } }, moduleId: `/repo/${file}` } as unknown as TestSpecification;
}

/** A Vitest context with no results cached (but for the `cached` keys), files known by size. */
function context(sizes: Record<string, number>, cached: Record<string, { duration: number; failed: boolean }> = {}): Vitest {
  return {
    config: { root: '/repo' },
    cache: {
      getFileTestResults: (key: string) => cached[key],
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

  it('starts the files known to be slow first in their layer when the cache has no time for them (a fresh clone)', async () => {
    const slow = Object.keys(SLOW_FILES).filter((f) => f.includes('/server/src/') && !f.includes('.cluster.'));
    expect(slow.length).toBeGreaterThanOrEqual(2);
    const [slower, slowish] = slow.sort((a, b) => SLOW_FILES[b]! - SLOW_FILES[a]!);
    const files = [spec('integration', 0, 'big.test.ts'), spec('integration', 0, slowish!), spec('integration', 0, slower!), spec('unit', 0, 'rules.test.ts')];
    const sizes = { 'big.test.ts': 100_000, [slowish!]: 10, [slower!]: 1, 'rules.test.ts': 1 };
    const order = async (cached = {}) => (await new LayerSequencer(context(sizes, cached)).sort(files)).map((f) => f.moduleId.slice(6));
    expect(await order()).toEqual(['rules.test.ts', slower, slowish, 'big.test.ts']);
    // Known to the cache: Vitest's own order (the longest cached first, unknown files before known ones).
    const cached = {
      [`integration:${slower}`]: { duration: 1, failed: false },
      [`integration:${slowish}`]: { duration: 5, failed: false },
      'integration:big.test.ts': { duration: 9, failed: false },
    };
    expect(await order(cached)).toEqual(['rules.test.ts', 'big.test.ts', slowish, slower]);
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
