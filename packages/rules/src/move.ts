/**
 * A move is one integer: bits 0-7 from, 8-15 to, 16-18 a role (drop or
 * promotion), 19-20 the kind. Plain integers keep move lists in typed arrays.
 */
export type Move = number;

export const KIND_NORMAL = 0;
export const KIND_DROP = 1;
export const KIND_PROMOTE = 2;
export const KIND_PASS = 3;

export const moveFrom = (m: Move): number => m & 255;
export const moveTo = (m: Move): number => (m >> 8) & 255;
export const moveRole = (m: Move): number => (m >> 16) & 7;
export const moveKind = (m: Move): number => (m >> 19) & 3;

export const normalMove = (from: number, to: number): Move => from | (to << 8);
export const dropMove = (role: number, to: number): Move => (to << 8) | (role << 16) | (KIND_DROP << 19);
export const promoteMove = (from: number, to: number, role: number): Move => from | (to << 8) | (role << 16) | (KIND_PROMOTE << 19);
export const passMove = (kingSq: number): Move => kingSq | (kingSq << 8) | (KIND_PASS << 19);
