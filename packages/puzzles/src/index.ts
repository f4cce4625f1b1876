/**
 * @youzai/puzzles: puzzles (cờ thế) for the three games. Pure like the rules
 * library: the format, a verifier on the house referee, themes and
 * difficulty, the puzzle rating. The data files are in `data/`; the
 * generator (Node, the engine) in `scripts/`.
 */
export * from './puzzle.ts';
export {
  verifyPuzzle,
  isAcceptedMove,
  checkMove,
  judgeMove,
  acceptedLines,
  replay,
  isCheckmate,
  type MoveJudgement,
  type VerifyCode,
  type VerifiedFacts,
} from './verify.ts';
export { checkMatePuzzle, firstReply, replyFromLines, type CheckResult, type ChooseReply, type DropReason } from './check.ts';
export { MateSolver, MAX_SOLVED_MATE_IN, type SolveStats } from './solve.ts';
export { describeLine, SHORT_MOVES, type Description } from './describe.ts';
export { materialBalance } from './material.ts';
export {
  INITIAL_PLAYER_RATING,
  PUZZLE_START_DEVIATION,
  initialPuzzleRating,
  rateAttempt,
  attemptScore,
  type AttemptScore,
  type RatedAttempt,
} from './rating.ts';
