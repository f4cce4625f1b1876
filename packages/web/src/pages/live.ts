/**
 * Live games (a list, refreshed every 10 s) and TV: channels as lichess has
 * them (the best, one per game, one per speed), each showing its best-rated
 * live game with the game page itself; the channel bar is read again every
 * 10 s, and when the game shown ends the channel's next one follows.
 */
import type { ServerMessage } from '@youzai/protocol';
import type { AppContext, Page } from '../app/context.ts';
import { h, fill } from '../app/h.ts';
import { t, tMaybe } from '../i18n/index.ts';
import { isVariantKey } from '@youzai/rules';
import { variantName } from '../app/names.ts';
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

/** One TV channel as `GET /api/tv` lists it. */
export interface TvChannelView {
  readonly channel: string;
  readonly game: string | null;
  readonly players: readonly [string | null, string | null] | null;
  readonly rating: number | null;
}

/** A channel's name: a game's own name, a speed's, or the best. */
export function channelName(channel: string): string {
  return isVariantKey(channel) ? variantName(channel) : tMaybe(`tv.channel.${channel}`, channel);
}

/** What a channel shows now, in words: its players and rating, or that it has no game. */
export function channelGameText(c: TvChannelView): string {
  return c.players ? `${c.players[0] ?? '?'} – ${c.players[1] ?? '?'}${c.rating === null ? '' : ` · ${c.rating}`}` : t('tv.channel.none');
}

/** The channel bar, one line beside the title (the board keeps its room): each channel a link, the current one marked; its game in its title. */
export function channelBar(channels: readonly TvChannelView[], current: string): HTMLElement {
  return h(
    'nav.tv-channels',
    { 'aria-label': t('tv.channels'), 'data-testid': 'tv-channels' },
    channels.map((c) =>
      h(
        `a.tv-channel${c.game ? '' : '.empty'}`,
        { href: `/tv/${c.channel}`, 'data-channel': c.channel, 'aria-current': c.channel === current ? 'page' : null, title: channelGameText(c) },
        channelName(c.channel),
        c.rating === null ? null : h('small', null, String(c.rating)),
      ),
    ),
  );
}

export function tvPage(app: AppContext, params: Record<string, string> = {}): Page {
  const channel = params.channel ?? 'best';
  const bar = h('div.tv-bar');
  const holder = h('div.tv-game');
  const note = h('p.muted.tv-note', { 'data-testid': 'tv-status', 'aria-live': 'polite' }, t('common.loading'));
  let inner: Page | null = null;
  let current: string | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let destroyed = false;
  /** The game shown has ended: the channel's next one may come. */
  let ended = false;

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
    const r = await api<{ game: string | null; channels: TvChannelView[] }>('GET', `/api/tv?channel=${encodeURIComponent(channel)}`);
    if (destroyed) return;
    if (r.ok) fill(bar, channelBar(r.channels, channel));
    else if (r.code === 'tv.channel') {
      note.hidden = false;
      note.textContent = tMaybe(`err.${r.code}`, r.message);
      return;
    }
    // The game shown stays until it ends (a better one may have started meanwhile: it comes next).
    if (r.ok && r.game && r.game !== current && (!current || ended)) {
      ended = false;
      mount(r.game);
      later();
      return;
    }
    if (current && !ended) return later();
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
    if (over) ended = true;
  });

  void poll();
  const el = h('div.tv-page', { 'data-testid': 'tv', 'data-channel': channel }, h('div.tv-head', null, h('h1', null, t('tv.title')), bar), note, holder);
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
