/**
 * Report a player to the club's admins (POST /api/reports): from a profile,
 * or from a game page with the game attached (report.ts, which loads this
 * module on its button's first click). A reason, a few words, sent; the
 * admins see it on /admin/moderation. Accounts only (the server says so to a
 * guest).
 */
import type { AppContext } from '../app/context.ts';
import { h } from '../app/h.ts';
import { t, tMaybe } from '../i18n/index.ts';
import { api } from '../net/api.ts';

const REASONS = ['cheat', 'abuse', 'sandbag', 'other'] as const;
const TEXT_MAX = 500;

/** `names`: who may be reported (one on a profile; the players of a game to a spectator); `game`: the game it is about. */
export function reportDialog(app: AppContext, names: readonly string[], game?: string): void {
  const who = h(
    'select',
    { name: 'user', 'data-testid': 'report-user', 'aria-label': t('report.who') },
    ...names.map((n) => h('option', { value: n }, n)),
  ) as HTMLSelectElement;
  const reason = h(
    'select',
    { name: 'reason', 'data-testid': 'report-reason' },
    ...REASONS.map((r) => h('option', { value: r }, t(`mod.reason.${r}`))),
  ) as HTMLSelectElement;
  const text = h('textarea', { name: 'text', maxlength: String(TEXT_MAX), rows: '4', 'data-testid': 'report-text' }) as HTMLTextAreaElement;
  const error = h('p.error', { role: 'alert', hidden: true });
  const send = h('button.primary', { type: 'submit', 'data-testid': 'report-send' }, t('report.send'));
  const cancel = h('button', { type: 'button' }, t('common.cancel'));
  const title = names.length === 1 ? t('report.title', { name: names[0]! }) : t('report.titleGame');
  const form = h(
    'form.dialog.report-form',
    { role: 'dialog', 'aria-modal': 'true', 'aria-label': title, 'data-testid': 'report-form' },
    h('h2', null, title),
    names.length > 1 ? h('label', null, t('report.who'), who) : null,
    h('label', null, t('mod.reason'), reason),
    h('label', null, t('report.text'), text),
    game ? h('p.muted', { 'data-testid': 'report-game' }, t('report.withGame', { game })) : null,
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
    const user = names.length > 1 ? who.value : names[0]!;
    const res = await api<{ id: string }>('POST', '/api/reports', { user, reason: reason.value, text: text.value.trim(), ...(game ? { game } : {}) });
    if (!res.ok) {
      error.hidden = false;
      error.textContent = tMaybe(`err.${res.code}`, res.message);
      return;
    }
    close();
    app.toast(t('report.sent', { name: user }));
  });
  document.body.append(overlay);
  reason.focus();
}
