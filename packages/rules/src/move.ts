import { ROLE_BITS, ROLE_MASK } from './board.ts';

/**
 * A move is one integer: bits 0-7 from, 8-15 to, then ROLE_BITS bits of a
 * role (drop or promotion, up to MAX_ROLE as in a piece code), then 2 bits of
 * the kind. Plain integers keep move lists in typed arrays.
 */
export type Move = number;

export const KIND_NORMAL = 0;
export const KIND_DROP = 1;
export const KIND_PROMOTE = 2;
export const KIND_PASS = 3;

const ROLE_SHIFT = 16;
/** A move's kind is `m >> KIND_SHIFT` (the highest bits). */
export const KIND_SHIFT = ROLE_SHIFT + ROLE_BITS;

export const moveFrom = (m: Move): number => m & 255;
export const moveTo = (m: Move): number => (m >> 8) & 255;
export const moveRole = (m: Move): number => (m >> ROLE_SHIFT) & ROLE_MASK;
export const moveKind = (m: Move): number => (m >> KIND_SHIFT) & 3;

export const normalMove = (from: number, to: number): Move => from | (to << 8);
export const dropMove = (role: number, to: number): Move => (to << 8) | (role << ROLE_SHIFT) | (KIND_DROP << KIND_SHIFT);
export const promoteMove = (from: number, to: number, role: number): Move => from | (to << 8) | (role << ROLE_SHIFT) | (KIND_PROMOTE << KIND_SHIFT);
export const passMove = (kingSq: number): Move => kingSq | (kingSq << 8) | (KIND_PASS << KIND_SHIFT);
