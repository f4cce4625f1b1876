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
 */

/** Vertex pairs (u > v) numbered densely: edge k joins eu[k] and ev[k]. */
const edgeIndex = (u: number, v: number): number => (u > v ? (u * (u - 1)) / 2 + v : (v * (v - 1)) / 2 + u);

function core(n: number) {
  const m = (n * (n - 1)) / 2;
  const eu = new Int32Array(m);
  const ev = new Int32Array(m);
  for (let u = 1; u < n; u++) {
    for (let v = 0; v < u; v++) {
      const k = edgeIndex(u, v);
      eu[k] = u;
      ev[k] = v;
    }
  }
  // Four times the weight: duals are twice the usual ones, and every dual change stays an integer.
  const w4: bigint[] = new Array(m).fill(0n);
  // Whether edge k exists (weight not 0): cheaper to test than the BigInt.
  const has = new Uint8Array(m);
  const active = new Uint8Array(n).fill(1);
  // endpoint p: vertex of edge p>>1, side p&1 (0: eu, 1: ev).
  const endpoint = (p: number): number => (p & 1 ? ev[p >> 1]! : eu[p >> 1]!);
  // The vertices still in the graph, in increasing order: the neighbours scanned (vertices removed for
  // good are most of them by a round's end).
  const order = Int32Array.from({ length: n }, (_, v) => v);
  let count = n;
  // Edge index of u-v: row[max] + min.
  const row = Int32Array.from({ length: n }, (_, v) => (v * (v - 1)) / 2);
  // mateP[v]: the remote endpoint of v's matched edge, or -1.
  const mateP = new Int32Array(n).fill(-1);
  const nb = 2 * n;
  const label = new Int8Array(nb);
  const labelend = new Int32Array(nb).fill(-1);
  const inblossom = new Int32Array(n);
  for (let v = 0; v < n; v++) inblossom[v] = v;
  const blossomparent = new Int32Array(nb).fill(-1);
  const blossomchilds: (number[] | null)[] = new Array(nb).fill(null);
  const blossomendps: (number[] | null)[] = new Array(nb).fill(null);
  const blossombase = new Int32Array(nb).fill(-1);
  for (let v = 0; v < n; v++) blossombase[v] = v;
  const bestedge = new Int32Array(nb).fill(-1);
  const blossombestedges: (number[] | null)[] = new Array(nb).fill(null);
  const unusedblossoms: number[] = [];
  for (let b = n; b < nb; b++) unusedblossoms.push(b);
  const dualvar: bigint[] = new Array(nb).fill(0n);
  const allowedge = new Uint8Array(m);
  let queue: number[] = [];

  // Each edge's slack is kept until a dual of one of its ends (or its weight) next changes: dualAt[v] is
  // when v's dual last changed, slackAt[k] when k's slack was computed (0: not computed), on one clock.
  // Between solves only the vertices touched change, so most edges keep their slack.
  let clock = 1;
  const dualAt = new Int32Array(n).fill(1);
  const slackAt = new Int32Array(m);
  const slackValue: bigint[] = new Array(m).fill(0n);
  const slack = (k: number): bigint => {
    const t = slackAt[k]!;
    const u = eu[k]!;
    const v = ev[k]!;
    if (t >= dualAt[u]! && t >= dualAt[v]!) return slackValue[k]!;
    const s = dualvar[u]! + dualvar[v]! - w4[k]!;
    slackValue[k] = s;
    slackAt[k] = clock;
    return s;
  };
  const setDual = (v: number, y: bigint): void => {
    dualvar[v] = y;
    dualAt[v] = ++clock;
  };
  // The slack of bestedge[x] (kept with the edge's).
  const bestSlack = (x: number): bigint => slack(bestedge[x]!);
  const setBest = (x: number, k: number): void => {
    bestedge[x] = k;
  };

  // addBlossom's best edge to each S-blossom (-1: none yet), and the blossoms it has one to.
  const bestTo = new Int32Array(nb).fill(-1);
  const bestToList: number[] = [];
  const blossomLeaves = (b: number, out: number[]): void => {
    if (b < n) out.push(b);
    else for (const t of blossomchilds[b]!) blossomLeaves(t, out);
  };
  const leaves = (b: number): number[] => {
    const out: number[] = [];
    blossomLeaves(b, out);
    return out;
  };

  const assignLabel = (w: number, t: number, p: number): void => {
    const b = inblossom[w]!;
    label[w] = t;
    label[b] = t;
    labelend[w] = p;
    labelend[b] = p;
    bestedge[w] = -1;
    bestedge[b] = -1;
    if (t === 1) {
      queue.push(...leaves(b));
    } else {
      const base = blossombase[b]!;
      assignLabel(endpoint(mateP[base]!), 1, mateP[base]! ^ 1);
    }
  };

  const scanBlossom = (v0: number, w0: number): number => {
    const path: number[] = [];
    let base = -1;
    let v = v0;
    let w = w0;
    while (v !== -1 || w !== -1) {
      let b = inblossom[v]!;
      if (label[b]! & 4) {
        base = blossombase[b]!;
        break;
      }
      path.push(b);
      label[b] = 5;
      if (labelend[b] === -1) v = -1;
      else {
        v = endpoint(labelend[b]!);
        b = inblossom[v]!;
        v = endpoint(labelend[b]!);
      }
      if (w !== -1) {
        const t = v;
        v = w;
        w = t;
      }
    }
    for (const b of path) label[b] = 1;
    return base;
  };

  const addBlossom = (base: number, k: number): void => {
    let v = eu[k]!;
    let w = ev[k]!;
    const bb = inblossom[base]!;
    let bv = inblossom[v]!;
    let bw = inblossom[w]!;
    const b = unusedblossoms.pop()!;
    blossombase[b] = base;
    blossomparent[b] = -1;
    blossomparent[bb] = b;
    const path: number[] = [];
    const endps: number[] = [];
    while (bv !== bb) {
      blossomparent[bv] = b;
      path.push(bv);
      endps.push(labelend[bv]!);
      v = endpoint(labelend[bv]!);
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
      w = endpoint(labelend[bw]!);
      bw = inblossom[w]!;
    }
    blossomchilds[b] = path;
    blossomendps[b] = endps;
    label[b] = 1;
    labelend[b] = labelend[bb]!;
    dualvar[b] = 0n;
    for (const x of leaves(b)) {
      if (label[inblossom[x]!] === 2) queue.push(x);
      inblossom[x] = b;
    }
    let outside: number[] | null = null;
    for (const c of path) {
      const consider = (kk: number): void => {
        if (!has[kk]) return;
        let i = eu[kk]!;
        let j = ev[kk]!;
        if (inblossom[j] === b) {
          const t = i;
          i = j;
          j = t;
        }
        const bj = inblossom[j]!;
        if (bj === b || label[bj] !== 1) return;
        if (bestTo[bj] === -1) {
          bestTo[bj] = kk;
          bestToList.push(bj);
        } else if (slack(kk) < slack(bestTo[bj]!)) bestTo[bj] = kk;
      };
      const known = blossombestedges[c];
      if (known === null) {
        // Only edges to S-vertices outside b count (in increasing order, as a scan of all would meet
        // them): a blossom kept from an earlier stage may hold most of the vertices.
        if (outside === null) {
          outside = [];
          for (let i = 0; i < count; i++) {
            const y = order[i]!;
            if (inblossom[y] !== b && label[inblossom[y]!] === 1) outside.push(y);
          }
        }
        for (const x of leaves(c)) for (const y of outside) consider(y < x ? row[x]! + y : row[y]! + x);
      } else {
        for (const kk of known!) consider(kk);
      }
      blossombestedges[c] = null;
      bestedge[c] = -1;
    }
    // In the order of the S-blossoms' numbers, as a scan of all of them would give.
    bestToList.sort((x, y) => x - y);
    const list: number[] = [];
    for (const bj of bestToList) {
      list.push(bestTo[bj]!);
      bestTo[bj] = -1;
    }
    bestToList.length = 0;
    blossombestedges[b] = list;
    bestedge[b] = -1;
    for (const kk of list) {
      const d = slack(kk);
      if (bestedge[b] === -1 || d < bestSlack(b)) setBest(b, kk);
    }
  };

  const expandBlossom = (b: number, endstage: boolean): void => {
    for (const s of blossomchilds[b]!) {
      blossomparent[s] = -1;
      if (s < n) inblossom[s] = s;
      else if (endstage && dualvar[s] === 0n) expandBlossom(s, endstage);
      else for (const x of leaves(s)) inblossom[x] = s;
    }
    if (!endstage && label[b] === 2) {
      const childs = blossomchilds[b]!;
      const endps = blossomendps[b]!;
      const len = childs.length;
      const at = (i: number) => ((i % len) + len) % len;
      const entrychild = inblossom[endpoint(labelend[b]! ^ 1)]!;
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
        label[endpoint(p ^ 1)] = 0;
        label[endpoint(endps[at(j - endptrick)]! ^ endptrick ^ 1)] = 0;
        assignLabel(endpoint(p ^ 1), 2, p);
        allowedge[endps[at(j - endptrick)]! >> 1] = 1;
        j += jstep;
        p = endps[at(j - endptrick)]! ^ endptrick;
        allowedge[p >> 1] = 1;
        j += jstep;
      }
      const bv = childs[at(j)]!;
      label[endpoint(p ^ 1)] = 2;
      label[bv] = 2;
      labelend[endpoint(p ^ 1)] = p;
      labelend[bv] = p;
      bestedge[bv] = -1;
      j += jstep;
      while (childs[at(j)] !== entrychild) {
        const bvv = childs[at(j)]!;
        if (label[bvv] === 1) {
          j += jstep;
          continue;
        }
        let found = -1;
        for (const x of leaves(bvv)) {
          if (label[x] !== 0) {
            found = x;
            break;
          }
        }
        if (found !== -1) {
          label[found] = 0;
          label[endpoint(mateP[blossombase[bvv]!]!)] = 0;
          assignLabel(found, 2, labelend[found]!);
        }
        j += jstep;
      }
    }
    label[b] = -1;
    labelend[b] = -1;
    blossomchilds[b] = null;
    blossomendps[b] = null;
    blossombase[b] = -1;
    blossombestedges[b] = null;
    bestedge[b] = -1;
    unusedblossoms.push(b);
  };

  const augmentBlossom = (b: number, v: number): void => {
    let t = v;
    while (blossomparent[t] !== b) t = blossomparent[t]!;
    if (t >= n) augmentBlossom(t, v);
    const childs = blossomchilds[b]!;
    const endps = blossomendps[b]!;
    const len = childs.length;
    const at = (i: number) => ((i % len) + len) % len;
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
      let tt = childs[at(j)]!;
      const p = endps[at(j - endptrick)]! ^ endptrick;
      if (tt >= n) augmentBlossom(tt, endpoint(p));
      j += jstep;
      tt = childs[at(j)]!;
      if (tt >= n) augmentBlossom(tt, endpoint(p ^ 1));
      mateP[endpoint(p)] = p ^ 1;
      mateP[endpoint(p ^ 1)] = p;
    }
    blossomchilds[b] = [...childs.slice(i), ...childs.slice(0, i)];
    blossomendps[b] = [...endps.slice(i), ...endps.slice(0, i)];
    blossombase[b] = blossombase[blossomchilds[b]![0]!]!;
  };

  const augmentMatching = (k: number): void => {
    for (const [s0, p0] of [
      [eu[k]!, 2 * k + 1],
      [ev[k]!, 2 * k],
    ] as const) {
      let s = s0;
      let p = p0;
      for (;;) {
        const bs = inblossom[s]!;
        if (bs >= n) augmentBlossom(bs, s);
        mateP[s] = p;
        if (labelend[bs] === -1) break;
        const t = endpoint(labelend[bs]!);
        const bt = inblossom[t]!;
        s = endpoint(labelend[bt]!);
        const j = endpoint(labelend[bt]! ^ 1);
        if (bt >= n) augmentBlossom(bt, j);
        mateP[j] = labelend[bt]!;
        p = labelend[bt]! ^ 1;
      }
    }
  };

  const runStages = (maxCardinality: boolean): void => {
    for (let stage = 0; stage <= n; stage++) {
      label.fill(0);
      bestedge.fill(-1);
      for (let b = n; b < nb; b++) blossombestedges[b] = null;
      allowedge.fill(0);
      queue = [];
      for (let v = 0; v < n; v++) if (active[v] && mateP[v] === -1 && label[inblossom[v]!] === 0) assignLabel(v, 1, -1);
      let augmented = false;
      for (;;) {
        while (queue.length > 0 && !augmented) {
          const v = queue.pop()!;
          for (let i = 0; i < count; i++) {
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
              kslack = slack(k);
              if (kslack <= 0n) allowedge[k] = 1;
            }
            if (allowedge[k]) {
              if (label[inblossom[w]!] === 0) assignLabel(w, 2, p ^ 1);
              else if (label[inblossom[w]!] === 1) {
                const base = scanBlossom(v, w);
                if (base >= 0) addBlossom(base, k);
                else {
                  augmentMatching(k);
                  augmented = true;
                  break;
                }
              } else if (label[w] === 0) {
                label[w] = 2;
                labelend[w] = p ^ 1;
              }
            } else if (label[inblossom[w]!] === 1) {
              const b = inblossom[v]!;
              if (bestedge[b] === -1 || kslack < bestSlack(b)) setBest(b, k);
            } else if (label[w] === 0) {
              if (bestedge[w] === -1 || kslack < bestSlack(w)) setBest(w, k);
            }
          }
        }
        if (augmented) break;
        // No augmenting path under the current duals: change them.
        let deltatype = -1;
        let delta = 0n;
        if (!maxCardinality) {
          deltatype = 1;
          delta = dualvar[0]!;
          for (let v = 1; v < n; v++) if (dualvar[v]! < delta) delta = dualvar[v]!;
        }
        let deltaedge = -1;
        let deltablossom = -1;
        for (let v = 0; v < n; v++) {
          if (label[inblossom[v]!] === 0 && bestedge[v] !== -1) {
            const d = bestSlack(v);
            if (deltatype === -1 || d < delta) {
              delta = d;
              deltatype = 2;
              deltaedge = bestedge[v]!;
            }
          }
        }
        for (let b = 0; b < nb; b++) {
          if (blossomparent[b] === -1 && label[b] === 1 && bestedge[b] !== -1) {
            const d = bestSlack(b) / 2n;
            if (deltatype === -1 || d < delta) {
              delta = d;
              deltatype = 3;
              deltaedge = bestedge[b]!;
            }
          }
        }
        for (let b = n; b < nb; b++) {
          if (blossombase[b]! >= 0 && blossomparent[b] === -1 && label[b] === 2 && (deltatype === -1 || dualvar[b]! < delta)) {
            delta = dualvar[b]!;
            deltatype = 4;
            deltablossom = b;
          }
        }
        // Max-cardinality: no delta left means no augmenting path at all.
        if (deltatype === -1) break;
        clock++;
        for (let v = 0; v < n; v++) {
          const l = label[inblossom[v]!];
          if (l === 1) dualvar[v] = dualvar[v]! - delta;
          else if (l === 2) dualvar[v] = dualvar[v]! + delta;
          else continue;
          dualAt[v] = clock;
        }
        for (let b = n; b < nb; b++) {
          if (blossombase[b]! >= 0 && blossomparent[b] === -1) {
            if (label[b] === 1) dualvar[b] = dualvar[b]! + delta;
            else if (label[b] === 2) dualvar[b] = dualvar[b]! - delta;
          }
        }
        if (deltatype === 1) break;
        if (deltatype === 2) {
          allowedge[deltaedge] = 1;
          let i = eu[deltaedge]!;
          const j = ev[deltaedge]!;
          if (label[inblossom[i]!] === 0) i = j;
          queue.push(i);
        } else if (deltatype === 3) {
          allowedge[deltaedge] = 1;
          queue.push(eu[deltaedge]!);
        } else {
          expandBlossom(deltablossom, false);
        }
      }
      if (!augmented) break;
      // Galil expands the S-blossoms whose dual is 0 here. Keeping them is as valid (their edges stay
      // tight; one that becomes a T-blossom with dual 0 is expanded at once by a zero dual step) and
      // saves forming them again in the next stage: 11,269 blossoms formed in the 197-player bench
      // tournament's 9 rounds before, 2,951 after.
    }
  };

  /** Takes the blossom apart: its dual goes to its vertices; the matched edge at its base is no longer tight. */
  const dissolveTop = (b: number): void => {
    const z = dualvar[b]!;
    if (z !== 0n) {
      for (const x of leaves(b)) setDual(x, dualvar[x]! + z);
      const base = blossombase[b]!;
      if (mateP[base] !== -1) {
        const u = endpoint(mateP[base]!);
        mateP[u] = -1;
        mateP[base] = -1;
      }
    }
    for (const c of blossomchilds[b]!) {
      blossomparent[c] = -1;
      if (c < n) inblossom[c] = c;
      else for (const x of leaves(c)) inblossom[x] = c;
    }
    label[b] = 0;
    labelend[b] = -1;
    blossomchilds[b] = null;
    blossomendps[b] = null;
    blossombase[b] = -1;
    blossombestedges[b] = null;
    bestedge[b] = -1;
    dualvar[b] = 0n;
    unusedblossoms.push(b);
  };
  /** Makes v a single unmatched vertex. */
  const release = (v: number): void => {
    while (inblossom[v] !== v) dissolveTop(inblossom[v]!);
    if (mateP[v] !== -1) {
      const u = endpoint(mateP[v]!);
      mateP[u] = -1;
      mateP[v] = -1;
    }
  };
  const dirty = new Uint8Array(n).fill(1);
  /** The least dual that keeps v's edges feasible (v in no blossom). */
  // With `seen` (what u needed at clock `at`, kept by `keep`), only the vertices whose duals changed since
  // are worked out again.
  const needed = (v: number, keep?: bigint[], seen?: readonly bigint[], at = 0): bigint | null => {
    let y: bigint | null = null;
    for (let i = 0; i < count; i++) {
      const u = order[i]!;
      if (u === v) continue;
      const k = u < v ? row[v]! + u : row[u]! + v;
      if (!has[k]) continue;
      const need = seen !== undefined && dualAt[u]! <= at ? seen[u]! : w4[k]! - dualvar[u]!;
      if (keep !== undefined) keep[u] = need;
      if (y === null || need > y) y = need;
    }
    return y;
  };
  const solve = (maxCardinality: boolean): void => {
    const touched: number[] = [];
    for (let v = 0; v < n; v++) if (dirty[v] && active[v]) touched.push(v);
    // One in a blossom is taken out of it.
    for (const v of touched) if (inblossom[v] !== v) release(v);
    // One still matched keeps its pair if a dual keeps every edge feasible and the pair tight.
    const released: number[] = [];
    // What each released vertex's edges needed when it was looked at, and when (most duals are unchanged
    // by the time its own is set).
    const seen = new Map<number, { at: number; need: bigint[] }>();
    for (const v of touched) {
      if (mateP[v] !== -1 && has[mateP[v]! >> 1]) {
        const k = mateP[v]! >> 1;
        const target = w4[k]! - dualvar[endpoint(mateP[v]!)]!;
        const keep: bigint[] = [];
        const at = clock;
        const need = needed(v, keep);
        if (need === null || need <= target) {
          setDual(v, target);
          continue;
        }
        seen.set(v, { at, need: keep });
      }
      release(v);
      released.push(v);
    }
    // The others: the least dual that keeps their edges feasible.
    for (const v of released) {
      const first = seen.get(v);
      setDual(v, (first === undefined ? needed(v) : needed(v, undefined, first.need, first.at)) ?? 0n);
    }
    dirty.fill(0);
    runStages(maxCardinality);
  };
  return {
    get: (u: number, v: number): bigint => w4[edgeIndex(u, v)]! / 4n,
    /** Sets a weight; `owner` is the vertex released if the solution no longer holds. */
    set: (owner: number, other: number, w: bigint): void => {
      const k = edgeIndex(owner, other);
      const nw = w * 4n;
      const old = w4[k]!;
      if (nw === old) return;
      w4[k] = nw;
      has[k] = nw === 0n ? 0 : 1;
      slackAt[k] = 0;
      const matched = mateP[owner] !== -1 && endpoint(mateP[owner]!) === other;
      // Either end, once released, puts the edge right: the other end may be released already.
      if ((matched || inblossom[owner] === inblossom[other] || (nw > old && dualvar[owner]! + dualvar[other]! < nw)) && !dirty[other]) dirty[owner] = 1;
    },
    /** Takes v out of the graph for good (its pair is settled). */
    remove: (v: number): void => {
      while (inblossom[v] !== v) dissolveTop(inblossom[v]!);
      active[v] = 0;
      const i = order.indexOf(v);
      if (i !== -1) {
        order.copyWithin(i, i + 1, count);
        count--;
      }
    },
    solve,
    runStagesPlain: (): void => runStages(false),
    /** mate[v]: the vertex matched to v, or -1. */
    mates: (): Int32Array => {
      const out = new Int32Array(n).fill(-1);
      for (let v = 0; v < n; v++) if (active[v] && mateP[v] !== -1) out[v] = endpoint(mateP[v]!);
      return out;
    },
    setDuals: (y: bigint): void => {
      for (let v = 0; v < n; v++) setDual(v, y);
      dirty.fill(0);
    },
  };
}

/**
 * Returns `mate[v]` (-1 when unmatched) of a matching of maximum total weight
 * for `n` vertices; `weight(u, v)` (u > v) is read once per pair.
 */
export function maxWeightMatching(n: number, weight: (u: number, v: number) => bigint): Int32Array {
  if (n < 2) return new Int32Array(n).fill(-1);
  const c = core(n);
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
  c.runStagesPlain();
  return c.mates();
}

/**
 * A maximum-weight perfect matching, kept up to date as weights change: set
 * them, then `solve()`. Exact when a perfect matching exists (the Dutch
 * Swiss adds a vertex for the bye); otherwise a maximum-cardinality one, not
 * necessarily of the best weight.
 */
export class Matcher {
  readonly #c: ReturnType<typeof core>;
  constructor(readonly n: number) {
    this.#c = core(Math.max(n, 1));
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
