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
 * The search runs in stages, one augmentation each (`BlossomSolver.stage`):
 * label the free vertices S, grow the alternating forest over tight edges
 * (`scanQueue`), shrink an odd cycle into a blossom (`addBlossom`) or augment
 * along a path between two trees (`augmentMatching`); when no tight edge is
 * left, change the duals by the least amount that keeps them feasible
 * (`smallestDelta`, `shiftDuals`), which makes an edge tight or lets a
 * T-blossom be expanded (`expandBlossom`).
 */

/** Vertex pairs (u > v) numbered densely: edge k joins eu[k] and ev[k]. */
const edgeIndex = (u: number, v: number): number => (u > v ? (u * (u - 1)) / 2 + v : (v * (v - 1)) / 2 + u);

/** i modulo len, never negative: the walks round a blossom's cycle step both ways. */
const cyclic = (i: number, len: number): number => ((i % len) + len) % len;

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

/**
 * The matching, its blossoms and its duals over n vertices. Vertices are
 * 0..n-1, blossoms n..2n-1; edge k's endpoint p is p>>1's vertex on side p&1
 * (0: eu, 1: ev). Labels: 0 free, 1 S (outer), 2 T (inner); -1 an unused
 * blossom; 5 (S with bit 4) marks a blossom on scanBlossom's path.
 */
class BlossomSolver {
  readonly m: number;
  readonly nb: number;
  readonly eu: Int32Array;
  readonly ev: Int32Array;
  // Four times the weight: duals are twice the usual ones, and every dual change stays an integer.
  readonly w4: bigint[];
  // Whether edge k exists (weight not 0): cheaper to test than the BigInt.
  readonly has: Uint8Array;
  readonly active: Uint8Array;
  // The vertices still in the graph, in increasing order: the neighbours scanned (vertices removed for
  // good are most of them by a round's end).
  readonly order: Int32Array;
  count: number;
  // Edge index of u-v: row[max] + min.
  readonly row: Int32Array;
  // mateP[v]: the remote endpoint of v's matched edge, or -1.
  readonly mateP: Int32Array;
  readonly label: Int8Array;
  readonly labelend: Int32Array;
  readonly inblossom: Int32Array;
  readonly blossomparent: Int32Array;
  readonly blossomchilds: (number[] | null)[];
  readonly blossomendps: (number[] | null)[];
  readonly blossombase: Int32Array;
  readonly bestedge: Int32Array;
  readonly blossombestedges: (number[] | null)[];
  readonly unusedblossoms: number[] = [];
  readonly dualvar: bigint[];
  readonly allowedge: Uint8Array;
  queue: number[] = [];
  // Each edge's slack is kept until a dual of one of its ends (or its weight) next changes: dualAt[v] is
  // when v's dual last changed, slackAt[k] when k's slack was computed (0: not computed), on one clock.
  // Between solves only the vertices touched change, so most edges keep their slack.
  clock = 1;
  readonly dualAt: Int32Array;
  readonly slackAt: Int32Array;
  readonly slackValue: bigint[];
  // addBlossom's best edge to each S-blossom (-1: none yet), and the blossoms it has one to.
  readonly bestTo: Int32Array;
  readonly bestToList: number[] = [];
  // The vertices whose edges changed since the last solve.
  readonly dirty: Uint8Array;

  constructor(readonly n: number) {
    const m = (n * (n - 1)) / 2;
    const nb = 2 * n;
    this.m = m;
    this.nb = nb;
    this.eu = new Int32Array(m);
    this.ev = new Int32Array(m);
    for (let u = 1; u < n; u++) {
      for (let v = 0; v < u; v++) {
        const k = edgeIndex(u, v);
        this.eu[k] = u;
        this.ev[k] = v;
      }
    }
    this.w4 = new Array(m).fill(0n);
    this.has = new Uint8Array(m);
    this.active = new Uint8Array(n).fill(1);
    this.order = Int32Array.from({ length: n }, (_, v) => v);
    this.count = n;
    this.row = Int32Array.from({ length: n }, (_, v) => (v * (v - 1)) / 2);
    this.mateP = new Int32Array(n).fill(-1);
    this.label = new Int8Array(nb);
    this.labelend = new Int32Array(nb).fill(-1);
    this.inblossom = Int32Array.from({ length: n }, (_, v) => v);
    this.blossomparent = new Int32Array(nb).fill(-1);
    this.blossomchilds = new Array(nb).fill(null);
    this.blossomendps = new Array(nb).fill(null);
    this.blossombase = new Int32Array(nb).fill(-1);
    for (let v = 0; v < n; v++) this.blossombase[v] = v;
    this.bestedge = new Int32Array(nb).fill(-1);
    this.blossombestedges = new Array(nb).fill(null);
    for (let b = n; b < nb; b++) this.unusedblossoms.push(b);
    this.dualvar = new Array(nb).fill(0n);
    this.allowedge = new Uint8Array(m);
    this.dualAt = new Int32Array(n).fill(1);
    this.slackAt = new Int32Array(m);
    this.slackValue = new Array(m).fill(0n);
    this.bestTo = new Int32Array(nb).fill(-1);
    this.dirty = new Uint8Array(n).fill(1);
  }

  endpoint(p: number): number {
    return p & 1 ? this.ev[p >> 1]! : this.eu[p >> 1]!;
  }

  slack(k: number): bigint {
    const t = this.slackAt[k]!;
    const u = this.eu[k]!;
    const v = this.ev[k]!;
    if (t >= this.dualAt[u]! && t >= this.dualAt[v]!) return this.slackValue[k]!;
    const s = this.dualvar[u]! + this.dualvar[v]! - this.w4[k]!;
    this.slackValue[k] = s;
    this.slackAt[k] = this.clock;
    return s;
  }

  setDual(v: number, y: bigint): void {
    this.dualvar[v] = y;
    this.dualAt[v] = ++this.clock;
  }

  /** The slack of bestedge[x] (kept with the edge's). */
  bestSlack(x: number): bigint {
    return this.slack(this.bestedge[x]!);
  }

  blossomLeaves(b: number, out: number[]): void {
    if (b < this.n) out.push(b);
    else for (const t of this.blossomchilds[b]!) this.blossomLeaves(t, out);
  }

  leaves(b: number): number[] {
    const out: number[] = [];
    this.blossomLeaves(b, out);
    return out;
  }

  // --- Growing the forest ---

  /** Labels w's top blossom t (1: S, 2: T) reached through endpoint p; a T-blossom's mate becomes S. */
  assignLabel(w: number, t: number, p: number): void {
    const b = this.inblossom[w]!;
    this.label[w] = t;
    this.label[b] = t;
    this.labelend[w] = p;
    this.labelend[b] = p;
    this.bestedge[w] = -1;
    this.bestedge[b] = -1;
    if (t === 1) {
      this.queue.push(...this.leaves(b));
    } else {
      const base = this.blossombase[b]!;
      const mate = this.mateP[base]!;
      this.assignLabel(this.endpoint(mate), 1, mate ^ 1);
    }
  }

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

  // --- Blossoms ---

  /** Traces back from two S-vertices: the base of the blossom their edge closes, or -1 (an augmenting path). */
  scanBlossom(v0: number, w0: number): number {
    const { label, labelend, inblossom } = this;
    const path: number[] = [];
    let base = -1;
    let v = v0;
    let w = w0;
    while (v !== -1 || w !== -1) {
      let b = inblossom[v]!;
      if (label[b]! & 4) {
        base = this.blossombase[b]!;
        break;
      }
      path.push(b);
      label[b] = 5;
      if (labelend[b] === -1) v = -1;
      else {
        v = this.endpoint(labelend[b]!);
        b = inblossom[v]!;
        v = this.endpoint(labelend[b]!);
      }
      if (w !== -1) {
        const t = v;
        v = w;
        w = t;
      }
    }
    for (const b of path) label[b] = 1;
    return base;
  }

  /** Shrinks the odd cycle closed by edge k, with its base at `base`, into a new S-blossom. */
  addBlossom(base: number, k: number): void {
    const { inblossom, labelend, blossomparent } = this;
    let v = this.eu[k]!;
    let w = this.ev[k]!;
    const bb = inblossom[base]!;
    let bv = inblossom[v]!;
    let bw = inblossom[w]!;
    const b = this.unusedblossoms.pop()!;
    this.blossombase[b] = base;
    blossomparent[b] = -1;
    blossomparent[bb] = b;
    const path: number[] = [];
    const endps: number[] = [];
    while (bv !== bb) {
      blossomparent[bv] = b;
      path.push(bv);
      endps.push(labelend[bv]!);
      v = this.endpoint(labelend[bv]!);
      bv = inblossom[v]!;
    }
    path.push(bb);
    path.reverse();
    endps.reverse();
    endps.push(2 * k);
    while (bw !== bb) {
      blossomparent[bw] = b;
      path.push(bw);
      endps.push(labelend[bw]! ^ 1);
      w = this.endpoint(labelend[bw]!);
      bw = inblossom[w]!;
    }
    this.blossomchilds[b] = path;
    this.blossomendps[b] = endps;
    this.label[b] = 1;
    labelend[b] = labelend[bb]!;
    this.dualvar[b] = 0n;
    for (const x of this.leaves(b)) {
      if (this.label[inblossom[x]!] === 2) this.queue.push(x);
      inblossom[x] = b;
    }
    this.keepBestEdges(b, path);
  }

  /** The new blossom b's least-slack edge to each other S-blossom, from its children's lists. */
  keepBestEdges(b: number, children: readonly number[]): void {
    const { bestTo, bestToList, inblossom, label } = this;
    let outside: number[] | null = null;
    for (const c of children) {
      const known = this.blossombestedges[c];
      if (known === null) {
        // Only edges to S-vertices outside b count (in increasing order, as a scan of all would meet
        // them): a blossom kept from an earlier stage may hold most of the vertices.
        if (outside === null) {
          outside = [];
          for (let i = 0; i < this.count; i++) {
            const y = this.order[i]!;
            if (inblossom[y] !== b && label[inblossom[y]!] === 1) outside.push(y);
          }
        }
        const row = this.row;
        for (const x of this.leaves(c)) for (const y of outside) this.considerBestEdge(b, y < x ? row[x]! + y : row[y]! + x);
      } else {
        for (const kk of known!) this.considerBestEdge(b, kk);
      }
      this.blossombestedges[c] = null;
      this.bestedge[c] = -1;
    }
    // In the order of the S-blossoms' numbers, as a scan of all of them would give.
    bestToList.sort((x, y) => x - y);
    const list: number[] = [];
    for (const bj of bestToList) {
      list.push(bestTo[bj]!);
      bestTo[bj] = -1;
    }
    bestToList.length = 0;
    this.blossombestedges[b] = list;
    this.bestedge[b] = -1;
    for (const kk of list) {
      const d = this.slack(kk);
      if (this.bestedge[b] === -1 || d < this.bestSlack(b)) this.bestedge[b] = kk;
    }
  }

  /** Edge kk, if it leads from blossom b to another S-blossom, competes for the best edge to that blossom. */
  considerBestEdge(b: number, kk: number): void {
    if (!this.has[kk]) return;
    const { inblossom, bestTo } = this;
    let i = this.eu[kk]!;
    let j = this.ev[kk]!;
    if (inblossom[j] === b) {
      const t = i;
      i = j;
      j = t;
    }
    const bj = inblossom[j]!;
    if (bj === b || this.label[bj] !== 1) return;
    if (bestTo[bj] === -1) {
      bestTo[bj] = kk;
      this.bestToList.push(bj);
    } else if (this.slack(kk) < this.slack(bestTo[bj]!)) bestTo[bj] = kk;
  }

  /** Undoes blossom b: its children become top-level (at a stage's end, those with dual 0 expand too). */
  expandBlossom(b: number, endstage: boolean): void {
    for (const s of this.blossomchilds[b]!) {
      this.blossomparent[s] = -1;
      if (s < this.n) this.inblossom[s] = s;
      else if (endstage && this.dualvar[s] === 0n) this.expandBlossom(s, endstage);
      else for (const x of this.leaves(s)) this.inblossom[x] = s;
    }
    if (!endstage && this.label[b] === 2) this.relabelExpandedT(b);
    this.label[b] = -1;
    this.labelend[b] = -1;
    this.blossomchilds[b] = null;
    this.blossomendps[b] = null;
    this.blossombase[b] = -1;
    this.blossombestedges[b] = null;
    this.bestedge[b] = -1;
    this.unusedblossoms.push(b);
  }

  /**
   * An expanded T-blossom's children take its place in the forest: the even path from the entry child
   * to the base is labelled T and S in turn; the children off that path are free again, or T if an edge
   * into them was labelled.
   */
  relabelExpandedT(b: number): void {
    const { label, labelend } = this;
    const childs = this.blossomchilds[b]!;
    const endps = this.blossomendps[b]!;
    const len = childs.length;
    const entrychild = this.inblossom[this.endpoint(labelend[b]! ^ 1)]!;
    let j = childs.indexOf(entrychild);
    let jstep: number;
    let endptrick: number;
    if (j & 1) {
      j -= len;
      jstep = 1;
      endptrick = 0;
    } else {
      jstep = -1;
      endptrick = 1;
    }
    let p = labelend[b]!;
    while (j !== 0) {
      label[this.endpoint(p ^ 1)] = 0;
      label[this.endpoint(endps[cyclic(j - endptrick, len)]! ^ endptrick ^ 1)] = 0;
      this.assignLabel(this.endpoint(p ^ 1), 2, p);
      this.allowedge[endps[cyclic(j - endptrick, len)]! >> 1] = 1;
      j += jstep;
      p = endps[cyclic(j - endptrick, len)]! ^ endptrick;
      this.allowedge[p >> 1] = 1;
      j += jstep;
    }
    const bv = childs[cyclic(j, len)]!;
    label[this.endpoint(p ^ 1)] = 2;
    label[bv] = 2;
    labelend[this.endpoint(p ^ 1)] = p;
    labelend[bv] = p;
    this.bestedge[bv] = -1;
    j += jstep;
    while (childs[cyclic(j, len)] !== entrychild) {
      const bvv = childs[cyclic(j, len)]!;
      if (label[bvv] === 1) {
        j += jstep;
        continue;
      }
      let found = -1;
      for (const x of this.leaves(bvv)) {
        if (label[x] !== 0) {
          found = x;
          break;
        }
      }
      if (found !== -1) {
        label[found] = 0;
        label[this.endpoint(this.mateP[this.blossombase[bvv]!]!)] = 0;
        this.assignLabel(found, 2, labelend[found]!);
      }
      j += jstep;
    }
  }

  // --- Augmenting ---

  /** Swaps matched and unmatched edges on the even path from vertex v to blossom b's base; v becomes its base. */
  augmentBlossom(b: number, v: number): void {
    let t = v;
    while (this.blossomparent[t] !== b) t = this.blossomparent[t]!;
    if (t >= this.n) this.augmentBlossom(t, v);
    const childs = this.blossomchilds[b]!;
    const endps = this.blossomendps[b]!;
    const len = childs.length;
    const i = childs.indexOf(t);
    let j = i;
    let jstep: number;
    let endptrick: number;
    if (i & 1) {
      j -= len;
      jstep = 1;
      endptrick = 0;
    } else {
      jstep = -1;
      endptrick = 1;
    }
    while (j !== 0) {
      j += jstep;
      let tt = childs[cyclic(j, len)]!;
      const p = endps[cyclic(j - endptrick, len)]! ^ endptrick;
      if (tt >= this.n) this.augmentBlossom(tt, this.endpoint(p));
      j += jstep;
      tt = childs[cyclic(j, len)]!;
      if (tt >= this.n) this.augmentBlossom(tt, this.endpoint(p ^ 1));
      this.mateP[this.endpoint(p)] = p ^ 1;
      this.mateP[this.endpoint(p ^ 1)] = p;
    }
    this.blossomchilds[b] = [...childs.slice(i), ...childs.slice(0, i)];
    this.blossomendps[b] = [...endps.slice(i), ...endps.slice(0, i)];
    this.blossombase[b] = this.blossombase[this.blossomchilds[b]![0]!]!;
  }

  /** Augments along the path through edge k between two S-trees, back to both roots. */
  augmentMatching(k: number): void {
    const { inblossom, labelend, mateP } = this;
    for (const [s0, p0] of [
      [this.eu[k]!, 2 * k + 1],
      [this.ev[k]!, 2 * k],
    ] as const) {
      let s = s0;
      let p = p0;
      for (;;) {
        const bs = inblossom[s]!;
        if (bs >= this.n) this.augmentBlossom(bs, s);
        mateP[s] = p;
        if (labelend[bs] === -1) break;
        const t = this.endpoint(labelend[bs]!);
        const bt = inblossom[t]!;
        s = this.endpoint(labelend[bt]!);
        const j = this.endpoint(labelend[bt]! ^ 1);
        if (bt >= this.n) this.augmentBlossom(bt, j);
        mateP[j] = labelend[bt]!;
        p = labelend[bt]! ^ 1;
      }
    }
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
