/** The takeback buttons of a casual game's player: ask, or answer the opponent's request. */
import { TAKEBACK_GAP_PLIES } from '@youzai/game';
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
  const can = canAskTakeback(v, me);
  if (can === 'nothing') return [];
  const ask = button(t('game.takeback.offer'), 'offer');
  if (can === 'too-soon') {
    // Shown but disabled, saying why: the server would refuse it (takeback.too-soon).
    (ask as HTMLButtonElement).disabled = true;
    ask.title = t('err.takeback.too-soon');
  }
  return [ask];
}

/**
 * Whether `me` may ask for a takeback now, as the server decides it: 'nothing'
 * before one has moved, 'too-soon' within 2 moves of each side after one's
 * last request (or the ply a takeback returned to).
 */
export function canAskTakeback(v: Pick<GameView, 'ply' | 'turn' | 'takebackAt'>, me: 0 | 1): 'yes' | 'nothing' | 'too-soon' {
  // Something of mine to take back: I have moved.
  const moved = v.ply >= 2 || (v.ply === 1 && v.turn !== SIDES[me]);
  if (!moved) return 'nothing';
  const last = v.takebackAt[me];
  return last !== null && v.ply - last < TAKEBACK_GAP_PLIES ? 'too-soon' : 'yes';
}
