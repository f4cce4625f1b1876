/**
 * Whether a set of pieces, a hand and a side to move can be a position of
 * its game: what parseFen checks once the text is read, and what a board
 * editor asks after each change. A problem comes with a stable code and the
 * square, piece and side it is about, so a page can say it in the reader's
 * language; `message` is English, for logs and the API.
 */
import { KING, makePiece, squareName, COLOR_SHIFT, ROLE_MASK } from './board.ts';
import type { Position } from './position.ts';
import type { RuleError } from './result.ts';
import type { Color } from './types.ts';
import type { VariantModule } from './variant.ts';

export const POSITION_ERROR_CODES = [
  /** A side has no general (king). */
  'position.no-king',
  /** A side has more than one general (king). */
  'position.two-kings',
  /** More pieces of one kind than a side owns (board and hand together). */
  'position.too-many',
  /** A general or guard (advisor) outside its palace. */
  'position.outside-palace',
  /** A piece on a point its moves can never bring it to (an elephant across the river, a soldier behind its start). */
  'position.unreachable',
  /** Sittuyin's placement: a piece placed outside its side's placement rows (rooks: the back rank). */
  'position.placement-zone',
  /** Sittuyin's placement: the pieces still in hand do not fit the side to move (the sides alternate, the first side first). */
  'position.placement-turn',
  /** Xiangqi: the two generals face each other on an open file. */
  'position.generals-facing',
  /** The side that is not to move is in check. */
  'position.opponent-in-check',
] as const;
export type PositionErrorCode = (typeof POSITION_ERROR_CODES)[number];

/** A position that cannot be: the code, and what it is about (for the reader's language). */
export interface PositionError extends RuleError<PositionErrorCode> {
  /** The side the problem is about (the one with too many pieces, the one in check). */
  readonly side?: Color;
  /** The square of the piece in question, as the coordinates write it (`e4`). */
  readonly square?: string;
  /** The piece's FEN letter, lower case. */
  readonly role?: string;
  /** How many there are, and the most allowed (too many pieces). */
  readonly count?: number;
  readonly max?: number;
}

/** A problem about the piece on `sq` (for the variants' own checks). */
export function pieceProblem(pos: Position, code: PositionErrorCode, sq: number, message: string): PositionError {
  const p = pos.board[sq]!;
  return { code, message, side: (p >> COLOR_SHIFT) as Color, square: squareName(sq), role: pos.variant.roles[p & ROLE_MASK]?.letter ?? '?' };
}

/**
 * The first problem of a setup, or null when it can be played from: piece
 * counts (one general each, no more of a kind than a side owns), then the
 * game's own rules for where pieces stand (the descriptor's `validate`),
 * then the side not to move in check. Never throws.
 */
export function validatePosition(pos: Position): PositionError | null {
  return checkMaterial(pos) ?? pos.variant.validate(pos) ?? checkOpponent(pos);
}

function checkMaterial(pos: Position): PositionError | null {
  const v: VariantModule = pos.variant;
  for (const c of [0, 1] as const) {
    const side = v.sideNames.en[c];
    for (let r = 1; r < v.roles.length; r++) {
      const info = v.roles[r];
      if (!info) continue;
      const piece = makePiece(c, r);
      const onBoard = pos.count[piece]!;
      const total = onBoard + pos.hand[piece]!;
      const about = { side: c, role: info.letter, count: total };
      if (r === KING) {
        // A general in hand counts only where the game has a hand (Sittuyin's placement); parseFen refuses a hand elsewhere.
        if (total === 0 || (onBoard === 0 && !v.hasHand)) return { code: 'position.no-king', message: `${side} has no ${info.name}`, ...about };
        if (total > 1) return { code: 'position.two-kings', message: `${side} has more than one ${info.name}`, ...about, max: 1 };
      } else if (total > info.max) {
        return { code: 'position.too-many', message: `${side} has ${total} of ${info.name}, at most ${info.max}`, ...about, max: info.max };
      }
    }
  }
  return null;
}

function checkOpponent(pos: Position): PositionError | null {
  if (!pos.opponentInCheck()) return null;
  const them = (pos.turn ^ 1) as Color;
  const side = pos.variant.sideNames.en[them];
  return { code: 'position.opponent-in-check', message: `${side} is in check but it is not ${side}'s move`, side: them };
}
