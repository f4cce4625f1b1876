/**
 * A game's art, by convention: `assets/boards/<key>.svg` and, for each piece
 * set its descriptor offers (`board.pieceSets`),
 * `assets/pieces/<key>/<set>/<white|black>-<letter>.svg` for every role. A
 * piece whose picture depends on the side it is seen from (a beginner piece
 * that shows its forward moves) may have `<color>-<letter>-turned.svg`, shown
 * when the board is flipped. The stylesheet that shows them is derived here,
 * so no CSS file keeps a per-game table. Pure: art-sheet.ts gives the built URLs.
 */
import { COLORS, type VariantModule } from '@youzai/rules';
import { cgRole } from './layout.ts';

export interface PieceFile {
  readonly set: string;
  readonly color: string;
  readonly letter: string;
  readonly file: string;
}

/** The set to show: the one asked for when the game offers it, else the game's first. */
export function pieceSetOf(v: VariantModule, wanted: string | undefined): string {
  return wanted !== undefined && v.board.pieceSets.includes(wanted) ? wanted : v.board.pieceSets[0];
}

/** Paths under src/assets/ of the board and every piece of every set a game needs. */
export function artFiles(v: VariantModule): { readonly board: string; readonly pieces: readonly PieceFile[] } {
  const letters = v.roles.flatMap((r) => (r ? [r.letter] : []));
  return {
    board: `boards/${v.key}.svg`,
    pieces: v.board.pieceSets.flatMap((set) =>
      COLORS.flatMap((color) => letters.map((letter) => ({ set, color, letter, file: `pieces/${v.key}/${set}/${color}-${letter}.svg` }))),
    ),
  };
}

/**
 * The CSS that draws a game's board and the pieces of one of its sets:
 * `.yz-<key>` is set on the board and on its pockets. `url` maps an asset
 * path to its built URL; a missing file throws (a game without its art is a
 * build mistake), a missing `-turned` picture is no mistake (the piece looks
 * the same from both sides).
 */
export function artCss(v: VariantModule, set: string, url: (file: string) => string | undefined): string {
  const { board, pieces } = artFiles(v);
  const need = (file: string): string => {
    const u = url(file);
    if (u === undefined) throw new Error(`missing art: src/assets/${file}`);
    return u;
  };
  const shown = pieceSetOf(v, set);
  const rules = [`.yz-board.yz-${v.key} cg-board { background-image: url("${need(board)}"); }`];
  for (const p of pieces) {
    if (p.set !== shown) continue;
    const piece = `piece.${cgRole(p.letter)}.${p.color}`;
    rules.push(`.yz-${v.key} ${piece} { background-image: url("${need(p.file)}"); }`);
    const turned = url(p.file.replace(/\.svg$/, '-turned.svg'));
    if (turned) rules.push(`.yz-board.yz-${v.key}.orientation-black ${piece} { background-image: url("${turned}"); }`);
  }
  return rules.join('\n');
}
