/** The typed-move box's placeholder: a move from the game's start, in coordinates and in the notation this visitor reads. */
import { parseFen, type VariantModule } from '@youzai/rules';
import { chosenNotation } from '../app/notation-choice.ts';
import { t } from '../i18n/index.ts';
import { typedExample } from './typed-move.ts';

export function typedPlaceholder(v: VariantModule): string {
  const pos = parseFen(v, v.startFen);
  const ex = pos.ok ? typedExample(pos.value, chosenNotation(v)) : null;
  if (!ex) return '';
  // A placement reads the same in both (K@d2): one example.
  return ex.uci === ex.text ? t('game.typed.placeholderOne', { move: ex.text }) : t('game.typed.placeholder', { uci: ex.uci, move: ex.text });
}
