/**
 * A move made while the socket is down (or whose answer the dropped socket
 * lost): held, one at most, like a premove, and settled once the game's state
 * is back after the reconnect. The server's ply check still decides: the
 * move is sent with the ply it answered, and a move that no longer fits is
 * refused there. Pure: the page asks what to do and does it.
 */
import type { GameView } from '@youzai/protocol';
import { parseUci, type Position, type Side } from '@youzai/rules';

export interface HeldMove {
  readonly uci: string;
  /** The ply the move answered (the number of plies the client had seen). */
  readonly ply: number;
}

/**
 * What becomes of a held move once the state is back: `played` (the server
 * has it: the answer was lost, not the move), `send` (it is still this
 * player's turn at that ply) or `stale` (the game moved on without it: a flag,
 * a takeback, a resignation...).
 */
export function settleHeld(held: HeldMove, view: Pick<GameView, 'moves' | 'ply' | 'turn' | 'status'>, you: Side | null): 'played' | 'send' | 'stale' {
  if (view.moves[held.ply] === held.uci) return 'played';
  if (you !== null && view.status === 'active' && view.ply === held.ply && view.turn === you) return 'send';
  return 'stale';
}

/** The position with the held move played on it, to show it on the board while it waits (the position itself when it does not parse). */
export function positionWith(pos: Position, uci: string): Position {
  const m = parseUci(pos, uci);
  if (!m.ok) return pos;
  const next = pos.clone();
  next.play(m.value);
  return next;
}
