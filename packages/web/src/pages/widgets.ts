/** Small pieces the lobby, live, profile, leaderboard, room, solo, puzzle, analysis, editor and moderation pages share. */
import type { Seat } from '@youzai/protocol';
import type { GameSummary, SeekColor } from '@youzai/protocol';
import { isVariantKey, VARIANT_KEYS, type VariantKey } from '@youzai/rules';
import type { AppContext } from '../app/context.ts';
import { h } from '../app/h.ts';
import { clockConfigName, seatName, sideName, variantName } from '../app/names.ts';
import { t, tMaybe } from '../i18n/index.ts';
import { api } from '../net/api.ts';
import { hasProfile } from './profile-data.ts';

/**
 * "You play Black": the side the reader gets from a seek or challenge whose
 * author chose `color` (the author's own side); empty when drawn at random.
 */
export function readerSide(offer: { readonly variant: VariantKey; readonly color: SeekColor }, authoredByReader: boolean): string {
  if (offer.color === 'random') return '';
  const authorSide = offer.color === 'first' ? 0 : 1;
  return t('home.seeks.youPlay', { side: sideName(offer.variant, authoredByReader ? authorSide : ((1 - authorSide) as 0 | 1)) });
}

/** A rating, rounded, with "?" while provisional. */
export function ratingEl(r: { readonly rating: number; readonly provisional: boolean }): HTMLElement {
  return h('span.rating', null, String(Math.round(r.rating)), r.provisional ? h('abbr.prov', { title: t('common.provisional') }, '?') : null);
}

/** A player's name: a link to the profile for accounts, plain text for guests. */
export function playerEl(p: { readonly name: string; readonly guest: boolean }): HTMLElement {
  return p.guest ? h('span.player-name.guest', null, p.name) : h('a.player-name', { href: `/@/${encodeURIComponent(p.name)}` }, p.name);
}

export function variantLabel(variant: string): string {
  return isVariantKey(variant) ? variantName(variant) : variant;
}

function seatEl(seat: Seat | null): HTMLElement {
  // A seat does not say whether its player is a guest; only account names have the username's shape.
  if (seat && seat.kind === 'human') return playerEl({ name: seat.name, guest: !hasProfile(seat.name, seat.userId) });
  return h('span.player-name', null, seatName(seat));
}

/** One line per live game, each linking to it. */
export function liveGameList(games: readonly GameSummary[], testid: string): HTMLElement {
  if (games.length === 0) return h('p.muted', { 'data-testid': testid }, t('live.empty'));
  return h(
    'ul.list.live-list',
    { 'data-testid': testid },
    games.map((g) =>
      h(
        'li',
        null,
        h('a.button.watch', { href: `/game/${g.id}`, 'data-game': g.id }, t('live.watch')),
        h('span.live-players', null, seatEl(g.seats[0]), ` ${t('common.vs')} `, seatEl(g.seats[1])),
        h(
          'span.muted',
          null,
          [variantLabel(g.variant), clockConfigName(g.clock), t('live.ply', { n: g.ply }), g.spectators > 0 ? t('live.spectators', { n: g.spectators }) : '']
            .filter(Boolean)
            .join(' · '),
        ),
      ),
    ),
  );
}

/** GET /api/games; null on failure. */
export async function fetchLiveGames(): Promise<GameSummary[] | null> {
  const r = await api<{ games: GameSummary[] }>('GET', '/api/games');
  return r.ok ? r.games : null;
}

/** An error code from the server or the socket, in the reader's language. */
export function errorText(r: { readonly code?: string; readonly message?: string }): string {
  return tMaybe(`err.${r.code ?? ''}`, r.message ?? String(r.code));
}

/** A button that runs `run` when clicked; a `title` also names it to screen readers (a button labelled by a sign, such as ‹). */
export function actionButton(label: string, testid: string, run: () => void, title?: string): HTMLButtonElement {
  const b = h('button', { type: 'button', 'data-testid': testid, ...(title ? { title, 'aria-label': title } : {}) }, label) as HTMLButtonElement;
  b.addEventListener('click', run);
  return b;
}

/** A read-only link with a copy button. */
export function shareBox(app: AppContext, url: string, label: string, testid: string): HTMLElement {
  const input = h('input', { type: 'text', readonly: true, value: url, 'aria-label': label, 'data-testid': testid }) as HTMLInputElement;
  const copy = h('button', { type: 'button' }, t('common.copy'));
  copy.addEventListener('click', () => {
    input.select();
    void navigator.clipboard?.writeText(url).then(() => app.toast(t('common.copied')));
  });
  return h('div.share-box', null, input, copy);
}

/** Calls `run` now and every `ms`, while the page is visible; returns the stop function. */
export function every(ms: number, run: () => void): () => void {
  run();
  const timer = setInterval(() => {
    if (document.visibilityState !== 'hidden') run();
  }, ms);
  return () => clearInterval(timer);
}

/** The links of a page's game tabs (`/solo/xiangqi`, …), the `current` game's marked. */
export function variantTabLinks(base: string, current: VariantKey): HTMLElement[] {
  return VARIANT_KEYS.map((k) =>
    h('a', { href: `${base}/${k}`, class: k === current ? 'active' : '', 'aria-current': k === current ? 'page' : null }, variantName(k)),
  );
}
