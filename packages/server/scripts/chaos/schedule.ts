/**
 * The fault schedule of `npm run chaos`: a pure function of the seed and the
 * length of the run, so a seed names one run (the same faults, at the same
 * times, on the same nodes). Faults come one at a time, each held for its
 * duration and then given a recovery gap, in rounds that each hold every
 * kind once in a shuffled order.
 */

export const FAULT_KINDS = ['sigkill', 'sigterm', 'sigstop', 'redis-restart', 'redis-cut', 'pg-cut', 'pg-freeze', 'duplicate'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/** What each kind does, for the table. */
export const FAULT_TEXT: Record<FaultKind, string> = {
  sigkill: 'node killed (SIGKILL), started again',
  sigterm: 'node stopped (SIGTERM), started again',
  sigstop: 'node frozen (SIGSTOP) past its lease, then SIGCONT',
  'redis-restart': 'Redis killed and restarted (empty)',
  'redis-cut': 'one node cut from Redis only',
  'pg-cut': 'PostgreSQL cut (connections dropped)',
  'pg-freeze': 'PostgreSQL frozen (connections silent)',
  duplicate: 'a second process with a live NODE_ID',
};

export interface Fault {
  /** Milliseconds from the start of the load. */
  readonly at: number;
  readonly kind: FaultKind;
  /** The node it strikes (for the kinds that strike one). */
  readonly node: string;
  /** How long the fault lasts before it is undone. */
  readonly holdMs: number;
}

/** mulberry32: a small seeded generator, the same numbers for the same seed everywhere. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** How long each kind is held: past the 3 s lease where it matters. */
const HOLD_MS: Record<FaultKind, [number, number]> = {
  sigkill: [2000, 4000],
  sigterm: [1000, 3000],
  sigstop: [4500, 6500],
  'redis-restart': [2000, 4000],
  'redis-cut': [2000, 5000],
  'pg-cut': [2000, 5000],
  'pg-freeze': [2000, 5000],
  duplicate: [0, 0],
};

export interface PlanOptions {
  readonly seed: number;
  /** The load's length; no fault starts in its last `quietMs`. */
  readonly durationMs: number;
  readonly nodes: readonly string[];
  /** Load before the first fault (games under way). */
  readonly warmupMs?: number;
  /** Recovery after each fault, before the next: [min, max]. */
  readonly gapMs?: readonly [number, number];
  /** The end of the run without faults: every game's end and every catch-up has time to arrive. */
  readonly quietMs?: number;
}

/** The faults of a run, in time order. */
export function plan(o: PlanOptions): Fault[] {
  const r = seeded(o.seed);
  const between = (lo: number, hi: number) => Math.round(lo + (hi - lo) * r());
  const [gapLo, gapHi] = o.gapMs ?? [8000, 14_000];
  const last = o.durationMs - (o.quietMs ?? 15_000);
  const out: Fault[] = [];
  let t = o.warmupMs ?? 12_000;
  let round: FaultKind[] = [];
  for (;;) {
    if (round.length === 0) {
      round = [...FAULT_KINDS];
      // Fisher-Yates on the seeded numbers.
      for (let i = round.length - 1; i > 0; i--) {
        const j = Math.floor(r() * (i + 1));
        [round[i], round[j]] = [round[j]!, round[i]!];
      }
    }
    const kind = round.shift()!;
    const [lo, hi] = HOLD_MS[kind];
    const holdMs = between(lo, hi);
    if (t + holdMs > last) break;
    out.push({ at: t, kind, node: o.nodes[Math.floor(r() * o.nodes.length)]!, holdMs });
    t += holdMs + between(gapLo, gapHi);
  }
  return out;
}
