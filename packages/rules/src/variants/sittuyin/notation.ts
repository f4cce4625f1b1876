/**
 * Sittuyin algebraic notation: chess SAN in the coordinates used everywhere
 * else (Fairy-Stockfish: files a–h, ranks 1–8 from Red's side).
 *
 * Letters, English and chosen to read clearly next to the other games:
 * K king, G general (sit-ke, the met), E elephant (sin), H horse (myin),
 * R rook (yahta). Pawns have no letter, as in chess: `e5`, and a capture
 * names the origin file, `dxe5`. Other pieces add, only when another piece
 * of the same kind could legally go to the same square, the origin file, else
 * its rank, else its square: `Rad1`, `H3d4`. `x` marks a capture; `+` check,
 * `#` mate.
 * - Placement: the letter, `@`, the square, as in coordinates: `K@d2`, `R@a1`.
 * - Promotion to general: the pawn's square, the destination when it steps,
 *   `=G`: `c5=G` in place, `c5d6=G` with a diagonal step.
 * Read leniently: check marks and `!?` are ignored, `x` and the origin may be
 * left out when only one move fits, a `P` may precede a pawn move, and the
 * Fairy-Stockfish letters are accepted too (F general, S elephant, N horse,
 * also M for the met), as are bare coordinates (`e4e5`, `c5d6f`, `F@d2`).
 */
import { algebraicNotation, type Notation } from '../../notation.ts';

export const sittuyinAlgebraic: Notation = algebraicNotation({
  id: 'sittuyin-algebraic',
  name: { en: 'Algebraic', vi: 'Ký hiệu tọa độ' },
  // Index = role id as in ./index.ts: 1 king, 2 general, 3 elephant, 4 horse, 5 rook, 7 pawn (6 unused).
  letters: ['', 'K', 'G', 'E', 'H', 'R', '', ''],
  synonyms: { F: 2, M: 2, S: 3, N: 4 },
  pawnRole: 7,
  example: 'e5, dxe5, Hf3, K@d2, c5d6=G',
});

export const SITTUYIN_NOTATIONS: readonly Notation[] = [sittuyinAlgebraic];
