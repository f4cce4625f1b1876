/**
 * The board component: chessgroundx for drawing, dragging, premoves and
 * animation; legal moves always from our rules library (the same code the
 * server arbitrates with). Size, pockets, grid and art come from the game's
 * descriptor (layout.ts, art.ts): nothing here knows a game by name.
 */
import { Chessground } from 'chessgroundx';
import type { Api } from 'chessgroundx/api.js';
import type { Config } from 'chessgroundx/config.js';
import { premove } from 'chessgroundx/premove.js';
import type { DrawShape } from 'chessgroundx/draw.js';
import type * as cg from 'chessgroundx/types.js';
import { makeBoardFen, makeFen, parseUci, VARIANTS, type Position, type Side as RulesSide, type VariantKey } from '@youzai/rules';
import { sideName, variantName } from '../app/names.ts';
import { h } from '../app/h.ts';
import { lang, t } from '../i18n/index.ts';
import { ensureArt } from './art-sheet.ts';
import { chosenNotation } from '../app/notation-choice.ts';
import { onSettings } from '../app/settings.ts';
import { coordLabels, coordStyle, edgeSides } from './coords.ts';
import { coordsShown, onCoordsShown } from './coords-pref.ts';
import { describePosition, marksText, moveText } from './board-text.ts';
import { lastMoveKeys, type MoveChoices } from './keys.ts';
import { LegalMoves, NO_MOVES } from './legal-moves.ts';
import { boardLayout, layoutVars } from './layout.ts';
import 'chessgroundx/assets/chessground.base.css';
import './board.css';

export type Side = 'white' | 'black';
/** The board library's orientation (its own white/black words) for a side, by name or index. */
export const orientationOf = (s: RulesSide | 0 | 1): Side => (s === 0 || s === 'first' ? 'white' : 'black');

export interface BoardOptions {
  readonly variant: VariantKey;
  readonly orientation: Side;
  /** A move made on the board; `choose` is called when one drag means several moves (an optional promotion). */
  readonly onMove: (uci: string) => void;
  readonly choose?: (options: readonly string[]) => Promise<string | null>;
  /** Premoves for players (not on the solo board). */
  readonly premoves?: boolean;
  /**
   * The board is a picture only (the home page's puzzle of the day, inside a link): hidden from screen readers and
   * never focused. Otherwise it is a Tab stop whose text view says its pieces and whose live region says each move.
   */
  readonly decorative?: boolean;
}

export interface BoardState {
  readonly pos: Position;
  readonly lastUci?: string | undefined;
  /** Which side may move pieces now: a player's colour, 'both' (solo board), or null (watching, game over). */
  readonly movable: Side | 'both' | null;
  /** For a player waiting for the opponent: their colour, so they can premove. */
  readonly premoveColor?: Side | null;
}

/** A premove survives a redraw while its player may still premove (waiting for the opponent). */
export function keepsPremove(state: Pick<BoardState, 'movable' | 'premoveColor'>): boolean {
  return state.movable !== null || !!state.premoveColor;
}

export class Board {
  readonly wrap: HTMLElement;
  readonly pocketTop: HTMLElement | null;
  readonly pocketBottom: HTMLElement | null;
  private readonly api: Api;
  private choices: MoveChoices = NO_MOVES;
  private readonly legal = new LegalMoves();
  private last: BoardState | null = null;
  /** The board with its coordinate strips around it (coords.ts). */
  private readonly frame: HTMLElement;
  private readonly strips: Record<'top' | 'bottom' | 'left' | 'right', HTMLElement>;
  private readonly unsubscribe: () => void;
  /** The text view for screen readers (board-text.ts) and the live region that says each move; null on a decorative board. */
  private readonly text: { readonly view: HTMLElement; readonly live: HTMLElement } | null;
  /** What the text view says now (position, last move, notation, marks, language): a redraw of the same writes nothing. */
  private textShown = '';
  /** The squares marked by setStars, for the text view. */
  private marked: readonly string[] = [];
  private readonly resized: ResizeObserver | null;
  /** The shapes to draw (stars, arrows), kept while the board has no size yet (see the constructor). */
  private shapes: DrawShape[] = [];
  private sized = typeof ResizeObserver === 'undefined';

  constructor(
    readonly el: HTMLElement,
    private readonly opts: BoardOptions,
  ) {
    const v = VARIANTS[opts.variant];
    const layout = boardLayout(v);
    const geometry = { width: layout.files, height: layout.ranks };
    const pocketRoles = layout.pocketRoles.length > 0 ? (layout.pocketRoles as cg.Role[]) : null;
    ensureArt(v);
    for (const [name, value] of Object.entries(layoutVars(layout))) el.style.setProperty(name, value);
    this.wrap = document.createElement('div');
    this.wrap.className = `yz-board yz-${opts.variant} grid-${layout.grid}`;
    // The e2e harness finds squares from these.
    this.wrap.dataset.files = String(layout.files);
    this.wrap.dataset.ranks = String(layout.ranks);
    this.pocketTop = pocketRoles ? Object.assign(document.createElement('div'), { className: `yz-pocket yz-${opts.variant}` }) : null;
    this.pocketBottom = pocketRoles ? Object.assign(document.createElement('div'), { className: `yz-pocket yz-${opts.variant}` }) : null;
    // The drawing means nothing to a screen reader: it is hidden from them, and the holder, a Tab stop, says what it is
    // and whose move it is; its text view (read on focus, or in a reader's browse mode) says where each piece stands and
    // the last move, and its live region says each new move. Typed moves are the keyboard's way to play.
    this.text = opts.decorative
      ? null
      : { view: boardTextView(), live: h('div', { class: 'yz-board-text', 'aria-live': 'polite', 'data-testid': 'board-live' }) };
    if (this.text) {
      el.setAttribute('role', 'group');
      el.tabIndex = 0;
      el.setAttribute('aria-describedby', this.text.view.id);
    } else el.setAttribute('aria-hidden', 'true');
    const strip = (edge: string) => Object.assign(document.createElement('div'), { className: `yz-coords ${edge}` });
    this.strips = { top: strip('top'), bottom: strip('bottom'), left: strip('left'), right: strip('right') };
    for (const s of Object.values(this.strips)) s.setAttribute('aria-hidden', 'true');
    this.frame = document.createElement('div');
    this.frame.className = 'yz-frame';
    this.frame.append(this.strips.top, this.strips.left, this.wrap, this.strips.right, this.strips.bottom);
    this.showCoords(coordsShown());
    const offShown = onCoordsShown((on) => this.showCoords(on));
    // The labels write points as the move list does: a change of notation (anywhere on the page) redraws them.
    let style = coordStyle(v, chosenNotation(v));
    const offNotation = onSettings(() => {
      const now = coordStyle(v, chosenNotation(v));
      if (this.last) this.writeText(this.last, null);
      if (now === style) return;
      style = now;
      this.drawCoords();
    });
    this.unsubscribe = () => {
      offShown();
      offNotation();
    };
    for (const part of [this.pocketTop, this.frame, this.pocketBottom]) part?.setAttribute('aria-hidden', 'true');
    el.replaceChildren(
      ...[this.pocketTop, this.frame, this.pocketBottom, this.text?.view ?? null, this.text?.live ?? null].filter((x): x is HTMLElement => x !== null),
    );
    const config: Config = {
      // A FEN from the start: chessgroundx builds pockets from it (the default chess FEN has none).
      fen: v.startFen,
      orientation: opts.orientation,
      dimensions: geometry,
      coordinates: false,
      kingRoles: ['k-piece'],
      ...(pocketRoles ? { pocketRoles: { white: pocketRoles, black: pocketRoles } } : {}),
      animation: { enabled: true, duration: 220 },
      highlight: { lastMove: true, check: true },
      draggable: { enabled: true, showGhost: true },
      drawable: { enabled: true },
      movable: {
        free: false,
        showDests: true,
        events: {
          after: (orig, dest) => void this.played(orig, dest),
          afterNewPiece: (piece, dest) => void this.played(`${piece.role[0]!.toUpperCase()}@`, dest),
        },
      },
      // chessgroundx knows the games' pieces by their common names, which our keys are.
      premovable: { enabled: opts.premoves ?? false, premoveFunc: premove(opts.variant, false, geometry) },
    };
    this.api = Chessground(this.wrap, config, this.pocketTop ?? undefined, this.pocketBottom ?? undefined);
    // chessgroundx measures the board when it is built, before the page is in the document (0×0): shapes drawn then
    // get translate(NaN,NaN) (a console error each, drawn at the board's centre), and its resize handler moves the
    // pieces but does not redraw them (issue 33, item 7: the Sittuyin placement lesson's stars). So shapes wait until
    // the board has a size, and are drawn again on each resize (its handler, observing first, has measured by then).
    this.resized =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver((entries) => {
            const box = entries[entries.length - 1]!.contentRect;
            this.sized = box.width > 0 && box.height > 0;
            if (this.sized) this.api.setAutoShapes(this.shapes);
            // The drag ghost, hidden, stays where the last drag began: past the edge of a narrowed window (a phone
            // turned), it made the page scroll sideways. chessgroundx places it again at the next drag.
            const ghost = this.api.state.dom.elements.ghost;
            if (ghost && !this.api.state.draggable.current) ghost.style.transform = '';
          });
    this.resized?.observe(this.wrap);
    this.drawCoords();
  }

  /** Writes the coordinate strips for the orientation now. */
  private drawCoords(): void {
    const orientation = this.api.state.orientation;
    const v = VARIANTS[this.opts.variant];
    const labels = coordLabels(v, orientation, coordStyle(v, chosenNotation(v)));
    const sides = edgeSides(orientation);
    for (const edge of ['top', 'bottom', 'left', 'right'] as const) {
      const s = this.strips[edge];
      s.replaceChildren(...labels[edge].map((l) => Object.assign(document.createElement('span'), { textContent: l })));
      s.classList.toggle('empty', labels[edge].length === 0);
      if (edge === 'top' || edge === 'bottom') s.dataset.side = String(sides[edge]);
    }
  }

  private showCoords(on: boolean): void {
    this.frame.classList.toggle('coords-off', !on);
  }

  private async played(orig: string, dest: string): Promise<void> {
    const options = this.choices.byPair.get(`${orig}${dest}`) ?? [];
    let uci: string | null = options[0] ?? null;
    if (options.length > 1) uci = this.opts.choose ? await this.opts.choose(options) : options[0]!;
    if (uci) this.opts.onMove(uci);
    // chessgroundx has already moved the piece: put the position back (a dismissed promotion choice).
    else if (this.last) this.set(this.last);
  }

  /**
   * Writes the text view: the last move, whose move it is, each side's pieces, in the notation chosen now; says a new
   * last move in the live region. `before`: the position shown until now (the last move is printed from it when it
   * leads here; else in coordinates).
   */
  private writeText(state: BoardState, before: BoardState | null): void {
    if (!this.text) return;
    const v = VARIANTS[this.opts.variant];
    const notation = chosenNotation(v);
    const key = [makeFen(state.pos), state.lastUci, notation.id, this.marked.join(','), lang()].join('|');
    // A redraw of what is shown (a clock tick, a setting of something else) writes and says nothing.
    if (key === this.textShown) return;
    this.textShown = key;
    const described = describePosition(state.pos, notation);
    const said = state.lastUci ? moveText(leadsTo(before?.pos ?? null, state.lastUci, state.pos), state.lastUci, notation) : null;
    const marks = marksText(v, notation, this.marked, state.pos.turn as 0 | 1);
    const lines = [said ?? t('boardText.noMove'), described.turn, marks, ...described.sides.map((s) => s.text)];
    this.text.view.replaceChildren(...lines.filter((l): l is string => l !== null).map((line) => h('p', null, line)));
    // A move announced once, when it arrives (not when the page opens on it, nor for a change of notation).
    if (before && said && (before.lastUci !== state.lastUci || makeBoardFen(before.pos) !== makeBoardFen(state.pos))) {
      this.text.live.textContent = `${said} ${described.turn}`;
    }
  }

  /** Shows a position. Legal moves are computed here from the rules library, once per position. */
  set(state: BoardState): void {
    const before = this.last;
    this.last = state;
    const { pos } = state;
    const turn = orientationOf(pos.turn as 0 | 1);
    this.el.setAttribute('aria-label', t('board.label', { variant: variantName(this.opts.variant), side: sideName(this.opts.variant, pos.turn as 0 | 1) }));
    this.writeText(state, before);
    const movingNow = state.movable === 'both' || state.movable === turn;
    const fen = makeFen(pos);
    this.choices = movingNow ? this.legal.at(pos, fen) : NO_MOVES;
    const check = pos.inCheck();
    this.api.set({
      fen,
      turnColor: turn,
      check: check ? turn : false,
      lastMove: lastMoveKeys(state.lastUci) as cg.Orig[] | undefined,
      movable: {
        color: movingNow ? (state.movable === 'both' ? 'both' : turn) : (state.premoveColor ?? undefined),
        dests: this.choices.dests as cg.Dests,
      },
    });
    if (!keepsPremove(state)) this.api.cancelPremove();
  }

  /** Plays a premove the player set earlier, if it is legal now; true when one was played. */
  playPremove(): boolean {
    return this.api.playPremove();
  }

  /** Moves that happen on one square (Janggi pass, Sittuyin promotion in place), for buttons. */
  inPlaceMoves(): readonly string[] {
    return this.choices.inPlace;
  }

  flip(): void {
    this.api.toggleOrientation();
    this.drawCoords();
  }

  get orientation(): Side {
    return this.api.state.orientation;
  }

  /** Arrows from `orig` to `dest`; a shape without `dest`, or from a point to itself, is a ring around `orig` (a drop's square). */
  setArrows(shapes: { orig: string; dest?: string; brush?: string }[]): void {
    this.drawShapes(
      shapes.map((s) => ({ orig: s.orig as cg.Key, ...(s.dest && s.dest !== s.orig ? { dest: s.dest as cg.Key } : {}), brush: s.brush ?? 'green' })),
    );
  }

  /** Draws an SVG (in a 100×100 box) on each given square, replacing arrows: the Learn page's stars. */
  setStars(marks: readonly { key: string; svg: string }[]): void {
    this.marked = marks.map((m) => m.key);
    if (this.last) this.writeText(this.last, null);
    this.drawShapes(marks.map((m) => ({ orig: m.key as cg.Key, customSvg: m.svg })));
  }

  private drawShapes(shapes: DrawShape[]): void {
    this.shapes = shapes;
    if (this.sized) this.api.setAutoShapes(shapes);
  }

  destroy(): void {
    this.unsubscribe();
    this.resized?.disconnect();
    this.api.destroy();
  }
}

let textViews = 0;
/** The hidden text view of a board (its id for aria-describedby). */
function boardTextView(): HTMLElement {
  return h('div', { class: 'yz-board-text', id: `yz-board-text-${++textViews}`, 'data-testid': 'board-text' });
}

/** `before` when `uci` played there gives `after`'s pieces (the board moved by one move), else null. */
function leadsTo(before: Position | null, uci: string, after: Position): Position | null {
  if (!before) return null;
  const m = parseUci(before, uci);
  if (!m.ok) return null;
  const next = before.clone();
  next.play(m.value);
  return makeBoardFen(next) === makeBoardFen(after) && next.turn === after.turn ? before : null;
}
