/**
 * The coordinates printed along a board's edges, in the style of the
 * notation the move list shows (its `coordinates`, else the game's
 * `board.coordinates`, packages/rules), so the board and the list write
 * points alike, and for the board's orientation. Pure: the board component
 * draws them, the tests read the same labels.
 *
 * Every list is in screen order: `top` and `bottom` left to right, `left`
 * and `right` top to bottom; one label per file (rank), at the file's
 * (rank's) centre, which is a line on the point boards. An empty list draws
 * no strip.
 */
import type { CoordinateStyle, Notation, VariantModule } from '@youzai/rules';

export interface CoordLabels {
  readonly top: readonly string[];
  readonly bottom: readonly string[];
  readonly left: readonly string[];
  readonly right: readonly string[];
}

const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i);

/** The labels a notation's points need on this game's board. */
export const coordStyle = (v: VariantModule, notation: Notation | undefined): CoordinateStyle => notation?.coordinates ?? v.board.coordinates;

export function coordLabels(v: VariantModule, orientation: 'white' | 'black', style: CoordinateStyle = v.board.coordinates): CoordLabels {
  const { files, ranks } = v.geometry;
  const flipped = orientation === 'black';
  if (style === 'own-right') {
    // The side at the bottom faces up: its right is the screen's right, its file 1. The side at the top faces down: its file 1 is on the screen's left.
    return {
      top: range(files).map((i) => String(i + 1)),
      bottom: range(files).map((i) => String(files - i)),
      left: [],
      right: [],
    };
  }
  // Both remaining styles name the points from the first side's seat, and the names stay on their points: turned round with the board.
  // Algebraic: files a.. from the first side's left, ranks 1.. from its side.
  // Rank-first (Janggi's Korean notation): files 1.. from the first side's left, ranks 1..9 then 0 from the far edge down.
  const rankFirst = style === 'rank-first';
  const fileNames = range(files).map((i) => (rankFirst ? String(i + 1) : String.fromCharCode(97 + i)));
  const rankNames = range(ranks).map((i) => (rankFirst ? String((i + 1) % 10) : String(ranks - i)));
  return {
    top: [],
    bottom: flipped ? fileNames.reverse() : fileNames,
    left: flipped ? rankNames.reverse() : rankNames,
    right: [],
  };
}

/** Which side's numbers each edge shows on an 'own-right' board (for the labels' colour and their spoken name). */
export function edgeSides(orientation: 'white' | 'black'): { readonly top: 0 | 1; readonly bottom: 0 | 1 } {
  return orientation === 'white' ? { top: 1, bottom: 0 } : { top: 0, bottom: 1 };
}
