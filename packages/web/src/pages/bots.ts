/** `/player/bots`: the bots online now (the Bot API, issue 28), each a challenge away. */
import { DEFAULT_VARIANT, VARIANT_KEYS, isVariantKey } from '@youzai/rules';
import type { AppContext, Page } from '../app/context.ts';
import { fill, h } from '../app/h.ts';
import { variantName } from '../app/names.ts';
import { t } from '../i18n/index.ts';
import { api } from '../net/api.ts';
import { BOT_CLOCKS, botChallenge, botRows, type BotRow } from './bots-model.ts';
import { errorText } from './widgets.ts';
import './pages.css';

export function botsPage(app: AppContext): Page {
  const body = h('div', null, h('p.muted', null, t('common.loading')));
  let destroyed = false;
  const variant = h(
    'select',
    { name: 'variant', 'aria-label': t('bots.game') },
    VARIANT_KEYS.map((v) => h('option', { value: v }, variantName(v))),
  ) as HTMLSelectElement;
  variant.value = DEFAULT_VARIANT;
  const clock = h(
    'select',
    { name: 'clock', 'aria-label': t('bots.clock') },
    BOT_CLOCKS.map((c) => h('option', { value: c.id }, c.id)),
  ) as HTMLSelectElement;
  clock.value = '5+3';

  const challenge = async (bot: string, button: HTMLButtonElement) => {
    if (!isVariantKey(variant.value)) return;
    button.disabled = true;
    const r = await api<{ id: string }>('POST', '/api/games', botChallenge(bot, variant.value, clock.value));
    button.disabled = false;
    if (!r.ok) return app.toast(errorText(r));
    app.toast(t('bots.sent'));
    app.navigate(`/game/${r.id}`);
  };

  const row = (b: BotRow) => {
    const button = h('button', { type: 'button', 'data-testid': `challenge-${b.name}` }, t('bots.challenge')) as HTMLButtonElement;
    button.addEventListener('click', () => void challenge(b.name, button));
    return h(
      'tr',
      { 'data-testid': `bot-${b.name}` },
      h('td.name', null, h('a', { href: `/@/${b.name}` }, b.name), ' ', h('span.title-badge', null, 'BOT')),
      VARIANT_KEYS.map((v) => h('td.num', null, b.ratings[v] === undefined ? '–' : String(Math.round(b.ratings[v]!)))),
      h('td', null, button),
    );
  };

  void fetch('/api/bot/online', { headers: { accept: 'application/json' }, credentials: 'same-origin' })
    .then((r) => r.json())
    .then((json: unknown) => {
      if (destroyed) return;
      const bots = botRows(json);
      if (bots.length === 0) return fill(body, h('p.muted', { 'data-testid': 'bots-empty' }, t('bots.empty')));
      fill(
        body,
        h(
          'table.leaderboard',
          { 'data-testid': 'bots' },
          h(
            'thead',
            null,
            h(
              'tr',
              null,
              h('th', { scope: 'col' }, t('bots.bot')),
              VARIANT_KEYS.map((v) => h('th.num', { scope: 'col' }, variantName(v))),
              h('td', null),
            ),
          ),
          h('tbody', null, bots.map(row)),
        ),
      );
    })
    .catch((e: unknown) => !destroyed && fill(body, h('p.error', null, errorText({ code: 'net.offline', message: String(e) }))));

  const title = t('bots.title');
  return {
    el: h(
      'div.page.bots-page',
      null,
      h('h1', null, title),
      h('p.muted', null, t('bots.intro')),
      h('div.bots-terms', null, h('label', null, t('bots.game'), ' ', variant), ' ', h('label', null, t('bots.clock'), ' ', clock)),
      h('section.card', null, body),
      h('p.muted', null, t('bots.write'), ' ', h('a', { href: '/account/tokens' }, t('tokens.title'))),
    ),
    title,
    destroy() {
      destroyed = true;
    },
  };
}
