/**
 * The analysis board: any position of any game (a finished game, a live game
 * one watches, the solo board), a variations tree grown by moving pieces,
 * a running evaluation from the server's engines (up to 3 lines, deepening
 * while the page is open, stopped when it closes), arrows for the best moves,
 * PGN export with variations and evaluations, and a share link that holds it all.
 * A game record imported (the import panel, or a saved one's short link
 * `/i/{id}`) becomes the tree, its tags and comments kept for the export.
 */
import {
  importedFromWire,
  makeImportedPgn,
  makeVariationPgn,
  treeFromText,
  makeTreeText,
  VariationTree,
  type ImportedGame,
  type ImportedWire,
  type TreeNode,
} from '@youzai/game/analysis';
import type { BoardLine, ServerMessage } from '@youzai/protocol';
import { DEFAULT_VARIANT, legalUcis, makeFen, parseFen, parseUci, VARIANTS, type Position, type VariantKey } from '@youzai/rules';
import type { AppContext, Page } from '../app/context.ts';
import { h, fill } from '../app/h.ts';
import { notationName, sideName, variantName } from '../app/names.ts';
import { chosenNotation } from '../app/notation-choice.ts';
import { changeSettings, onSettings, settings } from '../app/settings.ts';
import { Board } from '../board/board.ts';
import { coordsToggle } from '../board/coords-toggle.ts';
import { inPlaceButtons } from '../board/in-place.ts';
import { readUci, toKey } from '../board/keys.ts';
import { choosePromotion } from '../board/promotion.ts';
import { analysisPath, readAnalysisQuery } from '../game/analysis-link.ts';
import { formatEval } from '../game/analysis-panel.ts';
import { handOver, importPgnPath, takeHandedOver } from '../game/import-model.ts';
import { importPanel } from '../game/import-panel.ts';
import { typedMoveForm } from '../game/typed-form.ts';
import { VariationView } from '../game/variation-view.ts';
import '../game/analysis.css';
import '../game/variations.css';
import { t, tMaybe } from '../i18n/index.ts';

/** Arrows for lines 1, 2 and 3. */
const BRUSHES = ['blue', 'paleBlue', 'paleGrey'] as const;
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
  const query = readAnalysisQuery(location.search);
  let problem = '';
  let destroyed = false;

  // ---- the tree and its positions --------------------------------------
  let startFen = v.startFen;
  let tree = new VariationTree();
  let positions = new Map<number, Position>();
  /** The imported game whose tags and comments the tree carries (null: none). */
  let imported: ImportedGame | null = null;
  const incoming = given?.imported ?? takeHandedOver(variant);
  const loaded = incoming
    ? treeFromText(variant, incoming.fen, incoming.moves)
    : query.fen || query.moves
      ? treeFromText(variant, query.fen ?? v.startFen, query.moves ?? '')
      : null;
  if (loaded?.ok && incoming) {
    startFen = incoming.fen;
    ({ tree, positions } = loaded.value);
    imported = importedFromWire(incoming);
  } else if (loaded?.ok) {
    startFen = query.fen ?? v.startFen;
    ({ tree, positions } = loaded.value);
  } else {
    if (loaded) problem = t('board.badLink', { message: tMaybe(`err.${loaded.error.code}`, loaded.error.message) });
    const start = parseFen(v, v.startFen);
    if (!start.ok) throw new Error(`start position of ${variant} refused: ${start.error.message}`); // a bug, not input
    positions.set(0, start.value);
  }
  let current: TreeNode = tree.root;
  for (const uci of incoming ? [] : (query.at ?? [])) {
    const next = current.children.find((c) => c.uci === uci);
    if (!next) break;
    current = next;
  }
  const game = query.game;

  const notations = v.notations;
  // One of the visitor's settings, as on the game page: the board's edge labels follow it too.
  let notationId = chosenNotation(v).id;
  const notation = () => notations.find((n) => n.id === notationId) ?? notations[0]!;
  const posOf = (n: TreeNode): Position => positions.get(n.id)!;
  const moveText = (n: TreeNode): string => {
    const before = n.parent ? posOf(n.parent) : null;
    const m = before ? parseUci(before, n.uci) : null;
    return before && m?.ok ? notation().make(before, m.value) : n.uci;
  };

  // ---- engine lines -----------------------------------------------------
  let lines: readonly BoardLine[] = [];
  let depth = 0;
  let engineState: 'idle' | 'waiting' | 'running' | 'done' | 'stopped' = 'idle';
  let engineNote = '';
  /** The position whose lines the panel is for (asked or about to be); the one last sent to the server. */
  let shownFen = '';
  let askedFen = '';
  let settle: ReturnType<typeof setTimeout> | undefined;

  const boardEl = h('div.board-holder', { 'data-testid': 'board' });
  const board = new Board(boardEl, { variant, orientation: 'white', onMove: (uci) => play(uci), choose: choosePromotion });
  const special = h('div.special');
  const statusEl = h('p.status', { 'aria-live': 'polite', 'data-testid': 'status' });
  const engineEl = h('section.engine', { 'data-testid': 'engine', 'aria-label': t('board.engine') });
  const view = new VariationView({
    turn: () => posOf(tree.root).turn as 0 | 1,
    fullmove: () => posOf(tree.root).fullmove,
    text: moveText,
    pick: (id) => go(tree.get(id) ?? current),
  });
  // A move typed (the keyboard's and screen readers' way to play), as on the game page; what it cannot read, in the status.
  let typedProblem = '';
  const typedForm = typedMoveForm({
    variant,
    position: () => posOf(current),
    play: (uci) => play(uci),
    problem: (text) => {
      typedProblem = text;
      render();
    },
  });
  const commentEl = h('p.node-comment', { 'data-testid': 'node-comment', hidden: true });
  const pgnBox = h('textarea.pgn', { readonly: true, rows: 8, hidden: true, 'data-testid': 'pgn', 'aria-label': t('board.pgn') }) as HTMLTextAreaElement;
  const shareBox = h('input.share', {
    type: 'text',
    readonly: true,
    hidden: true,
    'data-testid': 'share-url',
    'aria-label': t('board.share'),
  }) as HTMLInputElement;

  /** A game read by the import panel: this board's game in place; another game's on its own board. */
  function loadImport(w: ImportedWire): void {
    if (w.variant !== variant) {
      handOver(w);
      app.navigate(`/analysis/${w.variant}`);
      return;
    }
    const r = treeFromText(variant, w.fen, w.moves);
    if (!r.ok) return;
    startFen = w.fen;
    ({ tree, positions } = r.value);
    imported = importedFromWire(w);
    problem = '';
    go(tree.root);
  }

  function play(uci: string): void {
    const pos = posOf(current);
    const m = parseUci(pos, uci);
    if (!m.ok) {
      render();
      return;
    }
    const node = tree.add(current.id, uci);
    if (!node) {
      problem = t('board.tooLarge');
      render();
      return;
    }
    if (!positions.has(node.id)) {
      const next = pos.clone();
      next.play(m.value);
      positions.set(node.id, next);
    }
    app.sound.play('move');
    go(node);
  }

  /** Plays an engine line's moves up to `upto` (its index) into the tree. */
  function playLine(pv: readonly string[], upto: number): void {
    for (const uci of pv.slice(0, upto + 1)) play(uci);
  }

  function go(node: TreeNode): void {
    current = node;
    typedProblem = '';
    render();
    ask();
  }

  // ---- the engine over the socket --------------------------------------
  function ask(): void {
    clearTimeout(settle);
    const fen = makeFen(posOf(current));
    // Still this position's lines: nothing to ask (a redraw, or a move that went nowhere).
    if (fen === shownFen) return;
    shownFen = fen;
    lines = [];
    depth = 0;
    engineNote = '';
    if (legalUcis(posOf(current)).length === 0) {
      askedFen = fen;
      engineState = 'idle';
      void app.socket.request({ t: 'board-stop' });
      renderEngine();
      return;
    }
    engineState = 'waiting';
    renderEngine();
    settle = setTimeout(async () => {
      askedFen = fen;
      const r = await app.socket.request({ t: 'board-start', variant, fen, multipv: 3 });
      if (destroyed || askedFen !== fen || shownFen !== fen) return;
      if (!r.ok) {
        engineState = 'stopped';
        engineNote = tMaybe(`err.${r.code}`, r.message ?? String(r.code));
        renderEngine();
      }
    }, SETTLE_MS);
  }

  const off = app.socket.on((m: ServerMessage) => {
    if (m.t !== 'board') return;
    if (m.state === 'stopped') {
      if (m.fen && m.fen !== askedFen) return;
      engineState = 'stopped';
      engineNote = m.reason === 'replaced' ? t('board.replaced') : t('board.engineFailed');
      renderEngine();
      return;
    }
    if (m.fen !== askedFen || m.fen !== shownFen) return;
    lines = m.lines;
    depth = m.depth;
    engineState = m.state;
    const best = m.lines[0];
    // The best line's score is kept on the node: the PGN export writes it.
    if (best) current.eval = { ...best.eval, depth: best.depth };
    renderEngine();
    drawArrows();
  });
  // Reconnected (another node perhaps): the session died with the old socket, so ask again.
  const offState = app.socket.onState((s) => {
    if (s === 'open' && askedFen) {
      shownFen = '';
      ask();
    }
  });

  // ---- drawing ----------------------------------------------------------
  function drawArrows(): void {
    const arrows: { orig: string; dest?: string; brush: string }[] = [];
    lines.forEach((l, i) => {
      const p = l.pv[0] ? readUci(l.pv[0]) : null;
      const brush = BRUSHES[i] ?? 'paleGrey';
      // A move is an arrow; a drop (Sittuyin's placement) a circle on its square.
      if (p?.kind === 'move') arrows.push({ orig: toKey(p.from), dest: toKey(p.to), brush });
      else if (p?.kind === 'drop') arrows.push({ orig: toKey(p.to), brush });
    });
    board.setArrows(arrows);
  }

  function lineText(l: BoardLine): HTMLElement[] {
    const pos = posOf(current).clone();
    const out: HTMLElement[] = [];
    l.pv.slice(0, 12).forEach((uci, i) => {
      const m = parseUci(pos, uci);
      if (!m.ok) return;
      const text = notation().make(pos, m.value);
      pos.play(m.value);
      const b = h('button.pv-move', { type: 'button', title: t('board.playLine') }, text);
      b.addEventListener('click', () => playLine(l.pv, i));
      out.push(b);
    });
    return out;
  }

  function renderEngine(): void {
    const head =
      engineState === 'waiting'
        ? t('board.thinking')
        : engineState === 'idle'
          ? t('board.noEngineHere')
          : t(engineState === 'done' ? 'board.depthDone' : 'board.depth', { depth });
    fill(
      engineEl,
      h('div.engine-head', null, h('strong', null, t('board.engine')), ' ', h('span.depth', { 'data-testid': 'engine-depth' }, head)),
      engineNote ? h('p.error', { 'data-testid': 'engine-note' }, engineNote) : null,
      engineNote && engineState === 'stopped' ? restartButton() : null,
      h(
        'ol.pv-lines',
        { 'data-testid': 'engine-lines' },
        ...lines.map((l) => h('li.pv', { 'data-testid': 'engine-line' }, h('span.eval', null, formatEval(l.eval)), ' ', ...lineText(l))),
      ),
    );
    if (engineState !== 'running' && engineState !== 'done') board.setArrows([]);
  }

  function restartButton(): HTMLElement {
    const b = h('button', { type: 'button', 'data-testid': 'engine-restart' }, t('board.restart'));
    b.addEventListener('click', () => {
      shownFen = '';
      ask();
    });
    return b;
  }

  function render(): void {
    const pos = posOf(current);
    board.set({ pos, lastUci: current.uci || undefined, movable: legalUcis(pos).length ? 'both' : null });
    fill(special, ...inPlaceButtons(board.inPlaceMoves(), play));
    view.render(tree, current.id);
    const comment = imported?.comments.get(current.id);
    commentEl.textContent = comment ? `${t('import.comment')}: ${comment}` : '';
    commentEl.hidden = !comment;
    statusEl.textContent = typedProblem || problem || t('game.turnOf', { side: sideName(variant, pos.turn) });
    promoteBtn.disabled = tree.onMainline(current.id);
    deleteBtn.disabled = current === tree.root;
    editorLink.href = `/editor/${variant}?${new URLSearchParams({ fen: makeFen(pos) }).toString()}`;
    drawArrows();
  }

  // ---- controls ---------------------------------------------------------
  const btn = (label: string, testid: string, run: () => void, title?: string) => {
    const b = h('button', { type: 'button', 'data-testid': testid, ...(title ? { title, 'aria-label': title } : {}) }, label) as HTMLButtonElement;
    b.addEventListener('click', run);
    return b;
  };
  const promoteBtn = btn(t('board.promote'), 'promote', () => {
    tree.promote(current.id);
    render();
  });
  const deleteBtn = btn(t('board.delete'), 'delete', () => {
    const parent = tree.delete(current.id);
    if (parent) go(parent);
  });
  const nav = h(
    'div.move-nav',
    null,
    btn('«', 'nav-first', () => go(tree.root), t('game.nav.first')),
    btn('‹', 'nav-prev', () => go(current.parent ?? current), t('game.nav.prev')),
    btn('›', 'nav-next', () => go(current.children[0] ?? current), t('game.nav.next')),
    btn('»', 'nav-last', () => go(tree.mainline(current).at(-1) ?? current), t('game.nav.last')),
  );

  function shareUrl(): string {
    const at = tree.path(current.id).map((n) => n.uci);
    return `${location.origin}${analysisPath({ variant, fen: startFen !== v.startFen ? startFen : undefined, moves: makeTreeText(tree), at, game })}`;
  }

  function pgn(): string {
    if (imported) return makeImportedPgn({ ...imported, tree, fen: startFen });
    const root = posOf(tree.root);
    const tags: [string, string][] = [
      ['Event', `Youzai analysis · ${v.name.en}`],
      ['Site', game ? `${location.origin}/game/${game}` : shareUrl()],
      ['Variant', v.key],
      ['Result', '*'],
    ];
    if (startFen !== v.startFen) tags.push(['SetUp', '1'], ['FEN', startFen]);
    return makeVariationPgn({ tags, tree, turn: root.turn as 0 | 1, fullmove: root.fullmove, moveText: (n) => n.uci });
  }

  const exportBtn = btn(t('board.exportPgn'), 'export-pgn', () => {
    pgnBox.value = pgn();
    pgnBox.hidden = false;
    if (downloadLink.href) URL.revokeObjectURL(downloadLink.href);
    downloadLink.href = URL.createObjectURL(new Blob([pgnBox.value], { type: 'application/x-chess-pgn' }));
    // Shown once there is something to download (a .button's display would override `hidden`).
    if (!downloadLink.isConnected) exportBtn.after(downloadLink);
  });
  // The board editor on the position shown (as lichess's analysis offers): set it up differently, then play or analyse it.
  const editorLink = h('a.button', { 'data-testid': 'open-editor' }, t('board.editor')) as HTMLAnchorElement;
  const downloadLink = h('a.button', { download: `youzai-analysis-${variant}.pgn`, 'data-testid': 'download-pgn' }, t('board.download')) as HTMLAnchorElement;
  const shareBtn = btn(t('board.share'), 'share', () => {
    shareBox.value = shareUrl();
    shareBox.hidden = false;
    shareBox.select();
    void navigator.clipboard?.writeText(shareBox.value).then(
      () => app.toast(t('common.copied')),
      () => undefined,
    );
  });

  const notationSel = h('select.notation', { 'aria-label': t('game.notation') }) as HTMLSelectElement;
  for (const n of notations) notationSel.append(h('option', { value: n.id, selected: n.id === notationId }, notationName(n.id)));
  notationSel.addEventListener('change', () => {
    changeSettings({ notation: { ...settings().notation, [variant]: notationSel.value } });
  });
  // A choice made here or in the settings panel: the tree, the engine lines and the board's labels follow.
  const offNotation = onSettings(() => {
    const id = chosenNotation(v).id;
    if (id === notationId) return;
    notationId = id;
    notationSel.value = id;
    render();
    renderEngine();
  });

  const el = h(
    'div.game-layout.analysis-board',
    { 'data-testid': 'analysis-board' },
    h('div.board-col', null, boardEl),
    h(
      'aside.side-col',
      null,
      h('h1', null, `${t('board.title')} · ${variantName(variant)}`),
      game ? h('p', null, h('a', { href: `/game/${game}`, 'data-testid': 'back-to-game' }, t('board.backToGame'))) : null,
      statusEl,
      typedForm,
      engineEl,
      special,
      h(
        'section.tree',
        null,
        h('div.moves-head', null, h('h3', null, t('board.tree')), notations.length > 1 ? h('label', null, t('game.notation'), ' ', notationSel) : null),
        view.el,
        commentEl,
      ),
      nav,
      h(
        'div.controls',
        null,
        promoteBtn,
        deleteBtn,
        btn(`⇅ ${t('game.flip')}`, 'flip', () => board.flip()),
        coordsToggle(),
      ),
      h('div.controls', null, exportBtn, shareBtn, editorLink),
      given?.importId ? h('p', null, h('a', { href: importPgnPath(given.importId), download: '', 'data-testid': 'imported-pgn' }, t('import.download'))) : null,
      importPanel({ variant, load: loadImport }),
      shareBox,
      pgnBox,
      h('p.muted', null, t('board.help')),
    ),
  );

  const onKey = (e: KeyboardEvent) => {
    if ((e.target as HTMLElement).closest('input,textarea,select')) return;
    const siblings = current.parent?.children ?? [current];
    const i = siblings.indexOf(current);
    const keys: Record<string, () => TreeNode | undefined> = {
      ArrowLeft: () => current.parent ?? undefined,
      ArrowRight: () => current.children[0],
      ArrowUp: () => siblings[i - 1],
      ArrowDown: () => siblings[i + 1],
      Home: () => tree.root,
      End: () => tree.mainline(current).at(-1),
    };
    const f = keys[e.key];
    if (!f) return;
    e.preventDefault();
    const n = f();
    if (n) go(n);
  };
  document.addEventListener('keydown', onKey);
  render();
  ask();
  return {
    el,
    title: `${t('board.title')} · ${variantName(variant)}`,
    destroy() {
      destroyed = true;
      clearTimeout(settle);
      off();
      offState();
      offNotation();
      document.removeEventListener('keydown', onKey);
      // The engine stops when the page goes (the socket's close does it too).
      void app.socket.request({ t: 'board-stop' });
      if (downloadLink.href) URL.revokeObjectURL(downloadLink.href);
      board.destroy();
    },
  };
}
