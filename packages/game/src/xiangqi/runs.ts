/**
 * A side's current run of checks or chases (RULES.md, "Perpetual check and
 * perpetual chase"): its kind, length, the distinct pieces that made it and
 * the limit those pieces allow.
 */
import type { PlyFacts } from './facts.ts';

export type RunKind = 'check' | 'chase';

export interface Run {
  readonly kind: RunKind;
  readonly length: number;
  /** Check run: the checking pieces. */
  readonly pieces: ReadonlySet<number>;
  /**
   * Chase run: each enemy piece chased on every move of the run, with the
   * pieces that chased it. A chase run follows one target; while several are
   * chased on every move, each is followed and the strictest decides.
   */
  readonly targets: ReadonlyMap<number, ReadonlySet<number>>;
}

/** Limit for a run made by `pieces` distinct pieces: 6 / 12 / 18 by default. */
export const limitFor = (pieces: number, limits: readonly [number, number, number]): number => (pieces <= 1 ? limits[0] : pieces === 2 ? limits[1] : limits[2]);

/** The run after the side's next move. */
export function nextRun(prev: Run | null, facts: PlyFacts): Run | null {
  if (facts.check) {
    const pieces = new Set(prev?.kind === 'check' ? prev.pieces : []);
    for (const p of facts.checkers) pieces.add(p);
    return { kind: 'check', length: prev?.kind === 'check' ? prev.length + 1 : 1, pieces, targets: new Map() };
  }
  if (facts.chases.size === 0) return null;
  const continuing = prev?.kind === 'chase' ? [...prev.targets.keys()].filter((t) => facts.chases.has(t)) : [];
  const targets = new Map<number, Set<number>>();
  if (continuing.length > 0 && prev) {
    for (const t of continuing) targets.set(t, new Set([...prev.targets.get(t)!, ...facts.chases.get(t)!]));
    return { kind: 'chase', length: prev.length + 1, pieces: new Set(), targets };
  }
  for (const [t, by] of facts.chases) targets.set(t, new Set(by));
  return { kind: 'chase', length: 1, pieces: new Set(), targets };
}

export interface RunSummary {
  readonly kind: RunKind;
  readonly length: number;
  /** Distinct pieces of the run (for a chase, those chasing the decisive target). */
  readonly pieces: number;
  readonly limit: number;
  /** Chase run: the id of the decisive target piece. */
  readonly target: number | null;
}

/** The run as shown and judged: for a chase, the target with the strictest limit. */
export function summarize(run: Run | null, limits: readonly [number, number, number]): RunSummary | null {
  if (!run) return null;
  if (run.kind === 'check') {
    return { kind: 'check', length: run.length, pieces: run.pieces.size, limit: limitFor(run.pieces.size, limits), target: null };
  }
  let best: RunSummary | null = null;
  for (const [t, by] of run.targets) {
    const limit = limitFor(by.size, limits);
    if (!best || limit < best.limit) best = { kind: 'chase', length: run.length, pieces: by.size, limit, target: t };
  }
  return best;
}
