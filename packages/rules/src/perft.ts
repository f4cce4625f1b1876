import type { Position } from './position.ts';
import { makeUci } from './uci.ts';

const buffers: Int32Array[] = [];
const buffer = (depth: number): Int32Array => (buffers[depth] ??= new Int32Array(512));

/** Leaf nodes at `depth`; the last ply's moves are counted, not played (as Fairy-Stockfish does). */
export function perft(pos: Position, depth: number): number {
  if (depth <= 0) return 1;
  const moves = buffer(depth);
  const n = pos.legalMoves(moves);
  if (depth === 1) return n;
  let total = 0;
  for (let i = 0; i < n; i++) {
    pos.make(moves[i]!);
    total += perft(pos, depth - 1);
    pos.unmake();
  }
  return total;
}

/** Per-move counts at the root, sorted by move text. */
export function divide(pos: Position, depth: number): { move: string; nodes: number }[] {
  const moves = new Int32Array(512);
  const n = pos.legalMoves(moves);
  const out: { move: string; nodes: number }[] = [];
  for (let i = 0; i < n; i++) {
    const m = moves[i]!;
    pos.make(m);
    const nodes = perft(pos, depth - 1);
    pos.unmake();
    out.push({ move: makeUci(pos, m), nodes });
  }
  return out.sort((a, b) => (a.move < b.move ? -1 : a.move > b.move ? 1 : 0));
}
