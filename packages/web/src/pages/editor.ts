/**
 * The board editor (`/editor/<game>`): a view of the pure model in
 * editor/model.ts. Trays of every piece of both sides, Sittuyin's hand,
 * the side to move, flip, clear, start; the FEN and the address follow each
 * change (and the address opens the same position); the rules library says
 * why a position is no position, and only a playable one starts a game
 * (against the computer, or a friend by link: casual, never rated), while a
 * valid one opens on the analysis and solo boards. Each part of the page is
 * a function below that draws from the state and forwards its events.
 */
import { VARIANTS, DEFAULT_VARIANT, type Color, type OfferedClock, type VariantKey } from '@youzai/rules';
import type { AppContext, Page } from '../app/context.ts';
import { h, fill } from '../app/h.ts';
import { clockSpecName, roleName, sideName, variantName } from '../app/names.ts';
import { EditorBoard } from '../editor/board-view.ts';
import {
  addToHand,
  canAnalyse,
  canPlay,
  clear,
  clickSquare,
  editorPath,
  flip,
  fromFen,
  fromUrl,
  handPiecesOf,
  piecesOf,
  readColor,
  sameTool,
  setBoard,
  setTool,
  setTurn,
  sideOf,
  startBody,
  takeFromHand,
  toFen,
  toStart,
  typedEdit,
  verdictOf,
  type EditorState,
  type Tool,
  type Verdict,
} from '../editor/model.ts';
import { problemText } from '../editor/problem-text.ts';
import { analysisPath } from '../game/analysis-link.ts';
import { cgRole } from '../board/layout.ts';
import { t, tMaybe } from '../i18n/index.ts';
import { api } from '../net/api.ts';
import { DEFAULT_LEVEL, LEVELS } from './game-terms.ts';
import { actionButton, errorText, variantTabLinks } from './widgets.ts';
import '../editor/editor.css';

/** A part of the page: its element(s), drawn again from each state. */
interface Part<E = HTMLElement> {
  readonly el: E;
  render(s: EditorState): void;
}

export function editorPage(app: AppContext, params: Record<string, string>): Page {
  const variant = (params.variant ?? DEFAULT_VARIANT) as VariantKey;
  const opened = fromUrl(variant, location.search);
  let state: EditorState = opened.state;
  let loadProblem = opened.error ? fenErrorText(opened.error) : '';

  const boardEl = h('div.board-holder', { 'data-testid': 'board' });
  const board = new EditorBoard(boardEl, {
    variant,
    changed: (b) => update(setBoard(state, b)),
    pressed: (square) => {
      if (state.tool.kind === 'move') return false;
      update(clickSquare(state, square));
      return true;
    },
  });
  const trays = traysView(variant, board, (tool) => update(setTool(state, tool)));
  const hands = handsView(variant, {
    add: (piece) => update(addToHand(state, piece)),
    take: (piece) => update(takeFromHand(state, piece)),
  });
  const turn = turnView(variant, (side) => update(setTurn(state, side)));
  const statusEl = h('p.status', { role: 'status', 'aria-live': 'polite', 'data-testid': 'editor-status' });
  const forms = positionForms({
    loadFen: (fen) => {
      const r = fromFen(variant, fen, state);
      loadProblem = r.ok ? '' : fenErrorText(r.error);
      update(r.ok ? r.value : state, true);
    },
    typed: (text) => {
      const next = typedEdit(state, text);
      if (next) update(next, true);
      else statusEl.textContent = t('editor.typed.bad', { text });
      return next !== null;
    },
  });
  const play = playSection(app, variant, () => verdictOf(state));

  /** The one way the state changes: the model's next state, then the page drawn from it. */
  function update(next: EditorState, force = false): void {
    if (next === state && !force) return;
    state = next;
    render();
  }

  function render(): void {
    board.set(toFen(state), state.bottom);
    for (const part of [trays, hands, turn, forms]) part.render(state);
    boardEl.classList.toggle('placing', state.tool.kind === 'piece');
    boardEl.classList.toggle('removing', state.tool.kind === 'delete');
    const path = editorPath(state);
    // The address follows the position (replaced, not pushed: the back button leaves the editor).
    if (`${location.pathname}${location.search}` !== path) history.replaceState(null, '', path);
    const verdict = verdictOf(state);
    const said = verdictText(variant, verdict);
    statusEl.textContent = loadProblem ? `${loadProblem} ${said}` : said;
    statusEl.dataset.verdict = verdict.kind;
    play.render(verdict);
  }

  const el = h(
    'div.game-layout.editor-page',
    { 'data-testid': 'editor-page' },
    h('div.board-col', null, trays.top, boardEl, trays.bottom),
    h(
      'aside.side-col',
      null,
      h('h1', null, t('editor.title')),
      h('nav.tabs', null, variantTabLinks('/editor', variant)),
      h('p.muted', null, t('editor.intro')),
      trays.tools,
      hands.el,
      turn.el,
      h(
        'div.controls',
        null,
        actionButton(`⇅ ${t('game.flip')}`, 'editor-flip', () => update(flip(state))),
        actionButton(t('editor.clear'), 'editor-clear', () => update(clear(state))),
        actionButton(t('editor.start'), 'editor-start', () => update(toStart(state))),
      ),
      statusEl,
      ...forms.el,
      play.el,
    ),
  );
  render();
  return {
    el,
    title: `${t('editor.title')} · ${variantName(variant)}`,
    destroy() {
      board.destroy();
    },
  };
}

const fenErrorText = (e: { readonly code: string; readonly message: string }): string => t('solo.fenError', { message: tMaybe(`err.${e.code}`, e.message) });

function verdictText(variant: VariantKey, v: Verdict): string {
  if (v.kind === 'invalid') return t('editor.invalid', { reason: problemText(variant, v.problem) });
  return t(v.kind === 'decided' ? 'editor.decided' : 'editor.valid');
}

const pieceImage = (letter: string): HTMLElement => h('piece', { class: `${cgRole(letter.toLowerCase())} ${sideOf(letter) === 0 ? 'white' : 'black'}` });

/**
 * The trays of every piece of each side (the bottom side's below the board)
 * and the two tools (move, remove); the tool in hand is pressed. A press on
 * a tray's piece starts dragging it (dropped on the board it is placed
 * there); a click (press and release on the tray) takes it in hand for
 * clicks on the board. A drag leaves the tool in hand as it was.
 */
function traysView(
  variant: VariantKey,
  board: EditorBoard,
  choose: (tool: Tool) => void,
): { readonly top: HTMLElement; readonly bottom: HTMLElement; readonly tools: HTMLElement; render(s: EditorState): void } {
  const buttons: { tool: Tool; el: HTMLButtonElement }[] = [];
  const toolButton = (tool: Tool, label: string, testid: string, ...content: (Node | string)[]): HTMLButtonElement => {
    const b = h('button', { type: 'button', class: 'tray-item', title: label, 'aria-label': label, 'data-testid': testid }, ...content) as HTMLButtonElement;
    b.addEventListener('click', () => choose(tool));
    buttons.push({ tool, el: b });
    return b;
  };
  const tray = (side: Color): HTMLElement => {
    const items = piecesOf(variant, side).map((letter) => {
      const label = t('editor.tool.piece', { piece: roleName(variant, letter), side: sideName(variant, side) });
      const b = toolButton({ kind: 'piece', piece: letter }, label, `tray-${letter}`, pieceImage(letter));
      const start = (e: MouseEvent | TouchEvent) => {
        if ('button' in e && e.button !== 0) return;
        board.dragNew(letter, e);
      };
      b.addEventListener('mousedown', start);
      b.addEventListener('touchstart', start, { passive: true });
      return b;
    });
    return h(
      'div',
      { class: `yz-tray yz-${variant}`, role: 'group', 'aria-label': t('editor.tray', { side: sideName(variant, side) }), 'data-side': String(side) },
      items,
    );
  };
  const trays: [HTMLElement, HTMLElement] = [tray(0), tray(1)];
  const top = h('div.tray-slot');
  const bottom = h('div.tray-slot');
  const tools = h(
    'div.tools',
    { role: 'group' },
    toolButton({ kind: 'move' }, t('editor.tool.move'), 'tool-move', '✥ ', t('editor.tool.move')),
    toolButton({ kind: 'delete' }, t('editor.tool.delete'), 'tool-delete', '✕ ', t('editor.tool.delete')),
  );
  return {
    top,
    bottom,
    tools,
    render(s) {
      fill(top, trays[(s.bottom ^ 1) as Color]);
      fill(bottom, trays[s.bottom]);
      for (const b of buttons) b.el.setAttribute('aria-pressed', String(sameTool(b.tool, s.tool)));
    },
  };
}

/** Sittuyin's hand: each side's pieces in hand, with a count and − and + (nothing for a game without a hand). */
function handsView(variant: VariantKey, on: { readonly add: (piece: string) => void; readonly take: (piece: string) => void }): Part {
  const el = h('div.hands');
  const item = (letter: string, side: Color, count: number): HTMLElement => {
    const name = roleName(variant, letter);
    const who = sideName(variant, side);
    const minus = h(
      'button',
      { type: 'button', 'aria-label': t('editor.hand.remove', { piece: name, side: who }), 'data-testid': `hand-minus-${letter}` },
      '−',
    );
    const plus = h('button', { type: 'button', 'aria-label': t('editor.hand.add', { piece: name, side: who }), 'data-testid': `hand-plus-${letter}` }, '+');
    minus.addEventListener('click', () => on.take(letter));
    plus.addEventListener('click', () => on.add(letter));
    return h(
      'span',
      { class: `hand-item yz-${variant}`, title: name },
      pieceImage(letter),
      h('span.hand-count', { 'data-testid': `hand-count-${letter}` }, String(count)),
      minus,
      plus,
    );
  };
  return {
    el,
    render(s) {
      if (!VARIANTS[variant].hasHand) return;
      fill(
        el,
        ([0, 1] as const).map((side) =>
          h(
            'div.hand',
            { role: 'group', 'aria-label': t('editor.hand', { side: sideName(variant, side) }), 'data-testid': `hand-${side}` },
            h('span.hand-side', null, t('editor.hand', { side: sideName(variant, side) })),
            handPiecesOf(variant, side).map((letter) => item(letter, side, s.hand[letter] ?? 0)),
          ),
        ),
      );
    },
  };
}

/** The side to move, as two radio buttons. */
function turnView(variant: VariantKey, set: (side: Color) => void): Part {
  const inputs = ([0, 1] as const).map((side) => {
    const input = h('input', { type: 'radio', name: 'editor-turn', value: String(side), 'data-testid': `turn-${side}` }) as HTMLInputElement;
    input.addEventListener('change', () => {
      if (input.checked) set(side);
    });
    return { side, input, label: h('label.check', null, input, h('span', null, sideName(variant, side))) };
  });
  return {
    el: h(
      'fieldset.turn',
      null,
      h('legend', null, t('editor.turn')),
      inputs.map((x) => x.label),
    ),
    render(s) {
      for (const x of inputs) x.input.checked = x.side === s.turn;
    },
  };
}

/**
 * The position as text: a placement typed (the keyboard's way to place and
 * remove; the board itself is a picture to a screen reader), the FEN to read
 * or copy, and the address to share. `typed` says whether the text was an edit.
 */
function positionForms(on: { readonly loadFen: (fen: string) => void; readonly typed: (text: string) => boolean }): Part<HTMLElement[]> {
  const typedInput = h('input', {
    type: 'text',
    autocomplete: 'off',
    spellcheck: 'false',
    placeholder: 'Ke1 · e1 · -e1',
    'aria-label': t('editor.typed'),
    'data-testid': 'editor-typed',
  }) as HTMLInputElement;
  const typedForm = h('form.row', null, typedInput, h('button', { type: 'submit' }, t('editor.typed.submit')));
  typedForm.addEventListener('submit', (e) => {
    e.preventDefault();
    const text = typedInput.value;
    if (on.typed(text)) typedInput.value = '';
  });
  const fenInput = h('input', {
    type: 'text',
    name: 'fen',
    spellcheck: 'false',
    autocomplete: 'off',
    'aria-label': 'FEN',
    'data-testid': 'editor-fen',
  }) as HTMLInputElement;
  const fenForm = h('form.row', null, fenInput, h('button', { type: 'submit', 'data-testid': 'editor-load' }, t('editor.load')));
  fenForm.addEventListener('submit', (e) => {
    e.preventDefault();
    on.loadFen(fenInput.value.trim());
  });
  const urlInput = h('input', { type: 'text', readonly: true, 'aria-label': t('editor.share'), 'data-testid': 'editor-url' }) as HTMLInputElement;
  return {
    el: [
      h('label.fen-label', null, t('editor.typed'), typedForm),
      h('label.fen-label', null, 'FEN', fenForm),
      h('label.fen-label', null, t('editor.share'), urlInput),
    ],
    render(s) {
      // Not while it is being typed in.
      if (document.activeElement !== fenInput) fenInput.value = toFen(s);
      urlInput.value = `${location.origin}${editorPath(s)}`;
    },
  };
}

/**
 * From this position: a game against the computer or a friend (a playable
 * position only; the level, side and clock chosen here), or the analysis and
 * solo boards (any valid one).
 */
function playSection(app: AppContext, variant: VariantKey, verdict: () => Verdict): { readonly el: HTMLElement; render(v: Verdict): void } {
  const level = h(
    'select',
    { name: 'level', 'data-testid': 'editor-level' },
    LEVELS.map((n) => h('option', { value: n }, t('form.level.option', { n }))),
  ) as HTMLSelectElement;
  level.value = String(DEFAULT_LEVEL);
  const color = h(
    'select',
    { name: 'color', 'data-testid': 'editor-color' },
    h('option', { value: 'random' }, t('form.color.random')),
    h('option', { value: 'first' }, t('form.color.first', { side: sideName(variant, 0) })),
    h('option', { value: 'second' }, t('form.color.second', { side: sideName(variant, 1) })),
  ) as HTMLSelectElement;
  const clocks: readonly OfferedClock[] = VARIANTS[variant].clocks.pools;
  const clock = h(
    'select',
    { name: 'clock', 'data-testid': 'editor-clock' },
    clocks.map((c, i) => h('option', { value: i }, clockSpecName(c))),
  ) as HTMLSelectElement;
  const playError = h('p.error', { role: 'alert', hidden: true, 'data-testid': 'editor-play-error' });
  const startGame = async (opponent: 'computer' | 'friend') => {
    const v = verdict();
    if (v.kind !== 'playable') return;
    const body = startBody(variant, v.fen, {
      opponent,
      level: Number(level.value),
      color: readColor(color.value),
      clock: clocks[Number(clock.value)] ?? clocks[0]!,
    });
    playError.hidden = true;
    const res = await api<{ id: string; invite: string | null }>('POST', '/api/games', body);
    if (!res.ok) {
      playError.textContent = errorText(res);
      playError.hidden = false;
      return;
    }
    if (res.invite) {
      try {
        sessionStorage.setItem(`yz-invite-${res.id}`, res.invite);
      } catch {
        // Storage refused (private mode): the game page then has no share box, the link still works.
      }
    }
    app.navigate(`/game/${res.id}`);
  };
  const openOn = (path: (fen: string) => string) => () => {
    const v = verdict();
    if (v.kind !== 'invalid') app.navigate(path(v.fen));
  };
  const computerBtn = actionButton(t('editor.computer'), 'editor-computer', () => void startGame('computer'));
  const friendBtn = actionButton(t('editor.friend'), 'editor-friend', () => void startGame('friend'));
  const analysisBtn = actionButton(
    t('editor.analysis'),
    'editor-analysis',
    openOn((fen) => analysisPath({ variant, fen })),
  );
  const soloBtn = actionButton(
    t('editor.solo'),
    'editor-solo',
    openOn((fen) => `/solo/${variant}?${new URLSearchParams({ fen }).toString()}`),
  );
  return {
    el: h(
      'section.card.editor-play',
      { 'aria-labelledby': 'editor-play-h' },
      h('h2#editor-play-h', null, t('editor.from')),
      h('p.muted', { 'data-testid': 'editor-unrated' }, t('editor.unrated')),
      h(
        'div.form-grid',
        null,
        h('label', null, h('span', null, t('form.level')), level),
        h('label', null, h('span', null, t('form.color')), color),
        h('label', null, h('span', null, t('editor.clock')), clock),
      ),
      h('div.controls', null, computerBtn, friendBtn, analysisBtn, soloBtn),
      playError,
    ),
    render(v) {
      computerBtn.disabled = friendBtn.disabled = !canPlay(v);
      analysisBtn.disabled = soloBtn.disabled = !canAnalyse(v);
    },
  };
}
