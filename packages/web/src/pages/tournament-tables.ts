/**
 * The tables of a tournament's page: the standings of each kind (arena
 * score sheets, Swiss and round-robin tie-breaks), a round-robin's cross
 * table, and the rounds of a Swiss or round-robin with their boards and
 * byes. The view's types are the wire's (@youzai/protocol tournaments.ts).
 */
import type { ByeKind, GameTag, RoundView, StandingRow, TournamentKind, TournamentPage, TournamentStatus } from '@youzai/protocol';
import { h } from '../app/h.ts';
import { t, type MessageKey } from '../i18n/index.ts';

export type { ByeKind, GameTag, RoundView, StandingRow };
export type { TournamentSummary } from '@youzai/protocol';
/** The view as GET /api/tournaments/{id} sends it. */
export type TournamentView = TournamentPage;
export type Kind = TournamentKind;
export type Status = TournamentStatus;

const MEDALS = ['🥇', '🥈', '🥉'] as const;

/** The podium's places: the medal of each player's rank, so that tied players share a place (two golds, then a bronze). */
export function podiumPlaces(
  podium: readonly StandingRow[],
): { readonly place: number; readonly medal: string; readonly name: string; readonly points: number }[] {
  return podium.map((r) => ({ place: r.rank, medal: MEDALS[r.rank - 1] ?? '', name: r.name, points: r.points }));
}

/** A game's result as the score sheet writes it: 1–0, ½–½, 0–1; a forfeit (never played) +/−. */
export function resultText(g: GameTag): string {
  if (g.result === null) return '';
  if (g.forfeit) return g.result === 1 ? '+ – −' : g.result === 0 ? '− – +' : '½–½';
  return g.result === 1 ? '1–0' : g.result === 0 ? '0–1' : '½–½';
}

export function gameRow(g: GameTag): HTMLElement {
  const result = g.result === null ? '' : ` ${resultText(g)}`;
  return h(
    'li',
    null,
    h('a', { href: `/game/${g.id}`, 'data-testid': 'tour-game' }, `${g.white.name} (${g.white.rating}) – ${g.black.name} (${g.black.rating})`),
    result,
  );
}

/** The pager under the standings: the pages before and after the one shown (null at either end), and whether to show it at all. */
export function pagerOf(p: TournamentView['standingsPage']): { readonly shown: boolean; readonly prev: number | null; readonly next: number | null } {
  return { shown: p.pages > 1, prev: p.page > 1 ? p.page - 1 : null, next: p.page < p.pages ? p.page + 1 : null };
}

/** One page of the standings; the reader's own rows (`near`) after a gap when they are on another page. */
export function standingsTable(v: TournamentView, meId: string | null): HTMLElement {
  const kind = v.tournament.kind;
  const head = [t('tour.col.rank'), t('tour.col.player'), t('tour.col.rating')];
  if (kind === 'arena') head.push(t('tour.col.sheet'));
  head.push(t('tour.col.points'));
  if (kind === 'swiss') head.push(t('tour.col.buchholz'), t('tour.col.sb'));
  if (kind === 'roundRobin') head.push(t('tour.col.sb'), t('tour.col.wins'));
  if (kind === 'arena') head.push(t('tour.col.performance'));
  const row = (r: StandingRow): HTMLElement => {
    const cells: (string | HTMLElement)[] = [String(r.rank), r.name + (r.active ? '' : ` (${t('tour.paused')})`), String(Math.round(r.rating))];
    if (kind === 'arena') {
      cells.push(
        h(
          'span.sheet',
          null,
          (r.marks ?? []).map((m) =>
            h(`span.mark.${m.outcome}${m.streak ? '.streak' : ''}${m.berserk ? '.berserk' : ''}`, null, String(m.points) + (m.berserk ? '⚡' : '')),
          ),
          r.onStreak ? h('span.fire', { title: t('tour.on-streak') }, ' 🔥') : null,
        ),
      );
    }
    cells.push(String(r.points));
    if (kind === 'swiss') cells.push(String(r.buchholz ?? ''), String(r.sonnebornBerger ?? ''));
    if (kind === 'roundRobin') cells.push(String(r.sonnebornBerger ?? ''), String(r.wins));
    if (kind === 'arena') cells.push(r.performance === null ? '' : String(r.performance));
    return h(
      `tr${r.userId === meId ? '.me' : ''}`,
      { 'data-user': r.userId },
      cells.map((c) => h('td', null, c)),
    );
  };
  return h(
    'table.standings',
    { 'data-testid': 'tour-standings' },
    h(
      'thead',
      null,
      h(
        'tr',
        null,
        head.map((x) => h('th', null, x)),
      ),
    ),
    h(
      'tbody',
      null,
      v.standings.map(row),
      v.near.length ? [h('tr.gap', { 'data-testid': 'tour-near' }, h('td', { colspan: head.length }, '…')), ...v.near.map(row)] : null,
    ),
  );
}

export function crossTableEl(v: TournamentView): HTMLElement | null {
  if (!v.cross) return null;
  const c = v.cross;
  const cell = (x: number | null) => (x === null ? '' : x === 1 ? '1' : x === 0 ? '0' : '½');
  return h(
    'section.card',
    null,
    h('h2', null, t('tour.cross')),
    h(
      'table.cross',
      { 'data-testid': 'tour-cross' },
      h(
        'thead',
        null,
        h(
          'tr',
          null,
          h('th', null, '#'),
          h('th', null, t('tour.col.player')),
          c.names.map((_, i) => h('th', null, String(i + 1))),
        ),
      ),
      h(
        'tbody',
        null,
        c.names.map((n, i) =>
          h(
            'tr',
            null,
            h('td', null, String(i + 1)),
            h('td', null, n),
            c.cells[i]!.map((x, j) => h(`td${i === j ? '.diag' : ''}`, null, cell(x))),
          ),
        ),
      ),
    ),
  );
}

const BYE_KEY: Record<ByeKind, MessageKey> = {
  pab: 'tour.bye.pab',
  half: 'tour.bye.half',
  late: 'tour.bye.late',
  absent: 'tour.bye.absent',
  forfeit: 'tour.bye.forfeit',
  rest: 'tour.bye.rest',
};

const points = (n: number) => (n === 0.5 ? '½' : String(n));

/** Swiss and round-robin: each round's boards and byes, the latest round open. */
export function roundsEl(v: TournamentView): HTMLElement | null {
  if (!v.rounds || v.rounds.length === 0) return null;
  return h(
    'section.card.tour-rounds',
    { 'data-testid': 'tour-rounds' },
    h('h2', null, t('tour.rounds-title')),
    v.rounds.map((r, i) =>
      h(
        'details.tour-round',
        { open: i === 0, 'data-round': r.round, 'data-testid': 'tour-round' },
        h('summary', null, t('tour.round-n', { n: r.round })),
        h(
          'table.pairings',
          null,
          h(
            'tbody',
            null,
            r.games.map((g, board) =>
              h(
                'tr',
                { 'data-testid': 'tour-pairing' },
                h('td.board', null, String(board + 1)),
                h('td', null, `${g.white.name} (${g.white.rating})`),
                h('td.result', null, g.result === null ? h('a', { href: `/game/${g.id}` }, t('tour.live')) : h('a', { href: `/game/${g.id}` }, resultText(g))),
                h('td', null, `${g.black.name} (${g.black.rating})`),
              ),
            ),
            r.byes.map((b) =>
              h(
                'tr.bye',
                { 'data-testid': 'tour-bye', 'data-kind': b.kind },
                h('td.board', null, ''),
                h('td', null, b.name),
                h('td.result', null, points(b.points)),
                h('td.muted', null, t(BYE_KEY[b.kind])),
              ),
            ),
          ),
        ),
      ),
    ),
  );
}
