/**
 * Themes and a starting difficulty for a verified line, derived from the
 * positions alone, so the test suite can recompute them for every shipped
 * puzzle.
 */
import { KIND_DROP, KIND_PASS, VARIANTS, moveKind, moveRole, moveTo, parseUci, pieceRole, type Position } from '@youzai/rules';
import { materialBalance } from './material.ts';
import { MATE_BY, solverMoves, type Puzzle, type PuzzleKind } from './puzzle.ts';
import { replay } from './verify.ts';

/** Up to this many solver moves a puzzle is `short`; from the next one it is `long`. */
export const SHORT_MOVES = 2;

export interface Description {
  readonly themes: readonly string[];
  readonly mateIn: number | null;
  /** Starting Glicko-2 rating: longer, quiet and sacrificial lines start higher. */
  readonly rating: number;
}

type Line = Pick<Puzzle, 'variant' | 'fen' | 'solution'> & { readonly kind: PuzzleKind };

/** Themes and difficulty of a line that replays legally (see verifyPuzzle); null if it does not. */
export function describeLine(p: Line): Description | null {
  const line = replay(p);
  if (!line.ok) return null;
  const refs = line.value;
  const first = refs[0]!.pos;
  const solver = first.turn;
  const start = materialBalance(first, solver);
  const moves = solverMoves(p);
  const themes: string[] = [];
  if (p.kind === 'mate') {
    themes.push('mate', `mateIn${moves}`);
    const beforeMate = refs[refs.length - 2]!.pos;
    const m = parseUci(beforeMate, p.solution[p.solution.length - 1]!);
    if (m.ok && moveKind(m.value) !== KIND_PASS) {
      const role = moveKind(m.value) === KIND_DROP ? moveRole(m.value) : pieceRole(refs[refs.length - 1]!.pos.board[moveTo(m.value)]!);
      const name = first.variant.roles[role]?.name;
      if (name) themes.push(MATE_BY + name);
    }
  } else {
    themes.push('material');
  }
  // The solver's balance after each opponent reply (and at the end).
  let lowest = 0;
  for (let i = 2; i < refs.length; i += 2) lowest = Math.min(lowest, materialBalance(refs[i]!.pos, solver) - start);
  const sacrifice = lowest <= -VARIANTS[p.variant].material.sacrificeLoss;
  if (sacrifice) themes.push('sacrifice');
  const quiet = isQuiet(refs[0]!.pos, refs[1]!.pos);
  if (quiet) themes.push('quiet');
  themes.push(moves <= SHORT_MOVES ? 'short' : 'long');
  const rating = Math.round(
    Math.min(2600, Math.max(600, 900 + 220 * (moves - 1) + (quiet ? 200 : 0) + (sacrifice ? 150 : 0) + (p.kind === 'material' ? 100 : 0))),
  );
  return { themes, mateIn: p.kind === 'mate' ? moves : null, rating };
}

/** Neither a capture (fewer pieces on the board after it) nor a check. */
function isQuiet(before: Position, after: Position): boolean {
  const pieces = (p: Position) => p.count.reduce((a, b) => a + b, 0);
  return pieces(after) >= pieces(before) && !after.inCheck();
}
