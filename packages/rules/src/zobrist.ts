import { BOARD_SIZE, PIECE_CODES } from './board.ts';

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

/** Keys by [square * PIECE_CODES + piece]. */
export const PIECE_KEYS_LO = new Int32Array(BOARD_SIZE * PIECE_CODES).map(() => next());
export const PIECE_KEYS_HI = new Int32Array(BOARD_SIZE * PIECE_CODES).map(() => next());
/** A hand holds 0..HAND_COUNTS-1 of a piece (fen.ts refuses more). */
export const HAND_COUNTS = 16;
/** Keys for pieces in hand: [piece * HAND_COUNTS + count]. */
export const HAND_KEYS_LO = new Int32Array(PIECE_CODES * HAND_COUNTS).map(() => next());
export const HAND_KEYS_HI = new Int32Array(PIECE_CODES * HAND_COUNTS).map(() => next());
export const TURN_KEY_LO = next();
export const TURN_KEY_HI = next();
