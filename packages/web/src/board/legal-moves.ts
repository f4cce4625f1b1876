/**
 * The board's legal moves, computed once per position: the page draws the
 * same position again on every event, offer and status change, and a move
 * list of a Xiangqi middlegame has some forty moves to generate and group.
 */
import { legalUcis, makeFen, type Position } from '@youzai/rules';
import { moveChoices, type MoveChoices } from './keys.ts';

export const NO_MOVES: MoveChoices = moveChoices([]);

export class LegalMoves {
  private last: { readonly fen: string; readonly choices: MoveChoices } | null = null;

  /** `legal` is the rules library's; a test counts its calls. */
  constructor(private readonly legal: (pos: Position) => readonly string[] = legalUcis) {}

  /** The moves of `pos` grouped for the board; `fen` (makeFen of pos) when the caller has it already. */
  at(pos: Position, fen: string = makeFen(pos)): MoveChoices {
    if (this.last?.fen !== fen) this.last = { fen, choices: moveChoices(this.legal(pos)) };
    return this.last.choices;
  }
}
