/**
 * The puzzle trainer (cờ thế): a position near your puzzle rating; you play
 * the solver's moves, the opponent's replies are played for you. A wrong
 * move fails the puzzle and shows the solution, which can be stepped
 * through; the first attempt at a puzzle moves both ratings. The state and
 * its updates are puzzles-model.ts; this file renders it and forwards events.
 */
import { DEFAULT_VARIANT, sideIndex, VARIANTS, type VariantKey } from '@youzai/rules';
import type { AppContext, Page } from '../app/context.ts';
import { h, fill } from '../app/h.ts';
import { roleName, sideName } from '../app/names.ts';
import { coordsToggle } from '../board/coords-toggle.ts';
import { settingsButton } from '../board/settings-panel.ts';
import { typedMoveForm } from '../game/typed-form.ts';
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
  type Phase,
  type PuzzleState,
} from './puzzles-model.ts';
import { PuzzleBoard } from './puzzle-board.ts';
import { variantTabLinks } from './widgets.ts';

export function puzzlesPage(app: AppContext, params: Record<string, string>): Page {
  let s: PuzzleState = initialPuzzleState((params.variant ?? DEFAULT_VARIANT) as VariantKey);
  // The step is due when its timer fires (a timer may fire a little before the clock shows it due).
  const stepTimer = new StepTimer((at) => update(tick(s, Math.max(Date.now(), at))));
  let destroyed = false;

  const boardEl = h('div.board-holder', { 'data-testid': 'board' });
  const info = h('div.puzzle-info');
  const statusEl = h('p.status', { 'aria-live': 'polite', 'data-testid': 'puzzle-status' });
  const actions = h('div.controls');
  const movesHolder = h('div');
  const view = new PuzzleBoard(
    boardEl,
    movesHolder,
    (uci) => move(uci),
    () => render(),
  );
  const themeSel = h('select', { name: 'theme', 'aria-label': t('puzzle.theme') }) as HTMLSelectElement;
  /** The typed-move box, made anew for each game (its placeholder shows that game's notation). */
  const typedHolder = h('div');
  const tabs = h('nav.tabs');
  /** The game tabs and the theme list follow the puzzle shown (one opened by its id may be of any game). */
  let shownVariant: VariantKey | null = null;
  function renderVariant(): void {
    const variant = s.variant;
    if (shownVariant === variant) return;
    shownVariant = variant;
    fill(typedHolder, typedMoveForm({ variant, position: () => view.position(), play: move, problem: (text) => update(typedInvalid(s, text)) }));
    fill(tabs, variantTabLinks('/puzzles', variant));
    void fillThemes(themeSel, variant, () => s);
  }
  renderVariant();
  themeSel.addEventListener('change', () => {
    update(chooseTheme(s, themeSel.value));
    void loadNext();
  });

  const el = puzzleLayout(boardEl, [tabs, h('label.theme', null, t('puzzle.theme'), ' ', themeSel), info, statusEl, actions, movesHolder, typedHolder]);

  /** A move from the board or the typed field: the solver's only while the live position is shown. */
  function move(uci: string): void {
    if (view.live && solving(s)) update(solverMove(s, uci, Date.now()));
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
    stepTimer.follow(s.pending);
    renderVariant();
    view.sync(s);
    render();
  }

  function render(): void {
    const puzzle = s.puzzle;
    if (!puzzle || !view.ready) {
      if (s.feedback.kind === 'load-failed') statusEl.textContent = feedbackText(s.feedback, s.variant);
      else if (puzzle) fill(statusEl, t('puzzle.none'));
      return;
    }
    view.draw(s);
    fill(info, ...puzzleInfo(puzzle, s));
    statusEl.textContent = feedbackText(s.feedback, puzzle.variant) || t('puzzle.yourMove', { side: sideName(puzzle.variant, sideIndex(puzzle.turn)) });
    statusEl.dataset.phase = s.phase;
    fill(
      actions,
      ...puzzleButtons(s.phase, {
        next: () => void loadNext(),
        retry: () => s.puzzle && update(startPuzzle(s, s.puzzle)),
        hint: () => update(hint(s)),
        giveUp: () => update(giveUp(s, Date.now())),
        daily: () => void loadDaily(),
      }),
      coordsToggle(),
      settingsButton([VARIANTS[s.variant]]),
    );
  }

  async function show(r: Promise<ApiResult<{ puzzle: PuzzleView; player?: PuzzlePlayer }>>): Promise<void> {
    update(loading(s));
    const res = await r;
    // Left meanwhile: no board (with its document listeners) for a page gone, no address rewritten under the next page.
    if (destroyed) return;
    if (!res.ok) return update(loadFailed(s, res.code, res.message));
    update(loaded(s, res.puzzle, res.player));
    const path = `/puzzles/${res.puzzle.variant}`;
    if (!params.id && location.pathname !== path) window.history.replaceState(null, '', path);
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
      stepTimer.stop();
      view.destroy();
    },
  };
}

/** The timer of the model's pending step (the reply, the solution): set anew when the step changes, it calls `due` with the step's time. */
class StepTimer {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private step: Pending | null = null;

  constructor(private readonly due: (at: number) => void) {}

  follow(step: Pending | null): void {
    if (step === this.step) return;
    this.stop();
    this.step = step;
    if (step) this.timer = setTimeout(() => this.due(step.at), Math.max(0, step.at - Date.now()));
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}

/** The board beside the side column: the title, then `side` in order. */
function puzzleLayout(boardEl: HTMLElement, side: readonly HTMLElement[]): HTMLElement {
  return h(
    'div.puzzle-page',
    { 'data-testid': 'puzzle-page' },
    h('div.game-layout', null, h('div.board-col', null, boardEl), h('aside.side-col', null, h('h1', null, t('puzzle.title')), ...side)),
  );
}

/** The puzzle's kind, the solver's rating, the difficulty and streak, and the last rated change. */
function puzzleInfo(puzzle: PuzzleView, s: PuzzleState): (HTMLElement | null)[] {
  const kind = puzzle.kind === 'mate' ? t('puzzle.kind.mate', { n: puzzle.mateIn ?? '?' }) : t('puzzle.kind.material');
  const { player, ratingChange } = s;
  return [
    h('p.puzzle-kind', { 'data-testid': 'puzzle-kind' }, kind),
    player ? h('p', { 'data-testid': 'puzzle-player' }, t('puzzle.rating', { rating: `${Math.round(player.rating)}${player.provisional ? '?' : ''}` })) : null,
    h('p.muted', null, `${t('puzzle.difficulty', { rating: Math.round(puzzle.rating) })} · ${t('puzzle.streak', { n: player?.streak ?? 0 })}`),
    ratingChange
      ? h(
          'p.rating-change',
          { 'data-testid': 'puzzle-rating' },
          t('puzzle.ratingDiff', { rating: ratingChange.rating, diff: `${ratingChange.diff >= 0 ? '+' : ''}${ratingChange.diff}` }),
        )
      : null,
  ];
}

/** The buttons of a phase: next and retry once the attempt is over, else hint and the solution; the daily puzzle always. */
function puzzleButtons(phase: Phase, run: Record<'next' | 'retry' | 'hint' | 'giveUp' | 'daily', () => void>): HTMLElement[] {
  const btn = (label: string, testid: string, click: () => void, primary = false) => {
    const b = h(`button${primary ? '.primary' : ''}`, { type: 'button', 'data-testid': testid }, label);
    b.addEventListener('click', click);
    return b;
  };
  const buttons =
    phase !== 'solving'
      ? [btn(t('puzzle.next'), 'puzzle-next', run.next, true), btn(t('puzzle.retry'), 'puzzle-retry', run.retry)]
      : // Giving up counts as a miss (reported once, as a wrong move would be).
        [btn(t('puzzle.hint'), 'puzzle-hint', run.hint), btn(t('puzzle.showSolution'), 'puzzle-solution', run.giveUp)];
  return [...buttons, btn(t('puzzle.daily'), 'puzzle-daily', run.daily)];
}

/** The theme list of a game, with each theme's count; dropped when the page moved on to another game meanwhile. */
async function fillThemes(themeSel: HTMLSelectElement, variant: VariantKey, now: () => PuzzleState): Promise<void> {
  const r = await puzzleThemes(variant);
  const s = now();
  if (variant !== s.variant) return;
  themeSel.replaceChildren(h('option', { value: '' }, t('puzzle.theme.any')));
  if (!r.ok) return;
  for (const th of r.themes)
    themeSel.append(h('option', { value: th.theme, selected: th.theme === s.theme }, `${tMaybe(`theme.${th.theme}`, th.theme)} (${th.count})`));
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
      return f.text;
    case 'load-failed':
      return f.code.endsWith('not-found') ? t('puzzle.none') : tMaybe(`err.${f.code}`, f.message);
  }
}
