/**
 * A game page's tab title: who plays whom, the game, and whose turn it is
 * (first, marked, when it is the reader's own: a tab in the background shows
 * it), or that the game waits or is over.
 */
import type { GameView } from '@youzai/protocol';
import { seatName, sideName, variantName } from '../app/names.ts';
import { t } from '../i18n/index.ts';

export function gameTabTitle(v: Pick<GameView, 'variant' | 'seats' | 'status' | 'turn'>, myTurn: boolean): string {
  const players = v.seats.map((s) => (s ? seatName(s) : '…')).join(' – ');
  const state =
    v.status === 'waiting' ? t('game.waiting') : v.status === 'active' ? t('game.turnOf', { side: sideName(v.variant, v.turn) }) : t('game.tab.over');
  const parts = [players, variantName(v.variant), state, t('app.name')];
  return `${v.status === 'active' && myTurn ? `▶ ${t('game.yourTurn')} · ` : ''}${parts.join(' · ')}`;
}
