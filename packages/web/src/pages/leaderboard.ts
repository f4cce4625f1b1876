/** `/leaderboard/<variant>`: registered players by rating, one tab per game. */
import { DEFAULT_VARIANT, VARIANT_KEYS, isVariantKey, type VariantKey } from '@youzai/rules';
import type { AppContext, Page } from '../app/context.ts';
import { h, fill } from '../app/h.ts';
import { variantName } from '../app/names.ts';
import { t } from '../i18n/index.ts';
import { api } from '../net/api.ts';
import { errorText, ratingEl } from './widgets.ts';
import './pages.css';

interface Row {
  readonly rank: number;
  readonly name: string;
  readonly rating: number;
  readonly deviation: number;
  readonly provisional: boolean;
  readonly games: number;
}

export function leaderboardPage(_app: AppContext, params: Record<string, string>): Page {
  const variant: VariantKey = params.variant && isVariantKey(params.variant) ? params.variant : DEFAULT_VARIANT;
  const body = h('div', null, h('p.muted', null, t('common.loading')));
  let destroyed = false;

  const tabs = h(
    'nav.tabs',
    { 'aria-label': t('nav.leaderboard') },
    VARIANT_KEYS.map((v) =>
      h(
        `a${v === variant ? '.active' : ''}`,
        { href: `/leaderboard/${v}`, 'aria-current': v === variant ? 'page' : null, 'data-testid': `tab-${v}` },
        variantName(v),
      ),
    ),
  );

  void api<{ players: Row[]; listed: { minGames: number; maxDeviation: number } }>('GET', `/api/leaderboard/${variant}`).then((r) => {
    if (destroyed) return;
    if (!r.ok) return fill(body, h('p.error', null, errorText(r)));
    // Who is listed, in the server's own numbers: a player with a few games looking for themself learns why they are not there.
    const who = h('p.muted', { 'data-testid': 'leaderboard-listed' }, t('leaderboard.listed', { games: r.listed.minGames, deviation: r.listed.maxDeviation }));
    if (r.players.length === 0) return fill(body, who, h('p.muted', { 'data-testid': 'leaderboard-empty' }, t('leaderboard.empty')));
    fill(
      body,
      who,
      h(
        'table.leaderboard',
        { 'data-testid': 'leaderboard' },
        h(
          'thead',
          null,
          h(
            'tr',
            null,
            h('th.num', { scope: 'col' }, t('leaderboard.rank')),
            h('th', { scope: 'col' }, t('leaderboard.player')),
            h('th.num', { scope: 'col' }, t('leaderboard.rating')),
            h('th.num', { scope: 'col' }, t('leaderboard.games')),
          ),
        ),
        h(
          'tbody',
          null,
          r.players.map((p) =>
            h(
              'tr',
              null,
              h('td.num', null, String(p.rank)),
              h('td.name', null, h('a', { href: `/@/${p.name}` }, p.name)),
              h('td.num', null, ratingEl(p)),
              h('td.num', null, String(p.games)),
            ),
          ),
        ),
      ),
    );
  });

  const title = t('leaderboard.title', { variant: variantName(variant) });
  return {
    el: h('div.page.leaderboard-page', null, h('h1', null, title), tabs, h('section.card', null, body)),
    title,
    destroy() {
      destroyed = true;
    },
  };
}
