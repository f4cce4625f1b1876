/** Asks which of several moves one drag meant: a Sittuyin pawn step that may or may not promote. */
import { choose } from '../app/dialog.ts';
import { t } from '../i18n/index.ts';
import { readUci } from './keys.ts';

export function choosePromotion(options: readonly string[]): Promise<string | null> {
  return choose(
    t('game.promotion.title'),
    '',
    options.map((u) => {
      const m = readUci(u);
      return { label: m?.kind === 'move' && m.promotion ? t('game.promotion.promote') : t('game.promotion.plain'), value: u, primary: true };
    }),
  );
}
