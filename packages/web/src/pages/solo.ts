/**
 * The solo board: play both sides of any game, from the start or a pasted FEN; undo, flip, engine hint.
 * The state and its updates are solo-model.ts; this file renders it and forwards events.
 */
import { wireReferee, wireVerdict } from '@youzai/protocol';
import { DEFAULT_VARIANT, makeFen, VARIANT_KEYS, VARIANTS, type VariantKey } from '@youzai/rules';
import type { AppContext, Page } from '../app/context.ts';
import { h, fill } from '../app/h.ts';
import { sideName, variantName } from '../app/names.ts';
import { choosePromotion } from '../board/promotion.ts';
import { Board } from '../board/board.ts';
import { coordsToggle } from '../board/coords-toggle.ts';
import { settingsButton } from '../board/settings-panel.ts';
import { inPlaceButtons } from '../board/in-place.ts';
import { readUci, toKey } from '../board/keys.ts';
import { MoveHistory, Cursor } from '../game/move-history.ts';
import { MoveListView } from '../game/move-list-view.ts';
import { typedPlaceholder } from '../game/typed-hint.ts';
import { readTypedMove } from '../game/typed-move.ts';
import { refereePanel } from '../game/referee-panel.ts';
import { verdictText } from '../game/verdict-text.ts';
import { t, tMaybe } from '../i18n/index.ts';
import { api } from '../net/api.ts';
import { analysisPath } from '../game/analysis-link.ts';

import { hintAnswered, hintAsked, initialSoloState, loadFen, navigated, play, typedInvalid, undo, type Score, type SoloState } from './solo-model.ts';

export function soloPage(app: AppContext, params: Record<string, string>): Page {
  const variant = (params.variant ?? DEFAULT_VARIANT) as VariantKey;
  const v = VARIANTS[variant];
  let s: SoloState = initialSoloState(variant);
  /** The moves as the move list shows them, kept to the state's (`shownFen`, `shown`). */
  let history = MoveHistory.from(variant, s.startFen)!;
  let shownFen = s.startFen;
  let shown: readonly string[] = s.moves;
  const cursor = new Cursor(() => history.length);
  const boardEl = h('div.board-holder', { 'data-testid': 'board' });
  const statusEl = h('p.status', { 'aria-live': 'polite', 'data-testid': 'status' });
  const special = h('div.special');
  const refHolder = h('div');
  const fenInput = h('input', {
    type: 'text',
    name: 'fen',
    spellcheck: 'false',
    autocomplete: 'off',
    'aria-label': t('solo.fen'),
    'data-testid': 'fen',
  }) as HTMLInputElement;

  const board = new Board(boardEl, {
    variant,
    orientation: 'white',
    onMove: (uci) => move(uci),
    choose: choosePromotion,
  });
  const moveList = new MoveListView(
    () => history,
    cursor,
    () => update(navigated(s)),
  );

  function move(uci: string): void {
    const before = s.moves;
    update(play(s, uci, cursor.ply));
    if (s.moves.length > before.length) app.sound.play('move');
  }

  /** Takes the model's next state; the move history follows its moves, and the viewer goes to the end when they change. */
  function update(next: SoloState): void {
    s = next;
    if (s.startFen !== shownFen || s.moves !== shown) {
      const common = s.startFen === shownFen ? commonPrefix(shown, s.moves) : -1;
      if (common < 0) history = MoveHistory.from(variant, s.startFen, s.moves) ?? history;
      else {
        while (history.length > common) history.pop();
        for (const m of s.moves.slice(common)) history.push(m);
      }
      shownFen = s.startFen;
      shown = s.moves;
      cursor.last();
    }
    render();
  }

  function render(): void {
    const ply = cursor.ply;
    const pos = history.positionAt(ply);
    const verdict = cursor.live ? s.referee.verdict : null;
    board.set({ pos, lastUci: history.lastUci(ply), movable: s.referee.verdict && cursor.live ? null : 'both' });
    board.setArrows([]);
    moveList.render();
    fenInput.value = makeFen(pos);
    statusEl.textContent = s.notice
      ? noticeText(s)
      : verdict
        ? t('solo.over', { text: verdictText(variant, wireVerdict(verdict)) })
        : hintText(s) || t('game.turnOf', { side: sideName(variant, pos.turn) });
    fill(special, ...inPlaceButtons(board.inPlaceMoves(), move));
    const state = s.referee.state();
    refHolder.replaceChildren(...(cursor.live && (state.runs || state.counters || state.quiet) ? [refereePanel(variant, wireReferee(state), null)] : []));
  }

  const btn = (label: string, testid: string, run: () => void) => {
    const b = h('button', { type: 'button', 'data-testid': testid }, label);
    b.addEventListener('click', run);
    return b;
  };
  const hint = btn(t('solo.hint'), 'hint', async () => {
    const pos = history.positionAt(cursor.ply);
    update(hintAsked(s));
    const r = await api<{ bestmove: string; score: Score }>('POST', '/api/analysis', { variant, fen: makeFen(pos) });
    update(hintAnswered(s, pos, r, moveList.notationId));
    const p = r.ok ? readUci(r.bestmove) : null;
    if (p?.kind === 'move') board.setArrows([{ orig: toKey(p.from), dest: toKey(p.to) }]);
  });
  const typed = h('input', {
    type: 'text',
    autocomplete: 'off',
    placeholder: typedPlaceholder(v),
    'aria-label': t('game.typed.label'),
    'data-testid': 'typed-move',
  }) as HTMLInputElement;
  const typedForm = h('form.typed', null, h('label', null, t('game.typed.label'), typed), h('button', { type: 'submit' }, t('game.typed.submit')));
  typedForm.addEventListener('submit', (e) => {
    e.preventDefault();
    const r = readTypedMove(history.positionAt(cursor.ply), typed.value);
    if (!r.ok) return update(typedInvalid(s, typed.value, r.code, r.message));
    typed.value = '';
    move(r.uci);
  });
  const fenForm = h('form.row', null, fenInput, h('button', { type: 'submit', 'data-testid': 'load-fen' }, t('solo.load')));
  fenForm.addEventListener('submit', (e) => {
    e.preventDefault();
    update(loadFen(s, fenInput.value.trim()));
  });
  const tabs = h(
    'nav.tabs',
    null,
    ...VARIANT_KEYS.map((k) =>
      h('a', { href: `/solo/${k}`, class: k === variant ? 'active' : '', 'aria-current': k === variant ? 'page' : null }, variantName(k)),
    ),
  );
  const el = h(
    'div.game-layout.solo',
    { 'data-testid': 'solo-page' },
    h('div.board-col', null, boardEl),
    h(
      'aside.side-col',
      null,
      h('h1', null, t('solo.title')),
      tabs,
      h('p.muted', null, t('solo.intro')),
      statusEl,
      h(
        'div.controls',
        null,
        btn(t('solo.undo'), 'undo', () => update(undo(s))),
        btn(`⇅ ${t('game.flip')}`, 'flip', () => board.flip()),
        coordsToggle(),
        settingsButton([v]),
        hint,
        btn(t('solo.reset'), 'reset', () => update(loadFen(s, v.startFen))),
        btn(t('solo.editor'), 'open-editor', () =>
          app.navigate(`/editor/${variant}?${new URLSearchParams({ fen: makeFen(history.positionAt(cursor.ply)) }).toString()}`),
        ),
        btn(t('board.open'), 'open-analysis-board', () =>
          app.navigate(
            analysisPath({
              variant,
              fen: s.startFen !== v.startFen ? s.startFen : undefined,
              moves: s.moves.join(' '),
              at: s.moves.slice(0, cursor.ply),
            }),
          ),
        ),
      ),
      special,
      moveList.el,
      typedForm,
      h('label.fen-label', null, t('solo.fen'), fenForm),
      refHolder,
    ),
  );
  const onKey = (e: KeyboardEvent) => {
    if ((e.target as HTMLElement).closest('input,textarea,select')) return;
    const go: Record<string, () => void> = {
      ArrowLeft: () => cursor.prev(),
      ArrowRight: () => cursor.next(),
      Home: () => cursor.first(),
      End: () => cursor.last(),
    };
    const f = go[e.key];
    if (!f) return;
    e.preventDefault();
    f();
    update(navigated(s));
  };
  document.addEventListener('keydown', onKey);
  render();
  // A linked position (`?fen=`, e.g. from a finished game's page) opens on the board.
  const linked = new URLSearchParams(location.search).get('fen');
  if (linked) update(loadFen(s, linked));
  return {
    el,
    title: `${t('solo.title')} · ${variantName(variant)}`,
    destroy() {
      document.removeEventListener('keydown', onKey);
      board.destroy();
    },
  };
}

/** How many moves two lists share from the start. */
function commonPrefix(a: readonly string[], b: readonly string[]): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

function noticeText(s: SoloState): string {
  const n = s.notice;
  if (!n) return '';
  if (n.kind === 'typed-invalid') return t('game.typed.invalid', { text: n.text, message: tMaybe(`err.${n.code}`, n.message) });
  return t('solo.fenError', { message: n.code === null ? n.message : tMaybe(`err.${n.code}`, n.message) });
}

function hintText(s: SoloState): string {
  const hint = s.hint;
  switch (hint.kind) {
    case 'none':
      return '';
    case 'busy':
      return t('solo.hint.busy');
    case 'failed':
      return tMaybe(`err.${hint.code}`, hint.message);
    case 'best': {
      const score = hint.score === null ? '' : 'cp' in hint.score ? t('solo.score.cp', { cp: hint.score.cp }) : t('solo.score.mate', { n: hint.score.mate });
      return t('solo.hint.result', { move: hint.move, score });
    }
  }
}
