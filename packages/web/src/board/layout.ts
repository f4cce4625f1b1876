/**
 * How a game's board is laid out on the page, read from its descriptor
 * (packages/rules): the size, the pockets and the kind of grid. Pure: the
 * board component, the e2e harness and the tests read the same numbers.
 */
import { pocketRoles, type VariantModule } from '@youzai/rules';

export interface BoardLayout {
  readonly files: number;
  readonly ranks: number;
  /** chessgroundx roles shown in the pockets ('k-piece'...), in the FEN hand order; empty without a hand. */
  readonly pocketRoles: readonly string[];
  readonly grid: 'points' | 'squares';
  /**
   * Board width over the height of the board and its pockets (a pocket row
   * above and below): the page sizes the board to the window's height with it.
   */
  readonly fit: number;
}

/** A chessgroundx role for a FEN letter. */
export const cgRole = (letter: string): string => `${letter}-piece`;

export function boardLayout(v: VariantModule): BoardLayout {
  const { files, ranks } = v.geometry;
  const pockets = pocketRoles(v).map((r) => cgRole(v.roles[r]!.letter));
  return { files, ranks, pocketRoles: pockets, grid: v.board.grid, fit: files / (ranks + (pockets.length > 0 ? 2 : 0)) };
}

/** CSS custom properties a board holder gets from its layout (board.css and style.css read them). */
export function layoutVars(l: BoardLayout): Record<string, string> {
  return { '--files': String(l.files), '--ranks': String(l.ranks), '--board-fit': String(l.fit) };
}

/** The custom properties naming each side's colour, for the markers beside the players' names. */
export function sideColorVars(v: VariantModule): Record<string, string> {
  return { '--side-0': v.board.sideColors[0], '--side-1': v.board.sideColors[1] };
}
