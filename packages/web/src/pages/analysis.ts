/**
 * The analysis board: any position of any game (a finished game, a live game
 * one watches, the solo board), a variations tree grown by moving pieces,
 * a running evaluation from the server's engines (up to 3 lines, deepening
 * while the page is open, stopped when it closes), arrows for the best moves,
 * PGN export with variations and evaluations, and a share link that holds it all.
 * A game record imported (the import panel, or a saved one's short link
 * `/i/{id}`) becomes the tree, its tags and comments kept for the export.
 * The state is analysis-model.ts and analysis-engine-model.ts; this page
 * renders it and talks to the socket.
 */
import type { ImportedWire, TreeNode } from '@youzai/game/analysis';
import type { BoardLine, ServerMessage } from '@youzai/protocol';
import { DEFAULT_VARIANT, legalUcis, makeFen, VARIANTS, type Notation, type Position, type VariantKey, type VariantModule } from '@youzai/rules';
import type { AppContext, Page } from '../app/context.ts';
import { h, fill } from '../app/h.ts';
import { notationName, sideName, variantName } from '../app/names.ts';
import { chosenNotation } from '../app/notation-choice.ts';
import { changeSettings, onSettings, settings } from '../app/settings.ts';
import { Board } from '../board/board.ts';
import { coordsToggle } from '../board/coords-toggle.ts';
import { inPlaceButtons } from '../board/in-place.ts';
import { choosePromotion } from '../board/promotion.ts';
import { readAnalysisQuery } from '../game/analysis-link.ts';
import { formatEval } from '../game/analysis-panel.ts';
import { handOver, importPgnPath, takeHandedOver } from '../game/import-model.ts';
import { importPanel } from '../game/import-panel.ts';
import { typedMoveForm } from '../game/typed-form.ts';
import { VariationView } from '../game/variation-view.ts';
import '../game/analysis.css';
import '../game/variations.css';
import { t, tMaybe } from '../i18n/index.ts';
import {
  analysisPgn,
  commentOf,
  deleteCurrent,
  editorPathOf,
  goTo,
  KEY_STEPS,
  loadImported,
  moveText,
  openAnalysis,
  playMove,
  positionOf,
  promoteCurrent,
  sharePath,
  stepFrom,
  typedInvalid,
  type AnalysisState,
  type Step,
} from './analysis-model.ts';
import {
  arrowsOf,
  askAgain,
  asking,
  engineHead,
  frameHeard,
  IDLE_ENGINE,
  keepsArrows,
  lineMoves,
  positionShown,
  restartable,
  startRefused,
  type EngineNote,
  type Arrow,
  type EngineState,
} from './analysis-engine-model.ts';
import { actionButton } from './widgets.ts';

/** A position shown this long is analysed (arrow keys through a game do not start a search per move). */
const SETTLE_MS = 250;

/** A game imported elsewhere (a saved one's link), and its short link's id. */
export interface AnalysisImport {
  readonly imported: ImportedWire;
  readonly importId?: string;
}

export function analysisPage(app: AppContext, params: Record<string, string>, given?: AnalysisImport): Page {
  const variant = (params.variant ?? DEFAULT_VARIANT) as VariantKey;
  const v = VARIANTS[variant];
  let state = openAnalysis(variant, readAnalysisQuery(location.search), given?.imported ?? takeHandedOver(variant));
  // A choice made here or in the settings panel: the tree, the engine lines and the board's labels follow.
  const notations = notationChoice(v, () => {
    render();
    engine.render();
  });
  const notation = notations.current;

  const boardEl = h('div.board-holder', { 'data-testid': 'board' });
  const board = new Board(boardEl, { variant, orientation: 'white', onMove: (uci) => play(uci), choose: choosePromotion });
  const special = h('div.special');
  const statusEl = h('p.status', { 'aria-live': 'polite', 'data-testid': 'status' });
  const view = new VariationView({
    turn: () => positionOf(state, state.tree.root).turn as 0 | 1,
    fullmove: () => positionOf(state, state.tree.root).fullmove,
    text: (n) => moveText(state, n, notation()),
    pick: (id) => go(state.tree.get(id) ?? state.current),
  });
  // A move typed (the keyboard's and screen readers' way to play), as on the game page; what it cannot read, in the status.
  const typedForm = typedMoveForm({
    variant,
    position: () => positionOf(state),
    play: (uci) => play(uci),
    problem: (text) => {
      state = typedInvalid(state, text);
      render();
    },
  });
  const commentEl = h('p.node-comment', { 'data-testid': 'node-comment', hidden: true });

  /** A game read by the import panel: this board's game in place; another game's on its own board. */
  function loadImport(w: ImportedWire): void {
    if (w.variant !== variant) {
      handOver(w);
      app.navigate(`/analysis/${w.variant}`);
      return;
    }
    const next = loadImported(state, w);
    if (next) show(next);
  }

  function play(uci: string): void {
    const next = playMove(state, uci);
    if (next.current === state.current) {
      state = next;
      render();
      return;
    }
    app.sound.play('move');
    show(next);
  }

  const go = (node: TreeNode): void => show(goTo(state, node));
  const step = (s: Step): void => go(stepFrom(state, s) ?? state.current);

  /** The next state drawn, and its position analysed. */
  function show(next: AnalysisState): void {
    state = next;
    render();
    engine.ask();
  }

  const engine = enginePanel(app, variant, {
    position: () => positionOf(state),
    notation,
    play,
    arrows: (arrows) => board.setArrows(arrows),
    // The best line's score is kept on the node: the PGN export writes it.
    best: (line) => {
      state.current.eval = { ...line.eval, depth: line.depth };
    },
  });

  // ---- drawing ----------------------------------------------------------
  function render(): void {
    const pos = positionOf(state);
    board.set({ pos, lastUci: state.current.uci || undefined, movable: legalUcis(pos).length ? 'both' : null });
    fill(special, ...inPlaceButtons(board.inPlaceMoves(), play));
    view.render(state.tree, state.current.id);
    const comment = commentOf(state);
    commentEl.textContent = comment ? `${t('import.comment')}: ${comment}` : '';
    commentEl.hidden = !comment;
    statusEl.textContent = statusText(state, pos);
    edits.render(state);
    board.setArrows(arrowsOf(engine.lines()));
  }

  // ---- controls ---------------------------------------------------------
  const edits = treeEdits({
    promote: () => {
      state = promoteCurrent(state);
      render();
    },
    delete: () => {
      const next = deleteCurrent(state);
      if (next !== state) show(next);
    },
  });
  const exports = exportControls(app, variant, {
    pgn: () => analysisPgn(state, location.origin),
    shareUrl: () => `${location.origin}${sharePath(state)}`,
  });

  const el = analysisLayout(variant, state.game, {
    board: boardEl,
    status: statusEl,
    typedForm,
    engine: engine.el,
    special,
    tree: [view.el, commentEl],
    notation: v.notations.length > 1 ? notations.select : null,
    nav: moveNav(step),
    boardControls: [edits.promote, edits.delete, actionButton(`⇅ ${t('game.flip')}`, 'flip', () => board.flip()), coordsToggle()],
    exportControls: [...exports.buttons, edits.editor],
    importedPgn: given?.importId ? importPgnPath(given.importId) : null,
    importPanel: importPanel({ variant, load: loadImport }),
    boxes: exports.boxes,
  });

  const offKeys = onTreeKeys((s) => {
    const n = stepFrom(state, s);
    if (n) go(n);
  });
  render();
  engine.ask();
  return {
    el,
    title: `${t('board.title')} · ${variantName(variant)}`,
    destroy() {
      engine.destroy();
      notations.destroy();
      offKeys();
      exports.destroy();
      board.destroy();
    },
  };
}

/** What the status line says: a typed move's problem, else the board's, else whose turn it is. */
function statusText(s: AnalysisState, pos: Position): string {
  if (s.typedProblem) return s.typedProblem;
  if (s.problem?.kind === 'too-large') return t('board.tooLarge');
  if (s.problem) return t('board.badLink', { message: tMaybe(`err.${s.problem.code}`, s.problem.message) });
  return t('game.turnOf', { side: sideName(s.variant, pos.turn) });
}

/** Promote the line shown, delete the move shown, and the board editor on the position shown. */
function treeEdits(on: { readonly promote: () => void; readonly delete: () => void }): {
  readonly promote: HTMLButtonElement;
  readonly delete: HTMLButtonElement;
  readonly editor: HTMLAnchorElement;
  render(s: AnalysisState): void;
} {
  const promote = actionButton(t('board.promote'), 'promote', on.promote);
  const del = actionButton(t('board.delete'), 'delete', on.delete);
  // As lichess's analysis offers: the position set up differently, then played or analysed.
  const editor = h('a.button', { 'data-testid': 'open-editor' }, t('board.editor')) as HTMLAnchorElement;
  return {
    promote,
    delete: del,
    editor,
    render(s) {
      promote.disabled = s.tree.onMainline(s.current.id);
      del.disabled = s.current === s.tree.root;
      editor.href = editorPathOf(s);
    },
  };
}

function moveNav(step: (s: Step) => void): HTMLElement {
  return h(
    'div.move-nav',
    null,
    actionButton('«', 'nav-first', () => step('first'), t('game.nav.first')),
    actionButton('‹', 'nav-prev', () => step('prev'), t('game.nav.prev')),
    actionButton('›', 'nav-next', () => step('next'), t('game.nav.next')),
    actionButton('»', 'nav-last', () => step('last'), t('game.nav.last')),
  );
}

/** The engine panel: its head (depth, or why none), why it stopped with a restart, and the lines, each move of which plays the line up to it. */
function engineContent(
  e: EngineState,
  pos: Position,
  notation: Notation,
  on: { readonly play: (uci: string) => void; readonly restart: () => void },
): HTMLElement[] {
  const head = engineHead(e);
  const headText =
    head.kind === 'depth'
      ? t(head.done ? 'board.depthDone' : 'board.depth', { depth: head.depth })
      : t(head.kind === 'thinking' ? 'board.thinking' : 'board.noEngineHere');
  const note = e.note ? noteText(e.note) : '';
  const line = (pv: readonly string[]) =>
    lineMoves(pos, pv, notation).map(({ text, index }) => {
      const b = h('button.pv-move', { type: 'button', title: t('board.playLine') }, text);
      b.addEventListener('click', () => {
        for (const uci of pv.slice(0, index + 1)) on.play(uci);
      });
      return b;
    });
  return [
    h('div.engine-head', null, h('strong', null, t('board.engine')), ' ', h('span.depth', { 'data-testid': 'engine-depth' }, headText)),
    ...(note ? [h('p.error', { 'data-testid': 'engine-note' }, note)] : []),
    ...(restartable(e) ? [actionButton(t('board.restart'), 'engine-restart', on.restart)] : []),
    h(
      'ol.pv-lines',
      { 'data-testid': 'engine-lines' },
      ...e.lines.map((l) => h('li.pv', { 'data-testid': 'engine-line' }, h('span.eval', null, formatEval(l.eval)), ' ', ...line(l.pv))),
    ),
  ];
}

function noteText(n: EngineNote): string {
  if (n.kind === 'refused') return tMaybe(`err.${n.code}`, n.message);
  return t(n.kind === 'replaced' ? 'board.replaced' : 'board.engineFailed');
}

/**
 * The notation moves are written in: one of the visitor's settings, as on the
 * game page (the board's edge labels follow it too), chosen here or in the
 * settings panel; `changed` redraws what is written in it.
 */
function notationChoice(v: VariantModule, changed: () => void): { current(): Notation; readonly select: HTMLSelectElement; destroy(): void } {
  let id = chosenNotation(v).id;
  const select = h('select.notation', { 'aria-label': t('game.notation') }) as HTMLSelectElement;
  for (const n of v.notations) select.append(h('option', { value: n.id, selected: n.id === id }, notationName(n.id)));
  select.addEventListener('change', () => {
    changeSettings({ notation: { ...settings().notation, [v.key]: select.value } });
  });
  const off = onSettings(() => {
    const chosen = chosenNotation(v).id;
    if (chosen === id) return;
    id = chosen;
    select.value = chosen;
    changed();
  });
  return {
    current: () => v.notations.find((n) => n.id === id) ?? v.notations[0]!,
    select,
    destroy: off,
  };
}

/**
 * The PGN export (shown in a box, with a download link once there is
 * something to download) and the share link (shown, selected and copied).
 */
function exportControls(
  app: AppContext,
  variant: VariantKey,
  read: { readonly pgn: () => string; readonly shareUrl: () => string },
): { buttons: HTMLElement[]; boxes: HTMLElement[]; destroy(): void } {
  const pgnBox = h('textarea.pgn', { readonly: true, rows: 8, hidden: true, 'data-testid': 'pgn', 'aria-label': t('board.pgn') }) as HTMLTextAreaElement;
  const shareBox = h('input.share', {
    type: 'text',
    readonly: true,
    hidden: true,
    'data-testid': 'share-url',
    'aria-label': t('board.share'),
  }) as HTMLInputElement;
  const downloadLink = h('a.button', { download: `youzai-analysis-${variant}.pgn`, 'data-testid': 'download-pgn' }, t('board.download')) as HTMLAnchorElement;
  const exportBtn = actionButton(t('board.exportPgn'), 'export-pgn', () => {
    pgnBox.value = read.pgn();
    pgnBox.hidden = false;
    if (downloadLink.href) URL.revokeObjectURL(downloadLink.href);
    downloadLink.href = URL.createObjectURL(new Blob([pgnBox.value], { type: 'application/x-chess-pgn' }));
    // Shown once there is something to download (a .button's display would override `hidden`).
    if (!downloadLink.isConnected) exportBtn.after(downloadLink);
  });
  const shareBtn = actionButton(t('board.share'), 'share', () => {
    shareBox.value = read.shareUrl();
    shareBox.hidden = false;
    shareBox.select();
    void navigator.clipboard?.writeText(shareBox.value).then(
      () => app.toast(t('common.copied')),
      () => undefined,
    );
  });
  return {
    buttons: [exportBtn, shareBtn],
    boxes: [shareBox, pgnBox],
    destroy() {
      if (downloadLink.href) URL.revokeObjectURL(downloadLink.href);
    },
  };
}

/** The page's parts, made and kept up to date by the page. */
interface LayoutParts {
  readonly board: HTMLElement;
  readonly status: HTMLElement;
  readonly typedForm: HTMLElement;
  readonly engine: HTMLElement;
  readonly special: HTMLElement;
  readonly tree: readonly HTMLElement[];
  /** The notation's choice, where the game has more than one. */
  readonly notation: HTMLElement | null;
  readonly nav: HTMLElement;
  readonly boardControls: readonly HTMLElement[];
  readonly exportControls: readonly HTMLElement[];
  /** A saved import's own record, to download (null: not a saved import). */
  readonly importedPgn: string | null;
  readonly importPanel: HTMLElement;
  readonly boxes: readonly HTMLElement[];
}

function analysisLayout(variant: VariantKey, game: string | undefined, p: LayoutParts): HTMLElement {
  return h(
    'div.game-layout.analysis-board',
    { 'data-testid': 'analysis-board' },
    h('div.board-col', null, p.board),
    h(
      'aside.side-col',
      null,
      h('h1', null, `${t('board.title')} · ${variantName(variant)}`),
      game ? h('p', null, h('a', { href: `/game/${game}`, 'data-testid': 'back-to-game' }, t('board.backToGame'))) : null,
      p.status,
      p.typedForm,
      p.engine,
      p.special,
      h(
        'section.tree',
        null,
        h('div.moves-head', null, h('h3', null, t('board.tree')), p.notation ? h('label', null, t('game.notation'), ' ', p.notation) : null),
        ...p.tree,
      ),
      p.nav,
      h('div.controls', null, ...p.boardControls),
      h('div.controls', null, ...p.exportControls),
      p.importedPgn ? h('p', null, h('a', { href: p.importedPgn, download: '', 'data-testid': 'imported-pgn' }, t('import.download'))) : null,
      p.importPanel,
      ...p.boxes,
      h('p.muted', null, t('board.help')),
    ),
  );
}

/** The arrow keys, Home and End walk the tree (not while a field has the keys). */
function onTreeKeys(walk: (s: Step) => void): () => void {
  const onKey = (e: KeyboardEvent) => {
    if ((e.target as HTMLElement).closest('input,textarea,select')) return;
    const s = KEY_STEPS[e.key];
    if (!s) return;
    e.preventDefault();
    walk(s);
  };
  document.addEventListener('keydown', onKey);
  return () => document.removeEventListener('keydown', onKey);
}

/**
 * The engine panel: the server's running evaluation of the position shown,
 * asked once the position has been shown SETTLE_MS, its frames heard (the
 * best line's given to `best`, the lines' first moves drawn as arrows), asked
 * again on a new socket; stopped when the page goes (the socket's close does
 * it too).
 */
function enginePanel(
  app: AppContext,
  variant: VariantKey,
  on: {
    readonly position: () => Position;
    readonly notation: () => Notation;
    readonly play: (uci: string) => void;
    readonly arrows: (arrows: Arrow[]) => void;
    readonly best: (line: BoardLine) => void;
  },
): { readonly el: HTMLElement; ask(): void; render(): void; lines(): readonly BoardLine[]; destroy(): void } {
  const el = h('section.engine', { 'data-testid': 'engine', 'aria-label': t('board.engine') });
  let engine: EngineState = IDLE_ENGINE;
  let destroyed = false;
  let settle: ReturnType<typeof setTimeout> | undefined;

  function render(): void {
    fill(el, ...engineContent(engine, on.position(), on.notation(), { play: on.play, restart: again }));
    if (!keepsArrows(engine)) on.arrows([]);
  }
  function ask(): void {
    clearTimeout(settle);
    const pos = on.position();
    const fen = makeFen(pos);
    const r = positionShown(engine, fen, legalUcis(pos).length > 0);
    engine = r.engine;
    if (r.ask === 'nothing') return;
    if (r.ask === 'stop') void app.socket.request({ t: 'board-stop' });
    render();
    if (r.ask !== 'start') return;
    settle = setTimeout(async () => {
      engine = asking(engine, fen);
      const res = await app.socket.request({ t: 'board-start', variant, fen, multipv: 3 });
      if (destroyed || res.ok) return;
      const next = startRefused(engine, fen, String(res.code), res.message ?? String(res.code));
      if (next === engine) return;
      engine = next;
      render();
    }, SETTLE_MS);
  }
  /** Asked again even though its lines are shown. */
  function again(): void {
    engine = askAgain(engine);
    ask();
  }
  const off = app.socket.on((m: ServerMessage) => {
    if (m.t !== 'board') return;
    const next = frameHeard(engine, m);
    if (next === engine) return;
    engine = next;
    const best = m.state === 'stopped' ? undefined : m.lines[0];
    if (best) on.best(best);
    render();
    if (m.state !== 'stopped') on.arrows(arrowsOf(engine.lines));
  });
  // Reconnected (another node perhaps): the session died with the old socket, so ask again.
  const offState = app.socket.onState((s) => {
    if (s === 'open' && engine.askedFen) again();
  });
  return {
    el,
    ask,
    render,
    lines: () => engine.lines,
    destroy() {
      destroyed = true;
      clearTimeout(settle);
      off();
      offState();
      void app.socket.request({ t: 'board-stop' });
    },
  };
}
