/** Log in or sign up. A guest who signs up keeps their games (the same user becomes an account). */
import type { Identity } from '@youzai/protocol';
import type { AppContext, Page } from '../app/context.ts';
import { h } from '../app/h.ts';
import { t } from '../i18n/index.ts';
import { api } from '../net/api.ts';
import { credentialsError, PASSWORD_MIN, USERNAME_PATTERN } from './credentials.ts';
import { errorText } from './widgets.ts';
import './pages.css';

export function authPage(app: AppContext, mode: 'login' | 'register'): Page {
  const register = mode === 'register';
  const title = t(register ? 'auth.register' : 'auth.login');
  const username = h('input', {
    type: 'text',
    name: 'username',
    required: true,
    autocomplete: 'username',
    autocapitalize: 'none',
    spellcheck: 'false',
    maxlength: 20,
    ...(register ? { pattern: USERNAME_PATTERN } : {}),
  }) as HTMLInputElement;
  const password = h('input', {
    type: 'password',
    name: 'password',
    required: true,
    autocomplete: register ? 'new-password' : 'current-password',
    ...(register ? { minlength: PASSWORD_MIN } : {}),
  }) as HTMLInputElement;
  const error = h('p.error', { role: 'alert', 'data-testid': 'auth-error', hidden: true });
  const submit = h('button.primary', { type: 'submit', 'data-testid': 'auth-submit' }, title) as HTMLButtonElement;
  const form = h(
    'form.auth-form',
    { 'data-testid': `${mode}-form`, novalidate: true },
    h('label', null, h('span', null, t('auth.username')), username, register ? h('small.muted', null, t('auth.usernameRule')) : null),
    h('label', null, h('span', null, t('auth.password')), password, register ? h('small.muted', null, t('auth.passwordRule')) : null),
    error,
    h('div.row', null, submit),
  );

  const fail = (text: string, focus: HTMLInputElement | null) => {
    error.textContent = text;
    error.hidden = false;
    focus?.focus();
  };

  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    error.hidden = true;
    const name = username.value.trim();
    if (register) {
      const bad = credentialsError(name, password.value);
      if (bad) return fail(t(bad.key), bad.field === 'username' ? username : password);
    } else if (!name || !password.value) return fail(t('err.auth.bad-credentials'), name ? password : username);
    submit.disabled = true;
    const r = await api<{ user: Identity }>('POST', register ? '/api/register' : '/api/login', { username: name, password: password.value });
    submit.disabled = false;
    if (!r.ok) return fail(errorText(r), register && r.code === 'auth.username-taken' ? username : null);
    await app.refreshMe();
    // The socket keeps the identity it opened with: load the site again so it reconnects as this account.
    location.assign('/');
  });

  const el = h(
    'div.page.auth-page',
    { 'data-testid': `${mode}-page` },
    h(
      'section.card.auth-card',
      null,
      h('h1', null, title),
      register ? h('p.muted', null, t('auth.registerNote')) : null,
      form,
      h('p', null, register ? h('a', { href: '/login' }, t('auth.haveAccount')) : h('a', { href: '/register' }, t('auth.noAccount'))),
    ),
  );
  queueMicrotask(() => username.focus());
  return { el, title };
}
