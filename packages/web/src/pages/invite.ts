/**
 * An invitation link: take the free seat, then go to the game. A link used
 * already leads to the game all the same: its creator to their game, anyone
 * else to watch it (or the finished game), told that the seat is taken.
 */
import type { AppContext, Page } from '../app/context.ts';
import { h } from '../app/h.ts';
import { t, tMaybe } from '../i18n/index.ts';
import { api } from '../net/api.ts';

export function invitePage(app: AppContext, params: Record<string, string>): Page {
  const msg = h('p', { 'data-testid': 'invite-status' }, t('invite.joining'));
  const el = h('div.page', null, msg);
  void api('POST', `/api/games/${params.id}/join`, { token: params.token }).then((r) => {
    if (r.ok || r.code === 'game.seat-taken') app.navigate(`/game/${params.id}`, true);
    else if (r.code === 'game.over') app.navigate(`/game/${params.id}?seat=taken`, true);
    else msg.textContent = t('invite.failed', { message: tMaybe(`err.${r.code}`, r.message) });
  });
  return { el, title: t('invite.joining') };
}
