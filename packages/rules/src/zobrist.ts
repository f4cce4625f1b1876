import { BOARD_SIZE } from './board.ts';

/**
 * Zobrist keys as two 32-bit halves (a 64-bit key without BigInt, which is
 * slow). The keys come from a fixed-seed generator so that a position's key is
 * the same on the server, in the browser and across restarts.
 */
function xorshift(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x | 0;
  };
}

const next = xorshift(0x9e3779b9);

/** Keys by [square * 16 + piece]; piece codes are 0..15. */
export const PIECE_KEYS_LO = new Int32Array(BOARD_SIZE * 16).map(() => next());
export const PIECE_KEYS_HI = new Int32Array(BOARD_SIZE * 16).map(() => next());
/** Keys for pieces in hand: [piece * 16 + count]. */
export const HAND_KEYS_LO = new Int32Array(16 * 16).map(() => next());
export const HAND_KEYS_HI = new Int32Array(16 * 16).map(() => next());
export const TURN_KEY_LO = next();
export const TURN_KEY_HI = next();
