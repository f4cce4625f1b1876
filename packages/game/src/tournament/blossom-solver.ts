/**
 * The blossom algorithm's search, over BlossomMatching's state
 * (blossom-matching.ts; weighted-matching.ts is the API).
 *
 * The search runs in stages, one augmentation each (`stage`): label the free
 * vertices S, grow the alternating forest over tight edges (`scanQueue`),
 * shrink an odd cycle into a blossom (`addBlossom`) or augment along a path
 * between two trees (`augmentMatching`); when no tight edge is left, change
 * the duals by the least amount that keeps them feasible (`smallestDelta`,
 * `shiftDuals`), which makes an edge tight or lets a T-blossom be expanded
 * (`expandBlossom`). Between solves only the vertices whose edges changed are
 * put right (`solve`).
 */
import { BlossomMatching, edgeIndex } from './blossom-matching.ts';

// What a stage's dual change does (Galil's four kinds of delta, and none).
/** No augmenting path at all (maximum-cardinality search). */
const NO_DELTA = -1;
/** A vertex dual reaches 0: the matching is of maximum weight. */
const VERTEX_DUAL_ZERO = 1;
/** An edge from an S-vertex to a free vertex becomes tight. */
const EDGE_TO_FREE = 2;
/** An edge between two S-blossoms becomes tight. */
const EDGE_BETWEEN_S = 3;
/** A T-blossom's dual reaches 0: it is expanded. */
const EXPAND_T = 4;

interface DualStep {
  readonly kind: number;
  readonly delta: bigint;
  /** The edge made tight (EDGE_TO_FREE, EDGE_BETWEEN_S) or the blossom to expand (EXPAND_T). */
  readonly at: number;
}

/** The search, the solution kept between solves, and the edges' weights in and out. */
export class BlossomSolver extends BlossomMatching {
  // --- Growing the forest ---

  /** Starts a stage: no labels, no best edges, every free vertex an S-vertex of its own tree. */
  startStage(): void {
    const { n, label, inblossom, mateP, active } = this;
    label.fill(0);
    this.bestedge.fill(-1);
    for (let b = n; b < this.nb; b++) this.blossombestedges[b] = null;
    this.allowedge.fill(0);
    this.queue = [];
    for (let v = 0; v < n; v++) if (active[v] && mateP[v] === -1 && label[inblossom[v]!] === 0) this.assignLabel(v, 1, -1);
  }

  /**
   * Scans the edges of the queued S-vertices: labels across tight edges, forms blossoms, and keeps the
   * least-slack edges for the dual step. Returns whether the matching was augmented.
   */
  scanQueue(): boolean {
    const { queue, order, row, has, inblossom, label, allowedge, bestedge } = this;
    while (queue.length > 0) {
      const v = queue.pop()!;
      for (let i = 0; i < this.count; i++) {
        const w = order[i]!;
        if (w === v) continue;
        // k: the edge; p: its endpoint at w.
        const k = w < v ? row[v]! + w : row[w]! + v;
        if (!has[k]) continue;
        const p = w < v ? 2 * k + 1 : 2 * k;
        if (inblossom[v] === inblossom[w]) continue;
        // w inside a T-blossom, labelled: nothing to do whether or not the edge is tight. (Its slack
        // cannot grow in this stage while v is an S-vertex, so not marking it allowed here changes
        // nothing: a later scan finds it tight again.) Saves a BigInt slack.
        if (label[inblossom[w]!] === 2 && label[w] !== 0) continue;
        let kslack = 0n;
        if (!allowedge[k]) {
          kslack = this.slack(k);
          if (kslack <= 0n) allowedge[k] = 1;
        }
        if (allowedge[k]) {
          if (this.followTightEdge(v, w, k, p)) return true;
        } else if (label[inblossom[w]!] === 1) {
          const b = inblossom[v]!;
          if (bestedge[b] === -1 || kslack < this.bestSlack(b)) bestedge[b] = k;
        } else if (label[w] === 0) {
          if (bestedge[w] === -1 || kslack < this.bestSlack(w)) bestedge[w] = k;
        }
      }
    }
    return false;
  }

  /** A tight edge k from S-vertex v to w (its endpoint p): grow, shrink or augment. Returns whether it augmented. */
  followTightEdge(v: number, w: number, k: number, p: number): boolean {
    const { label, inblossom } = this;
    if (label[inblossom[w]!] === 0) this.assignLabel(w, 2, p ^ 1);
    else if (label[inblossom[w]!] === 1) {
      const base = this.scanBlossom(v, w);
      if (base < 0) {
        this.augmentMatching(k);
        return true;
      }
      this.addBlossom(base, k);
    } else if (label[w] === 0) {
      label[w] = 2;
      this.labelend[w] = p ^ 1;
    }
    return false;
  }

  // --- Stages and dual changes ---

  /** Augments until no augmenting path is left (or, without max-cardinality, none gains weight). */
  runStages(maxCardinality: boolean): void {
    for (let stage = 0; stage <= this.n; stage++) {
      if (!this.stage(maxCardinality)) break;
      // Galil expands the S-blossoms whose dual is 0 here. Keeping them is as valid (their edges stay
      // tight; one that becomes a T-blossom with dual 0 is expanded at once by a zero dual step) and
      // saves forming them again in the next stage: 11,269 blossoms formed in the 197-player bench
      // tournament's 9 rounds before, 2,951 after.
    }
  }

  /** One stage: grows the forest, changing the duals when it is stuck. Returns whether it augmented. */
  stage(maxCardinality: boolean): boolean {
    this.startStage();
    for (;;) {
      if (this.scanQueue()) return true;
      // No augmenting path under the current duals: change them.
      const step = this.smallestDelta(maxCardinality);
      if (step.kind === NO_DELTA) return false;
      this.shiftDuals(step.delta);
      if (step.kind === VERTEX_DUAL_ZERO) return false;
      if (step.kind === EDGE_TO_FREE) {
        this.allowedge[step.at] = 1;
        let i = this.eu[step.at]!;
        const j = this.ev[step.at]!;
        if (this.label[this.inblossom[i]!] === 0) i = j;
        this.queue.push(i);
      } else if (step.kind === EDGE_BETWEEN_S) {
        this.allowedge[step.at] = 1;
        this.queue.push(this.eu[step.at]!);
      } else {
        this.expandBlossom(step.at, false);
      }
    }
  }

  /** The least dual change that makes an edge tight, a T-blossom's dual 0 or (plain search) a vertex dual 0. */
  smallestDelta(maxCardinality: boolean): DualStep {
    const { n, nb, dualvar, label, inblossom, bestedge, blossomparent } = this;
    let kind = NO_DELTA;
    let delta = 0n;
    let at = -1;
    if (!maxCardinality) {
      kind = VERTEX_DUAL_ZERO;
      delta = dualvar[0]!;
      for (let v = 1; v < n; v++) if (dualvar[v]! < delta) delta = dualvar[v]!;
    }
    for (let v = 0; v < n; v++) {
      if (label[inblossom[v]!] === 0 && bestedge[v] !== -1) {
        const d = this.bestSlack(v);
        if (kind === NO_DELTA || d < delta) {
          delta = d;
          kind = EDGE_TO_FREE;
          at = bestedge[v]!;
        }
      }
    }
    for (let b = 0; b < nb; b++) {
      if (blossomparent[b] === -1 && label[b] === 1 && bestedge[b] !== -1) {
        const d = this.bestSlack(b) / 2n;
        if (kind === NO_DELTA || d < delta) {
          delta = d;
          kind = EDGE_BETWEEN_S;
          at = bestedge[b]!;
        }
      }
    }
    for (let b = n; b < nb; b++) {
      if (this.blossombase[b]! >= 0 && blossomparent[b] === -1 && label[b] === 2 && (kind === NO_DELTA || dualvar[b]! < delta)) {
        delta = dualvar[b]!;
        kind = EXPAND_T;
        at = b;
      }
    }
    return { kind, delta, at };
  }

  /** S-vertices' duals fall by delta and T-vertices' rise; top-level blossoms' the other way (twice as fast, in these units). */
  shiftDuals(delta: bigint): void {
    const { n, nb, dualvar, label, inblossom, dualAt } = this;
    const clock = ++this.clock;
    for (let v = 0; v < n; v++) {
      const l = label[inblossom[v]!];
      if (l === 1) dualvar[v] = dualvar[v]! - delta;
      else if (l === 2) dualvar[v] = dualvar[v]! + delta;
      else continue;
      dualAt[v] = clock;
    }
    for (let b = n; b < nb; b++) {
      if (this.blossombase[b]! >= 0 && this.blossomparent[b] === -1) {
        if (label[b] === 1) dualvar[b] = dualvar[b]! + delta;
        else if (label[b] === 2) dualvar[b] = dualvar[b]! - delta;
      }
    }
  }

  // --- Keeping the solution between solves ---

  /** Takes the blossom apart: its dual goes to its vertices; the matched edge at its base is no longer tight. */
  dissolveTop(b: number): void {
    const z = this.dualvar[b]!;
    if (z !== 0n) {
      for (const x of this.leaves(b)) this.setDual(x, this.dualvar[x]! + z);
      const base = this.blossombase[b]!;
      if (this.mateP[base] !== -1) {
        const u = this.endpoint(this.mateP[base]!);
        this.mateP[u] = -1;
        this.mateP[base] = -1;
      }
    }
    for (const c of this.blossomchilds[b]!) {
      this.blossomparent[c] = -1;
      if (c < this.n) this.inblossom[c] = c;
      else for (const x of this.leaves(c)) this.inblossom[x] = c;
    }
    this.label[b] = 0;
    this.labelend[b] = -1;
    this.blossomchilds[b] = null;
    this.blossomendps[b] = null;
    this.blossombase[b] = -1;
    this.blossombestedges[b] = null;
    this.bestedge[b] = -1;
    this.dualvar[b] = 0n;
    this.unusedblossoms.push(b);
  }

  /** Makes v a single unmatched vertex. */
  release(v: number): void {
    while (this.inblossom[v] !== v) this.dissolveTop(this.inblossom[v]!);
    if (this.mateP[v] !== -1) {
      const u = this.endpoint(this.mateP[v]!);
      this.mateP[u] = -1;
      this.mateP[v] = -1;
    }
  }

  /**
   * The least dual that keeps v's edges feasible (v in no blossom). With `seen` (what u needed at clock
   * `at`, kept by `keep`), only the vertices whose duals changed since are worked out again.
   */
  needed(v: number, keep?: bigint[], seen?: readonly bigint[], at = 0): bigint | null {
    const { order, row, has, dualAt, w4, dualvar } = this;
    let y: bigint | null = null;
    for (let i = 0; i < this.count; i++) {
      const u = order[i]!;
      if (u === v) continue;
      const k = u < v ? row[v]! + u : row[u]! + v;
      if (!has[k]) continue;
      const need = seen !== undefined && dualAt[u]! <= at ? seen[u]! : w4[k]! - dualvar[u]!;
      if (keep !== undefined) keep[u] = need;
      if (y === null || need > y) y = need;
    }
    return y;
  }

  /** Puts right the vertices whose edges changed (keeping what still holds), then augments again. */
  solve(maxCardinality: boolean): void {
    const { mateP, has, w4, dualvar } = this;
    const touched: number[] = [];
    for (let v = 0; v < this.n; v++) if (this.dirty[v] && this.active[v]) touched.push(v);
    // One in a blossom is taken out of it.
    for (const v of touched) if (this.inblossom[v] !== v) this.release(v);
    // One still matched keeps its pair if a dual keeps every edge feasible and the pair tight.
    const released: number[] = [];
    // What each released vertex's edges needed when it was looked at, and when (most duals are unchanged
    // by the time its own is set).
    const seen = new Map<number, { at: number; need: bigint[] }>();
    for (const v of touched) {
      if (mateP[v] !== -1 && has[mateP[v]! >> 1]) {
        const k = mateP[v]! >> 1;
        const target = w4[k]! - dualvar[this.endpoint(mateP[v]!)]!;
        const keep: bigint[] = [];
        const at = this.clock;
        const need = this.needed(v, keep);
        if (need === null || need <= target) {
          this.setDual(v, target);
          continue;
        }
        seen.set(v, { at, need: keep });
      }
      this.release(v);
      released.push(v);
    }
    // The others: the least dual that keeps their edges feasible.
    for (const v of released) {
      const first = seen.get(v);
      this.setDual(v, (first === undefined ? this.needed(v) : this.needed(v, undefined, first.need, first.at)) ?? 0n);
    }
    this.dirty.fill(0);
    this.runStages(maxCardinality);
  }

  // --- Edges in and out ---

  get(u: number, v: number): bigint {
    return this.w4[edgeIndex(u, v)]! / 4n;
  }

  /** Sets a weight; `owner` is the vertex released if the solution no longer holds. */
  set(owner: number, other: number, w: bigint): void {
    const k = edgeIndex(owner, other);
    const nw = w * 4n;
    const old = this.w4[k]!;
    if (nw === old) return;
    this.w4[k] = nw;
    this.has[k] = nw === 0n ? 0 : 1;
    this.slackAt[k] = 0;
    const matched = this.mateP[owner] !== -1 && this.endpoint(this.mateP[owner]!) === other;
    // Either end, once released, puts the edge right: the other end may be released already.
    const broken = matched || this.inblossom[owner] === this.inblossom[other] || (nw > old && this.dualvar[owner]! + this.dualvar[other]! < nw);
    if (broken && !this.dirty[other]) this.dirty[owner] = 1;
  }

  /** Takes v out of the graph for good (its pair is settled). */
  remove(v: number): void {
    while (this.inblossom[v] !== v) this.dissolveTop(this.inblossom[v]!);
    this.active[v] = 0;
    const i = this.order.indexOf(v);
    if (i !== -1) {
      this.order.copyWithin(i, i + 1, this.count);
      this.count--;
    }
  }

  /** mate[v]: the vertex matched to v, or -1. */
  mates(): Int32Array {
    const out = new Int32Array(this.n).fill(-1);
    for (let v = 0; v < this.n; v++) if (this.active[v] && this.mateP[v] !== -1) out[v] = this.endpoint(this.mateP[v]!);
    return out;
  }

  /** Every vertex dual y (a start from scratch). */
  setDuals(y: bigint): void {
    for (let v = 0; v < this.n; v++) this.setDual(v, y);
    this.dirty.fill(0);
  }
}
