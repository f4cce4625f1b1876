/**
 * A rough material count, in hundredths of a soldier (pawn), to tell a
 * material puzzle from a positional one. The values are the game
 * descriptor's (`roles[r].value`); the king counts nothing.
 */
import { PIECE_CODES, pieceColor, pieceRole, type Color, type Position } from '@youzai/rules';

/** `color`'s material minus the other side's, board and hand. */
export function materialBalance(pos: Position, color: Color): number {
  const roles = pos.variant.roles;
  let sum = 0;
  for (let piece = 0; piece < PIECE_CODES; piece++) {
    const n = (pos.count[piece] ?? 0) + (pos.hand[piece] ?? 0);
    if (n === 0) continue;
    const v = (roles[pieceRole(piece)]?.value ?? 0) * n;
    sum += pieceColor(piece) === color ? v : -v;
  }
  return sum;
}
