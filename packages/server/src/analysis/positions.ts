/**
 * The positions of a finished game, replayed from its moves by our rules:
 * what the engine is asked about, one position per ply, and what the rules
 * already decide (a position without a legal move is a loss or a draw for
 * the side to move; the engine is not asked then).
 */
import type { Eval } from '@youzai/game/analysis';
import { VARIANTS, legalUcis, makeFen, parseFen, parseUci, type Color, type VariantKey } from '@youzai/rules';

export interface GamePosition {
  readonly fen: string;
  readonly turn: Color;
  readonly legalMoves: readonly string[];
  /** Set when the rules decide this position: `{mate: 0}` (the side to move has lost) or `{cp: 0}` (drawn). */
  readonly decided: Eval | null;
}

export function replayPositions(variant: VariantKey, startFen: string | null, moves: readonly string[]): GamePosition[] | { readonly error: string } {
  const v = VARIANTS[variant];
  const start = parseFen(v, startFen ?? v.startFen);
  if (!start.ok) return { error: `the start position does not read: ${start.error.message}` };
  const pos = start.value;
  const out: GamePosition[] = [];
  const here = (): GamePosition => {
    const legal = legalUcis(pos);
    const decided: Eval | null = legal.length > 0 ? null : pos.inCheck() || v.end.stalemate === 'loss' ? { mate: 0 } : { cp: 0 };
    return { fen: makeFen(pos), turn: pos.turn, legalMoves: legal, decided };
  };
  out.push(here());
  for (const [i, uci] of moves.entries()) {
    const m = parseUci(pos, uci);
    if (!m.ok) return { error: `move ${i + 1} (${uci}) does not replay: ${m.error.message}` };
    pos.play(m.value);
    out.push(here());
  }
  return out;
}
