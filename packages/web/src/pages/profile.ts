/** A player's profile `/@/<name>`: ratings per game with their history, results, recent games. */
import { VARIANT_KEYS, type VariantKey } from '@youzai/rules';
import type { AppContext, Page } from '../app/context.ts';
import { h, fill } from '../app/h.ts';
import { variantName } from '../app/names.ts';
import { lang, t, tMaybe, type MessageKey } from '../i18n/index.ts';
import { api } from '../net/api.ts';
import { engineLevel, ENGINE_ID, hasProfile, outcomeFor, seatOf, type Profile, type RatingPoint, type RecentGame } from './profile-data.ts';
import { ratingChart } from './rating-chart.ts';
import { errorText, ratingEl, variantLabel } from './widgets.ts';
import './pages.css';
import { socialActions } from '../social/profile-actions.ts';

const OUTCOME: Record<'win' | 'draw' | 'loss', MessageKey> = { win: 'profile.win', draw: 'profile.draw', loss: 'profile.loss' };

function dateText(ms: number): string {
  return new Date(ms).toLocaleDateString(lang() === 'vi' ? 'vi-VN' : 'en-GB', { year: 'numeric', month: 'short', day: 'numeric' });
}

function opponentEl(g: RecentGame, seat: 0 | 1): HTMLElement {
  const name = g.players[seat];
  const id = g.ids[seat];
  if (id === ENGINE_ID) return h('span', null, t('common.computer', { level: engineLevel(name) }));
  return hasProfile(name, id) ? h('a', { href: `/@/${name}` }, name!) : h('span', null, name ?? '?');
}

export function profilePage(app: AppContext, params: Record<string, string>): Page {
  const name = params.name ?? '';
  const el = h('div.page.profile-page', { 'data-testid': 'profile' }, h('h1', null, name), h('p.muted', null, t('common.loading')));
  let destroyed = false;

  function ratingCard(u: Profile, v: VariantKey): HTMLElement {
    const r = u.ratings[v];
    const tally = u.results.byVariant[v];
    const chart = h('div.spark-holder');
    if (r && r.games > 0) {
      void api<{ points: RatingPoint[] }>('GET', `/api/users/${encodeURIComponent(u.name)}/ratings/${v}`).then((res) => {
        if (destroyed || !res.ok || res.points.length === 0) return;
        const values = res.points.map((p) => p.rating);
        const min = Math.round(Math.min(...values));
        const max = Math.round(Math.max(...values));
        fill(chart, ratingChart(res.points, t('profile.history', { variant: variantName(v), min, max, n: values.length }), dateText));
      });
    }
    return h(
      'div.rating-card',
      { 'data-variant': v },
      h('h3', null, variantName(v)),
      h('p.big-rating', null, r ? ratingEl(r) : '–'),
      h('p.muted', null, t('profile.games', { n: r?.games ?? 0 })),
      tally ? h('p.tally', null, t('profile.results', { wins: tally.wins, draws: tally.draws, losses: tally.losses })) : null,
      chart,
    );
  }

  function recentRow(u: Profile, g: RecentGame): HTMLElement {
    const seat = seatOf(g, u.id);
    const outcome = outcomeFor(g, u.id);
    const reason = g.reason ? tMaybe(`reason.${g.reason}`, g.reason) : '';
    return h(
      'li',
      { 'data-game': g.id },
      outcome ? h(`span.outcome.${outcome}`, null, t(OUTCOME[outcome])) : null,
      h(
        'span.recent-main',
        null,
        h('a', { href: `/game/${g.id}` }, variantLabel(g.variant)),
        seat !== null ? [` ${t('common.vs')} `, opponentEl(g, (1 - seat) as 0 | 1)] : null,
      ),
      h(
        'span.muted',
        null,
        [g.result ?? '', reason, t('live.ply', { n: g.plies }), t(g.rated ? 'common.rated' : 'common.casual'), dateText(g.endedAt)].filter(Boolean).join(' · '),
      ),
    );
  }

  /** The player's games, filtered by game and by their result. */
  function gamesSection(u: Profile): HTMLElement {
    const variant = h(
      'select',
      { name: 'variant', 'data-testid': 'filter-variant', 'aria-label': t('form.variant') },
      h('option', { value: '' }, t('profile.filter.allGames')),
      VARIANT_KEYS.map((k) => h('option', { value: k }, variantName(k))),
    ) as HTMLSelectElement;
    const outcome = h(
      'select',
      { name: 'outcome', 'data-testid': 'filter-outcome', 'aria-label': t('profile.filter.result') },
      h('option', { value: '' }, t('profile.filter.allResults')),
      (['win', 'draw', 'loss'] as const).map((o) => h('option', { value: o }, t(OUTCOME[o]))),
    ) as HTMLSelectElement;
    const list = h('div');
    const show = (games: readonly RecentGame[]) =>
      fill(
        list,
        games.length
          ? h(
              'ul.list.recent',
              { 'data-testid': 'recent' },
              games.map((g) => recentRow(u, g)),
            )
          : h('p.muted', null, t('common.none')),
      );
    const reload = async () => {
      const q = new URLSearchParams({ limit: '20' });
      if (variant.value) q.set('variant', variant.value);
      if (outcome.value) q.set('outcome', outcome.value);
      const r = await api<{ games: RecentGame[] }>('GET', `/api/users/${encodeURIComponent(u.name)}/games?${q}`);
      if (!destroyed && r.ok) show(r.games);
    };
    variant.addEventListener('change', () => void reload());
    outcome.addEventListener('change', () => void reload());
    show(u.recent);
    return h('section.card', null, h('div.games-head', null, h('h2', null, t('profile.recent')), variant, outcome), list);
  }

  function render(u: Profile): void {
    fill(
      el,
      h(
        'div.profile-head',
        null,
        h('h1', null, u.name, u.title === 'BOT' ? [' ', h('span.title-badge', { 'data-testid': 'bot-badge' }, 'BOT')] : null),
        h(`span.presence${u.online ? '.on' : ''}`, { 'data-testid': 'presence' }, t(u.online ? 'profile.online' : 'profile.offline')),
      ),
      socialActions(app, u.name),
      h(
        'p.muted',
        null,
        t('profile.since', { date: dateText(u.createdAt) }),
        ' · ',
        t('profile.results', { wins: u.results.wins, draws: u.results.draws, losses: u.results.losses }),
      ),
      h(
        'section.card',
        null,
        h('h2', null, t('profile.ratings')),
        h(
          'div.rating-cards',
          { 'data-testid': 'ratings' },
          VARIANT_KEYS.map((v) => ratingCard(u, v)),
        ),
      ),
      gamesSection(u),
    );
  }

  void api<{ user: Profile }>('GET', `/api/users/${encodeURIComponent(name)}`).then((r) => {
    if (destroyed) return;
    if (r.ok) render(r.user);
    else fill(el, h('h1', null, name), h('p.error', { 'data-testid': 'not-found' }, r.code === 'user.not-found' ? t('profile.notFound') : errorText(r)));
  });

  return {
    el,
    title: t('profile.title', { name }),
    destroy() {
      destroyed = true;
    },
  };
}
