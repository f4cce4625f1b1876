/**
 * The Dutch system's brackets (dutch.ts pairs the round): `Brackets` settles
 * them one after another, the moved-down players first, then the remainder's
 * exchanges (D.2) and transpositions (D.1), each choice one more matching
 * with one player's edges nudged in the lowest bits (dutch-weights.ts packs
 * the rest).
 */
import type { Players } from './dutch-players.ts';
import type { EdgeWeights } from './dutch-weights.ts';
import { Matcher } from './weighted-matching.ts';

/**
 * The brackets, settled from the top down over one weighted matching: in each, the moved-down players
 * to pair and their opponents, then the remainder's exchanges and transpositions. Each choice is fixed
 * (the pair leaves the graph) before the next.
 */
export class Brackets {
  readonly n: number;
  // One vertex per player, and with an odd number one more for the bye: every matching sought is perfect.
  readonly W: Matcher;
  readonly dummy: number;
  /** Pairs fixed so far (they leave the graph): fixed[v] is v's opponent, or -1. */
  readonly fixed: Int32Array;
  /** Players paired, or chosen to be paired, in their bracket. */
  readonly matched: Uint8Array;
  readonly sgBits: bigint;
  // P: the players of the current bracket (moved-down ones first) and of the next score group, by rank.
  P: number[] = [];
  /** The next player, by rank, not yet in P. */
  next = 0;
  /** How many of P were moved down into this bracket. */
  mdpCount = 0;
  /** The first vertex of this bracket's own score group, and of the next one. */
  groupBegin = 0;
  nextBeginV = 0;
  /** Where the next score group starts in P, and its first player. */
  nextBegin = 0;
  groupStart = 0;
  /** base[l][h]: the weight of P[h]-P[l] (h < l) before any choice nudges it; 0 once ruled out. */
  base: bigint[][] = [];
  /** The best matching at hand (see solve), found again as each bracket opens. */
  mate: Int32Array = new Int32Array(0);
  /** The remainder: indexes in P of the residents not paired with a moved-down player; its first remPairs form S1. */
  rem: number[] = [];
  remPairs = 0;

  constructor(
    readonly p: Players,
    readonly weights: EdgeWeights,
  ) {
    const n = p.n;
    this.n = n;
    this.sgBits = weights.g.sgBits;
    this.W = new Matcher(n % 2 === 1 ? n + 1 : n);
    this.dummy = n % 2 === 1 ? n : -1;
    if (this.dummy !== -1) for (let v = 0; v < n; v++) this.W.set(this.dummy, v, 1n);
    this.fixed = new Int32Array(n).fill(-1);
    this.matched = new Uint8Array(n);
    for (let l = 1; l < n; l++) for (let h = 0; h < l; h++) this.W.set(h, l, weights.weight(h, l, false, false));
    while (this.next < n && p.score[this.next]! >= p.score[0]!) this.P.push(this.next++);
  }

  /** The best matching now: `mate[v]`, v itself for the one left for the bye (or unpaired). */
  solve(): Int32Array {
    const m = this.W.solve();
    const mate = new Int32Array(this.fixed);
    for (let v = 0; v < this.n; v++) if (this.fixed[v] === -1) mate[v] = m[v] === -1 || m[v] === this.dummy ? v : m[v]!;
    return mate;
  }

  finalize(a: number, b: number): void {
    this.fixed[a] = b;
    this.fixed[b] = a;
    this.W.remove(a);
    this.W.remove(b);
  }

  inBracketV(v: number): boolean {
    return v >= this.groupBegin && v < this.nextBeginV;
  }

  pairAll(): void {
    while (this.P.length > 1 || this.next < this.n) {
      this.openBracket();
      this.chooseMovedDown();
      this.pairMovedDown();
      this.pairRemainder();
      this.moveDown();
    }
  }

  /** Adds the next score group to P and sets the base weights of this bracket and the next. */
  openBracket(): void {
    const { P, p } = this;
    this.nextBegin = P.length;
    this.nextBeginV = this.groupBegin + (this.nextBegin - this.mdpCount);
    this.groupStart = this.next;
    while (this.next < this.n && p.score[this.next]! >= p.score[this.groupStart]!) P.push(this.next++);
    this.base = P.map((_, l) => P.slice(0, l).map(() => 0n));
    for (let l = this.mdpCount; l < P.length; l++) {
      for (let h = 0; h < l; h++) {
        this.base[l]![h] = this.weights.weight(P[h]!, P[l]!, l < this.nextBegin, l >= this.nextBegin);
        this.W.set(P[h]!, P[l]!, this.base[l]![h]!);
      }
    }
    this.mate = this.solve();
  }

  /** Which moved-down players are paired in this bracket (C.7: the highest scores first, then by rank). */
  chooseMovedDown(): void {
    const { P, W, base, matched, mdpCount, nextBegin } = this;
    const { score } = this.p;
    let groupScore = 0;
    let remaining = 0;
    let remainingMatched = 0;
    for (let i = 0; i < mdpCount; i++) {
      const v = P[i]!;
      if (i === 0 || score[v]! < groupScore) {
        groupScore = score[v]!;
        remaining = 0;
        remainingMatched = 0;
        for (let k = i; k < mdpCount && score[P[k]!]! >= groupScore; k++) {
          remaining++;
          if (this.inBracketV(this.mate[P[k]!]!)) remainingMatched++;
        }
      }
      if (remainingMatched === 0) continue;
      if (remaining <= remainingMatched) {
        matched[v] = 1;
        continue;
      }
      remaining--;
      if (!this.inBracketV(this.mate[v]!)) {
        for (let o = mdpCount; o < nextBegin; o++) {
          const x = base[o]![i]!;
          if (x !== 0n) W.set(v, P[o]!, x | 1n);
        }
        this.mate = this.solve();
      }
      if (this.inBracketV(this.mate[v]!)) {
        matched[v] = 1;
        remainingMatched--;
        for (let o = mdpCount; o < nextBegin; o++) {
          const x = base[o]![i]!;
          if (x !== 0n) W.set(v, P[o]!, (x | BigInt(nextBegin - mdpCount)) + 1n);
        }
      }
    }
  }

  /** The chosen moved-down players' opponents: each in turn takes the first resident the rules allow. */
  pairMovedDown(): void {
    const { P, W, base, matched, mdpCount, nextBegin } = this;
    for (let i = 0; i < mdpCount; i++) {
      const v = P[i]!;
      if (!matched[v]) continue;
      let add = BigInt(P.length);
      let first = -1;
      for (let o = nextBegin - 1; o >= mdpCount; o--) {
        const u = P[o]!;
        if (matched[u]) continue;
        const x = base[o]![i]!;
        if (x !== 0n) {
          W.set(v, u, x + add);
          add++;
          first = u;
        }
      }
      // The matching at hand is still the best when it already gives the first choice (every other gains less).
      if (this.mate[v] !== first) this.mate = this.solve();
      const u = this.mate[v]!;
      matched[u] = 1;
      this.finalize(v, u);
    }
  }

  /** Weight of a remainder edge, with the order of exchanges (fewest, then smallest differences). */
  remainderWeight(h: number, l: number, hRemIdx: number): bigint {
    let r = this.base[l]![h]!;
    if (r === 0n) return 0n;
    let add = hRemIdx < this.remPairs ? 1n : 0n;
    add <<= 2n * this.sgBits;
    add -= BigInt(hRemIdx);
    add <<= 1n;
    r += add;
    return r;
  }

  /** rem[a]'s edges to the remainder players after it, at their remainder weights plus `nudge`. */
  setRemainderEdges(a: number, nudge: bigint): void {
    const { P, rem } = this;
    for (let c = a + 1; c < rem.length; c++) {
      const x = this.remainderWeight(rem[a]!, rem[c]!, a);
      if (nudge === 0n || x !== 0n) this.W.set(P[rem[a]!]!, P[rem[c]!]!, x + (x === 0n ? 0n : nudge));
    }
  }

  /** Paired within the remainder with a lower-ranked player: in S1. */
  pairedDown(v: number): boolean {
    return this.mate[v]! > v && this.mate[v]! < this.nextBeginV;
  }

  /** The remainder: exchanges between S1 and S2 (D.2), then transpositions (D.1). */
  pairRemainder(): void {
    const { P, mdpCount, nextBegin, groupBegin } = this;
    this.rem = [];
    this.remPairs = 0;
    for (let o = mdpCount; o < nextBegin; o++) {
      const v = P[o]!;
      if (this.mate[v]! < groupBegin) continue;
      this.rem.push(o);
      if (this.mate[v]! < v) this.remPairs++;
    }
    for (let a = 0; a < this.rem.length; a++) this.setRemainderEdges(a, 0n);
    this.mate = this.solve();
    let exchanges = 0;
    for (let a = 0; a < this.remPairs && a < this.rem.length; a++) if (!this.pairedDown(P[this.rem[a]!]!)) exchanges++;
    this.leaveS1(exchanges);
    this.enterS1(exchanges);
    this.fixS1();
    this.transpose();
  }

  /** Exchanges: S1's lowest players leave S1 where possible... */
  leaveS1(exchanges: number): void {
    const { P, rem, base } = this;
    let left = exchanges;
    for (let a = this.remPairs - 1; a >= 0 && left > 0; a--) {
      const v = P[rem[a]!]!;
      if (this.pairedDown(v)) {
        this.setRemainderEdges(a, -1n);
        this.mate = this.solve();
      }
      const exchange = !this.pairedDown(v);
      if (exchange) left--;
      if (exchange) for (let c = a + 1; c < rem.length; c++) base[rem[c]!]![rem[a]!] = 0n;
      this.setRemainderEdges(a, 0n);
    }
  }

  /** ...and S2's highest players enter it. */
  enterS1(exchanges: number): void {
    const { P, rem, base, W } = this;
    let left = exchanges;
    for (let a = this.remPairs; a < rem.length && left > 1; a++) {
      const v = P[rem[a]!]!;
      const already = this.pairedDown(v);
      if (!already) {
        this.setRemainderEdges(a, 1n);
        this.mate = this.solve();
      }
      if (this.pairedDown(v)) {
        left--;
        for (let c = 0; c < a; c++) {
          base[rem[a]!]![rem[c]!] = 0n;
          W.set(v, P[rem[c]!]!, 0n);
        }
        for (let o = this.nextBegin; o < P.length; o++) {
          base[o]![rem[a]!] = 0n;
          W.set(v, P[o]!, 0n);
        }
      }
      if (!already) this.setRemainderEdges(a, 0n);
    }
  }

  /** Fixes who is in S1, and restores the base weights. */
  fixS1(): void {
    const { P, rem, base } = this;
    for (let a = 0; a < rem.length; a++) {
      const v = P[rem[a]!]!;
      for (let c = a + 1; c < rem.length; c++) {
        const u = P[rem[c]!]!;
        if (!this.pairedDown(v) || this.pairedDown(u)) base[rem[c]!]![rem[a]!] = 0n;
        this.W.set(v, u, base[rem[c]!]![rem[a]!]!);
      }
    }
  }

  /** S1's players in order, each against the first opponent the rules allow (transpositions). */
  transpose(): void {
    const { P, rem, base, matched } = this;
    for (const o of rem) {
      const v = P[o]!;
      if (!this.pairedDown(v)) continue;
      let add = 0n;
      let first = -1;
      for (let c = rem.length - 1; c >= 0; c--) {
        const u = P[rem[c]!]!;
        if (rem[c]! <= o || matched[u]) continue;
        const x = base[rem[c]!]![o]!;
        if (x !== 0n) {
          this.W.set(v, u, x + add);
          first = u;
        }
        add++;
      }
      if (this.mate[v] !== first) this.mate = this.solve();
      const u = this.mate[v]!;
      matched[v] = 1;
      matched[u] = 1;
      this.finalize(v, u);
    }
  }

  /** The next bracket: who is left here moves down. */
  moveDown(): void {
    const { P, n, matched, nextBegin, groupStart } = this;
    const { score } = this.p;
    const weights = this.weights;
    const nextP: number[] = [];
    let nextMdp = 0;
    weights.singleDownfloaterIsBye = n % 2 === 1 && groupStart < n && weights.byeScore >= score[groupStart]!;
    for (let k = 0; k < P.length; k++) {
      const v = P[k]!;
      if (k < nextBegin && matched[v]) continue;
      nextP.push(v);
      if (k < nextBegin) nextMdp++;
      if (weights.singleDownfloaterIsBye && score[this.mate[v]!]! < score[groupStart]!) weights.singleDownfloaterIsBye = false;
    }
    this.P = nextP;
    this.mdpCount = nextMdp;
    this.groupBegin = this.nextBeginV;
  }
}
