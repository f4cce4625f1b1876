/** The takeback buttons of a casual game's player: ask, or answer the opponent's request. */
import type { GameView, TakebackOp } from '@youzai/protocol';
import { SIDES } from '@youzai/rules';
import { h } from '../app/h.ts';
import { t } from '../i18n/index.ts';

export function takebackControls(v: GameView, me: 0 | 1, send: (op: TakebackOp) => void): HTMLElement[] {
  const mine = SIDES[me];
  if (!v.takebacks || v.status !== 'active') return [];
  const button = (label: string, op: TakebackOp, primary = false) => {
    const b = h(`button${primary ? '.primary' : ''}`, { type: 'button', 'data-testid': `takeback-${op}` }, label);
    b.addEventListener('click', () => send(op));
    return b;
  };
  if (v.takebackOffer === mine) return [h('span.offer', { 'data-testid': 'takeback-offered' }, t('game.takeback.offered'))];
  if (v.takebackOffer !== null) {
    return [
      h('span.offer', { 'data-testid': 'takeback-asked' }, t('game.takeback.theyOffer')),
      button(t('game.takeback.accept'), 'accept', true),
      button(t('game.takeback.decline'), 'decline'),
    ];
  }
  // Something of mine to take back: I have moved.
  const moved = v.ply >= 2 || (v.ply === 1 && v.turn !== mine);
  return moved ? [button(t('game.takeback.offer'), 'offer')] : [];
}
