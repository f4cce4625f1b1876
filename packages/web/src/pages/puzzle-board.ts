/**
 * The puzzle trainer's board and move list, kept to the model's state
 * (puzzles-model.ts): a fresh board for each attempt, the moves added as they
 * come or the solution shown from the puzzle's position, the hint's ring.
 */
import { sideIndex, type Position } from '@youzai/rules';
import { Board, orientationOf } from '../board/board.ts';
import { toKey } from '../board/keys.ts';
import { choosePromotion } from '../board/promotion.ts';
import { Cursor, MoveHistory } from '../game/move-history.ts';
import { MoveListView } from '../game/move-list-view.ts';
import { movesToAdd, solving, type PuzzleState } from './puzzles-model.ts';

export class PuzzleBoard {
  private history: MoveHistory | null = null;
  private board: Board | null = null;
  private moveList: MoveListView | null = null;
  private cursor: Cursor | null = null;
  /** The state's attempt, moves and ring the board and move list were set up for. */
  private shownAttempt = 0;
  private shownMoves: readonly string[] = [];
  private shownRing: string | null = null;

  /** `move`: a move made on the board; `navigated`: the viewer moved through the moves. */
  constructor(
    private readonly boardEl: HTMLElement,
    private readonly movesHolder: HTMLElement,
    private readonly move: (uci: string) => void,
    private readonly navigated: () => void,
  ) {}

  /** Whether a board is up (a puzzle whose position the rules refused has none). */
  get ready(): boolean {
    return this.history !== null && this.board !== null && this.cursor !== null;
  }

  /** The position shown, null before a board is up. */
  position(): Position | null {
    return this.history && this.cursor ? this.history.positionAt(this.cursor.ply) : null;
  }

  /** Whether the live position is shown (the solver moves only there). */
  get live(): boolean {
    return this.cursor?.live ?? false;
  }

  /** Sets up the board for a new attempt, and the move history for the state's moves. */
  sync(s: PuzzleState): void {
    const p = s.puzzle;
    if (!p) return;
    if (s.attempt !== this.shownAttempt) {
      this.shownAttempt = s.attempt;
      this.shownMoves = s.moves;
      this.history = MoveHistory.from(p.variant, p.fen, s.moves);
      this.board?.destroy();
      this.board = null;
      if (!this.history) return;
      this.showMoves();
      this.board = new Board(this.boardEl, { variant: p.variant, orientation: orientationOf(p.turn), onMove: this.move, choose: choosePromotion });
      this.shownRing = null;
    } else if (s.moves !== this.shownMoves && this.history) {
      const added = movesToAdd(this.shownMoves, s);
      if (added) for (const m of added) this.history.push(m);
      else {
        // The solution, stepped through from the puzzle's position.
        this.history = MoveHistory.from(p.variant, p.fen, s.moves) ?? this.history;
        this.showMoves();
        if (s.showingSolution) this.cursor?.first();
      }
      this.shownMoves = s.moves;
    }
    if (this.board && s.ringed !== this.shownRing) {
      this.shownRing = s.ringed;
      this.board.setArrows(s.ringed ? [{ orig: toKey(s.ringed), dest: toKey(s.ringed) }] : []);
    }
  }

  /** Draws the position shown; the solver's pieces move only while solving on the live position. */
  draw(s: PuzzleState): void {
    const { history, board, cursor } = this;
    if (!s.puzzle || !history || !board || !cursor) return;
    const ply = cursor.ply;
    const mine = sideIndex(s.puzzle.turn);
    const canMove = solving(s) && cursor.live;
    board.set({ pos: history.positionAt(ply), lastUci: history.lastUci(ply), movable: canMove && history.current.turn === mine ? orientationOf(mine) : null });
    this.moveList?.render();
  }

  destroy(): void {
    this.board?.destroy();
  }

  private showMoves(): void {
    this.cursor = new Cursor(() => this.history?.length ?? 0);
    this.moveList = new MoveListView(() => this.history!, this.cursor, this.navigated);
    this.movesHolder.replaceChildren(this.moveList.el);
  }
}
