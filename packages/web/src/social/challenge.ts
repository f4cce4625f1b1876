/**
 * Challenge a player by name (from a profile, the search, the follow list, a
 * room): the terms, live clocks or correspondence, then the game page where
 * the challenger waits; the target's bell rings wherever they are.
 */
import type { AppContext } from '../app/context.ts';
import { h } from '../app/h.ts';
import { t, tMaybe } from '../i18n/index.ts';
import { api } from '../net/api.ts';
import { termsError } from '../pages/game-terms.ts';
import { TermsFields } from '../pages/terms-form.ts';

export function challengeDialog(app: AppContext, name: string): void {
  const terms = new TermsFields(undefined, true);
  terms.setCanRate(app.me !== null && !app.me.guest);
  const error = h('p.error', { role: 'alert', hidden: true });
  const send = h('button.primary', { type: 'submit', 'data-testid': 'challenge-send' }, t('social.send'));
  const cancel = h('button', { type: 'button' }, t('common.cancel'));
  const form = h(
    'form.dialog',
    { role: 'dialog', 'aria-modal': 'true', 'aria-label': t('social.challengeTitle', { name }), 'data-testid': 'challenge-form' },
    h('h2', null, t('social.challengeTitle', { name })),
    terms.el,
    error,
    h('div.dialog-buttons', null, send, cancel),
  );
  const overlay = h('div.overlay', null, form);
  const close = () => overlay.remove();
  cancel.addEventListener('click', close);
  overlay.addEventListener('click', (e) => {
    if (e.target === overlay) close();
  });
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const r = terms.read();
    if (!r.ok) {
      error.hidden = false;
      error.textContent = termsError(r);
      return;
    }
    const v = r.value;
    const res = await api<{ id: string }>('POST', '/api/games', {
      variant: v.variant,
      clock: v.clock,
      color: v.color,
      rated: v.rated,
      opponent: { type: 'user', username: name },
    });
    if (!res.ok) {
      error.hidden = false;
      error.textContent = tMaybe(`err.${res.code}`, res.message);
      return;
    }
    close();
    app.toast(t('social.sent', { name }));
    app.navigate(`/game/${res.id}`);
  });
  document.body.append(overlay);
  send.focus();
}
