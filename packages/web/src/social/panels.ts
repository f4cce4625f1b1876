/**
 * The home page's social panels, live over the socket: your ongoing games
 * (whose move it is in a correspondence game; a live game says it is being
 * played) and the players you follow (online, what they play, one click to
 * watch). Each loads once, then follows the server's frames: `my-game` on
 * your own topic, `following` then `followed` after `following-sub`; a
 * reconnection (a new `welcome`) loads again, since frames may have been
 * missed meanwhile.
 */
import type { ClockConfig, FollowedPlayer, OngoingGame, ServerMessage } from '@youzai/protocol';
import { isVariantKey } from '@youzai/rules';
import type { AppContext } from '../app/context.ts';
import { fill, h } from '../app/h.ts';
import { clockConfigName, variantName } from '../app/names.ts';
import { t } from '../i18n/index.ts';
import { api } from '../net/api.ts';
import { challengeDialog } from './challenge.ts';
import { applyFollowed, applyMyGame, sortMyGames } from './live-lists.ts';

export interface Panel {
  readonly el: HTMLElement;
  destroy(): void;
}

const gameLabel = (g: OngoingGame): string =>
  [
    isVariantKey(g.variant) ? variantName(g.variant) : g.variant,
    g.clock ? clockConfigName(g.clock as ClockConfig) : null,
    t(g.rated ? 'common.rated' : 'common.casual'),
  ]
    .filter(Boolean)
    .join(' · ');

function turnEl(g: OngoingGame): HTMLElement {
  // A live game's turn changes every few seconds and is not told here: it says it is on, its page has the clocks.
  if (!g.correspondence) return h('strong.live-now', null, t('social.liveNow'));
  return h(`strong${g.yourTurn ? '.turn-mine' : '.muted'}`, null, t(g.yourTurn ? 'social.yourTurn' : 'social.theirTurn'));
}

export function myGamesPanel(app: AppContext): Panel {
  const el = h('section.card.my-games', { 'data-testid': 'my-games', hidden: true }, h('h2', null, t('social.myGames')));
  let games: OngoingGame[] = [];
  let loaded = false;
  let destroyed = false;
  // Frames that arrive while the list loads are applied after it, in order.
  const early: Extract<ServerMessage, { t: 'my-game' }>[] = [];

  function render(): void {
    el.hidden = games.length === 0;
    if (el.hidden) {
      fill(el, h('h2', null, t('social.myGames')));
      return;
    }
    const me = app.me?.id;
    fill(
      el,
      h('h2', null, t('social.myGames')),
      h(
        'ul.list',
        null,
        sortMyGames(games).map((g) => {
          const other = g.ids[0] === me ? g.players[1] : g.players[0];
          return h(
            `li${g.yourTurn && g.correspondence ? '.your-turn' : ''}`,
            { 'data-game': g.id },
            h('a', { href: `/game/${g.id}` }, `${t('common.vs')} ${other ?? '?'}`),
            h('span.muted', null, ` ${gameLabel(g)} · `),
            turnEl(g),
          );
        }),
      ),
    );
  }

  async function load(): Promise<void> {
    loaded = false;
    const r = await api<{ games: OngoingGame[] }>('GET', '/api/me/games');
    if (destroyed || !r.ok) return;
    games = r.games;
    for (const m of early.splice(0)) games = applyMyGame(games, m.game, m.over);
    loaded = true;
    render();
  }

  const off = app.socket.on((m) => {
    if (m.t === 'welcome') void load();
    if (m.t !== 'my-game') return;
    if (!loaded) early.push(m);
    else {
      games = applyMyGame(games, m.game, m.over);
      render();
    }
  });
  if (app.me) void load();
  return {
    el,
    destroy() {
      destroyed = true;
      off();
    },
  };
}

export function followingPanel(app: AppContext): Panel {
  const el = h('section.card.following', { 'data-testid': 'following', hidden: true });
  let users: FollowedPlayer[] = [];
  let destroyed = false;

  function render(): void {
    if (users.length === 0 && (app.me === null || app.me.guest)) {
      el.hidden = true;
      return;
    }
    fill(
      el,
      h('h2', null, t('social.following')),
      users.length
        ? h(
            'ul.list',
            null,
            users.map((u) => {
              const challenge = h('button.linkish', { type: 'button' }, t('social.challenge'));
              challenge.addEventListener('click', () => challengeDialog(app, u.name));
              return h(
                'li',
                { 'data-user': u.name, 'data-online': String(u.online) },
                h(`span.dot${u.online ? '.on' : ''}`, { title: t(u.online ? 'social.online' : 'social.offline') }),
                h('a', { href: `/@/${u.name}` }, u.name),
                ...u.playing.map((g) => h('a.watch', { href: `/game/${g.id}`, 'data-game': g.id }, ` ▶ ${t('social.watch')} (${gameLabel(g)})`)),
                ' ',
                challenge,
              );
            }),
          )
        : h('p.muted', null, t('social.followingNone')),
    );
    el.hidden = false;
  }

  // The snapshot comes as a `following` frame, after the server listens to each followed player.
  const subscribe = () => {
    if (app.me && !destroyed) void app.socket.request({ t: 'following-sub' });
  };
  const off = app.socket.on((m) => {
    if (m.t === 'welcome') subscribe();
    if (m.t === 'following') {
      users = [...m.users];
      render();
    }
    if (m.t === 'followed') {
      const next = applyFollowed(users, m);
      if (next !== users) {
        users = next;
        render();
      }
    }
  });
  if (app.socket.state === 'open') subscribe();
  return {
    el,
    destroy() {
      destroyed = true;
      off();
      if (app.me && app.socket.state === 'open') void app.socket.request({ t: 'following-unsub' });
    },
  };
}
