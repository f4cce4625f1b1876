/** A profile's buttons: challenge, follow (no consent needed), block; and how many follow the player. */
import type { AppContext } from '../app/context.ts';
import { fill, h } from '../app/h.ts';
import { t, tMaybe } from '../i18n/index.ts';
import { api } from '../net/api.ts';
import { challengeDialog } from './challenge.ts';
import { reportDialog } from './report-dialog.ts';

interface Relation {
  readonly self: boolean;
  readonly follows: boolean;
  readonly blocks: boolean;
  readonly blockedBy: boolean;
  readonly followers: number;
}

export function socialActions(app: AppContext, name: string): HTMLElement {
  const el = h('div.social-actions', { 'data-testid': 'social-actions' });
  const load = async (): Promise<void> => {
    const r = await api<Relation>('GET', `/api/users/${encodeURIComponent(name)}/relation`);
    if (!r.ok) return;
    const followers = h('span.muted', { 'data-testid': 'followers' }, t('social.followers', { n: r.followers }));
    if (r.self) return fill(el, followers);
    const button = (label: string, testid: string, run: () => Promise<void> | void, primary = false) => {
      const b = h(`button${primary ? '.primary' : ''}`, { type: 'button', 'data-testid': testid }, label);
      b.addEventListener('click', () => void run());
      return b;
    };
    const toggle = (what: 'follow' | 'block', on: boolean) => async () => {
      const res = await api('POST', `/api/users/${encodeURIComponent(name)}/${what}`, { on });
      if (!res.ok) app.toast(tMaybe(`err.${res.code}`, res.message));
      await load();
    };
    const account = app.me !== null && !app.me.guest;
    fill(
      el,
      r.blocks ? null : button(t('social.challenge'), 'profile-challenge', () => challengeDialog(app, name), true),
      account && !r.blocks ? button(t(r.follows ? 'social.unfollow' : 'social.follow'), 'profile-follow', toggle('follow', !r.follows)) : null,
      account ? button(t(r.blocks ? 'social.unblock' : 'social.block'), 'profile-block', toggle('block', !r.blocks)) : null,
      account ? button(t('report.button'), 'profile-report', () => reportDialog(app, [name])) : null,
      followers,
      r.blocks ? h('p.muted', null, t('social.blockedNote')) : null,
    );
  };
  void load();
  return el;
}
