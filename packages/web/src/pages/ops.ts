/** `/admin/ops`: the operator's page (admins only): every node's figures and recent errors, read again every 5 s. */
import type { AppContext, Page } from '../app/context.ts';
import { h, fill } from '../app/h.ts';
import { t } from '../i18n/index.ts';
import { api } from '../net/api.ts';
import { errorText } from './widgets.ts';
import type { NodeFigures } from '@youzai/protocol';
import './pages.css';

const REFRESH_MS = 5000;
const mib = (b: number) => `${Math.round(b / 2 ** 20)} MiB`;

function nodeRow(n: NodeFigures): HTMLElement {
  const cell = (text: string | number) => h('td.num', null, String(text));
  return h(
    'tr',
    { 'data-testid': `ops-node-${n.node}` },
    h('td', null, n.node + (n.cluster?.leader ? ` (${t('ops.leader')})` : '')),
    cell(n.liveGames),
    cell(n.loadedGames),
    cell(n.sockets),
    cell(n.seeks),
    cell(n.engine ? `${n.engine.busy}/${n.engine.workers} · ${n.engine.queued}` : '—'),
    cell(n.moves),
    cell(`${n.errors} · ${n.serverErrors}`),
    cell(n.eventLoopP99Ms.toFixed(1)),
    cell(mib(n.rssBytes)),
    cell(n.cluster ? `${n.cluster.leases} · ${n.cluster.adopted}${n.cluster.redisUp ? '' : ' ⚠'}` : '—'),
  );
}

export function opsPage(_app: AppContext): Page {
  const body = h('div', null, h('p.muted', null, t('common.loading')));
  let destroyed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const load = async () => {
    const r = await api<{ nodes: NodeFigures[] }>('GET', '/api/admin/ops');
    if (destroyed) return;
    if (!r.ok) return fill(body, h('p.error', { 'data-testid': 'ops-error' }, errorText(r)));
    const head = [
      'ops.node',
      'ops.live',
      'ops.loaded',
      'ops.sockets',
      'ops.seeks',
      'ops.engine',
      'ops.moves',
      'ops.errors',
      'ops.loop',
      'ops.memory',
      'ops.leases',
    ] as const;
    const errors = r.nodes.flatMap((n) => n.recentErrors.map((e) => ({ ...e, node: n.node }))).sort((a, b) => b.at.localeCompare(a.at));
    fill(
      body,
      h(
        'table.ops',
        { 'data-testid': 'ops-nodes' },
        h(
          'thead',
          null,
          h(
            'tr',
            null,
            head.map((k) => h('th', { scope: 'col' }, t(k))),
          ),
        ),
        h('tbody', null, r.nodes.map(nodeRow)),
      ),
      h('h2', null, t('ops.recent-errors')),
      errors.length === 0
        ? h('p.muted', { 'data-testid': 'ops-no-errors' }, t('ops.no-errors'))
        : h(
            'ul.ops-errors',
            { 'data-testid': 'ops-errors' },
            errors
              .slice(0, 50)
              .map((e) =>
                h(
                  'li',
                  null,
                  `${e.at.slice(11, 19)} ${e.node}: ${e.msg}${e.code ? ` [${e.code}]` : ''}${e.error ? ` — ${e.error}` : ''}${e.game ? ` (${e.game})` : ''}`,
                ),
              ),
          ),
    );
    timer = setTimeout(() => void load(), REFRESH_MS);
  };
  void load();

  const title = t('ops.title');
  return {
    el: h(
      'div.page.ops-page',
      null,
      h('h1', null, title),
      // The operator's page sits beside the moderation page: one admin area, two tabs.
      h(
        'nav.tabs.admin-tabs',
        null,
        h('a', { href: '/admin/moderation' }, t('mod.title')),
        h('a.active', { href: '/admin/ops', 'aria-current': 'page' }, title),
      ),
      h('section.card', null, body),
    ),
    title,
    destroy() {
      destroyed = true;
      clearTimeout(timer);
    },
  };
}
