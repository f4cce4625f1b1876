/** The home page's social panels: your ongoing games (whose move it is) and the players you follow (online, what they play, one click to watch). */
import { isVariantKey } from '@youzai/rules';
import type { AppContext } from '../app/context.ts';
import { fill, h } from '../app/h.ts';
import { clockConfigName, variantName } from '../app/names.ts';
import { t } from '../i18n/index.ts';
import { api } from '../net/api.ts';
import type { ClockConfig } from '@youzai/protocol';
import { challengeDialog } from './challenge.ts';

interface Ongoing {
  readonly id: string;
  readonly variant: string;
  readonly players: readonly [string | null, string | null];
  readonly ids: readonly [string | null, string | null];
  readonly yourTurn: boolean;
  readonly clock: ClockConfig | null;
  readonly rated: boolean;
}

const gameLabel = (g: Ongoing): string =>
  [isVariantKey(g.variant) ? variantName(g.variant) : g.variant, g.clock ? clockConfigName(g.clock) : null, t(g.rated ? 'common.rated' : 'common.casual')]
    .filter(Boolean)
    .join(' · ');

export function myGamesPanel(app: AppContext): HTMLElement {
  const el = h('section.card.my-games', { 'data-testid': 'my-games', hidden: true }, h('h2', null, t('social.myGames')));
  void api<{ games: Ongoing[] }>('GET', '/api/me/games').then((r) => {
    if (!r.ok || r.games.length === 0) return;
    const me = app.me?.id;
    fill(
      el,
      h('h2', null, t('social.myGames')),
      h(
        'ul.list',
        null,
        r.games.map((g) => {
          const other = g.ids[0] === me ? g.players[1] : g.players[0];
          return h(
            `li${g.yourTurn ? '.your-turn' : ''}`,
            { 'data-game': g.id },
            h('a', { href: `/game/${g.id}` }, `${t('common.vs')} ${other ?? '?'}`),
            h('span.muted', null, ` ${gameLabel(g)} · `),
            h(`strong${g.yourTurn ? '.turn-mine' : '.muted'}`, null, t(g.yourTurn ? 'social.yourTurn' : 'social.theirTurn')),
          );
        }),
      ),
    );
    el.hidden = false;
  });
  return el;
}

interface Followed {
  readonly id: string;
  readonly name: string;
  readonly online: boolean;
  readonly playing: readonly Ongoing[];
}

export function followingPanel(app: AppContext): HTMLElement {
  const el = h('section.card.following', { 'data-testid': 'following', hidden: true });
  void api<{ users: Followed[] }>('GET', '/api/me/following').then((r) => {
    if (!r.ok || (r.users.length === 0 && (app.me === null || app.me.guest))) return;
    fill(
      el,
      h('h2', null, t('social.following')),
      r.users.length
        ? h(
            'ul.list',
            null,
            r.users.map((u) => {
              const challenge = h('button.linkish', { type: 'button' }, t('social.challenge'));
              challenge.addEventListener('click', () => challengeDialog(app, u.name));
              return h(
                'li',
                { 'data-user': u.name },
                h(`span.dot${u.online ? '.on' : ''}`, { title: t(u.online ? 'social.online' : 'social.offline') }),
                h('a', { href: `/@/${u.name}` }, u.name),
                ...u.playing.map((g) => h('a.watch', { href: `/game/${g.id}` }, ` ▶ ${t('social.watch')} (${gameLabel(g)})`)),
                ' ',
                challenge,
              );
            }),
          )
        : h('p.muted', null, t('social.followingNone')),
    );
    el.hidden = false;
  });
  return el;
}
