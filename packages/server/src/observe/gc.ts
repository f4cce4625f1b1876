/**
 * Garbage-collection pauses of this process (the main thread: the one whose
 * pauses delay every socket), by kind, from the moment `gcPauses()` is first
 * called; for /api/stats and the benchmarks' account of the tail. Collections
 * forced by `gc()` (--expose-gc, the benchmark's memory readings) are counted
 * apart, so they do not pass for the load's.
 */
import { PerformanceObserver, constants, type PerformanceEntry } from 'node:perf_hooks';

export interface GcKind {
  count: number;
  totalMs: number;
  maxMs: number;
}

export type GcPauses = Record<'minor' | 'major' | 'incremental' | 'weakcb' | 'forced', GcKind>;

const KINDS: Record<number, keyof GcPauses> = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weakcb',
};

const empty = (): GcPauses => ({
  minor: { count: 0, totalMs: 0, maxMs: 0 },
  major: { count: 0, totalMs: 0, maxMs: 0 },
  incremental: { count: 0, totalMs: 0, maxMs: 0 },
  weakcb: { count: 0, totalMs: 0, maxMs: 0 },
  forced: { count: 0, totalMs: 0, maxMs: 0 },
});

/** The kind an entry is tallied under (forced first, whatever its kind). */
export function gcKindOf(entry: PerformanceEntry | { readonly detail?: unknown }): keyof GcPauses {
  const d = (entry as { detail?: unknown }).detail as { kind?: number; flags?: number } | undefined;
  if (d?.flags !== undefined && (d.flags & constants.NODE_PERFORMANCE_GC_FLAGS_FORCED) !== 0) return 'forced';
  return KINDS[d?.kind ?? -1] ?? 'major';
}

let tally: GcPauses | null = null;

/** The pauses since the first call (or the last reset); `reset`: start again after reading. */
export function gcPauses(reset = false): GcPauses {
  if (!tally) {
    tally = empty();
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        const k = tally![gcKindOf(e)];
        k.count++;
        k.totalMs += e.duration;
        if (e.duration > k.maxMs) k.maxMs = e.duration;
      }
    }).observe({ entryTypes: ['gc'] });
  }
  const now = structuredClone(tally);
  if (reset) Object.assign(tally, empty());
  return now;
}
