/**
 * The puzzle trainer (cờ thế): a position near your puzzle rating; you play
 * the solver's moves, the opponent's replies are played for you. A wrong
 * move fails the puzzle and shows the solution, which can be stepped
 * through; the first attempt at a puzzle moves both ratings.
 */
import { acceptedLines, judgeMove } from '@youzai/puzzles';
import { DEFAULT_VARIANT, parseSquare, pieceRole, sideIndex, VARIANT_KEYS, VARIANTS, type VariantKey } from '@youzai/rules';
import type { AppContext, Page } from '../app/context.ts';
import { h, fill } from '../app/h.ts';
import { roleName, sideName, variantName } from '../app/names.ts';
import { choosePromotion } from '../board/promotion.ts';
import { coordsToggle } from '../board/coords-toggle.ts';
import { settingsButton } from '../board/settings-panel.ts';
import { Board, orientationOf } from '../board/board.ts';
import { readUci, toKey } from '../board/keys.ts';
import { Cursor, MoveHistory } from '../game/move-history.ts';
import { MoveListView } from '../game/move-list-view.ts';
import { typedPlaceholder } from '../game/typed-hint.ts';
import { readTypedMove } from '../game/typed-move.ts';
import { t, tMaybe } from '../i18n/index.ts';
import './pages.css';
import type { ApiResult } from '../net/api.ts';
import { dailyPuzzle, myPuzzleRatings, nextPuzzle, puzzleById, puzzleThemes, sendResult, type PuzzlePlayer, type PuzzleView } from '../net/puzzles-api.ts';

type Phase = 'solving' | 'solved' | 'failed';

export function puzzlesPage(app: AppContext, params: Record<string, string>): Page {
  let variant = (params.variant ?? DEFAULT_VARIANT) as VariantKey;
  let theme: string | null = null;
  let puzzle: PuzzleView | null = null;
  let history: MoveHistory | null = null;
  let board: Board | null = null;
  let moveList: MoveListView | null = null;
  let cursor: Cursor | null = null;
  let phase: Phase = 'solving';
  /**
   * The attempt's plies so far. It may follow an alternative line (another
   * move that wins as fast); the opponent's replies come from that line.
   */
  let played: string[] = [];
  /** A hint was shown in this attempt: a solve after it is rated as a draw (server-side, docs/API.md). */
  let hinted = false;
  let rated = new Set<string>();
  let feedback = '';
  let ratingText = '';
  let timer: ReturnType<typeof setTimeout> | null = null;
  let destroyed = false;

  /** The solver's puzzle rating in this game, from the server (streak included). */
  let player: PuzzlePlayer | null = null;

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
    placeholder: typedPlaceholder(VARIANTS[variant]),
    'aria-label': t('game.typed.label'),
    'data-testid': 'typed-move',
  }) as HTMLInputElement;
  const typedForm = h('form.typed', null, h('label', null, t('game.typed.label'), typed), h('button', { type: 'submit' }, t('game.typed.submit')));
  typedForm.addEventListener('submit', (e) => {
    e.preventDefault();
    if (!history || !cursor) return;
    const r = readTypedMove(history.positionAt(cursor.ply), typed.value);
    if (!r.ok) {
      feedback = t('game.typed.invalid', { text: typed.value, message: tMaybe(`err.${r.code}`, r.message) });
      render();
      return;
    }
    typed.value = '';
    solverMove(r.uci);
  });

  const tabs = h('nav.tabs');
  /** The game tabs and the theme list follow the puzzle shown (one opened by its id may be of any game). */
  let shownVariant: VariantKey | null = null;
  function renderVariant(): void {
    if (shownVariant === variant) return;
    shownVariant = variant;
    typed.placeholder = typedPlaceholder(VARIANTS[variant]);
    fill(
      tabs,
      ...VARIANT_KEYS.map((k) =>
        h('a', { href: `/puzzles/${k}`, class: k === variant ? 'active' : '', 'aria-current': k === variant ? 'page' : null }, variantName(k)),
      ),
    );
    const forVariant = variant;
    void puzzleThemes(forVariant).then((r) => {
      if (forVariant !== variant) return;
      themeSel.replaceChildren(h('option', { value: '' }, t('puzzle.theme.any')));
      if (!r.ok) return;
      for (const th of r.themes)
        themeSel.append(h('option', { value: th.theme, selected: th.theme === theme }, `${tMaybe(`theme.${th.theme}`, th.theme)} (${th.count})`));
    });
  }
  renderVariant();
  themeSel.addEventListener('change', () => {
    theme = themeSel.value || null;
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

  function start(p: PuzzleView): void {
    puzzle = p;
    if (variant !== p.variant) theme = null;
    variant = p.variant;
    renderVariant();
    phase = 'solving';
    played = [];
    hinted = false;
    feedback = '';
    ratingText = '';
    history = MoveHistory.from(p.variant, p.fen);
    if (!history) {
      fill(statusEl, t('puzzle.none'));
      return;
    }
    cursor = new Cursor(() => history?.length ?? 0);
    board?.destroy();
    board = new Board(boardEl, {
      variant: p.variant,
      orientation: orientationOf(p.turn),
      onMove: (uci) => solverMove(uci),
      choose: choosePromotion,
    });
    moveList = new MoveListView(
      () => history!,
      cursor,
      () => render(),
    );
    movesHolder.replaceChildren(moveList.el);
    render();
  }

  function solverColor(): 0 | 1 {
    return sideIndex(puzzle?.turn ?? 'first');
  }

  function solverMove(uci: string): void {
    if (!puzzle || !history || !cursor || phase !== 'solving' || !cursor.live) return;
    board?.setArrows([]); // a hint's ring goes with the move
    const judged = judgeMove(puzzle, played, uci);
    if (judged.verdict === 'wrong') {
      // Show the wrong move briefly, then the solution from the start of the puzzle.
      if (history.push(uci)) render();
      fail();
      return;
    }
    history.push(uci);
    played = [...played, uci];
    app.sound.play('move');
    if (judged.verdict === 'solved') {
      succeed();
      return;
    }
    feedback = t('puzzle.good');
    render();
    const reply = judged.reply;
    timer = setTimeout(() => {
      if (!puzzle || !history) return;
      history.push(reply);
      played = [...played, reply];
      app.sound.play('move');
      feedback = '';
      render();
    }, 450);
  }

  async function report(win: boolean): Promise<void> {
    if (!puzzle || rated.has(puzzle.id)) return;
    rated.add(puzzle.id);
    const r = await sendResult(puzzle.id, win, win && hinted);
    if (r.ok) {
      player = r.player;
      const diff = Math.round(r.diff);
      ratingText = r.rated ? t('puzzle.ratingDiff', { rating: Math.round(r.rating), diff: `${diff >= 0 ? '+' : ''}${diff}` }) : '';
      render();
    }
  }

  function succeed(): void {
    phase = 'solved';
    feedback = t('puzzle.solved');
    app.sound.play('end');
    render();
    void report(true);
  }

  /** A hint while solving: the piece that moves next is ringed and named. */
  function hint(): void {
    if (!puzzle || !history || !board || phase !== 'solving') return;
    // The next move of the line this attempt follows (the puzzle's own, or the alternative taken).
    const line = acceptedLines(puzzle).find((l) => played.every((m, i) => l[i] === m));
    const next = readUci(line?.[played.length] ?? '');
    if (!next) return;
    hinted = true;
    const pos = history.current;
    if (next.kind === 'move') {
      const v = VARIANTS[puzzle.variant];
      const sq = parseSquare(v.geometry, next.from);
      const role = sq >= 0 ? v.roles[pieceRole(pos.board[sq] ?? 0)]?.letter : undefined;
      feedback = t('puzzle.hint.text', { piece: role ? roleName(puzzle.variant, role) : next.from });
      board.setArrows([{ orig: toKey(next.from), dest: toKey(next.from) }]);
    } else feedback = t('puzzle.hint.text', { piece: roleName(puzzle.variant, next.role) });
    render();
  }

  function fail(gaveUp = false): void {
    phase = 'failed';
    feedback = t(gaveUp ? 'puzzle.shown' : 'puzzle.failed');
    timer = setTimeout(() => {
      // The solution, stepped through from the puzzle's position.
      if (!puzzle) return;
      history = MoveHistory.from(puzzle.variant, puzzle.fen, puzzle.solution);
      cursor = new Cursor(() => history?.length ?? 0);
      moveList = new MoveListView(
        () => history!,
        cursor,
        () => render(),
      );
      movesHolder.replaceChildren(moveList.el);
      cursor.first();
      render();
    }, 700);
    render();
    void report(false);
  }

  function render(): void {
    if (!puzzle || !history || !board || !cursor) return;
    const ply = cursor.ply;
    const solving = phase === 'solving' && cursor.live;
    const mine = solverColor();
    board.set({ pos: history.positionAt(ply), lastUci: history.lastUci(ply), movable: solving && history.current.turn === mine ? orientationOf(mine) : null });
    moveList?.render();
    const kind = puzzle.kind === 'mate' ? t('puzzle.kind.mate', { n: puzzle.mateIn ?? '?' }) : t('puzzle.kind.material');
    fill(
      info,
      h('p.puzzle-kind', { 'data-testid': 'puzzle-kind' }, kind),
      player
        ? h('p', { 'data-testid': 'puzzle-player' }, t('puzzle.rating', { rating: `${Math.round(player.rating)}${player.provisional ? '?' : ''}` }))
        : null,
      h('p.muted', null, `${t('puzzle.difficulty', { rating: Math.round(puzzle.rating) })} · ${t('puzzle.streak', { n: player?.streak ?? 0 })}`),
      ratingText ? h('p.rating-change', { 'data-testid': 'puzzle-rating' }, ratingText) : null,
    );
    statusEl.textContent = feedback || t('puzzle.yourMove', { side: sideName(puzzle.variant, mine) });
    statusEl.dataset.phase = phase;
    const buttons: HTMLElement[] = [];
    const btn = (label: string, testid: string, run: () => void, primary = false) => {
      const b = h(`button${primary ? '.primary' : ''}`, { type: 'button', 'data-testid': testid }, label);
      b.addEventListener('click', run);
      buttons.push(b);
    };
    if (phase !== 'solving') {
      btn(t('puzzle.next'), 'puzzle-next', () => void loadNext(), true);
      btn(t('puzzle.retry'), 'puzzle-retry', () => puzzle && start(puzzle));
    } else {
      btn(t('puzzle.hint'), 'puzzle-hint', hint);
      // Giving up counts as a miss (reported once, as a wrong move would be).
      btn(t('puzzle.showSolution'), 'puzzle-solution', () => fail(true));
    }
    btn(t('puzzle.daily'), 'puzzle-daily', () => void loadDaily());
    buttons.push(coordsToggle(), settingsButton([VARIANTS[variant]]));
    fill(actions, ...buttons);
  }

  async function show(r: Promise<ApiResult<{ puzzle: PuzzleView; player?: PuzzlePlayer }>>): Promise<void> {
    if (timer) clearTimeout(timer);
    const res = await r;
    // Left meanwhile: no board (with its document listeners) for a page gone, no address rewritten under the next page.
    if (destroyed) return;
    if (!res.ok) {
      statusEl.textContent = res.code.endsWith('not-found') ? t('puzzle.none') : tMaybe(`err.${res.code}`, res.message);
      return;
    }
    if (res.player) player = res.player;
    start(res.puzzle);
    if (!params.id) history_replace(`/puzzles/${res.puzzle.variant}`);
  }

  function history_replace(path: string): void {
    if (location.pathname !== path) window.history.replaceState(null, '', path);
  }

  async function loadNext(): Promise<void> {
    await show(nextPuzzle(variant, theme));
  }

  async function loadDaily(): Promise<void> {
    await show(dailyPuzzle(variant));
  }

  if (params.id) {
    void myPuzzleRatings().then((r) => {
      if (r.ok && puzzle) player = r.ratings[puzzle.variant] ?? null;
      render();
    });
    void show(puzzleById(params.id));
  } else void loadNext();
  rated = new Set();

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
