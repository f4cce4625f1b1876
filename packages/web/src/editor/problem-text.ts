/**
 * Why a set-up position cannot be played, in the reader's language: the
 * rules library's code (validatePosition) with the side, piece and point it
 * names, the point written as the chosen notation writes points. Pure but
 * for the language and the notation chosen.
 */
import { parseSquare, fileOf, rankOf, VARIANTS, type PositionError, type VariantKey } from '@youzai/rules';
import { roleName, sideName } from '../app/names.ts';
import { chosenNotation } from '../app/notation-choice.ts';
import { pointName } from '../board/board-text.ts';
import { tMaybe } from '../i18n/index.ts';

export function problemText(variant: VariantKey, p: PositionError): string {
  const v = VARIANTS[variant];
  const side = p.side ?? 0;
  const sq = p.square ? parseSquare(v.geometry, p.square) : -1;
  const params: Record<string, string | number> = {
    side: sideName(variant, side),
    first: sideName(variant, 0),
    piece: p.role ? roleName(variant, p.role) : '',
    square: sq >= 0 ? pointName(v, chosenNotation(v), fileOf(sq), rankOf(sq), side) : (p.square ?? ''),
    count: p.count ?? 0,
    max: p.max ?? 0,
  };
  // `setup.<reason>` names the piece and point; a code without such a text falls back to the short one, then the library's English.
  const reason = p.code.replace(/^position\./, '');
  return tMaybe(`setup.${reason}`, tMaybe(`err.${p.code}`, p.message), params);
}
