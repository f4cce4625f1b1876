import { BOARD_SIZE, EMPTY, N, OFF, S, E, W, fileOf, rankOf, square, type Geometry, BLACK_BIT, COLOR_SHIFT, ROLE_MASK } from '../board.ts';
import type { Position } from '../position.ts';
import type { Color } from '../types.ts';
import { normalMove } from '../move.ts';

export const ORTH = [N, S, E, W] as const;
export const DIAG = [N + E, N + W, S + E, S + W] as const;
export const KING_STEPS = [N, S, E, W, N + E, N + W, S + E, S + W] as const;

/** A leap with the points that must be empty on the way (xiangqi horse, janggi elephant). */
export interface LeggedLeap {
  readonly to: number;
  readonly legs: readonly number[];
}

/** Horse: one point orthogonally (the leg), then one diagonally outward. */
export const HORSE_LEAPS: readonly LeggedLeap[] = ORTH.flatMap((o) => DIAG.filter((d) => isOutward(o, d)).map((d) => ({ to: o + d, legs: [o] })));

/** Janggi elephant: one point orthogonally, then two diagonally outward. */
export const JANGGI_ELEPHANT_LEAPS: readonly LeggedLeap[] = ORTH.flatMap((o) =>
  DIAG.filter((d) => isOutward(o, d)).map((d) => ({ to: o + 2 * d, legs: [o, o + d] })),
);

/** Whether diagonal `d` continues in the direction of orthogonal step `o`. */
function isOutward(o: number, d: number): boolean {
  if (o === N) return d === N + E || d === N + W;
  if (o === S) return d === S + E || d === S + W;
  if (o === E) return d === N + E || d === S + E;
  return d === N + W || d === S + W;
}

/**
 * The same leaps seen from the target: an attacker on `sq - to` reaches `sq`
 * when the legs `sq - to + leg` are empty.
 */
export interface ReverseLeap {
  readonly from: number;
  readonly legs: readonly number[];
}
export const reverseLeaps = (leaps: readonly LeggedLeap[]): readonly ReverseLeap[] => leaps.map((l) => ({ from: -l.to, legs: l.legs.map((g) => g - l.to) }));

/** Square mask built from a predicate over (file, rank). */
export function mask(geo: Geometry, pred: (file: number, rank: number) => boolean): Uint8Array {
  const m = new Uint8Array(BOARD_SIZE);
  for (const sq of geo.squares) if (pred(fileOf(sq), rankOf(sq))) m[sq] = 1;
  return m;
}

/** For each square, the squares on its rank and file. */
export function linesMask(geo: Geometry, sq: number): Uint8Array {
  return mask(geo, (f, r) => f === fileOf(sq) || r === rankOf(sq));
}

/** Lowest piece code of the side that may be captured by `us`. */
export const enemyBase = (us: Color): number => (us === 0 ? BLACK_BIT + 1 : 1);

/** Empty, or an enemy piece (codes enemyLo..enemyLo+6). */
export const canLand = (p: number, enemyLo: number): boolean => p === EMPTY || (p - enemyLo) >>> 0 < ROLE_MASK;

/** Appends orthogonal/diagonal slides from `from` along `dirs`. */
export function genSlides(b: Uint8Array, from: number, dirs: readonly number[], enemyLo: number, out: Int32Array, n: number): number {
  for (const d of dirs) {
    let t = from + d;
    let p: number;
    while ((p = b[t]!) === EMPTY) {
      out[n++] = normalMove(from, t);
      t += d;
    }
    if (p !== OFF && (p - enemyLo) >>> 0 < ROLE_MASK) out[n++] = normalMove(from, t);
  }
  return n;
}

export const sq = square;

/** Squares of the position holding pieces of colour `c` (for tests and validation). */
export function piecesOf(pos: Position, c: Color): number[] {
  const out: number[] = [];
  for (const s of pos.variant.geometry.squares) {
    const p = pos.board[s]!;
    if (p !== EMPTY && p >> COLOR_SHIFT === c) out.push(s);
  }
  return out;
}

/**
 * Marks the squares of the ray from `ksq` along `d` when an enemy piece that
 * attacks along lines (`a` or `b`, piece codes) stands anywhere on it.
 */
export function markRay(board: Uint8Array, ksq: number, d: number, a: number, b: number, c: number, mark: Int32Array, stamp: number): void {
  let t = ksq + d;
  let p: number;
  let found = false;
  while ((p = board[t]!) !== OFF) {
    if (p === a || p === b || p === c) found = true;
    t += d;
  }
  if (!found) return;
  for (t = ksq + d; board[t] !== OFF; t += d) mark[t] = stamp;
}
