/**
 * Maximum-weight matching in a general graph: Edmonds' blossom algorithm
 * with dual variables (primal-dual, O(n³)), as described by Galil ("Efficient
 * algorithms for finding maximum matching in graphs", 1986). Weights are
 * BigInt: the Dutch Swiss packs its criteria into one weight, wider than a
 * double holds exactly. Weight 0 means "no edge".
 */

/**
 * Returns `mate[v]` (-1 when unmatched) of a matching of maximum total weight
 * for `n` vertices; `weight(u, v)` (u > v) is read once per pair.
 */
export function maxWeightMatching(n: number, weight: (u: number, v: number) => bigint): Int32Array {
  const mate = new Int32Array(n).fill(-1);
  if (n < 2) return mate;
  // Edges: endpoints and doubled weights (doubling keeps every dual change an integer).
  const eu: number[] = [];
  const ev: number[] = [];
  const ew: bigint[] = [];
  let maxW = 0n;
  for (let u = 1; u < n; u++) {
    for (let v = 0; v < u; v++) {
      const w = weight(u, v);
      if (w > 0n) {
        eu.push(u);
        ev.push(v);
        ew.push(w * 2n);
        if (w * 2n > maxW) maxW = w * 2n;
      }
    }
  }
  const m = eu.length;
  if (m === 0) return mate;
  // endpoint p: vertex of edge p>>1, side p&1 (0: eu, 1: ev).
  const endpoint = (p: number): number => (p & 1 ? ev[p >> 1]! : eu[p >> 1]!);
  const neighbend: number[][] = Array.from({ length: n }, () => []);
  for (let k = 0; k < m; k++) {
    neighbend[eu[k]!]!.push(2 * k + 1);
    neighbend[ev[k]!]!.push(2 * k);
  }
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
  for (let v = 0; v < n; v++) dualvar[v] = maxW;
  const allowedge = new Uint8Array(m);
  let queue: number[] = [];

  const ew2 = ew.map((w) => w * 2n);
  const slack = (k: number): bigint => dualvar[eu[k]!]! + dualvar[ev[k]!]! - ew2[k]!;

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
    const bestedgeto = new Int32Array(nb).fill(-1);
    for (const c of path) {
      let nblists: number[][];
      if (blossombestedges[c] === null) {
        nblists = leaves(c).map((x) => neighbend[x]!.map((p) => p >> 1));
      } else {
        nblists = [blossombestedges[c]!];
      }
      for (const list of nblists) {
        for (const kk of list) {
          let i = eu[kk]!;
          let j = ev[kk]!;
          if (inblossom[j] === b) {
            const t = i;
            i = j;
            j = t;
          }
          const bj = inblossom[j]!;
          if (bj !== b && label[bj] === 1 && (bestedgeto[bj] === -1 || slack(kk) < slack(bestedgeto[bj]!))) bestedgeto[bj] = kk;
        }
      }
      blossombestedges[c] = null;
      bestedge[c] = -1;
    }
    const list: number[] = [];
    for (const kk of bestedgeto) if (kk !== -1) list.push(kk);
    blossombestedges[b] = list;
    bestedge[b] = -1;
    for (const kk of list) if (bestedge[b] === -1 || slack(kk) < slack(bestedge[b]!)) bestedge[b] = kk;
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

  for (let stage = 0; stage < n; stage++) {
    label.fill(0);
    bestedge.fill(-1);
    for (let b = n; b < nb; b++) blossombestedges[b] = null;
    allowedge.fill(0);
    queue = [];
    for (let v = 0; v < n; v++) if (mateP[v] === -1 && label[inblossom[v]!] === 0) assignLabel(v, 1, -1);
    let augmented = false;
    for (;;) {
      while (queue.length > 0 && !augmented) {
        const v = queue.pop()!;
        for (const p of neighbend[v]!) {
          const k = p >> 1;
          const w = endpoint(p);
          if (inblossom[v] === inblossom[w]) continue;
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
            if (bestedge[b] === -1 || kslack < slack(bestedge[b]!)) bestedge[b] = k;
          } else if (label[w] === 0) {
            if (bestedge[w] === -1 || kslack < slack(bestedge[w]!)) bestedge[w] = k;
          }
        }
      }
      if (augmented) break;
      // No augmenting path under the current duals: change them.
      let deltatype = 1;
      let delta = dualvar[0]!;
      for (let v = 1; v < n; v++) if (dualvar[v]! < delta) delta = dualvar[v]!;
      let deltaedge = -1;
      let deltablossom = -1;
      for (let v = 0; v < n; v++) {
        if (label[inblossom[v]!] === 0 && bestedge[v] !== -1) {
          const d = slack(bestedge[v]!);
          if (d < delta) {
            delta = d;
            deltatype = 2;
            deltaedge = bestedge[v]!;
          }
        }
      }
      for (let b = 0; b < nb; b++) {
        if (blossomparent[b] === -1 && label[b] === 1 && bestedge[b] !== -1) {
          const d = slack(bestedge[b]!) / 2n;
          if (d < delta) {
            delta = d;
            deltatype = 3;
            deltaedge = bestedge[b]!;
          }
        }
      }
      for (let b = n; b < nb; b++) {
        if (blossombase[b]! >= 0 && blossomparent[b] === -1 && label[b] === 2 && dualvar[b]! < delta) {
          delta = dualvar[b]!;
          deltatype = 4;
          deltablossom = b;
        }
      }
      for (let v = 0; v < n; v++) {
        const l = label[inblossom[v]!];
        if (l === 1) dualvar[v] = dualvar[v]! - delta;
        else if (l === 2) dualvar[v] = dualvar[v]! + delta;
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
    for (let b = n; b < nb; b++) {
      if (blossomparent[b] === -1 && blossombase[b]! >= 0 && label[b] === 1 && dualvar[b] === 0n) expandBlossom(b, true);
    }
  }
  for (let v = 0; v < n; v++) if (mateP[v] !== -1) mate[v] = endpoint(mateP[v]!);
  return mate;
}
