/**
 * `/admin/moderation`: the admins' page: open reports, actions on players
 * and games, fair-play reports, the log. The state and the requests are
 * moderation-model.ts; this page renders them and sends the requests.
 */
import type { AppContext, Page } from '../app/context.ts';
import { fill, h } from '../app/h.ts';
import { t, tMaybe, type MessageKey } from '../i18n/index.ts';
import { api } from '../net/api.ts';
import { fairPlayReportEl, type FairPlayReportWire } from './fair-play-view.ts';
import {
  acted,
  fairPlayAsked,
  fairPlayRequest,
  INITIAL_MODERATION,
  loaded,
  logLine,
  resolveRequest,
  USER_ACTIONS,
  userRequest,
  voidRequest,
  type ActionResult,
  type AdminRequest,
  type LogEntry,
  type ModerationState,
  type Report,
  type UserAction,
} from './moderation-model.ts';
import { actionButton, errorText } from './widgets.ts';
import './pages.css';

const when = (ms: number): string => new Date(ms).toLocaleString();

const USER_ACTION_LABELS: Record<UserAction, MessageKey> = {
  mute: 'mod.mute',
  unmute: 'mod.unmute',
  ban: 'mod.ban',
  unban: 'mod.unban',
  close: 'mod.close',
  cheater: 'mod.cheater',
};

export function moderationPage(_app: AppContext): Page {
  let destroyed = false;
  let state = INITIAL_MODERATION;
  const reports = h('div', { 'data-testid': 'mod-reports' });
  const log = h('div', { 'data-testid': 'mod-log' });
  const fairPlay = h('div', { 'data-testid': 'mod-fairplay' });
  const result = h('p', { 'data-testid': 'mod-result', role: 'status' });

  const user = h('input', { name: 'user', placeholder: t('mod.user'), 'data-testid': 'mod-user', autocomplete: 'off' }) as HTMLInputElement;
  const minutes = h('input', { name: 'minutes', type: 'number', min: '0', max: '10080', value: '60', 'data-testid': 'mod-minutes' }) as HTMLInputElement;
  const game = h('input', { name: 'game', placeholder: t('mod.gameId'), 'data-testid': 'mod-game', autocomplete: 'off' }) as HTMLInputElement;
  const note = h('input', { name: 'note', placeholder: t('mod.note'), 'data-testid': 'mod-note', maxlength: '300' }) as HTMLInputElement;

  /** Sends an action (none without its player or game), says its answer, then reads everything again. */
  async function run(req: AdminRequest | null): Promise<void> {
    if (!req) return;
    const r = await api<{ detail: string }>('POST', req.path, req.body);
    if (destroyed) return;
    show(acted(state, r));
    void load();
  }
  /** Asks for a fair-play report: the player's last 20 rated games analysed in the background. */
  async function askFairPlay(req: AdminRequest | null): Promise<void> {
    if (!req) return;
    const r = await api<{ report: FairPlayReportWire }>('POST', req.path, req.body);
    if (destroyed) return;
    show(fairPlayAsked(state, r));
    void load();
  }
  async function load(): Promise<void> {
    const [r, l, fp] = await Promise.all([
      api<{ reports: Report[] }>('GET', '/api/admin/reports'),
      api<{ log: LogEntry[] }>('GET', '/api/admin/log'),
      api<{ reports: FairPlayReportWire[] }>('GET', '/api/admin/fair-play'),
    ]);
    if (!destroyed) show(loaded(state, r, l, fp));
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
      USER_ACTIONS.map((a) => actionButton(t(USER_ACTION_LABELS[a]), `mod-${a}`, () => void run(userRequest(a, user.value, minutes.value, note.value)))),
      actionButton(t('fairplay.ask'), 'mod-fairplay-ask', () => void askFairPlay(fairPlayRequest(user.value, null))),
    ),
    h(
      'p.row',
      null,
      game,
      actionButton(t('mod.void'), 'mod-void', () => void run(voidRequest(game.value, note.value))),
    ),
    result,
  );

  function show(next: ModerationState): void {
    state = next;
    const r = state.reports;
    actions.hidden = r.kind === 'refused';
    if (r.kind === 'loading') fill(reports, h('p.muted', null, t('common.loading')));
    else if (r.kind === 'refused') fill(reports, h('p.error', { 'data-testid': 'mod-denied' }, r.adminsOnly ? t('mod.adminsOnly') : errorText(r)));
    else {
      fill(
        reports,
        reportsTable(r.list, {
          pick: (x) => {
            user.value = x.reported ?? '';
            game.value = x.gameId ?? '';
          },
          fairPlay: (x) => void askFairPlay(fairPlayRequest(x.reported ?? '', x.id)),
          resolve: (x) => void run(resolveRequest(x.id, note.value)),
        }),
      );
    }
    if (state.fairPlay)
      fill(fairPlay, state.fairPlay.length === 0 ? h('p.muted', null, t('fairplay.none')) : state.fairPlay.map((x) => fairPlayReportEl(x, when)));
    if (state.log) fill(log, logList(state.log));
    if (state.result) {
      result.className = state.result.kind === 'error' ? 'error' : 'ok';
      result.textContent = resultText(state.result);
    }
  }
  show(state);
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

function resultText(r: ActionResult): string {
  if (r.kind === 'done') return `${t('mod.done')}: ${r.detail}`;
  if (r.kind === 'fair-play-asked') return t('fairplay.asked.ok', { n: r.games });
  return errorText(r);
}

/** The open reports, each with its buttons: pick its player and game into the form, ask a fair-play report (a cheat report), resolve it. */
function reportsTable(
  list: readonly Report[],
  on: { readonly pick: (x: Report) => void; readonly fairPlay: (x: Report) => void; readonly resolve: (x: Report) => void },
): HTMLElement {
  if (list.length === 0) return h('p.muted', null, t('mod.noReports'));
  const heads = [t('mod.when'), t('mod.reporter'), t('mod.reported'), t('mod.game'), t('mod.reason'), t('mod.text'), ''];
  return h(
    'table',
    null,
    h(
      'thead',
      null,
      h(
        'tr',
        null,
        heads.map((x) => h('th', { scope: 'col' }, x)),
      ),
    ),
    h(
      'tbody',
      null,
      list.map((x) =>
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
            actionButton(t('mod.pick'), 'mod-pick', () => on.pick(x)),
            x.reason === 'cheat' && x.reported ? actionButton(t('fairplay.ask'), 'mod-report-fairplay', () => on.fairPlay(x)) : null,
            actionButton(t('mod.resolve'), 'mod-resolve', () => on.resolve(x)),
          ),
        ),
      ),
    ),
  );
}

function logList(entries: readonly LogEntry[]): HTMLElement {
  if (entries.length === 0) return h('p.muted', null, '—');
  return h(
    'ul',
    null,
    entries.map((e) => h('li', { 'data-testid': 'mod-log-entry' }, logLine(e, when(e.at), tMaybe(`mod.action.${e.action}`, e.action)))),
  );
}
