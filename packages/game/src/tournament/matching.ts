/**
 * Maximum-cardinality matching in a general graph (Edmonds' blossom
 * algorithm, augmenting paths found by breadth-first search, O(V³)).
 * Swiss pairing uses it to tell whether the players left after a bracket
 * can all still be paired (FIDE C.04.3 criterion C4) and how many pairs a
 * bracket can make at most.
 */

/** Returns `mate[v]` (the vertex matched to v, or -1) for vertices 0..n-1 with neighbours `adj`. */
export function maxMatching(n: number, adj: readonly (readonly number[])[]): Int32Array {
  const mate = new Int32Array(n).fill(-1);
  const parent = new Int32Array(n);
  const base = new Int32Array(n);
  const inQueue = new Uint8Array(n);
  const inBlossom = new Uint8Array(n);
  const seen = new Uint8Array(n);
  const queue = new Int32Array(n);

  // A greedy start leaves fewer augmenting paths to find.
  for (let v = 0; v < n; v++) {
    if (mate[v] !== -1) continue;
    for (const w of adj[v]!) {
      if (mate[w] === -1 && w !== v) {
        mate[v] = w;
        mate[w] = v;
        break;
      }
    }
  }

  const commonBase = (a: number, b: number): number => {
    seen.fill(0);
    for (;;) {
      a = base[a]!;
      seen[a] = 1;
      if (mate[a] === -1) break;
      a = parent[mate[a]!]!;
    }
    for (;;) {
      b = base[b]!;
      if (seen[b]) return b;
      b = parent[mate[b]!]!;
    }
  };

  const markPath = (v: number, b: number, child: number): void => {
    while (base[v] !== b) {
      inBlossom[base[v]!] = 1;
      inBlossom[base[mate[v]!]!] = 1;
      parent[v] = child;
      child = mate[v]!;
      v = parent[mate[v]!]!;
    }
  };

  const augmentFrom = (root: number): number => {
    parent.fill(-1);
    inQueue.fill(0);
    for (let i = 0; i < n; i++) base[i] = i;
    let head = 0;
    let tail = 0;
    queue[tail++] = root;
    inQueue[root] = 1;
    while (head < tail) {
      const v = queue[head++]!;
      for (const to of adj[v]!) {
        if (base[v] === base[to] || mate[v] === to) continue;
        if (to === root || (mate[to] !== -1 && parent[mate[to]!] !== -1)) {
          const b = commonBase(v, to);
          inBlossom.fill(0);
          markPath(v, b, to);
          markPath(to, b, v);
          for (let i = 0; i < n; i++) {
            if (inBlossom[base[i]!]) {
              base[i] = b;
              if (!inQueue[i]) {
                inQueue[i] = 1;
                queue[tail++] = i;
              }
            }
          }
        } else if (parent[to] === -1) {
          parent[to] = v;
          if (mate[to] === -1) return to;
          const next = mate[to]!;
          inQueue[next] = 1;
          queue[tail++] = next;
        }
      }
    }
    return -1;
  };

  for (let v = 0; v < n; v++) {
    if (mate[v] !== -1) continue;
    let end = augmentFrom(v);
    while (end !== -1) {
      const p = parent[end]!;
      const next = mate[p]!;
      mate[end] = p;
      mate[p] = end;
      end = next;
    }
  }
  return mate;
}

/** The number of pairs in a matching returned by `maxMatching`. */
export function matchingSize(mate: Int32Array): number {
  let m = 0;
  for (const w of mate) if (w !== -1) m++;
  return m / 2;
}
