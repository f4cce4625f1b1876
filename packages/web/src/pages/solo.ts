/** The solo board: play both sides of any game, from the start or a pasted FEN; undo, flip, engine hint. */
import { startReferee, type Referee } from '@youzai/game';
import { wireReferee, wireVerdict } from '@youzai/protocol';
import { DEFAULT_VARIANT, makeFen, parseUci, VARIANT_KEYS, VARIANTS, type VariantKey } from '@youzai/rules';
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

export function soloPage(app: AppContext, params: Record<string, string>): Page {
  const variant = (params.variant ?? DEFAULT_VARIANT) as VariantKey;
  const v = VARIANTS[variant];
  let startFen = v.startFen;
  let history = MoveHistory.from(variant, startFen)!;
  const first = startReferee(variant, startFen);
  if (!first.ok) throw new Error(`start position of ${variant} refused: ${first.error.message}`); // a bug, not input
  let referee: Referee = first.value;
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
  let hintText = '';

  const board = new Board(boardEl, {
    variant,
    orientation: 'white',
    onMove: (uci) => play(uci),
    choose: choosePromotion,
  });
  const moveList = new MoveListView(
    () => history,
    cursor,
    () => render(),
  );

  function rebuildReferee(): void {
    const r = startReferee(variant, startFen);
    if (!r.ok) return;
    referee = r.value;
    for (const m of history.moves) referee.play(m);
  }

  function play(uci: string): void {
    if (!cursor.live) {
      // Playing from an earlier position drops the moves after it, as an analysis board does.
      while (history.length > cursor.ply) history.pop();
      cursor.last();
      rebuildReferee();
    }
    if (referee.verdict || !history.push(uci)) {
      render();
      return;
    }
    referee.play(uci);
    hintText = '';
    app.sound.play('move');
    render();
  }

  function render(): void {
    const ply = cursor.ply;
    const pos = history.positionAt(ply);
    board.set({ pos, lastUci: history.lastUci(ply), movable: referee.verdict && cursor.live ? null : 'both' });
    board.setArrows([]);
    moveList.render();
    fenInput.value = makeFen(pos);
    const verdict = cursor.live ? referee.verdict : null;
    statusEl.textContent = verdict
      ? t('solo.over', { text: verdictText(variant, wireVerdict(verdict)) })
      : hintText || t('game.turnOf', { side: sideName(variant, pos.turn) });
    fill(special, ...inPlaceButtons(board.inPlaceMoves(), play));
    const state = referee.state();
    refHolder.replaceChildren(...(cursor.live && (state.runs || state.counters || state.quiet) ? [refereePanel(variant, wireReferee(state), null)] : []));
  }

  function load(fen: string): void {
    const h2 = MoveHistory.from(variant, fen);
    const r = startReferee(variant, fen);
    if (!h2 || !r.ok) {
      statusEl.textContent = t('solo.fenError', { message: r.ok ? 'FEN' : tMaybe(`err.${r.error.code}`, r.error.message) });
      return;
    }
    startFen = fen;
    history = h2;
    referee = r.value;
    cursor.last();
    hintText = '';
    render();
  }

  const btn = (label: string, testid: string, run: () => void) => {
    const b = h('button', { type: 'button', 'data-testid': testid }, label);
    b.addEventListener('click', run);
    return b;
  };
  const undo = btn(t('solo.undo'), 'undo', () => {
    if (!history.pop()) return;
    cursor.last();
    rebuildReferee();
    hintText = '';
    render();
  });
  const hint = btn(t('solo.hint'), 'hint', async () => {
    const pos = history.positionAt(cursor.ply);
    hintText = t('solo.hint.busy');
    render();
    const r = await api<{ bestmove: string; score: { cp: number } | { mate: number } | null }>('POST', '/api/analysis', { variant, fen: makeFen(pos) });
    if (!r.ok) {
      hintText = tMaybe(`err.${r.code}`, r.message);
      render();
      return;
    }
    const score = r.score === null ? '' : 'cp' in r.score ? t('solo.score.cp', { cp: r.score.cp }) : t('solo.score.mate', { n: r.score.mate });
    // The move in the notation the move list shows (the visitor's choice), not in raw coordinates.
    const best = parseUci(pos, r.bestmove);
    const written = best.ok ? (v.notations.find((n) => n.id === moveList.notationId) ?? v.notations[0]!).make(pos, best.value) : r.bestmove;
    hintText = t('solo.hint.result', { move: written, score });
    render();
    const p = readUci(r.bestmove);
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
    if (!r.ok) {
      statusEl.textContent = t('game.typed.invalid', { text: typed.value, message: tMaybe(`err.${r.code}`, r.message) });
      return;
    }
    typed.value = '';
    play(r.uci);
  });
  const fenForm = h('form.row', null, fenInput, h('button', { type: 'submit', 'data-testid': 'load-fen' }, t('solo.load')));
  fenForm.addEventListener('submit', (e) => {
    e.preventDefault();
    load(fenInput.value.trim());
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
        undo,
        btn(`⇅ ${t('game.flip')}`, 'flip', () => board.flip()),
        coordsToggle(),
        settingsButton([v]),
        hint,
        btn(t('solo.reset'), 'reset', () => load(v.startFen)),
        btn(t('solo.editor'), 'open-editor', () =>
          app.navigate(`/editor/${variant}?${new URLSearchParams({ fen: makeFen(history.positionAt(cursor.ply)) }).toString()}`),
        ),
        btn(t('board.open'), 'open-analysis-board', () =>
          app.navigate(
            analysisPath({
              variant,
              fen: startFen !== v.startFen ? startFen : undefined,
              moves: history.moves.join(' '),
              at: history.moves.slice(0, cursor.ply),
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
    render();
  };
  document.addEventListener('keydown', onKey);
  render();
  // A linked position (`?fen=`, e.g. from a finished game's page) opens on the board.
  const linked = new URLSearchParams(location.search).get('fen');
  if (linked) load(linked);
  return {
    el,
    title: `${t('solo.title')} · ${variantName(variant)}`,
    destroy() {
      document.removeEventListener('keydown', onKey);
      board.destroy();
    },
  };
}
