/**
 * Live games (a list, refreshed every 10 s) and TV: the most watched game,
 * shown with the game page itself; when it ends, the next one is looked for
 * every 10 s.
 */
import type { ServerMessage } from '@youzai/protocol';
import type { AppContext, Page } from '../app/context.ts';
import { h, fill } from '../app/h.ts';
import { t } from '../i18n/index.ts';
import { api } from '../net/api.ts';
import { gamePage } from './game.ts';
import { every, fetchLiveGames, liveGameList } from './widgets.ts';
import './pages.css';

const REFRESH_MS = 10_000;

export function livePage(_app: AppContext): Page {
  const listEl = h('div', null, h('p.muted', null, t('common.loading')));
  let destroyed = false;
  const stop = every(
    REFRESH_MS,
    () =>
      void fetchLiveGames().then((games) => {
        if (destroyed) return;
        // On a failed refresh keep the last list; say so only when there is none.
        if (!games) {
          if (!listEl.querySelector('ul')) fill(listEl, h('p.error', null, t('err.net.offline')));
          return;
        }
        fill(listEl, liveGameList(games, 'live-games'));
      }),
  );
  const el = h('div.page.live-page', null, h('h1', null, t('live.title')), h('section.card', null, listEl));
  return {
    el,
    title: t('live.title'),
    destroy() {
      destroyed = true;
      stop();
    },
  };
}

export function tvPage(app: AppContext): Page {
  const holder = h('div.tv-game');
  const note = h('p.muted.tv-note', { 'data-testid': 'tv-status', 'aria-live': 'polite' }, t('common.loading'));
  let inner: Page | null = null;
  let current: string | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let destroyed = false;

  function mount(id: string): void {
    inner?.destroy?.();
    current = id;
    inner = gamePage(app, { id });
    holder.replaceChildren(inner.el);
    note.hidden = true;
    holder.dataset.game = id;
  }

  function later(): void {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void poll(), REFRESH_MS);
  }

  async function poll(): Promise<void> {
    timer = null;
    const r = await api<{ game: string | null }>('GET', '/api/tv');
    if (destroyed) return;
    if (r.ok && r.game && r.game !== current) {
      mount(r.game);
      return;
    }
    if (!current) {
      note.hidden = false;
      note.textContent = r.ok ? t('tv.empty') : t('err.net.offline');
    } else {
      note.hidden = false;
      note.textContent = t('tv.next');
    }
    later();
  }

  // The game page shows the end; we only notice it to look for the next game.
  const off = app.socket.on((msg: ServerMessage) => {
    if (!current || !('game' in msg) || msg.game !== current) return;
    const over =
      (msg.t === 'events' && msg.events.some((e) => e.type === 'end')) ||
      (msg.t === 'game' && (msg.view.status === 'finished' || msg.view.status === 'aborted'));
    if (over && !timer) later();
  });

  void poll();
  const el = h('div.tv-page', { 'data-testid': 'tv' }, h('h1', null, t('tv.title')), note, holder);
  return {
    el,
    title: t('tv.title'),
    destroy() {
      destroyed = true;
      off();
      if (timer) clearTimeout(timer);
      inner?.destroy?.();
    },
  };
}
