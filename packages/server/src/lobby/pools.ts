/**
 * Quick pairing: players wait in a pool per game and time control (rated and
 * casual apart) and are paired by rating. Each player accepts opponents
 * within a range that widens the longer they wait; two players pair when each
 * is within the other's range. Pure bookkeeping: `now` is an argument, and
 * the lobby runs match() on its timer.
 */
import { POOLS, type PoolId, type PoolSpec } from '@youzai/protocol';
import type { Identity } from '@youzai/protocol';

export interface PoolRules {
  /** Rating difference accepted at once. */
  readonly baseRange: number;
  /** Added to the range for each second of waiting. */
  readonly widenPerSecond: number;
  /** Range at most (then anyone within it). */
  readonly maxRange: number;
}

export const DEFAULT_POOL_RULES: PoolRules = { baseRange: 100, widenPerSecond: 10, maxRange: 1000 };

export interface PoolEntry {
  readonly user: Identity;
  readonly pool: PoolSpec & { readonly id: PoolId };
  readonly rated: boolean;
  readonly rating: number;
  readonly joinedAt: number;
}

export interface Pairing {
  readonly a: PoolEntry;
  readonly b: PoolEntry;
}

const POOL_BY_ID = new Map<string, PoolSpec & { readonly id: PoolId }>(POOLS.map((p) => [p.id, p]));

export function poolSpec(id: string): (PoolSpec & { readonly id: PoolId }) | undefined {
  return POOL_BY_ID.get(id);
}

export class Pools {
  /** user id → their entry: a player waits in one pool at a time. */
  private readonly entries = new Map<string, PoolEntry>();

  constructor(private readonly rules: PoolRules = DEFAULT_POOL_RULES) {}

  /** Joins (or moves to) a pool; returns the entry it replaced, if any. */
  join(entry: PoolEntry): PoolEntry | undefined {
    const old = this.entries.get(entry.user.id);
    this.entries.delete(entry.user.id); // re-inserted last: waiting time starts again
    this.entries.set(entry.user.id, entry);
    return old;
  }

  leave(userId: string): PoolEntry | undefined {
    const e = this.entries.get(userId);
    this.entries.delete(userId);
    return e;
  }

  entryOf(userId: string): PoolEntry | undefined {
    return this.entries.get(userId);
  }

  get size(): number {
    return this.entries.size;
  }

  users(): IterableIterator<string> {
    return this.entries.keys();
  }

  /** Players waiting per pool id (rated and casual together). */
  waiting(): Map<string, number> {
    const out = new Map<string, number>();
    for (const e of this.entries.values()) out.set(e.pool.id, (out.get(e.pool.id) ?? 0) + 1);
    return out;
  }

  /** The rating difference `e` accepts at `now`. */
  range(e: PoolEntry, now: number): number {
    const waited = Math.max(0, now - e.joinedAt) / 1000;
    return Math.min(this.rules.maxRange, this.rules.baseRange + this.rules.widenPerSecond * waited);
  }

  /**
   * Pairs whoever can be paired at `now` and removes them. The longest
   * waiting go first; each takes the closest rating that accepts them
   * (ties: the longer waiting).
   */
  match(now: number): Pairing[] {
    const groups = new Map<string, PoolEntry[]>();
    for (const e of this.entries.values()) {
      const key = `${e.pool.id}/${e.rated ? 'r' : 'c'}`;
      let g = groups.get(key);
      if (!g) {
        g = [];
        groups.set(key, g);
      }
      g.push(e); // insertion order: longest waiting first
    }
    const out: Pairing[] = [];
    for (const g of groups.values()) {
      if (g.length < 2) continue;
      const taken = new Set<PoolEntry>();
      for (const a of g) {
        if (taken.has(a)) continue;
        const ra = this.range(a, now);
        let best: PoolEntry | null = null;
        let bestGap = Infinity;
        for (const b of g) {
          if (b === a || taken.has(b)) continue;
          const gap = Math.abs(a.rating - b.rating);
          if (gap <= ra && gap <= this.range(b, now) && gap < bestGap) {
            best = b;
            bestGap = gap;
          }
        }
        if (!best) continue;
        taken.add(a).add(best);
        out.push({ a, b: best });
      }
    }
    for (const p of out) {
      this.entries.delete(p.a.user.id);
      this.entries.delete(p.b.user.id);
    }
    return out;
  }
}
