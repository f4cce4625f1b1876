/**
 * Puzzles checked against the house rules: the referee that judges real
 * games plays every move of the line, so a move our rules reject, or a game
 * end the line overlooks, is caught, whatever the engine thought.
 */
import { startReferee, type Referee } from '@youzai/game';
import { SIDES, VARIANTS, type Position, type Result, type RuleError } from '@youzai/rules';
import { materialBalance } from './material.ts';
import { isSolverPly, solverMoves, type Puzzle } from './puzzle.ts';
import { MateSolver } from './solve.ts';

export type VerifyCode =
  | 'puzzle.fen'
  | 'puzzle.turn'
  | 'puzzle.length'
  | 'puzzle.illegal'
  | 'puzzle.ended'
  | 'puzzle.not-mate'
  | 'puzzle.mate-in'
  | 'puzzle.not-forced'
  | 'puzzle.no-gain';

export interface VerifiedFacts {
  /** Every position of the line, as a referee, from the puzzle's to the last (solution.length + 1). */
  readonly referees: readonly Referee[];
  /** The solver's material gain over the line (material.ts units). */
  readonly gain: number;
}

const fail = (code: VerifyCode, message: string): { readonly ok: false; readonly error: RuleError<VerifyCode> } => ({
  ok: false,
  error: { code, message },
});

/** Replays the line with the house referee: the referees after each ply, or the first move it rejects. */
export function replay(p: Pick<Puzzle, 'variant' | 'fen' | 'solution'>, plies = p.solution.length): Result<Referee[], RuleError<VerifyCode>> {
  const start = startReferee(p.variant, p.fen);
  if (!start.ok) return fail('puzzle.fen', start.error.message);
  const out = [start.value];
  let ref = start.value;
  for (let i = 0; i < plies; i++) {
    if (ref.verdict) return fail('puzzle.ended', `the game is over before ply ${i} (${ref.verdict.reason})`);
    const next = ref.clone();
    const played = next.play(p.solution[i] ?? '');
    if (!played.ok) return fail('puzzle.illegal', `ply ${i} ${p.solution[i]}: ${played.error.message}`);
    out.push(next);
    ref = next;
  }
  return { ok: true, value: out };
}

/** The side to move is mated by our rules: in check and no legal move (not the engine's notion). */
export const isCheckmate = (ref: Referee): boolean => ref.pos.inCheck() && !ref.pos.hasLegalMove();

/**
 * Everything a shipped puzzle must satisfy: the FEN is valid and the solver
 * is to move; the line is legal under the house rules and has the solver
 * move first and last; the game does not end inside the line; a mate puzzle
 * ends in checkmate after exactly `mateIn` solver moves, and its end is
 * forced by our rules alone (after the second-to-last solver move, every
 * reply, not only the line's, allows a mate at once); a material puzzle
 * ends with the solver at least the game's `material.decisiveGain` up on where it started, and
 * not in a finished game.
 */
export function verifyPuzzle(p: Puzzle): Result<VerifiedFacts, RuleError<VerifyCode>> {
  if (p.solution.length % 2 !== 1) return fail('puzzle.length', `the line has ${p.solution.length} plies; it must end with a solver move`);
  const line = replay(p);
  if (!line.ok) return line;
  const refs = line.value;
  const first = refs[0]!;
  const last = refs[refs.length - 1]!;
  if (SIDES[first.pos.turn] !== p.turn) return fail('puzzle.turn', `${SIDES[first.pos.turn]} is to move in the FEN, the puzzle says ${p.turn}`);
  if (!first.pos.hasLegalMove()) return fail('puzzle.ended', 'the solver has no move');
  const gain = materialBalance(last.pos, first.pos.turn) - materialBalance(first.pos, first.pos.turn);
  if (p.kind === 'mate') {
    // A win by our rules: checkmate, or a Xiangqi stalemate (the side without a move loses).
    if (!last.verdict || last.verdict.winner !== first.pos.turn || (last.verdict.reason !== 'checkmate' && last.verdict.reason !== 'stalemate')) {
      return fail('puzzle.not-mate', `the referee's verdict is ${last.verdict?.reason ?? 'none'}, not the solver's checkmate`);
    }
    if (p.mateIn !== solverMoves(p)) return fail('puzzle.mate-in', `mateIn is ${p.mateIn}, the line has ${solverMoves(p)} solver moves`);
    if (p.solution.length >= 3 && !everyReplyMated(refs[refs.length - 3]!.pos)) {
      return fail('puzzle.not-forced', 'after the second-to-last solver move, some reply escapes the mate in one');
    }
  } else {
    if (last.verdict) return fail('puzzle.ended', `the line ends the game (${last.verdict.reason}); that is not a material puzzle`);
    const need = VARIANTS[p.variant].material.decisiveGain;
    if (gain < need) return fail('puzzle.no-gain', `the solver gains ${gain}, less than ${need}`);
  }
  return { ok: true, value: { referees: refs, gain } };
}

/** Every legal move of the side to move (the defender) allows a win at once by our rules (src/solve.ts). */
const everyReplyMated = (pos: Position): boolean => new MateSolver(pos).defenderLoses(2);

/** Every accepted line: the puzzle's, then its alternatives. */
export const acceptedLines = (p: Pick<Puzzle, 'solution' | 'alternatives'>): readonly (readonly string[])[] => [p.solution, ...(p.alternatives ?? [])];

/** The trainer's verdict on a solver move; `right` carries the opponent's reply. */
export type MoveJudgement = { readonly verdict: 'wrong' } | { readonly verdict: 'solved' } | { readonly verdict: 'right'; readonly reply: string };

/**
 * Judges the solver's move `uci` after the plies `played` (the moves of the
 * attempt so far, solver's and opponent's). Right: the move of an accepted
 * line that starts with `played`, with that line's reply. Solved: the last
 * move of such a line, or any move that wins the game at once by our rules
 * (the referee's verdict: a checkmate, or a Xiangqi stalemate). Otherwise
 * wrong.
 */
export function judgeMove(p: Pick<Puzzle, 'variant' | 'fen' | 'solution' | 'alternatives'>, played: readonly string[], uci: string): MoveJudgement {
  const wrong = { verdict: 'wrong' } as const;
  const ply = played.length;
  if (!isSolverPly(ply) || ply >= p.solution.length) return wrong;
  const lines = acceptedLines(p).filter((l) => played.every((m, i) => l[i] === m));
  if (lines.length === 0) return wrong;
  const before = replay({ variant: p.variant, fen: p.fen, solution: played });
  if (!before.ok) return wrong;
  const ref = before.value[before.value.length - 1]!.clone();
  const solver = ref.pos.turn;
  if (!ref.play(uci).ok) return wrong;
  if (ref.verdict && ref.verdict.winner === solver) return { verdict: 'solved' };
  const line = lines.find((l) => l[ply] === uci);
  if (!line) return wrong;
  const reply = line[ply + 1];
  return reply === undefined ? { verdict: 'solved' } : { verdict: 'right', reply };
}

/**
 * Whether `uci` is an accepted solver move at `plyIndex` (0, 2, 4, ...) of
 * the puzzle's own line (see judgeMove).
 */
export function isAcceptedMove(p: Pick<Puzzle, 'variant' | 'fen' | 'solution' | 'alternatives'>, plyIndex: number, uci: string): boolean {
  return checkMove(p, plyIndex, uci) !== 'wrong';
}

/**
 * The trainer's verdict on a solver move at `plyIndex` of the puzzle's own
 * line: `wrong`; `right` (the opponent replies next); or `solved`. An
 * attempt that left the line follows its own with judgeMove.
 */
export function checkMove(p: Pick<Puzzle, 'variant' | 'fen' | 'solution' | 'alternatives'>, plyIndex: number, uci: string): 'wrong' | 'right' | 'solved' {
  return judgeMove(p, p.solution.slice(0, Math.max(0, plyIndex)), uci).verdict;
}
