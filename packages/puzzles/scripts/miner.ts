/**
 * From engine analyses to puzzles. Two stages, so that the costly one runs
 * rarely: a cheap MultiPV screen of every position (done while the games
 * are played) marks candidates; a deep MultiPV search at every solver move
 * then builds the line and keeps it only if each solver move is the one
 * winning move. Every kept line is then verified with the house referee.
 *
 * The engine is behind the `Analyse` function, so the tests can feed it
 * made-up analyses.
 */
import type { AnalysisLine, Score } from '@youzai/engine';
import { VARIANTS, legalUcis, makeFen, type VariantKey } from '@youzai/rules';
import { startReferee, type Referee } from '@youzai/game';
import { checkPuzzle } from './check.ts';
import { MAX_SOLVED_MATE_IN, describeLine, isCheckmate, materialBalance, puzzleId, verifyPuzzle, type Puzzle, type PuzzleKind } from '../src/index.ts';

export interface SearchSettings {
  readonly depth: number;
  readonly multipv: number;
  readonly movetimeMs: number;
}

/** The engine's best lines among `legal` in `fen`, best first. */
export type Analyse = (fen: string, legal: readonly string[], s: SearchSettings) => Promise<readonly AnalysisLine[]>;

export interface Thresholds {
  /** Longest mate kept, in solver moves. */
  readonly maxMateIn: number;
  /** A material puzzle's best move must score at least this (centipawns)... */
  readonly minBestCp: number;
  /** ...the second best at most this... */
  readonly maxSecondCp: number;
  /** ...and this much less than the best. */
  readonly minGapCp: number;
  /** The solver must not already have been this far ahead before the opponent's last move. */
  readonly priorMaxCp: number;
  /** Most solver moves in a material line. */
  readonly maxMaterialMoves: number;
}

export const DEFAULT_THRESHOLDS: Thresholds = {
  // Longer mates cannot be proved exhaustively by the check (src/solve.ts), which drops them.
  maxMateIn: MAX_SOLVED_MATE_IN,
  minBestCp: 300,
  maxSecondCp: 150,
  minGapCp: 300,
  priorMaxCp: 200,
  maxMaterialMoves: 4,
};

/** Looser screen bounds: a shallow search misjudges, the deep one decides. */
const SCREEN_MIN_BEST_CP = 250;
const SCREEN_MIN_GAP_CP = 200;

export const isWinningMate = (s: Score | undefined): boolean => s?.kind === 'mate' && s.value > 0;
const cp = (s: Score): number => (s.kind === 'cp' ? s.value : s.value > 0 ? 100_000 - s.value : -100_000 - s.value);

export interface Screened {
  readonly fen: string;
  /** Our legal moves there. */
  readonly legal: readonly string[];
  /** The shallow analysis of this position. */
  readonly lines: readonly AnalysisLine[];
  /** The shallow analysis of the position before (the opponent to move), if any. */
  readonly before: readonly AnalysisLine[] | null;
}

/** What the screen expects of a position, or null when it is not worth a deep look. */
export function screen(p: Screened, t: Thresholds = DEFAULT_THRESHOLDS): PuzzleKind | null {
  const [best, second] = p.lines;
  if (!best || p.legal.length < 2) return null;
  const prior = p.before?.[0]?.score;
  if (isWinningMate(best.score)) {
    if (best.score.value > t.maxMateIn) return null;
    // A mate already forced before the opponent's move is the same puzzle one move later.
    if (prior && prior.kind === 'mate' && prior.value < 0) return null;
    return 'mate';
  }
  if (best.score.kind !== 'cp' || best.score.value < SCREEN_MIN_BEST_CP) return null;
  if (second && (isWinningMate(second.score) || cp(best.score) - cp(second.score) < SCREEN_MIN_GAP_CP)) return null;
  // The solver must not have been winning already: the opponent's last move is the mistake.
  if (prior && -cp(prior) > t.priorMaxCp) return null;
  return 'material';
}

export type Rejection =
  | 'no-analysis'
  | 'not-winning'
  | 'mate-too-long'
  | 'mate-lost'
  | 'not-checkmate'
  | 'second-mates'
  | 'not-unique'
  | 'no-gain'
  | 'engine-illegal'
  | 'pass'
  | 'verify'
  | 'check';

export type Mined =
  | { readonly ok: true; readonly puzzle: Puzzle; readonly searches: number }
  | { readonly ok: false; readonly why: Rejection; readonly searches: number };

/**
 * Builds and checks the line from `fen`, the solver to move. `kind`: what
 * the screen expects; the deep search decides (a material candidate that
 * turns out to be a short mate becomes a mate puzzle).
 */
export async function mineLine(
  variant: VariantKey,
  fen: string,
  source: string,
  analyse: Analyse,
  deep: SearchSettings,
  t: Thresholds = DEFAULT_THRESHOLDS,
  options: { readonly quick?: SearchSettings } = {},
): Promise<Mined> {
  const start = startReferee(variant, fen);
  if (!start.ok) throw new Error(`mineLine: ${start.error.message}`);
  let ref = start.value;
  const solver = ref.pos.turn;
  const startBalance = materialBalance(ref.pos, solver);
  const solution: string[] = [];
  let kind: PuzzleKind | null = null;
  let searches = 0;
  const no = (why: Rejection): Mined => ({ ok: false, why, searches });
  const maxMoves = Math.max(t.maxMateIn, t.maxMaterialMoves);
  const quick = options.quick;

  for (let step = 0; step < maxMoves; step++) {
    const legal = legalUcis(ref.pos);
    // A mate in one needs no engine: our rules list the mating moves, and any of them is accepted.
    if (kind !== 'material') {
      const mate = matingMoves(ref, legal)[0];
      if (mate !== undefined) {
        solution.push(mate);
        return finish(variant, fen, solution, 'mate', source, searches, analyse);
      }
    }
    // First a cheaper search, which turns most false candidates down.
    if (step === 0 && quick) {
      const lines = await analyse(fenOf(ref), legal, quick);
      searches++;
      const why = judge(lines, legal.length, isWinningMate(lines[0]?.score) ? 'mate' : 'material', step, t);
      if (why) return no(why);
    }
    const lines = await analyse(fenOf(ref), legal, deep);
    searches++;
    const [best, _second] = lines;
    if (!best) return no('no-analysis');
    kind ??= isWinningMate(best.score) ? 'mate' : 'material';
    const why = judge(lines, legal.length, kind, step, t);
    if (why) return no(why);
    const move = best.pv[0]!;
    if (isPass(ref, move)) return no('pass');

    if (kind === 'mate') {
      const after = play(ref, move);
      if (!after) return no('engine-illegal');
      solution.push(move);
      if (isCheckmate(after)) return finish(variant, fen, solution, 'mate', source, searches, analyse);
      // Some other end by our rules (a Xiangqi stalemate, which the engine also scores as mate).
      if (after.verdict) return no('not-checkmate');
      const reply = await replyTo(after, best, analyse, deep);
      searches += reply.searches;
      if (!reply.ref) return no('engine-illegal');
      solution.push(reply.uci);
      ref = reply.ref;
      continue;
    }

    const after = play(ref, move);
    if (!after) return no('engine-illegal');
    solution.push(move);
    if (after.verdict) return no('no-gain');
    // Done once the gain stands after the opponent's best reply.
    const reply = await replyTo(after, best, analyse, deep);
    searches += reply.searches;
    if (!reply.ref) return no('engine-illegal');
    if (materialBalance(reply.ref.pos, solver) - startBalance >= VARIANTS[variant].material.decisiveGain) {
      return finish(variant, fen, solution, 'material', source, searches, analyse);
    }
    if (step + 1 >= t.maxMaterialMoves || reply.ref.verdict) return no('no-gain');
    solution.push(reply.uci);
    ref = reply.ref;
  }
  return no(kind === 'mate' ? 'mate-too-long' : 'no-gain');
}

/**
 * Why the solver's move at `step` does not make a puzzle line, or null when
 * it does. Mate: the best move mates within the limit and (the last move
 * aside, which is not searched: matingMoves) no other move mates at all.
 * Material: the best move wins clearly and no other comes close.
 */
export function judge(
  lines: readonly AnalysisLine[],
  legalCount: number,
  kind: PuzzleKind,
  step: number,
  t: Thresholds = DEFAULT_THRESHOLDS,
): Rejection | null {
  const [best, second] = lines;
  if (!best) return 'no-analysis';
  const alone = legalCount <= 1 || !second;
  if (kind === 'mate') {
    if (!isWinningMate(best.score)) return 'mate-lost';
    if (step + best.score.value > t.maxMateIn) return 'mate-too-long';
    if (!alone && best.score.value > 1 && isWinningMate(second.score)) return 'second-mates';
    return null;
  }
  // A material line that turns into a mate is mined as a mate from its own position.
  if (isWinningMate(best.score)) return 'not-unique';
  if (best.score.kind !== 'cp' || best.score.value < t.minBestCp) return 'not-winning';
  if (!alone && (isWinningMate(second.score) || cp(second.score) > t.maxSecondCp || cp(best.score) - cp(second.score) < t.minGapCp)) return 'not-unique';
  return null;
}

/** The moves that checkmate at once by our rules. */
export function matingMoves(ref: Referee, legal: readonly string[] = legalUcis(ref.pos)): string[] {
  return legal.filter((m) => {
    const next = play(ref, m);
    return next !== null && isCheckmate(next);
  });
}

async function finish(
  variant: VariantKey,
  fen: string,
  solution: string[],
  kind: PuzzleKind,
  source: string,
  searches: number,
  analyse: Analyse,
): Promise<Mined> {
  const d = describeLine({ variant, fen, solution, kind });
  if (!d) return { ok: false, why: 'verify', searches };
  const turn = fen.split(' ')[1] === 'b' ? 'second' : 'first';
  const puzzle: Puzzle = {
    id: puzzleId(variant, fen, solution),
    variant,
    fen,
    turn,
    solution: [...solution],
    kind,
    mateIn: d.mateIn,
    themes: d.themes,
    rating: d.rating,
    source,
  };
  const v = verifyPuzzle(puzzle);
  if (!v.ok) return { ok: false, why: 'verify', searches };
  // The check every shipped puzzle passes (scripts/check.ts, `npm run puzzles:check`): other winning moves accepted, or the puzzle turned down.
  const checked = await checkPuzzle(puzzle, analyse);
  if (!checked.ok) return { ok: false, why: 'check', searches };
  return { ok: true, puzzle: checked.alternatives.length > 0 ? { ...puzzle, alternatives: checked.alternatives.map((l) => [...l]) } : puzzle, searches };
}

/** The opponent's reply: the second move of the solver's line, or a search of its own when the line stops there. */
async function replyTo(
  after: Referee,
  line: AnalysisLine,
  analyse: Analyse,
  deep: SearchSettings,
): Promise<{ ref: Referee | null; uci: string; searches: number }> {
  let uci = line.pv[1];
  let searches = 0;
  if (!uci) {
    const lines = await analyse(fenOf(after), legalUcis(after.pos), { ...deep, multipv: 1 });
    searches++;
    uci = lines[0]?.pv[0];
    if (!uci) return { ref: null, uci: '', searches };
  }
  return { ref: play(after, uci), uci, searches };
}

function play(ref: Referee, uci: string): Referee | null {
  if (ref.verdict) return null;
  const next = ref.clone();
  return next.play(uci).ok ? next : null;
}

/** A Janggi pass is written as the general's square twice; a solver never passes. */
function isPass(ref: Referee, uci: string): boolean {
  return uci.length >= 4 && /^([a-p](?:10|[1-9]))\1$/.test(uci) && ref.variant.pass;
}

const fenOf = (ref: Referee): string => makeFen(ref.pos);
