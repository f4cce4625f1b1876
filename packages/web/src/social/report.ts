/**
 * The game page's report button (the dialog itself, report-dialog.ts, is
 * fetched when it is first pressed: a player opening a game downloads only
 * the button).
 */
import type { Seat } from '@youzai/protocol';
import type { AppContext } from '../app/context.ts';
import { h } from '../app/h.ts';
import { t } from '../i18n/index.ts';

/** The game page's button: report a player of the game, the game attached (accounts only): the opponent, or either player to a spectator. */
export function reportButton(app: AppContext, seats: readonly (Seat | null)[], game: string): HTMLElement | null {
  const me = app.me;
  if (!me || me.guest) return null;
  const names = seats.filter((s): s is Seat => s !== null && s.kind === 'human' && s.userId !== me.id).map((s) => s.name);
  if (!names.length) return null;
  const b = h('button', { type: 'button', 'data-testid': 'game-report' }, t('report.button'));
  b.addEventListener('click', () => {
    import('./report-dialog.ts').then(
      (m) => m.reportDialog(app, names, game),
      () => app.toast(t('err.page.load')),
    );
  });
  return b;
}
