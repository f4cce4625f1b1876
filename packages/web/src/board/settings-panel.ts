/**
 * The settings panel: board colours, each game's piece set (with a picture
 * of its general), coordinates, sounds and each game's notation, in one
 * place. Every control acts at once (app/settings.ts keeps the choice in the
 * browser and, for an account, on the server). Opened from the header for
 * every game, and beside a board for that board's game.
 */
import { VARIANTS, VARIANT_KEYS, type VariantKey, type VariantModule } from '@youzai/rules';
import { showPanel } from '../app/dialog.ts';
import { h } from '../app/h.ts';
import { notationName, variantName } from '../app/names.ts';
import { chosenNotation } from '../app/notation-choice.ts';
import { changeSettings, settings } from '../app/settings.ts';
import { t, tMaybe } from '../i18n/index.ts';
import { ensureArt } from './art-sheet.ts';
import { BOARD_THEMES, boardTheme, pieceSet, pieceSetName } from './theme.ts';

function select(testid: string, label: string, options: readonly { value: string; text: string }[], now: string, change: (v: string) => void): HTMLElement {
  const s = h(
    'select',
    { name: testid, 'data-testid': testid },
    ...options.map((o) => h('option', { value: o.value, selected: o.value === now }, o.text)),
  ) as HTMLSelectElement;
  s.addEventListener('change', () => change(s.value));
  return h('label.setting', null, h('span', null, label), s);
}

function check(testid: string, label: string, now: boolean, change: (on: boolean) => void): HTMLElement {
  const c = h('input', { type: 'checkbox', name: testid, 'data-testid': testid, checked: now }) as HTMLInputElement;
  c.addEventListener('change', () => change(c.checked));
  return h('label.setting.check', null, c, h('span', null, label));
}

/** A game's general in the set now chosen, drawn by the game's art sheet (a one-piece pocket-like strip). */
function preview(v: VariantModule<VariantKey>): HTMLElement {
  ensureArt(v);
  const king = v.roles[1]!.letter;
  return h(
    `span.set-preview.yz-pocket.yz-${v.key}`,
    { 'aria-hidden': 'true' },
    h('square', null, h(`piece.${king}-piece.white`)),
    h('square', null, h(`piece.${king}-piece.black`)),
  );
}

/** The panel's form, for these games. */
export function settingsForm(games: readonly VariantModule<VariantKey>[]): HTMLElement {
  const parts: (HTMLElement | null)[] = [
    select(
      'board-theme',
      t('board.theme'),
      BOARD_THEMES.map((b) => ({ value: b, text: tMaybe(`board.theme.${b}`, b) })),
      boardTheme(),
      (board) => changeSettings({ board }),
    ),
  ];
  for (const v of games) {
    parts.push(
      h(
        'div.setting-row',
        null,
        select(
          `piece-set-${v.key}`,
          games.length > 1 ? `${t('board.pieces')} · ${variantName(v.key)}` : t('board.pieces'),
          v.board.pieceSets.map((s) => ({ value: s, text: pieceSetName(s) })),
          pieceSet(v),
          (set) => changeSettings({ pieces: { ...settings().pieces, [v.key]: set } }),
        ),
        preview(v),
      ),
    );
  }
  // What the beginner set's marks mean, once, under the sets.
  if (games.some((v) => v.board.pieceSets.includes('beginner'))) parts.push(h('p.muted.setting-note', null, t('settings.beginnerKey')));
  parts.push(check('coords-setting', t('board.coords'), settings().coords, (coords) => changeSettings({ coords })));
  parts.push(check('sound-setting', t('settings.sound'), settings().sound, (sound) => changeSettings({ sound })));
  for (const v of games) {
    if (v.notations.length < 2) continue;
    parts.push(
      select(
        `notation-${v.key}`,
        games.length > 1 ? `${t('game.notation')} · ${variantName(v.key)}` : t('game.notation'),
        v.notations.map((n) => ({ value: n.id, text: notationName(n.id) })),
        chosenNotation(v).id,
        (id) => changeSettings({ notation: { ...settings().notation, [v.key]: id } }),
      ),
    );
  }
  parts.push(h('p.muted.setting-note', null, t('settings.kept')));
  // The header's panel leads to the account's API tokens (the Bot API): its programs' settings.
  if (games.length > 1) parts.push(h('p.setting-note', null, h('a', { href: '/account/tokens', 'data-testid': 'api-tokens-link' }, t('settings.apiTokens'))));
  return h('form.settings-form', { 'data-testid': 'settings-form' }, ...parts);
}

/** The button that opens the panel: for one game beside its board, for every game in the header. */
export function settingsButton(games: readonly VariantModule<VariantKey>[] = VARIANT_KEYS.map((k) => VARIANTS[k])): HTMLButtonElement {
  const b = h(
    'button',
    { class: 'settings-button', type: 'button', 'data-testid': games.length === 1 ? 'board-settings' : 'settings-button', title: t('settings.title') },
    `⚙ ${t('settings.title')}`,
  );
  b.addEventListener('click', () => showPanel(t('settings.title'), settingsForm(games), 'settings'));
  return b;
}
