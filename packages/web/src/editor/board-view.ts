/**
 * The editor's board: chessgroundx with free moves (any piece anywhere, a
 * piece dragged off the board is gone) and new pieces dragged in from the
 * trays. It decides nothing: after each drag it reports the board as drawn,
 * and a press on a square while a tool is in hand (place, remove) goes to
 * the page instead of starting a drag. Size and art come from the game's
 * descriptor (layout.ts, art.ts), as on the playing board.
 */
import { Chessground } from 'chessgroundx';
import type { Api } from 'chessgroundx/api.js';
import type * as cg from 'chessgroundx/types.js';
import { VARIANTS, type Color, type VariantKey } from '@youzai/rules';
import { ensureArt } from '../board/art-sheet.ts';
import { fromKey } from '../board/keys.ts';
import { boardLayout, cgRole, layoutVars } from '../board/layout.ts';
import 'chessgroundx/assets/chessground.base.css';
import '../board/board.css';

export interface EditorBoardOptions {
  readonly variant: VariantKey;
  /** The board as drawn after a drag (square → FEN letter, upper case the first side). */
  readonly changed: (board: Record<string, string>) => void;
  /** A press on a square; true when a tool in hand took it (then no drag starts). */
  readonly pressed: (square: string) => boolean;
}

/** chessgroundx's piece for a FEN letter. */
export const cgPiece = (letter: string): cg.Piece => ({
  role: cgRole(letter.toLowerCase()) as cg.Role,
  color: letter === letter.toUpperCase() ? 'white' : 'black',
});

export class EditorBoard {
  readonly wrap: HTMLElement;
  private readonly api: Api;

  constructor(
    readonly el: HTMLElement,
    private readonly opts: EditorBoardOptions,
  ) {
    const v = VARIANTS[opts.variant];
    const layout = boardLayout(v);
    ensureArt(v);
    for (const [name, value] of Object.entries(layoutVars(layout))) el.style.setProperty(name, value);
    this.wrap = document.createElement('div');
    this.wrap.className = `yz-board yz-${opts.variant} grid-${layout.grid}`;
    // The e2e harness finds squares from these.
    this.wrap.dataset.files = String(layout.files);
    this.wrap.dataset.ranks = String(layout.ranks);
    el.replaceChildren(this.wrap);
    this.api = Chessground(this.wrap, {
      fen: boardPart(v.startFen),
      orientation: 'white',
      dimensions: { width: layout.files, height: layout.ranks },
      coordinates: false,
      kingRoles: ['k-piece'],
      animation: { enabled: false },
      highlight: { lastMove: false, check: false },
      movable: { free: true, color: 'both', showDests: false },
      draggable: { enabled: true, showGhost: true, deleteOnDropOff: true },
      selectable: { enabled: true },
      premovable: { enabled: false },
      drawable: { enabled: false },
      // After chessgroundx has finished the drag (a new piece's temporary square is gone by then).
      events: { change: () => queueMicrotask(() => this.opts.changed(this.read())) },
    });
    // A press while a tool is in hand places or removes, and starts no drag (capture: before chessgroundx sees it).
    const press = (e: MouseEvent | TouchEvent) => {
      const point = 'touches' in e ? e.touches[0] : e;
      if (!point) return;
      const key = this.api.getKeyAtDomPos([point.clientX, point.clientY]);
      if (key && this.opts.pressed(fromKey(key))) {
        e.stopPropagation();
        e.preventDefault();
      }
    };
    this.wrap.addEventListener('mousedown', press, { capture: true });
    this.wrap.addEventListener('touchstart', press, { capture: true, passive: false });
  }

  /** The pieces as drawn now. */
  private read(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [key, piece] of this.api.state.boardState.pieces) {
      const letter = piece.role.replace(/-piece$/, '');
      out[fromKey(key)] = piece.color === 'white' ? letter.toUpperCase() : letter;
    }
    return out;
  }

  /** Shows a board (its FEN, hand left out) from a side. */
  set(fen: string, bottom: Color): void {
    this.api.set({ fen: boardPart(fen), orientation: bottom === 0 ? 'white' : 'black' });
  }

  /** Starts dragging a new piece from a tray (dropped on a square it is placed, over what stood there; elsewhere it is gone). */
  dragNew(letter: string, e: MouseEvent | TouchEvent): void {
    this.api.dragNewPiece(cgPiece(letter), false, e as cg.MouchEvent, true);
  }

  destroy(): void {
    this.api.destroy();
  }
}

/** The board part of a FEN, without the hand chessgroundx would read as pockets. */
const boardPart = (fen: string): cg.FEN => (fen.split(' ')[0] ?? '').split('[')[0]! as cg.FEN;
