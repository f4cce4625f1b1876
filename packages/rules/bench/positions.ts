import { parseFen } from '../src/fen.ts';
import type { Position } from '../src/position.ts';
import type { VariantKey } from '../src/types.ts';
import { VARIANTS } from '../src/variants/registry.ts';
import { startHandCount } from '../src/descriptor.ts';
import { KIND_PASS, moveKind } from '../src/move.ts';
import { makeFen } from '../src/fen.ts';
import { prng } from '../src/testing/random-play.ts';
export { prng };

/** A position reached by `plies` random legal moves from the start (passes avoided when possible). */
export function randomPosition(key: VariantKey, plies: number, seed: number): Position {
  const v = VARIANTS[key];
  const r = parseFen(v, v.startFen);
  if (!r.ok) throw new Error(r.error.message);
  const pos = r.value;
  const rand = prng(seed);
  const buf = new Int32Array(512);
  for (let i = 0; i < plies; i++) {
    let n = pos.legalMoves(buf);
    if (n === 0) break;
    const nonPass = Array.from(buf.subarray(0, n)).filter((m) => moveKind(m) !== KIND_PASS);
    const pool = nonPass.length ? nonPass : Array.from(buf.subarray(0, n));
    n = pool.length;
    pos.make(pool[Math.floor(rand() * n)]!);
    if (!pos.hasLegalMove()) {
      pos.unmake();
    }
  }
  return parseFen(v, makeFen(pos)).ok ? (parseFen(v, makeFen(pos)) as { value: Position }).value : pos;
}

export interface BenchPosition {
  readonly name: string;
  readonly fen: string;
  readonly depth: number;
}

/**
 * Start position and three positions from seeded random play, per game. A
 * game that starts by placing its pieces (a hand at the start) is measured
 * one ply shallower at the start, where every placement square is a move,
 * and further into its random games, past most of the placement.
 */
export function benchPositions(key: VariantKey): BenchPosition[] {
  const v = VARIANTS[key];
  const placing = startHandCount(v) > 0;
  const plies = placing ? [20, 36, 56] : [12, 30, 50];
  return [
    { name: 'start', fen: v.startFen, depth: placing ? 3 : 4 },
    ...plies.map((p, i) => ({ name: `random-${p}`, fen: makeFen(randomPosition(key, p, 1000 + i)), depth: 4 })),
  ];
}
