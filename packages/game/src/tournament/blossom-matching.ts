/**
 * The blossom algorithm's state and the steps on it that the search
 * (blossom-solver.ts) calls: the matching, its nested blossoms and their
 * duals over n vertices; labelling the alternating forest (`assignLabel`);
 * shrinking an odd cycle into a blossom (`scanBlossom`, `addBlossom` with
 * `keepBestEdges`) and undoing one (`expandBlossom`, `relabelExpandedT`);
 * augmenting along a path through blossoms (`augmentMatching`,
 * `augmentBlossom`). Edmonds' algorithm as Galil describes it (1986);
 * weighted-matching.ts is the API.
 */

/** Vertex pairs (u > v) numbered densely: edge k joins eu[k] and ev[k]. */
export const edgeIndex = (u: number, v: number): number => (u > v ? (u * (u - 1)) / 2 + v : (v * (v - 1)) / 2 + u);

/** i modulo len, never negative: the walks round a blossom's cycle step both ways. */
const cyclic = (i: number, len: number): number => ((i % len) + len) % len;

/**
 * The matching, its blossoms and its duals over n vertices. Vertices are
 * 0..n-1, blossoms n..2n-1; edge k's endpoint p is p>>1's vertex on side p&1
 * (0: eu, 1: ev). Labels: 0 free, 1 S (outer), 2 T (inner); -1 an unused
 * blossom; 5 (S with bit 4) marks a blossom on scanBlossom's path.
 */
export class BlossomMatching {
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

  // --- Labelling the forest ---

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
}
