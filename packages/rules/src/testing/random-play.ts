import { KIND_PASS, moveKind, type Move } from '../move.ts';
import type { Position } from '../position.ts';

/** Deterministic PRNG (mulberry32): tests and benchmarks never use Math.random. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Visits the positions of a seeded random game from `start` (a clone is
 * played): `visit` sees each position before its move. Passes are picked
 * rarely so games make progress; the walk stops when no move is left.
 */
export function randomWalk(start: Position, plies: number, seed: number, visit: (pos: Position, ply: number) => void): Position {
  const pos = start.clone();
  const rand = prng(seed);
  const buf = new Int32Array(512);
  for (let ply = 0; ply < plies; ply++) {
    visit(pos, ply);
    const n = pos.legalMoves(buf);
    if (n === 0) break;
    let m = buf[Math.floor(rand() * n)]!;
    if (moveKind(m) === KIND_PASS && n > 1 && rand() < 0.9) m = buf[(buf.indexOf(m) + 1) % n]!;
    pos.make(m);
  }
  return pos;
}

/** The positions of a random game from `from` (clones; the first is `from` itself), moves drawn with `rnd`. */
export function walkPositions(from: Position, plies: number, rnd: () => number): Position[] {
  const out: Position[] = [];
  const p = from.clone();
  const buf = new Int32Array(512);
  for (let i = 0; i <= plies; i++) {
    out.push(p.clone());
    const n = p.legalMoves(buf);
    if (n === 0) break;
    p.make(buf[Math.floor(rnd() * n)]! as Move);
  }
  return out;
}
