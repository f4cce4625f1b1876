/**
 * A rough material count, in hundredths of a soldier (pawn), to tell a
 * material puzzle from a positional one. Values are by role index (1..7, as
 * in each variant's `roles`); the king counts nothing.
 */
import { pieceColor, pieceRole, type Color, type Position, type VariantKey } from '@youzai/rules';

export const PIECE_VALUES = {
  // general, advisor, elephant, horse, chariot, cannon, soldier
  xiangqi: [0, 0, 200, 200, 400, 900, 450, 100],
  // general, guard, elephant, horse, chariot, cannon, soldier (the usual 3/3/5/13/7/2)
  janggi: [0, 0, 300, 300, 500, 1300, 700, 200],
  // king, general (ferz), elephant, horse, rook, -, pawn
  sittuyin: [0, 0, 150, 250, 300, 500, 0, 100],
} as const satisfies Record<VariantKey, readonly number[]>;

/**
 * The least material gain that makes a material puzzle decisive: about a
 * horse in each game (a lone soldier or advisor is not enough).
 */
export const DECISIVE_GAIN = {
  xiangqi: 350,
  janggi: 450,
  sittuyin: 250,
} as const satisfies Record<VariantKey, number>;

/** `color`'s material minus the other side's, board and hand. */
export function materialBalance(pos: Position, color: Color): number {
  const values: readonly number[] = PIECE_VALUES[pos.variant.key];
  let sum = 0;
  for (let piece = 0; piece < 16; piece++) {
    const n = (pos.count[piece] ?? 0) + (pos.hand[piece] ?? 0);
    if (n === 0) continue;
    const v = (values[pieceRole(piece)] ?? 0) * n;
    sum += pieceColor(piece) === color ? v : -v;
  }
  return sum;
}
