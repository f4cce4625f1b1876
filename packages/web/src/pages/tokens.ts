/** `/account/tokens`: an account's personal API tokens for its programs (the Bot API, issue 28): made, shown once, revoked. */
import type { AppContext, Page } from '../app/context.ts';
import { fill, h } from '../app/h.ts';
import { t, type MessageKey } from '../i18n/index.ts';
import { api } from '../net/api.ts';
import { TOKEN_SCOPES, tokenRequest, type TokenRow } from './bots-model.ts';
import { errorText } from './widgets.ts';
import './pages.css';

const SCOPE_TEXT: Record<(typeof TOKEN_SCOPES)[number], MessageKey> = {
  'bot:play': 'tokens.scope.bot',
  'board:play': 'tokens.scope.board',
  'challenge:read': 'tokens.scope.challengeRead',
  'challenge:write': 'tokens.scope.challengeWrite',
};

export function tokensPage(app: AppContext): Page {
  const title = t('tokens.title');
  const list = h('div', { 'data-testid': 'tokens' }, h('p.muted', null, t('common.loading')));
  const secret = h('div', { 'data-testid': 'token-secret' });
  let destroyed = false;

  const load = async () => {
    const r = await api<{ tokens: TokenRow[] }>('GET', '/api/tokens');
    if (destroyed) return;
    if (!r.ok) return fill(list, h('p.error', null, r.code === 'auth.account-required' ? t('tokens.needAccount') : errorText(r)));
    if (r.tokens.length === 0) return fill(list, h('p.muted', null, t('tokens.none')));
    fill(
      list,
      h(
        'ul.token-list',
        null,
        r.tokens.map((tk) => {
          const revoke = h('button', { type: 'button', 'data-testid': `revoke-${tk.id}` }, t('tokens.revoke')) as HTMLButtonElement;
          revoke.addEventListener('click', async () => {
            revoke.disabled = true;
            const x = await api('POST', `/api/tokens/${tk.id}/revoke`);
            if (!x.ok) app.toast(errorText(x));
            await load();
          });
          return h('li', null, h('strong', null, tk.description), ' ', h('code', null, tk.scopes.join(' ')), ' ', revoke);
        }),
      ),
    );
  };

  const description = h('input', { name: 'description', maxlength: '100', 'aria-label': t('tokens.description') }) as HTMLInputElement;
  const boxes = TOKEN_SCOPES.map((s) => ({ s, box: h('input', { type: 'checkbox', name: s, checked: s === 'bot:play' }) as HTMLInputElement }));
  const form = h(
    'form.card',
    { 'data-testid': 'token-form' },
    h('label', null, t('tokens.description'), ' ', description),
    h(
      'fieldset',
      null,
      h('legend', null, t('tokens.scopes')),
      boxes.map(({ s, box }) => h('label.check', null, box, ' ', h('code', null, s), ' ', t(SCOPE_TEXT[s]))),
    ),
    h('button', { type: 'submit' }, t('tokens.create')),
  );
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const req = tokenRequest(
      description.value,
      boxes.filter((b) => b.box.checked).map((b) => b.s),
    );
    if (!req.ok) return app.toast(t(req.why === 'description' ? 'tokens.bad.description' : 'tokens.bad.scopes'));
    const r = await api<{ token: string }>('POST', '/api/tokens', req.body);
    if (!r.ok) return app.toast(r.code === 'auth.account-required' ? t('tokens.needAccount') : errorText(r));
    fill(secret, h('p', null, t('tokens.created')), h('code.token-secret', null, r.token));
    description.value = '';
    await load();
  });
  void load();

  return {
    el: h('div.page.tokens-page', null, h('h1', null, title), h('p.muted', null, t('tokens.intro')), secret, form, h('section.card', null, list)),
    title,
    destroy() {
      destroyed = true;
    },
  };
}
