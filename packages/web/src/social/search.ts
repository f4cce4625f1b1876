/** Player search from the header: names starting with what is typed (the server reads its names' index), one click to the profile, or a challenge from the list. */
import type { AppContext } from '../app/context.ts';
import { fill, h } from '../app/h.ts';
import { t } from '../i18n/index.ts';
import { api } from '../net/api.ts';

interface Found {
  readonly id: string;
  readonly name: string;
  readonly online: boolean;
}

/**
 * The header's search box. Made once for the page's life: the header is drawn
 * again when the session answers after a load, and a box made anew then wiped
 * what had been typed (issue 33, item 8.4). `relabel` follows a change of language.
 */
export function searchBox(app: AppContext): { readonly el: HTMLElement; relabel(): void } {
  const input = h('input.player-search', {
    type: 'search',
    name: 'q',
    placeholder: t('nav.search.placeholder'),
    'aria-label': t('nav.search.label'),
    autocomplete: 'off',
    maxlength: 20,
    'data-testid': 'player-search',
  }) as HTMLInputElement;
  const list = h('ul.search-results', { 'data-testid': 'search-results', hidden: true, role: 'listbox' });
  const el = h('form.search-holder', { role: 'search' }, input, list);
  let seq = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let first: string | null = null;

  async function lookup(): Promise<void> {
    const q = input.value.trim();
    const mine = ++seq;
    if (!/^[A-Za-z0-9_-]{1,20}$/.test(q)) {
      list.hidden = true;
      first = null;
      return;
    }
    const r = await api<{ players: Found[] }>('GET', `/api/players?q=${encodeURIComponent(q)}`);
    if (mine !== seq || !r.ok) return;
    first = r.players[0]?.name ?? null;
    fill(
      list,
      r.players.length
        ? r.players.map((p) => {
            // A challenge straight from the results, for anyone but oneself (a visitor without a session becomes a guest by sending it).
            const challenge =
              app.me?.id === p.id
                ? null
                : h('button.linkish.search-challenge', { type: 'button', 'data-testid': 'search-challenge', 'data-name': p.name }, t('social.challenge'));
            // The dialog and its terms form are fetched when first opened: the header, on every page, carries no form.
            challenge?.addEventListener('click', () => void import('./challenge.ts').then((m) => m.challengeDialog(app, p.name)));
            return h(
              'li',
              { role: 'option' },
              h('a', { href: `/@/${p.name}`, 'data-name': p.name }, h(`span.dot${p.online ? '.on' : ''}`, { 'aria-hidden': 'true' }), p.name),
              challenge,
            );
          })
        : h('li.muted', null, t('nav.search.none')),
    );
    list.hidden = false;
  }

  input.addEventListener('input', () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void lookup(), 150);
  });
  el.addEventListener('submit', (e) => {
    e.preventDefault();
    if (first) {
      list.hidden = true;
      app.navigate(`/@/${first}`);
    }
  });
  list.addEventListener('click', () => {
    list.hidden = true;
    input.value = '';
  });
  input.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') list.hidden = true;
  });
  document.addEventListener('click', (e) => {
    if (!el.contains(e.target as Node)) list.hidden = true;
  });
  return {
    el,
    relabel() {
      input.placeholder = t('nav.search.placeholder');
      input.setAttribute('aria-label', t('nav.search.label'));
    },
  };
}
