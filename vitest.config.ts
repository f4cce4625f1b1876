/**
 * The test suite in four layers (Vitest projects), each with the pool it
 * needs; `npm test` (scripts/test.mjs) runs them all after the static checks.
 *
 * - unit: pure code (rules, game, protocol, puzzles, the web client's
 *   modules): no build, no server, no database; threads.
 * - integration: the server in one process (memory, SQLite, PostgreSQL,
 *   Redis), the engine's workers, scripts that run them; forks.
 * - cluster: several server processes behind Redis and PostgreSQL.
 * - e2e: Chromium against the built client: the only layer that builds it
 *   (once per run, in its global setup).
 * - chaos: the short fixed-seed fault run (a cluster test), first.
 *
 * Three groups, one after the other. The first: the chaos run, which waits on
 * its 75 s of faults and leaves most of the machine idle, with the unit layer
 * beside it at a lower CPU priority. The second: integration and cluster. The
 * third: e2e, on two workers (below).
 * The integration layer ran beside the chaos run until 2026-12-07, when the
 * chaos run's clock invariant failed in two of three full runs (at 58c69e2 and
 * a3421fd) and passed every time alone or beside busy loops: likely its load
 * on the shared PostgreSQL and the machine, which can make the chaos nodes
 * fail HAProxy's 1 s health checks. `npm run test:unit` (or `vitest run
 * --project unit`) runs one layer.
 */
import { defineConfig } from 'vitest/config';
import { LayerSequencer } from './scripts/test-layers.ts';

const E2E = ['packages/web/src/e2e/**/*.e2e.test.ts'];
const CLUSTER = ['packages/server/src/**/*.cluster.test.ts'];
const CHAOS = ['packages/server/src/cluster/chaos.cluster.test.ts'];
const UNIT = [
  'packages/rules/src/**/*.test.ts',
  'packages/game/src/**/*.test.ts',
  'packages/protocol/src/**/*.test.ts',
  'packages/puzzles/src/**/*.test.ts',
  'packages/puzzles/scripts/input.test.ts',
  'packages/puzzles/scripts/miner.test.ts',
  'packages/web/src/**/*.test.ts',
  'scripts/games.test.ts',
];
/** The pure packages' modules (not their tests), which the unit layer leaves to Node (below). */
const PURE_MODULES = /\/packages\/(rules|puzzles|game|protocol)\/src\/(?!.*\.test\.ts$)/;
/** Tests of pure packages that start processes (the CLI through npm): integration, not unit. */
const PROCESSES = ['packages/game/src/cli.test.ts'];
const INTEGRATION = [
  'packages/server/src/**/*.test.ts',
  'packages/engine/src/**/*.test.ts',
  'packages/rules/scripts/**/*.test.ts',
  'packages/game/scripts/**/*.test.ts',
  'scripts/**/*.test.ts',
];

// Vitest's default is one worker fewer than the cores: one on this 2-core
// machine kind. A group has one number of workers for all its projects. In the
// first, four: the chaos run holds one, and the unit layer the others (chosen
// when the integration layer ran there too). In the second, three: integration
// and cluster wait on processes and databases. In the third, two: each e2e
// worker drives a Chromium (a renderer per visitor) and a club server, and
// three at once on two cores cost more than their sum. Measured 2026-12-07 on
// this machine, `npm test` from a fresh worktree: with e2e beside integration and
// cluster on three workers, 1,063.1 and 1,043.7 s (the e2e files 2,114
// file-seconds, from 256 to 1,018 s); in a group of its own on two, 921.7 and
// 1,020.4 s (1,192 and 1,317 file-seconds, from 283 to 905 s and from 315 to
// 998 s). One e2e file alone took 33 s; the same in a three-worker run, 81 s.
const WORKERS = 3;
const FIRST_GROUP_WORKERS = 4;
const E2E_WORKERS = 2;
/** The layers run beside the chaos run: their workers' priority lowered (scripts/test-layers.ts). */
const BESIDE_CHAOS = ['scripts/test-beside-chaos.setup.ts'];

export default defineConfig({
  test: {
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // The order files start in: chaos, unit, integration in the first group (scripts/test-layers.ts).
    sequence: { sequencer: LayerSequencer },
    projects: [
      // The unit layer starts beside the chaos run (groupOrder 0), before the integration layer: a broken rule fails early.
      // Pure modules need no fresh module graph per file (isolate: false): the imports are made once per worker.
      // The pure packages' own modules are left to Node (tsx's loader in the worker), not run through Vitest's module
      // runner, whose rewritten imports (each imported name a property read through a getter) made their hot loops
      // ~6x slower: the shipped puzzles' mate checks took 11.9 s under Vitest and 1.8 s under Node. The layer took
      // 20.7 s wall and 38 CPU-s this way, against 43 s and 80 CPU-s (same 1,040 tests). Their tests still go through
      // Vitest. Forks, as a worker thread does not take --import.
      {
        extends: true,
        test: {
          name: 'unit',
          include: UNIT,
          exclude: [...E2E, ...PROCESSES],
          pool: 'forks',
          execArgv: ['--import', 'tsx'],
          server: { deps: { external: [PURE_MODULES] } },
          isolate: false,
          maxWorkers: FIRST_GROUP_WORKERS,
          setupFiles: BESIDE_CHAOS,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: [...INTEGRATION, ...PROCESSES],
          exclude: [...CLUSTER, 'scripts/games.test.ts'],
          pool: 'forks',
          // A worker imports the server's modules once for all its files, not once per file: the layer alone took
          // 222 s and 444 CPU-s isolated, 151 s and 294 CPU-s not. Its tests start their own apps, stores and
          // schemas and put back what they change in process.env.
          isolate: false,
          maxWorkers: WORKERS,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: { name: 'cluster', include: CLUSTER, exclude: CHAOS, pool: 'forks', maxWorkers: WORKERS, sequence: { groupOrder: 1 } },
      },
      // The fixed-seed chaos run checks timings (no outage charged, owners within 5 s) and end delivery within 15 s: it
      // starts first (groupOrder 0, first in LayerSequencer's order), its nodes at the machine's priority, and the unit
      // layer beside it at a lower one (the integration layer after it: see the top of this file). It uses a tenth of one core: alone, it left the machine idle
      // for 75 s of every run.
      // (Its rare missed ends, only ever on the node it cuts from Redis, were a subscription lost in that cut, fixed in
      // bus/redis: cluster/end-delivery.test shows it.)
      { extends: true, test: { name: 'chaos', include: CHAOS, pool: 'forks', isolate: false, maxWorkers: FIRST_GROUP_WORKERS, sequence: { groupOrder: 0 } } },
      // The end-to-end tests drive the built web client, built once by the global setup.
      {
        extends: true,
        test: {
          name: 'e2e',
          include: E2E,
          pool: 'forks',
          // A worker's files share one Chromium (harness.ts, workerBrowser); each test's visitors have contexts of their own.
          isolate: false,
          maxWorkers: E2E_WORKERS,
          sequence: { groupOrder: 2 },
          // A poll's patience (Vitest's default is 1 s): a browser on a loaded machine can take seconds to load a page
          // or draw an update. A poll still ends as soon as it holds; tests that need longer say so.
          expect: { poll: { timeout: 10_000 } },
          globalSetup: ['packages/web/scripts/build.global.ts'],
        },
      },
    ],
  },
});
