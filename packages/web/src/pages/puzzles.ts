/**
 * The puzzle trainer (cờ thế): a position near your puzzle rating; you play
 * the solver's moves, the opponent's replies are played for you. A wrong
 * move fails the puzzle and shows the solution, which can be stepped
 * through; the first attempt at a puzzle moves both ratings. The state and
 * its updates are puzzles-model.ts; this file renders it and forwards events.
 */
import { DEFAULT_VARIANT, sideIndex, VARIANT_KEYS, VARIANTS, type VariantKey } from '@youzai/rules';
import type { AppContext, Page } from '../app/context.ts';
import { h, fill } from '../app/h.ts';
import { roleName, sideName, variantName } from '../app/names.ts';
import { choosePromotion } from '../board/promotion.ts';
import { coordsToggle } from '../board/coords-toggle.ts';
import { settingsButton } from '../board/settings-panel.ts';
import { Board, orientationOf } from '../board/board.ts';
import { toKey } from '../board/keys.ts';
import { Cursor, MoveHistory } from '../game/move-history.ts';
import { MoveListView } from '../game/move-list-view.ts';
import { typedPlaceholder } from '../game/typed-hint.ts';
import { readTypedMove } from '../game/typed-move.ts';
import { t, tMaybe } from '../i18n/index.ts';
import './pages.css';
import type { ApiResult } from '../net/api.ts';
import { dailyPuzzle, myPuzzleRatings, nextPuzzle, puzzleById, puzzleThemes, sendResult, type PuzzlePlayer, type PuzzleView } from '../net/puzzles-api.ts';

import {
  chooseTheme,
  giveUp,
  hint,
  initialPuzzleState,
  loaded,
  loadFailed,
  loading,
  ratingsLoaded,
  resultAnswered,
  resultSent,
  resultToSend,
  solverMove,
  solving,
  startPuzzle,
  tick,
  typedInvalid,
  type Feedback,
  type Pending,
  type PuzzleState,
} from './puzzles-model.ts';

export function puzzlesPage(app: AppContext, params: Record<string, string>): Page {
  let s: PuzzleState = initialPuzzleState((params.variant ?? DEFAULT_VARIANT) as VariantKey);
  let history: MoveHistory | null = null;
  let board: Board | null = null;
  let moveList: MoveListView | null = null;
  let cursor: Cursor | null = null;
  /** What the board and move list show: the state's attempt, moves and ring they were set up for. */
  let shownAttempt = 0;
  let shownMoves: readonly string[] = [];
  let shownRing: string | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let timerFor: Pending | null = null;
  let destroyed = false;

  const el = h('div.puzzle-page', { 'data-testid': 'puzzle-page' });
  const boardEl = h('div.board-holder', { 'data-testid': 'board' });
  const info = h('div.puzzle-info');
  const statusEl = h('p.status', { 'aria-live': 'polite', 'data-testid': 'puzzle-status' });
  const actions = h('div.controls');
  const movesHolder = h('div');
  const themeSel = h('select', { name: 'theme', 'aria-label': t('puzzle.theme') }) as HTMLSelectElement;
  const typed = h('input', {
    type: 'text',
    autocomplete: 'off',
    placeholder: typedPlaceholder(VARIANTS[s.variant]),
    'aria-label': t('game.typed.label'),
    'data-testid': 'typed-move',
  }) as HTMLInputElement;
  const typedForm = h('form.typed', null, h('label', null, t('game.typed.label'), typed), h('button', { type: 'submit' }, t('game.typed.submit')));
  typedForm.addEventListener('submit', (e) => {
    e.preventDefault();
    if (!history || !cursor) return;
    const r = readTypedMove(history.positionAt(cursor.ply), typed.value);
    if (!r.ok) return update(typedInvalid(s, typed.value, r.code, r.message));
    typed.value = '';
    move(r.uci);
  });

  const tabs = h('nav.tabs');
  /** The game tabs and the theme list follow the puzzle shown (one opened by its id may be of any game). */
  let shownVariant: VariantKey | null = null;
  function renderVariant(): void {
    const variant = s.variant;
    if (shownVariant === variant) return;
    shownVariant = variant;
    typed.placeholder = typedPlaceholder(VARIANTS[variant]);
    fill(
      tabs,
      ...VARIANT_KEYS.map((k) =>
        h('a', { href: `/puzzles/${k}`, class: k === variant ? 'active' : '', 'aria-current': k === variant ? 'page' : null }, variantName(k)),
      ),
    );
    void puzzleThemes(variant).then((r) => {
      if (variant !== s.variant) return;
      themeSel.replaceChildren(h('option', { value: '' }, t('puzzle.theme.any')));
      if (!r.ok) return;
      for (const th of r.themes)
        themeSel.append(h('option', { value: th.theme, selected: th.theme === s.theme }, `${tMaybe(`theme.${th.theme}`, th.theme)} (${th.count})`));
    });
  }
  renderVariant();
  themeSel.addEventListener('change', () => {
    update(chooseTheme(s, themeSel.value));
    void loadNext();
  });

  fill(
    el,
    h(
      'div.game-layout',
      null,
      h('div.board-col', null, boardEl),
      h(
        'aside.side-col',
        null,
        h('h1', null, t('puzzle.title')),
        tabs,
        h('label.theme', null, t('puzzle.theme'), ' ', themeSel),
        info,
        statusEl,
        actions,
        movesHolder,
        typedForm,
      ),
    ),
  );

  /** A move from the board or the typed field: the solver's only while the live position is shown. */
  function move(uci: string): void {
    if (cursor?.live && solving(s)) update(solverMove(s, uci, Date.now()));
  }

  /** Takes the model's next state and carries out what it asks: sounds, the result to send, the pending step's timer. */
  function update(next: PuzzleState): void {
    const before = s;
    s = next;
    if (s.attempt === before.attempt && s.played.length > before.played.length) app.sound.play('move');
    if (s.phase === 'solved' && before.phase !== 'solved') app.sound.play('end');
    const result = resultToSend(s);
    if (result) {
      s = resultSent(s, result.id);
      void sendResult(result.id, result.win, result.hinted).then((r) => {
        if (r.ok && !destroyed) update(resultAnswered(s, r));
      });
    }
    if (s.pending !== timerFor) {
      if (timer) clearTimeout(timer);
      timer = null;
      timerFor = s.pending;
      const due = timerFor?.at;
      // The step is due when its timer fires (a timer may fire a little before the clock shows it due).
      if (due !== undefined) timer = setTimeout(() => update(tick(s, Math.max(Date.now(), due))), Math.max(0, due - Date.now()));
    }
    renderVariant();
    sync();
    render();
  }

  /** Sets up the board for a new attempt, and the move history for the state's moves. */
  function sync(): void {
    const p = s.puzzle;
    if (!p) return;
    if (s.attempt !== shownAttempt) {
      shownAttempt = s.attempt;
      shownMoves = s.moves;
      history = MoveHistory.from(p.variant, p.fen, s.moves);
      if (!history) {
        board?.destroy();
        board = null;
        return;
      }
      showMoves();
      board?.destroy();
      board = new Board(boardEl, {
        variant: p.variant,
        orientation: orientationOf(p.turn),
        onMove: (uci) => move(uci),
        choose: choosePromotion,
      });
      shownRing = null;
    } else if (s.moves !== shownMoves && history) {
      const grown = s.moves.length > shownMoves.length && shownMoves.every((m, i) => s.moves[i] === m);
      if (s.showingSolution || !grown) {
        // The solution, stepped through from the puzzle's position.
        history = MoveHistory.from(p.variant, p.fen, s.moves) ?? history;
        showMoves();
        if (s.showingSolution) cursor?.first();
      } else for (const m of s.moves.slice(shownMoves.length)) history.push(m);
      shownMoves = s.moves;
    }
    if (board && s.ringed !== shownRing) {
      shownRing = s.ringed;
      board.setArrows(s.ringed ? [{ orig: toKey(s.ringed), dest: toKey(s.ringed) }] : []);
    }
  }

  function showMoves(): void {
    cursor = new Cursor(() => history?.length ?? 0);
    moveList = new MoveListView(
      () => history!,
      cursor,
      () => render(),
    );
    movesHolder.replaceChildren(moveList.el);
  }

  function render(): void {
    const puzzle = s.puzzle;
    if (!puzzle || !history || !board || !cursor) {
      if (s.feedback.kind === 'load-failed') statusEl.textContent = feedbackText(s.feedback, s.variant);
      else if (puzzle) fill(statusEl, t('puzzle.none'));
      return;
    }
    const ply = cursor.ply;
    const mine = sideIndex(puzzle.turn);
    const canMove = solving(s) && cursor.live;
    board.set({ pos: history.positionAt(ply), lastUci: history.lastUci(ply), movable: canMove && history.current.turn === mine ? orientationOf(mine) : null });
    moveList?.render();
    const kind = puzzle.kind === 'mate' ? t('puzzle.kind.mate', { n: puzzle.mateIn ?? '?' }) : t('puzzle.kind.material');
    const { player, ratingChange } = s;
    fill(
      info,
      h('p.puzzle-kind', { 'data-testid': 'puzzle-kind' }, kind),
      player
        ? h('p', { 'data-testid': 'puzzle-player' }, t('puzzle.rating', { rating: `${Math.round(player.rating)}${player.provisional ? '?' : ''}` }))
        : null,
      h('p.muted', null, `${t('puzzle.difficulty', { rating: Math.round(puzzle.rating) })} · ${t('puzzle.streak', { n: player?.streak ?? 0 })}`),
      ratingChange
        ? h(
            'p.rating-change',
            { 'data-testid': 'puzzle-rating' },
            t('puzzle.ratingDiff', { rating: ratingChange.rating, diff: `${ratingChange.diff >= 0 ? '+' : ''}${ratingChange.diff}` }),
          )
        : null,
    );
    statusEl.textContent = feedbackText(s.feedback, puzzle.variant) || t('puzzle.yourMove', { side: sideName(puzzle.variant, mine) });
    statusEl.dataset.phase = s.phase;
    const buttons: HTMLElement[] = [];
    const btn = (label: string, testid: string, run: () => void, primary = false) => {
      const b = h(`button${primary ? '.primary' : ''}`, { type: 'button', 'data-testid': testid }, label);
      b.addEventListener('click', run);
      buttons.push(b);
    };
    if (s.phase !== 'solving') {
      btn(t('puzzle.next'), 'puzzle-next', () => void loadNext(), true);
      btn(t('puzzle.retry'), 'puzzle-retry', () => s.puzzle && update(startPuzzle(s, s.puzzle)));
    } else {
      btn(t('puzzle.hint'), 'puzzle-hint', () => update(hint(s)));
      // Giving up counts as a miss (reported once, as a wrong move would be).
      btn(t('puzzle.showSolution'), 'puzzle-solution', () => update(giveUp(s, Date.now())));
    }
    btn(t('puzzle.daily'), 'puzzle-daily', () => void loadDaily());
    buttons.push(coordsToggle(), settingsButton([VARIANTS[s.variant]]));
    fill(actions, ...buttons);
  }

  async function show(r: Promise<ApiResult<{ puzzle: PuzzleView; player?: PuzzlePlayer }>>): Promise<void> {
    update(loading(s));
    const res = await r;
    // Left meanwhile: no board (with its document listeners) for a page gone, no address rewritten under the next page.
    if (destroyed) return;
    if (!res.ok) return update(loadFailed(s, res.code, res.message));
    update(loaded(s, res.puzzle, res.player));
    if (!params.id) history_replace(`/puzzles/${res.puzzle.variant}`);
  }

  function history_replace(path: string): void {
    if (location.pathname !== path) window.history.replaceState(null, '', path);
  }

  async function loadNext(): Promise<void> {
    await show(nextPuzzle(s.variant, s.theme));
  }

  async function loadDaily(): Promise<void> {
    await show(dailyPuzzle(s.variant));
  }

  if (params.id) {
    void myPuzzleRatings().then((r) => {
      if (!destroyed) update(r.ok ? ratingsLoaded(s, r.ratings) : s);
    });
    void show(puzzleById(params.id));
  } else void loadNext();

  return {
    el,
    title: t('puzzle.title'),
    destroy() {
      destroyed = true;
      if (timer) clearTimeout(timer);
      board?.destroy();
    },
  };
}

/** The status line's words for the model's feedback (empty: the solver's turn is said instead). */
function feedbackText(f: Feedback, variant: VariantKey): string {
  switch (f.kind) {
    case 'none':
      return '';
    case 'good':
      return t('puzzle.good');
    case 'solved':
      return t('puzzle.solved');
    case 'failed':
      return t('puzzle.failed');
    case 'shown':
      return t('puzzle.shown');
    case 'hint':
      return t('puzzle.hint.text', { piece: f.role ? roleName(variant, f.role) : f.from });
    case 'typed-invalid':
      return t('game.typed.invalid', { text: f.text, message: tMaybe(`err.${f.code}`, f.message) });
    case 'load-failed':
      return f.code.endsWith('not-found') ? t('puzzle.none') : tMaybe(`err.${f.code}`, f.message);
  }
}
