/**
 * The solo board: play both sides of any game, from the start or a pasted FEN; undo, flip, engine hint.
 * The state and its updates are solo-model.ts; this file renders it and forwards events.
 */
import { wireReferee, wireVerdict } from '@youzai/protocol';
import { DEFAULT_VARIANT, makeFen, VARIANTS, type Position, type VariantKey } from '@youzai/rules';
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
import { typedMoveForm } from '../game/typed-form.ts';
import { refereePanel } from '../game/referee-panel.ts';
import { verdictText } from '../game/verdict-text.ts';
import { t, tMaybe } from '../i18n/index.ts';
import { api } from '../net/api.ts';
import { analysisPath } from '../game/analysis-link.ts';

import {
  analysisLinkOf,
  hintAnswered,
  hintAsked,
  initialSoloState,
  loadFen,
  navigated,
  play,
  sharedMoves,
  typedInvalid,
  undo,
  type Score,
  type SoloState,
} from './solo-model.ts';
import { cursorKey } from '../game/cursor-keys.ts';
import { variantTabLinks } from './widgets.ts';

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
  const shownPosition = () => history.positionAt(cursor.ply);

  function move(uci: string): void {
    const before = s.moves;
    update(play(s, uci, cursor.ply));
    if (s.moves.length > before.length) app.sound.play('move');
  }

  /** Takes the model's next state; the move history follows its moves, and the viewer goes to the end when they change. */
  function update(next: SoloState): void {
    s = next;
    if (s.startFen !== shownFen || s.moves !== shown) {
      const common = s.startFen === shownFen ? sharedMoves(shown, s.moves) : -1;
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
    board.set({ pos, lastUci: history.lastUci(ply), movable: s.referee.verdict && cursor.live ? null : 'both' });
    board.setArrows([]);
    moveList.render();
    fen.input.value = makeFen(pos);
    statusEl.textContent = statusText(s, cursor.live ? s.referee.verdict : null, pos.turn);
    fill(special, ...inPlaceButtons(board.inPlaceMoves(), move));
    const state = s.referee.state();
    refHolder.replaceChildren(...(cursor.live && (state.runs || state.counters || state.quiet) ? [refereePanel(variant, wireReferee(state), null)] : []));
  }

  /** The engine's best move for the position shown: said in the status line and drawn as an arrow. */
  async function askHint(): Promise<void> {
    const pos = shownPosition();
    update(hintAsked(s));
    const r = await api<{ bestmove: string; score: Score }>('POST', '/api/analysis', { variant, fen: makeFen(pos) });
    update(hintAnswered(s, pos, r, moveList.notationId));
    const p = r.ok ? readUci(r.bestmove) : null;
    if (p?.kind === 'move') board.setArrows([{ orig: toKey(p.from), dest: toKey(p.to) }]);
  }

  const typedForm = typedMoveForm({ variant, position: shownPosition, play: move, problem: (text) => update(typedInvalid(s, text)) });
  const fen = fenField((text) => update(loadFen(s, text)));
  const controls = h(
    'div.controls',
    null,
    button(t('solo.undo'), 'undo', () => update(undo(s))),
    button(`⇅ ${t('game.flip')}`, 'flip', () => board.flip()),
    coordsToggle(),
    settingsButton([v]),
    button(t('solo.hint'), 'hint', () => void askHint()),
    button(t('solo.reset'), 'reset', () => update(loadFen(s, v.startFen))),
    button(t('solo.editor'), 'open-editor', () => app.navigate(`/editor/${variant}?${new URLSearchParams({ fen: makeFen(shownPosition()) }).toString()}`)),
    button(t('board.open'), 'open-analysis-board', () => app.navigate(analysisPath(analysisLinkOf(s, cursor.ply)))),
  );
  const el = h(
    'div.game-layout.solo',
    { 'data-testid': 'solo-page' },
    h('div.board-col', null, boardEl),
    h(
      'aside.side-col',
      null,
      h('h1', null, t('solo.title')),
      h('nav.tabs', null, variantTabLinks('/solo', variant)),
      h('p.muted', null, t('solo.intro')),
      statusEl,
      controls,
      special,
      moveList.el,
      typedForm,
      fen.el,
      refHolder,
    ),
  );
  const onKey = (e: KeyboardEvent) => {
    if (cursorKey(e, cursor)) update(navigated(s));
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

/** The position shown as FEN, and a FEN to play from: `load` takes the text given. */
function fenField(load: (fen: string) => void): { readonly el: HTMLElement; readonly input: HTMLInputElement } {
  const input = h('input', {
    type: 'text',
    name: 'fen',
    spellcheck: 'false',
    autocomplete: 'off',
    'aria-label': t('solo.fen'),
    'data-testid': 'fen',
  }) as HTMLInputElement;
  const form = h('form.row', null, input, h('button', { type: 'submit', 'data-testid': 'load-fen' }, t('solo.load')));
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    load(input.value.trim());
  });
  return { el: h('label.fen-label', null, t('solo.fen'), form), input };
}

function button(label: string, testid: string, run: () => void): HTMLElement {
  const b = h('button', { type: 'button', 'data-testid': testid }, label);
  b.addEventListener('click', run);
  return b;
}

/** The status line: a notice, else the game's end (`verdict`, on the live position), else the hint, else whose turn it is. */
function statusText(s: SoloState, verdict: SoloState['referee']['verdict'], turn: Position['turn']): string {
  if (s.notice) return noticeText(s);
  if (verdict) return t('solo.over', { text: verdictText(s.variant, wireVerdict(verdict)) });
  return hintText(s) || t('game.turnOf', { side: sideName(s.variant, turn) });
}

function noticeText(s: SoloState): string {
  const n = s.notice;
  if (!n) return '';
  if (n.kind === 'typed-invalid') return n.text;
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
