/**
 * Maximum-weight matching in a general graph: Edmonds' blossom algorithm
 * with dual variables (primal-dual, O(n³)), as described by Galil ("Efficient
 * algorithms for finding maximum matching in graphs", 1986). Weights are
 * BigInt: the Dutch Swiss packs its criteria into one weight, wider than a
 * double holds exactly. Weight 0 means "no edge".
 *
 * `Matcher` keeps its matching and its dual solution between calls (the
 * maximum-cardinality variant: vertex duals may go negative): after some
 * edges change, only the vertices they touch are unmatched (with the
 * blossoms around them, whose duals go to their vertices so every edge stays
 * feasible), and the search starts again from there: a few augmentations
 * instead of n/2. The Dutch Swiss changes one player's edges at a time.
 *
 * The algorithm itself: blossom-solver.ts (the search, in stages) over
 * blossom-matching.ts (the matching, its blossoms and duals).
 */
import { BlossomSolver } from './blossom-solver.ts';

/**
 * Returns `mate[v]` (-1 when unmatched) of a matching of maximum total weight
 * for `n` vertices; `weight(u, v)` (u > v) is read once per pair.
 */
export function maxWeightMatching(n: number, weight: (u: number, v: number) => bigint): Int32Array {
  if (n < 2) return new Int32Array(n).fill(-1);
  const c = new BlossomSolver(n);
  let max = 0n;
  for (let u = 1; u < n; u++) {
    for (let v = 0; v < u; v++) {
      const w = weight(u, v);
      c.set(u, v, w);
      if (w > max) max = w;
    }
  }
  // From scratch, every vertex dual equal: the plain maximum-weight algorithm.
  c.setDuals(2n * max);
  c.runStages(false);
  return c.mates();
}

/**
 * A maximum-weight perfect matching, kept up to date as weights change: set
 * them, then `solve()`. Exact when a perfect matching exists (the Dutch
 * Swiss adds a vertex for the bye); otherwise a maximum-cardinality one, not
 * necessarily of the best weight.
 */
export class Matcher {
  readonly #c: BlossomSolver;
  constructor(readonly n: number) {
    this.#c = new BlossomSolver(Math.max(n, 1));
  }
  weight(u: number, v: number): bigint {
    return this.#c.get(u, v);
  }
  /** Sets the weight of u-v (0: no edge); `owner` is the end whose edges are being changed. */
  set(owner: number, other: number, w: bigint): void {
    this.#c.set(owner, other, w);
  }
  /** Takes a vertex out for good. */
  remove(v: number): void {
    this.#c.remove(v);
  }
  /** `mate[v]`: the vertex matched to v, or -1 (removed vertices: -1). */
  solve(): Int32Array {
    if (this.n >= 2) this.#c.solve(true);
    return this.#c.mates();
  }
}
