/** `/admin/moderation`: the admins' page: open reports, actions on players and games, the log. */
import type { AppContext, Page } from '../app/context.ts';
import { fill, h } from '../app/h.ts';
import { t, tMaybe } from '../i18n/index.ts';
import { api } from '../net/api.ts';
import { fairPlayReportEl, type FairPlayReportWire } from './fair-play-view.ts';
import { errorText } from './widgets.ts';
import './pages.css';

interface Report {
  readonly id: string;
  readonly reporter: string | null;
  readonly reported: string | null;
  readonly gameId: string | null;
  readonly reason: string;
  readonly text: string;
  readonly createdAt: number;
}
interface LogEntry {
  readonly id: string;
  readonly at: number;
  readonly admin: string;
  readonly action: string;
  readonly target: string | null;
  readonly gameId: string | null;
  readonly detail: string;
}

const when = (ms: number): string => new Date(ms).toLocaleString();

export function moderationPage(_app: AppContext): Page {
  let destroyed = false;
  const reports = h('div', { 'data-testid': 'mod-reports' }, h('p.muted', null, t('common.loading')));
  const log = h('div', { 'data-testid': 'mod-log' });
  const fairPlay = h('div', { 'data-testid': 'mod-fairplay' });
  const result = h('p', { 'data-testid': 'mod-result', role: 'status' });

  const user = h('input', { name: 'user', placeholder: t('mod.user'), 'data-testid': 'mod-user', autocomplete: 'off' }) as HTMLInputElement;
  const minutes = h('input', { name: 'minutes', type: 'number', min: '0', max: '10080', value: '60', 'data-testid': 'mod-minutes' }) as HTMLInputElement;
  const game = h('input', { name: 'game', placeholder: t('mod.gameId'), 'data-testid': 'mod-game', autocomplete: 'off' }) as HTMLInputElement;
  const note = h('input', { name: 'note', placeholder: t('mod.note'), 'data-testid': 'mod-note', maxlength: '300' }) as HTMLInputElement;

  async function run(path: string, body: Record<string, unknown>): Promise<void> {
    const r = await api<{ detail: string }>('POST', path, { ...body, note: note.value.trim() });
    if (destroyed) return;
    result.className = r.ok ? 'ok' : 'error';
    result.textContent = r.ok ? `${t('mod.done')}: ${r.detail}` : errorText(r);
    void load();
  }
  const onUser =
    (action: string, body: () => Record<string, unknown> = () => ({})) =>
    () => {
      const name = user.value.trim();
      if (name) void run(`/api/admin/users/${encodeURIComponent(name)}/${action}`, body());
    };
  const button = (label: string, testid: string, onclick: () => void) => h('button', { type: 'button', 'data-testid': testid, onclick }, label);
  /** Asks for a fair-play report: the player's last 20 rated games analysed in the background. */
  async function askFairPlay(name: string, reportId: string | null): Promise<void> {
    const r = await api<{ report: FairPlayReportWire }>('POST', '/api/admin/fair-play', { user: name, ...(reportId ? { report: reportId } : {}) });
    if (destroyed) return;
    result.className = r.ok ? 'ok' : 'error';
    result.textContent = r.ok ? t('fairplay.asked.ok', { n: r.report.games.length }) : errorText(r);
    void load();
  }

  const actions = h(
    'section.card',
    null,
    h('h2', null, t('mod.actions')),
    h('p', null, user, note),
    h(
      'p.row',
      null,
      // Its own visible name (a placeholder would go once a number is typed, and a number field shows none).
      h('label', null, t('mod.minutes'), ' ', minutes),
      button(
        t('mod.mute'),
        'mod-mute',
        onUser('mute', () => ({ minutes: Math.max(0, Math.floor(Number(minutes.value) || 0)) })),
      ),
      button(
        t('mod.unmute'),
        'mod-unmute',
        onUser('mute', () => ({ minutes: 0 })),
      ),
      button(
        t('mod.ban'),
        'mod-ban',
        onUser('ban', () => ({ on: true })),
      ),
      button(
        t('mod.unban'),
        'mod-unban',
        onUser('ban', () => ({ on: false })),
      ),
      button(t('mod.close'), 'mod-close', onUser('close')),
      button(
        t('mod.cheater'),
        'mod-cheater',
        onUser('cheater', () => ({ on: true })),
      ),
      button(t('fairplay.ask'), 'mod-fairplay-ask', () => {
        const name = user.value.trim();
        if (name) void askFairPlay(name, null);
      }),
    ),
    h(
      'p.row',
      null,
      game,
      button(t('mod.void'), 'mod-void', () => {
        const id = game.value.trim();
        if (id) void run(`/api/admin/games/${encodeURIComponent(id)}/void`, {});
      }),
    ),
    result,
  );

  async function load(): Promise<void> {
    const [r, l, fp] = await Promise.all([
      api<{ reports: Report[] }>('GET', '/api/admin/reports'),
      api<{ log: LogEntry[] }>('GET', '/api/admin/log'),
      api<{ reports: FairPlayReportWire[] }>('GET', '/api/admin/fair-play'),
    ]);
    if (destroyed) return;
    if (!r.ok) {
      fill(reports, h('p.error', { 'data-testid': 'mod-denied' }, r.code === 'admin.required' ? t('mod.adminsOnly') : errorText(r)));
      actions.hidden = true;
      return;
    }
    actions.hidden = false;
    fill(
      reports,
      r.reports.length === 0
        ? h('p.muted', null, t('mod.noReports'))
        : h(
            'table',
            null,
            h(
              'thead',
              null,
              h(
                'tr',
                null,
                [t('mod.when'), t('mod.reporter'), t('mod.reported'), t('mod.game'), t('mod.reason'), t('mod.text'), ''].map((x) =>
                  h('th', { scope: 'col' }, x),
                ),
              ),
            ),
            h(
              'tbody',
              null,
              r.reports.map((x) =>
                h(
                  'tr',
                  { 'data-testid': 'mod-report' },
                  h('td', null, when(x.createdAt)),
                  h('td', null, x.reporter ?? '?'),
                  h('td', null, x.reported ? h('a', { href: `/@/${x.reported}` }, x.reported) : '?'),
                  h('td', null, x.gameId ? h('a', { href: `/game/${x.gameId}` }, x.gameId) : '—'),
                  h('td', null, tMaybe(`mod.reason.${x.reason}`, x.reason)),
                  h('td', null, x.text),
                  h(
                    'td',
                    null,
                    button(t('mod.pick'), 'mod-pick', () => {
                      user.value = x.reported ?? '';
                      game.value = x.gameId ?? '';
                    }),
                    x.reason === 'cheat' && x.reported
                      ? button(t('fairplay.ask'), 'mod-report-fairplay', () => void askFairPlay(x.reported ?? '', x.id))
                      : null,
                    button(t('mod.resolve'), 'mod-resolve', () => void run(`/api/admin/reports/${x.id}/resolve`, {})),
                  ),
                ),
              ),
            ),
          ),
    );
    if (fp.ok) {
      fill(fairPlay, fp.reports.length === 0 ? h('p.muted', null, t('fairplay.none')) : fp.reports.map((x) => fairPlayReportEl(x, when)));
    }
    if (l.ok) {
      fill(
        log,
        l.log.length === 0
          ? h('p.muted', null, '—')
          : h(
              'ul',
              null,
              l.log.map((e) =>
                h(
                  'li',
                  { 'data-testid': 'mod-log-entry' },
                  // A fair-play entry's detail is the report's data (shown in its own section), not text.
                  `${when(e.at)} · ${e.admin} · ${tMaybe(`mod.action.${e.action}`, e.action)} · ${e.target ?? e.gameId ?? ''}${e.action.startsWith('fair-play') ? '' : ` · ${e.detail}`}`,
                ),
              ),
            ),
      );
    }
  }
  void load();

  const title = t('mod.title');
  return {
    el: h(
      'div.page.moderation-page',
      null,
      h('h1', null, title),
      h(
        'nav.tabs.admin-tabs',
        null,
        h('a.active', { href: '/admin/moderation', 'aria-current': 'page' }, title),
        h('a', { href: '/admin/ops' }, t('ops.title')),
      ),
      h('section.card', null, h('h2', null, t('mod.reports')), reports),
      actions,
      h('section.card', null, h('h2', null, t('fairplay.title')), fairPlay),
      h('section.card', null, h('h2', null, t('mod.log')), log),
    ),
    title,
    destroy() {
      destroyed = true;
    },
  };
}
