/**
 * A game's art, by convention: `assets/boards/<key>.svg` and
 * `assets/pieces/<key>/<white|black>-<letter>.svg` for every role of its
 * descriptor. The stylesheet that shows them is derived here, so no CSS file
 * keeps a per-game table. Pure: art-sheet.ts gives the built URLs.
 */
import { COLORS, type VariantModule } from '@youzai/rules';
import { cgRole } from './layout.ts';

/** Paths under src/assets/ of the board and every piece a game needs. */
export function artFiles(v: VariantModule): { readonly board: string; readonly pieces: readonly { color: string; letter: string; file: string }[] } {
  const letters = v.roles.flatMap((r) => (r ? [r.letter] : []));
  return {
    board: `boards/${v.key}.svg`,
    pieces: COLORS.flatMap((color) => letters.map((letter) => ({ color, letter, file: `pieces/${v.key}/${color}-${letter}.svg` }))),
  };
}

/**
 * The CSS that draws a game's board and pieces: `.yz-<key>` is set on the
 * board and on its pockets. `url` maps an asset path to its built URL;
 * a missing file throws (a game without its art is a build mistake).
 */
export function artCss(v: VariantModule, url: (file: string) => string | undefined): string {
  const { board, pieces } = artFiles(v);
  const need = (file: string): string => {
    const u = url(file);
    if (u === undefined) throw new Error(`missing art: src/assets/${file}`);
    return u;
  };
  const rules = [`.yz-board.yz-${v.key} cg-board { background-image: url("${need(board)}"); }`];
  for (const p of pieces) rules.push(`.yz-${v.key} piece.${cgRole(p.letter)}.${p.color} { background-image: url("${need(p.file)}"); }`);
  return rules.join('\n');
}
