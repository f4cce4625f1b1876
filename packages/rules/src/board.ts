/**
 * One geometry for every board: a padded mailbox 16 columns wide and 16 rows
 * high. The playing area starts at column 3, row 3, so any leap of up to three
 * points (the Janggi elephant is the longest) lands on a padding square
 * instead of wrapping. Each variant masks the squares it uses.
 */
export const WIDTH = 16;
export const PAD = 3;
export const BOARD_SIZE = 256;

/**
 * Square contents: a piece code is its role id in the low ROLE_BITS bits and
 * its side in the bit above, so the first side's pieces are 1..15 and the
 * second's 17..31. A game may have up to MAX_ROLE kinds of piece (Manchu
 * chess has 8); registry.ts refuses a game with more.
 */
export const ROLE_BITS = 4;
export const ROLE_MASK = (1 << ROLE_BITS) - 1;
/** The highest role id a piece code or a move can hold. */
export const MAX_ROLE = ROLE_MASK;
/** The royal piece is role 1 in every variant. */
export const KING = 1;
/** A piece's side is `code >> COLOR_SHIFT`. */
export const COLOR_SHIFT = ROLE_BITS;
export const BLACK_BIT = 1 << COLOR_SHIFT;
/** Piece codes are 0..PIECE_CODES-1 (tables indexed by piece code have this length). */
export const PIECE_CODES = 2 << COLOR_SHIFT;
export const EMPTY = 0;
/** The padding around the playing area: above every piece code. */
export const OFF = PIECE_CODES;

export const N = WIDTH;
export const S = -WIDTH;
export const E = 1;
export const W = -1;

export type Square = number;

export const square = (file: number, rank: number): Square => (rank + PAD) * WIDTH + file + PAD;
export const fileOf = (sq: Square): number => (sq & 15) - PAD;
export const rankOf = (sq: Square): number => (sq >> 4) - PAD;

export const offset = (df: number, dr: number): number => dr * WIDTH + df;

export interface Geometry {
  readonly files: number;
  readonly ranks: number;
  /** Every playable square, in a1, b1, ... order. */
  readonly squares: readonly Square[];
  readonly onBoard: Uint8Array;
}

export function makeGeometry(files: number, ranks: number): Geometry {
  const onBoard = new Uint8Array(BOARD_SIZE);
  const squares: Square[] = [];
  for (let r = 0; r < ranks; r++) {
    for (let f = 0; f < files; f++) {
      const sq = square(f, r);
      onBoard[sq] = 1;
      squares.push(sq);
    }
  }
  return { files, ranks, squares, onBoard };
}

export const FILE_NAMES = 'abcdefghijklmnop';

export function squareName(sq: Square): string {
  return FILE_NAMES[fileOf(sq)]! + String(rankOf(sq) + 1);
}

/** Parses `e2` or `b10`; -1 when malformed or outside the geometry. */
export function parseSquare(geo: Geometry, name: string): Square {
  const m = /^([a-p])([1-9]|1[0-9])$/.exec(name);
  if (!m) return -1;
  const f = FILE_NAMES.indexOf(m[1]!);
  const r = Number(m[2]) - 1;
  if (f >= geo.files || r >= geo.ranks) return -1;
  return square(f, r);
}

export const pieceColor = (p: number): 0 | 1 => ((p & BLACK_BIT) >> COLOR_SHIFT) as 0 | 1;
export const pieceRole = (p: number): number => p & ROLE_MASK;
export const makePiece = (color: number, role: number): number => role | (color << COLOR_SHIFT);
