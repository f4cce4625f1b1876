/**
 * The tournament lists (running, upcoming, finished): on the tournaments
 * page, a room's page and, as a card, the home page. A module of its own so
 * that the home page does not carry the tournaments page.
 */
import type { TournamentLists } from '@youzai/protocol';
import { h, fill } from '../app/h.ts';
import { clockConfigName } from '../app/names.ts';
import { t, type MessageKey } from '../i18n/index.ts';
import { api } from '../net/api.ts';
import { errorText, variantLabel } from './widgets.ts';
import type { Kind, Status, TournamentSummary } from './tournament-tables.ts';
import './pages.css';

export const KIND_KEY: Record<Kind, MessageKey> = { arena: 'tour.kind.arena', swiss: 'tour.kind.swiss', roundRobin: 'tour.kind.roundRobin' };
export const STATUS_KEY: Record<Status, MessageKey> = {
  upcoming: 'tour.status.upcoming',
  running: 'tour.status.running',
  finished: 'tour.status.finished',
  cancelled: 'tour.status.cancelled',
};

const when = (ms: number) => new Date(ms).toLocaleString(undefined, { weekday: 'short', hour: '2-digit', minute: '2-digit', day: 'numeric', month: 'short' });

export function termsLine(s: TournamentSummary): string {
  const parts = [t(KIND_KEY[s.kind]), variantLabel(s.variant), clockConfigName(s.clock), s.rated ? t('common.rated') : t('common.casual')];
  if (s.kind === 'swiss') parts.push(t('tour.rounds', { n: s.rounds }));
  return parts.join(' · ');
}

function summaryRow(s: TournamentSummary): HTMLElement {
  const time =
    s.status === 'upcoming'
      ? t('tour.starts', { when: when(s.startsAt) })
      : s.status === 'running'
        ? s.kind === 'arena' && s.endsAt
          ? t('tour.ends', { when: when(s.endsAt) })
          : t('tour.round', { n: s.round, of: s.rounds })
        : t(STATUS_KEY[s.status]);
  return h(
    'li.tour-row',
    { 'data-testid': 'tour-row', 'data-id': s.id },
    h('a.tour-name', { href: `/tournament/${s.id}` }, s.name),
    s.club ? h('span.badge', null, t('tour.club')) : null,
    h('span.muted', null, ` ${termsLine(s)} · ${time}`),
    s.players !== null ? h('span.muted', null, ` · ${t('tour.players', { n: s.players })}`) : null,
  );
}

/** Whether the home page shows its tournaments card: only with one running or upcoming (an empty card pushed the games down). */
export function homeShowsTournaments(l: Pick<TournamentLists, 'running' | 'upcoming'>): boolean {
  return l.running.length + l.upcoming.length > 0;
}

/** The three lists; `room`: only that room's; `loaded`: told each time they are read. */
export function tournamentLists(room?: string, loaded?: (l: TournamentLists) => void): { el: HTMLElement; load: () => Promise<void> } {
  const el = h('div.tour-lists', { 'data-testid': 'tour-lists' }, h('p.muted', null, t('common.loading')));
  const load = async () => {
    const r = await api<TournamentLists>('GET', `/api/tournaments${room ? `?room=${room}` : ''}`);
    if (!r.ok) return fill(el, h('p.error', null, errorText(r)));
    loaded?.(r);
    const list = (key: MessageKey, rows: readonly TournamentSummary[], testid: string) =>
      h('div', { 'data-testid': testid }, h('h3', null, t(key)), rows.length ? h('ul.list', null, rows.map(summaryRow)) : h('p.muted', null, t('tour.none')));
    fill(
      el,
      list('tour.running', r.running, 'tour-running'),
      list('tour.upcoming', r.upcoming, 'tour-upcoming'),
      list('tour.finished', r.finished, 'tour-finished'),
    );
  };
  return { el, load };
}

/** The card on the home page. */
export function tournamentsCard(): { el: HTMLElement; destroy: () => void } {
  // Hidden until there is a tournament to show (issue 33, item 8.1).
  const el = h('section.card.tournaments-card', { 'data-testid': 'home-tournaments', hidden: true });
  const lists = tournamentLists(undefined, (l) => (el.hidden = !homeShowsTournaments(l)));
  el.append(h('h2', null, h('a', { href: '/tournaments' }, t('tour.title'))), lists.el);
  void lists.load();
  const timer = setInterval(() => void lists.load(), 30_000);
  return {
    el,
    destroy: () => clearInterval(timer),
  };
}
