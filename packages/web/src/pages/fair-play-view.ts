/**
 * The fair-play reports on the moderation page: a model (the rows as text,
 * tested without a browser) and its view. Figures as the server computes
 * them (server/moderation/fair-play-figures.ts).
 */
import { h } from '../app/h.ts';
import { t } from '../i18n/index.ts';

export interface Figures {
  readonly games: number;
  readonly moves: number;
  readonly firstChoice: number | null;
  readonly avgLossCp: number | null;
  readonly meanMoveMs: number | null;
  readonly sdMoveMs: number | null;
}
export interface FairPlayReportWire {
  readonly id: string;
  readonly user: string | null;
  readonly requestedBy: string;
  readonly requestedAt: number;
  readonly reportId: string | null;
  readonly games: readonly string[];
  readonly state: 'pending' | 'done';
  readonly analysed: number;
  readonly figures?: {
    readonly perGame: readonly (Figures & { readonly gameId: string; readonly variant: string; readonly side: 0 | 1 })[];
    readonly overall: Figures;
    readonly bands: readonly (Figures & { readonly variant: string; readonly from: number; readonly to: number })[];
  };
}

/** One row of a report's table: what it is about (a game's link, all games, or a band) and its figures as text. */
export interface FigureRow {
  readonly label: string;
  readonly href: string | null;
  readonly games: string;
  readonly moves: string;
  readonly firstChoice: string;
  readonly avgLoss: string;
  readonly moveTime: string;
}

const pct = (x: number | null) => (x === null ? '—' : `${Math.round(x * 100)} %`);
const cp = (x: number | null) => (x === null ? '—' : String(Math.round(x)));
const secs = (ms: number | null) => (ms === null ? '—' : (ms / 1000).toFixed(1));

function row(label: string, href: string | null, f: Figures): FigureRow {
  return {
    label,
    href,
    games: String(f.games),
    moves: String(f.moves),
    firstChoice: pct(f.firstChoice),
    avgLoss: cp(f.avgLossCp),
    moveTime: f.meanMoveMs === null ? '—' : `${secs(f.meanMoveMs)} ± ${secs(f.sdMoveMs)} s`,
  };
}

/** The table of a done report: each game (linked), then all of them, then the player's band in each variant. */
export function fairPlayRows(r: FairPlayReportWire): FigureRow[] {
  const f = r.figures;
  if (!f) return [];
  return [
    ...f.perGame.map((g) => row(g.gameId, `/game/${g.gameId}`, g)),
    row(t('fairplay.overall'), null, f.overall),
    ...f.bands.map((b) => row(t('fairplay.band', { variant: b.variant, from: b.from, to: b.to }), null, b)),
  ];
}

/** One report as shown: who, asked by whom and when, then the progress or the table. */
export function fairPlayReportEl(r: FairPlayReportWire, when: (ms: number) => string): HTMLElement {
  const head = h(
    'p',
    null,
    h('strong', null, r.user ? h('a', { href: `/@/${r.user}` }, r.user) : '?'),
    ` · ${t('fairplay.asked', { by: r.requestedBy, at: when(r.requestedAt) })}`,
  );
  if (r.state !== 'done') {
    return h('div', { 'data-testid': 'fairplay-report' }, head, h('p.muted', null, t('fairplay.pending', { done: r.analysed, total: r.games.length })));
  }
  const cols = [t('fairplay.game'), t('fairplay.games'), t('fairplay.moves'), t('fairplay.firstChoice'), t('fairplay.avgLoss'), t('fairplay.moveTime')];
  return h(
    'div',
    { 'data-testid': 'fairplay-report' },
    head,
    h(
      'table',
      null,
      h(
        'thead',
        null,
        h(
          'tr',
          null,
          cols.map((c) => h('th', { scope: 'col' }, c)),
        ),
      ),
      h(
        'tbody',
        null,
        fairPlayRows(r).map((x) =>
          h(
            'tr',
            null,
            h('td', null, x.href ? h('a', { href: x.href }, x.label) : x.label),
            h('td.num', null, x.games),
            h('td.num', null, x.moves),
            h('td.num', null, x.firstChoice),
            h('td.num', null, x.avgLoss),
            h('td.num', null, x.moveTime),
          ),
        ),
      ),
    ),
    h('p.muted', null, t('fairplay.explain')),
  );
}
