/** The button that turns the boards' coordinates on and off (remembered per visitor, coords.ts). */
import { h } from '../app/h.ts';
import { t } from '../i18n/index.ts';
import { coordsShown, onCoordsShown, showCoords } from './coords-pref.ts';

export function coordsToggle(): HTMLButtonElement {
  const b = h('button', { type: 'button', 'data-testid': 'coords-toggle' }, t('board.coords'));
  const show = (on: boolean) => b.setAttribute('aria-pressed', String(on));
  show(coordsShown());
  b.addEventListener('click', () => showCoords(!coordsShown()));
  const off = onCoordsShown((on) => (b.isConnected ? show(on) : off()));
  return b;
}
