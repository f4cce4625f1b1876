/**
 * The coordinates printed along a board's edges, from the game's descriptor
 * (`board.coordinates`, packages/rules) and the board's orientation. Pure:
 * the board component draws them, the tests read the same labels.
 *
 * Every list is in screen order: `top` and `bottom` left to right, `left`
 * and `right` top to bottom; one label per file (rank), at the file's
 * (rank's) centre, which is a line on the point boards. An empty list draws
 * no strip.
 */
import type { VariantModule } from '@youzai/rules';

export interface CoordLabels {
  readonly top: readonly string[];
  readonly bottom: readonly string[];
  readonly left: readonly string[];
  readonly right: readonly string[];
}

const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i);

export function coordLabels(v: VariantModule, orientation: 'white' | 'black'): CoordLabels {
  const { files, ranks } = v.geometry;
  const flipped = orientation === 'black';
  if (v.board.coordinates === 'own-right') {
    // The side at the bottom faces up: its right is the screen's right, its file 1. The side at the top faces down: its file 1 is on the screen's left.
    return {
      top: range(files).map((i) => String(i + 1)),
      bottom: range(files).map((i) => String(files - i)),
      left: [],
      right: [],
    };
  }
  // Algebraic: files a.. from the first side's left, ranks 1.. from its side; turned round with the board.
  const fileNames = range(files).map((i) => String.fromCharCode(97 + i));
  const rankNames = range(ranks).map((i) => String(ranks - i));
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
