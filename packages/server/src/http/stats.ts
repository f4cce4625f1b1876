/**
 * GET /api/stats: this process's figures (games, memory, event-loop delay,
 * move service times, GC pauses, group commits, CPU by stage, forwarded
 * actions), for the benchmarks and the operators (docs/API.md).
 */
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay, type IntervalHistogram, type RecordableHistogram } from 'node:perf_hooks';
import { getHeapSpaceStatistics } from 'node:v8';
import { isAdmin } from '../auth/admins.ts';
import type { ForwardTimes } from '../cluster/forward.ts';
import { gcPauses } from '../observe/gc.ts';
import type { GameService } from '../service/game-service.ts';
import type { CommitWindow } from '../store/sqlite/group-commit.ts';
import type { RouteOf } from './route.ts';
import { sendJson } from './util.ts';

/** Bytes committed to V8's young generation (new space and its large objects). */
function youngGeneration(): number {
  return getHeapSpaceStatistics()
    .filter((s) => s.space_name.startsWith('new_'))
    .reduce((a, s) => a + s.space_size, 0);
}

/** The resident set by kind (Linux: anonymous memory, mapped files, shared memory), bytes; nothing elsewhere. */
function residentParts(): { rssAnon?: number; rssFile?: number; rssShmem?: number } {
  try {
    const status = readFileSync('/proc/self/status', 'utf8');
    const kib = (k: string) => Number(new RegExp(`^${k}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN) * 1024;
    return { rssAnon: kib('RssAnon'), rssFile: kib('RssFile'), rssShmem: kib('RssShmem') };
  } catch {
    return {};
  }
}

let histogram: IntervalHistogram | null = null;
/** Event-loop delay of this process, measured from the first stats request on. */
function loopDelay(): IntervalHistogram {
  if (!histogram) {
    histogram = monitorEventLoopDelay({ resolution: 10 });
    histogram.enable();
  }
  return histogram;
}

/** What the figures are read from (fields of routes.ts's Deps). */
export interface StatsDeps {
  /** The games this node decides (its own figures). */
  readonly localGames: GameService;
  /** The group commit's batch sizes and times since the last reset (null: the store keeps none). */
  readonly commitWindow?: (reset: boolean) => Promise<CommitWindow | null>;
  /** The CPU of the store's own thread so far in ns; absent or null: it has none. */
  readonly storeThreadCpuNs?: () => Promise<number | null>;
  /** Several nodes: the times of actions forwarded between nodes (cluster/forward.ts). */
  readonly forwardTimes?: ForwardTimes;
  /** STATS_CONTROL=1 (benchmarks): ?reset and ?gc are honoured; otherwise anyone could wipe the figures or force GCs. */
  readonly statsControl?: boolean;
  /** The tournament director's last passes and recorded ends: ?director, where ?reset is honoured (benchmarks). */
  readonly directorTrace?: () => unknown;
}

export const STATS_ROUTE: RouteOf<StatsDeps> = {
  method: 'GET',
  path: /^\/api\/stats$/,
  // Not `anonymous`: the session is read (a reader without one stays anonymous, no guest is made), to know an admin.
  handler: async (ctx, { localGames: games, commitWindow, storeThreadCpuNs, forwardTimes, statsControl, directorTrace }) => {
    // ?reset and ?gc act only for an admin (ADMINS) or where the node runs with STATS_CONTROL=1 (the benchmarks);
    // for anyone else they are ignored and the figures only read (docs/API.md).
    const control = statsControl === true || isAdmin(ctx.user.username);
    const reset = control && ctx.url.searchParams.has('reset');
    // ?gc: a full collection first, so that two readings compare live memory (only where the process runs with
    // --expose-gc, as the benchmarks start it; elsewhere the parameter does nothing).
    const forceGc = (globalThis as { gc?: () => void }).gc;
    if (control && ctx.url.searchParams.has('gc') && forceGc) forceGc();
    const m = process.memoryUsage();
    const d = loopDelay();
    const at = (p: number) => d.percentile(p) / 1e6;
    const commits = commitWindow ? await commitWindow(reset) : null;
    const storeNs = (await storeThreadCpuNs?.()) ?? null;
    const ms = (h: RecordableHistogram) => ({ count: h.count, p50: h.percentile(50) / 1e3, p99: h.percentile(99) / 1e3, max: h.count ? h.max / 1e3 : 0 });
    sendJson(ctx.res, 200, {
      ok: true,
      games: games.loaded,
      live: games.liveGames(100_000).length,
      // young: the new space's committed size (it grows with the allocation rate, not with the games held).
      memory: {
        rss: m.rss,
        heapUsed: m.heapUsed,
        heapTotal: m.heapTotal,
        external: m.external,
        arrayBuffers: m.arrayBuffers,
        young: youngGeneration(),
        ...residentParts(),
      },
      eventLoopDelayMs: { samples: d.count, p50: at(50), p90: at(90), p99: at(99), p999: at(99.9), max: d.max / 1e6, mean: d.mean / 1e6 },
      moveServiceMs: { count: games.moveTimes.count, p50: games.moveTimes.percentile(50) / 1e3, p99: games.moveTimes.percentile(99) / 1e3 },
      gc: gcPauses(reset),
      commits,
      // CPU since the last reset: the process's (every thread), its main and store threads', and the move path's stages.
      cpu: games.moveCost.figures(storeNs),
      ...(forwardTimes
        ? {
            forwardMs: {
              call: ms(forwardTimes.call),
              out: ms(forwardTimes.out),
              serve: ms(forwardTimes.serve),
              back: ms(forwardTimes.back),
            },
          }
        : {}),
      // The director's passes (user ids in them): only where ?reset would be honoured.
      ...(control && directorTrace && ctx.url.searchParams.has('director') ? { director: directorTrace() } : {}),
    });
    if (reset) {
      d.reset();
      games.moveTimes.reset();
      games.moveCost.reset(storeNs);
      if (forwardTimes) for (const h of Object.values(forwardTimes) as RecordableHistogram[]) h.reset();
    }
  },
};
