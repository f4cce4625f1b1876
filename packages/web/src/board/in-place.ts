/** Buttons for the moves that stay on one square, which cannot be dragged: a Janggi pass, a Sittuyin promotion in place. */
import { h } from '../app/h.ts';
import { t } from '../i18n/index.ts';
import { readUci } from './keys.ts';

export function inPlaceButtons(ucis: readonly string[], play: (uci: string) => void): HTMLElement[] {
  const buttons: HTMLElement[] = [];
  for (const uci of ucis) {
    const p = readUci(uci);
    if (p?.kind !== 'move') continue;
    const label = p.promotion ? t('game.promoteInPlace', { square: p.from }) : t('game.pass');
    const b = h('button', { type: 'button', 'data-testid': p.promotion ? `promote-${p.from}` : 'pass' }, label);
    b.addEventListener('click', () => play(uci));
    buttons.push(b);
  }
  return buttons;
}
