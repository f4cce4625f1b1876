/**
 * The board editor (`/editor/<game>`): a view of the pure model in
 * editor/model.ts. Trays of every piece of both sides, Sittuyin's hand,
 * the side to move, flip, clear, start; the FEN and the address follow each
 * change (and the address opens the same position); the rules library says
 * why a position is no position, and only a playable one starts a game
 * (against the computer, or a friend by link: casual, never rated), while a
 * valid one opens on the analysis and solo boards.
 */
import { VARIANT_KEYS, VARIANTS, DEFAULT_VARIANT, type Color, type OfferedClock, type VariantKey } from '@youzai/rules';
import type { ClockSpec } from '@youzai/protocol';
import type { AppContext, Page } from '../app/context.ts';
import { h, fill } from '../app/h.ts';
import { clockSpecName, roleName, sideName, variantName } from '../app/names.ts';
import { EditorBoard } from '../editor/board-view.ts';
import {
  addToHand,
  clear,
  clickSquare,
  editorPath,
  flip,
  fromFen,
  fromUrl,
  handPiecesOf,
  piecesOf,
  setBoard,
  setTool,
  setTurn,
  startBody,
  takeFromHand,
  toFen,
  toStart,
  typedEdit,
  verdictOf,
  type EditorState,
  type Tool,
} from '../editor/model.ts';
import { problemText } from '../editor/problem-text.ts';
import { analysisPath } from '../game/analysis-link.ts';
import { cgRole } from '../board/layout.ts';
import { t, tMaybe } from '../i18n/index.ts';
import { api } from '../net/api.ts';
import { DEFAULT_LEVEL, LEVELS } from './game-terms.ts';
import { errorText } from './widgets.ts';
import '../editor/editor.css';

const sameTool = (a: Tool, b: Tool): boolean => a.kind === b.kind && (a.kind !== 'piece' || (b.kind === 'piece' && a.piece === b.piece));
const sideOfPiece = (letter: string): Color => (letter === letter.toUpperCase() ? 0 : 1);

export function editorPage(app: AppContext, params: Record<string, string>): Page {
  const variant = (params.variant ?? DEFAULT_VARIANT) as VariantKey;
  const v = VARIANTS[variant];
  const opened = fromUrl(variant, location.search);
  let state: EditorState = opened.state;
  let loadProblem = opened.error ? t('solo.fenError', { message: tMaybe(`err.${opened.error.code}`, opened.error.message) }) : '';

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

  // ---- trays: every piece of a side, and the two tools ----
  const pieceImage = (letter: string) => h('piece', { class: `${cgRole(letter.toLowerCase())} ${sideOfPiece(letter) === 0 ? 'white' : 'black'}` });
  const trayButtons: { tool: Tool; el: HTMLButtonElement }[] = [];
  const toolButton = (tool: Tool, label: string, testid: string, ...content: (Node | string)[]): HTMLButtonElement => {
    const b = h('button', { type: 'button', class: 'tray-item', title: label, 'aria-label': label, 'data-testid': testid }, ...content);
    b.addEventListener('click', () => update(setTool(state, tool)));
    trayButtons.push({ tool, el: b });
    return b;
  };
  const tray = (side: Color): HTMLElement => {
    const items = piecesOf(variant, side).map((letter) => {
      const label = t('editor.tool.piece', { piece: roleName(variant, letter), side: sideName(variant, side) });
      const b = toolButton({ kind: 'piece', piece: letter }, label, `tray-${letter}`, pieceImage(letter));
      // A press starts dragging the piece (dropped on the board it is placed there); a click, press and release on the
      // tray, takes it in hand for clicks on the board. A drag leaves the tool in hand as it was.
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
  const trayTop = h('div.tray-slot');
  const trayBottom = h('div.tray-slot');
  const tools = h(
    'div.tools',
    { role: 'group' },
    toolButton({ kind: 'move' }, t('editor.tool.move'), 'tool-move', '✥ ', t('editor.tool.move')),
    toolButton({ kind: 'delete' }, t('editor.tool.delete'), 'tool-delete', '✕ ', t('editor.tool.delete')),
  );

  // ---- Sittuyin's hand ----
  const handEl = h('div.hands');
  function renderHands(): void {
    if (!v.hasHand) return;
    fill(
      handEl,
      ([0, 1] as const).map((side) =>
        h(
          'div.hand',
          { role: 'group', 'aria-label': t('editor.hand', { side: sideName(variant, side) }), 'data-testid': `hand-${side}` },
          h('span.hand-side', null, t('editor.hand', { side: sideName(variant, side) })),
          handPiecesOf(variant, side).map((letter) => {
            const name = roleName(variant, letter);
            const who = sideName(variant, side);
            const minus = h(
              'button',
              { type: 'button', 'aria-label': t('editor.hand.remove', { piece: name, side: who }), 'data-testid': `hand-minus-${letter}` },
              '−',
            );
            const plus = h(
              'button',
              { type: 'button', 'aria-label': t('editor.hand.add', { piece: name, side: who }), 'data-testid': `hand-plus-${letter}` },
              '+',
            );
            minus.addEventListener('click', () => update(takeFromHand(state, letter)));
            plus.addEventListener('click', () => update(addToHand(state, letter)));
            return h(
              'span',
              { class: `hand-item yz-${variant}`, title: name },
              pieceImage(letter),
              h('span.hand-count', { 'data-testid': `hand-count-${letter}` }, String(state.hand[letter] ?? 0)),
              minus,
              plus,
            );
          }),
        ),
      ),
    );
  }

  // ---- side to move, flip, clear, start ----
  const turnInputs = ([0, 1] as const).map((side) => {
    const input = h('input', { type: 'radio', name: 'editor-turn', value: String(side), 'data-testid': `turn-${side}` }) as HTMLInputElement;
    input.addEventListener('change', () => {
      if (input.checked) update(setTurn(state, side));
    });
    return { side, input, label: h('label.check', null, input, h('span', null, sideName(variant, side))) };
  });
  const turnEl = h(
    'fieldset.turn',
    null,
    h('legend', null, t('editor.turn')),
    turnInputs.map((x) => x.label),
  );
  const btn = (label: string, testid: string, run: () => void) => {
    const b = h('button', { type: 'button', 'data-testid': testid }, label);
    b.addEventListener('click', run);
    return b;
  };
  const controls = h(
    'div.controls',
    null,
    btn(`⇅ ${t('game.flip')}`, 'editor-flip', () => update(flip(state))),
    btn(t('editor.clear'), 'editor-clear', () => update(clear(state))),
    btn(t('editor.start'), 'editor-start', () => update(toStart(state))),
  );

  // ---- FEN, address, status ----
  const statusEl = h('p.status', { role: 'status', 'aria-live': 'polite', 'data-testid': 'editor-status' });
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
    const r = fromFen(variant, fenInput.value.trim(), state);
    loadProblem = r.ok ? '' : t('solo.fenError', { message: tMaybe(`err.${r.error.code}`, r.error.message) });
    update(r.ok ? r.value : state, true);
  });
  // The keyboard's way to place and remove (the board itself is a picture to a screen reader).
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
    const next = typedEdit(state, typedInput.value);
    if (!next) {
      statusEl.textContent = t('editor.typed.bad', { text: typedInput.value });
      return;
    }
    typedInput.value = '';
    update(next, true);
  });
  const urlInput = h('input', { type: 'text', readonly: true, 'aria-label': t('editor.share'), 'data-testid': 'editor-url' }) as HTMLInputElement;

  // ---- from this position ----
  const level = h(
    'select',
    { name: 'level', 'data-testid': 'editor-level' },
    LEVELS.map((n) => h('option', { value: n }, t('form.level.option', { n }))),
  ) as HTMLSelectElement;
  level.value = String(DEFAULT_LEVEL);
  const color = h('select', { name: 'color', 'data-testid': 'editor-color' }) as HTMLSelectElement;
  const clocks: readonly OfferedClock[] = v.clocks.pools;
  const clock = h(
    'select',
    { name: 'clock', 'data-testid': 'editor-clock' },
    clocks.map((c, i) => h('option', { value: i }, clockSpecName(c))),
  ) as HTMLSelectElement;
  const playError = h('p.error', { role: 'alert', hidden: true, 'data-testid': 'editor-play-error' });
  const startGame = async (opponent: 'computer' | 'friend') => {
    const verdict = verdictOf(state);
    if (verdict.kind !== 'playable') return;
    const spec: ClockSpec = clocks[Number(clock.value)] ?? clocks[0]!;
    const body = startBody(variant, verdict.fen, {
      opponent,
      level: Number(level.value),
      color: color.value === 'first' || color.value === 'second' ? color.value : 'random',
      clock: spec,
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
  const computerBtn = btn(t('editor.computer'), 'editor-computer', () => void startGame('computer'));
  const friendBtn = btn(t('editor.friend'), 'editor-friend', () => void startGame('friend'));
  const analysisBtn = btn(t('editor.analysis'), 'editor-analysis', () => {
    const verdict = verdictOf(state);
    if (verdict.kind !== 'invalid') app.navigate(analysisPath({ variant, fen: verdict.fen }));
  });
  const soloBtn = btn(t('editor.solo'), 'editor-solo', () => {
    const verdict = verdictOf(state);
    if (verdict.kind !== 'invalid') app.navigate(`/solo/${variant}?${new URLSearchParams({ fen: verdict.fen }).toString()}`);
  });
  const playSection = h(
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
  );

  function renderColorOptions(): void {
    const keep = color.value || 'random';
    fill(
      color,
      h('option', { value: 'random' }, t('form.color.random')),
      h('option', { value: 'first' }, t('form.color.first', { side: sideName(variant, 0) })),
      h('option', { value: 'second' }, t('form.color.second', { side: sideName(variant, 1) })),
    );
    color.value = keep;
  }

  /** The one way the state changes: the model's next state, then the page drawn from it. */
  function update(next: EditorState, force = false): void {
    if (next === state && !force) return;
    state = next;
    render();
  }

  function render(): void {
    const fen = toFen(state);
    board.set(fen, state.bottom);
    fill(trayTop, trays[(state.bottom ^ 1) as Color]);
    fill(trayBottom, trays[state.bottom]);
    for (const b of trayButtons) b.el.setAttribute('aria-pressed', String(sameTool(b.tool, state.tool)));
    boardEl.classList.toggle('placing', state.tool.kind === 'piece');
    boardEl.classList.toggle('removing', state.tool.kind === 'delete');
    renderHands();
    for (const x of turnInputs) x.input.checked = x.side === state.turn;
    if (document.activeElement !== fenInput) fenInput.value = fen;
    const path = editorPath(state);
    urlInput.value = `${location.origin}${path}`;
    // The address follows the position (replaced, not pushed: the back button leaves the editor).
    if (`${location.pathname}${location.search}` !== path) history.replaceState(null, '', path);
    const verdict = verdictOf(state);
    const said =
      verdict.kind === 'invalid'
        ? t('editor.invalid', { reason: problemText(variant, verdict.problem) })
        : verdict.kind === 'decided'
          ? t('editor.decided')
          : t('editor.valid');
    statusEl.textContent = loadProblem ? `${loadProblem} ${said}` : said;
    statusEl.dataset.verdict = verdict.kind;
    computerBtn.disabled = friendBtn.disabled = verdict.kind !== 'playable';
    analysisBtn.disabled = soloBtn.disabled = verdict.kind === 'invalid';
  }

  const tabs = h(
    'nav.tabs',
    null,
    ...VARIANT_KEYS.map((k) =>
      h('a', { href: `/editor/${k}`, class: k === variant ? 'active' : '', 'aria-current': k === variant ? 'page' : null }, variantName(k)),
    ),
  );
  const el = h(
    'div.game-layout.editor-page',
    { 'data-testid': 'editor-page' },
    h('div.board-col', null, trayTop, boardEl, trayBottom),
    h(
      'aside.side-col',
      null,
      h('h1', null, t('editor.title')),
      tabs,
      h('p.muted', null, t('editor.intro')),
      tools,
      handEl,
      turnEl,
      controls,
      statusEl,
      h('label.fen-label', null, t('editor.typed'), typedForm),
      h('label.fen-label', null, 'FEN', fenForm),
      h('label.fen-label', null, t('editor.share'), urlInput),
      playSection,
    ),
  );
  renderColorOptions();
  render();
  return {
    el,
    title: `${t('editor.title')} · ${variantName(variant)}`,
    destroy() {
      board.destroy();
    },
  };
}
