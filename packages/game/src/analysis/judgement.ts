/**
 * Judging the moves of an analysed game from the engine's evaluations: the
 * loss of winning chances per move, its judgement (inaccuracy, mistake,
 * blunder), each side's counts and an accuracy figure. Pure: the evaluations
 * come in, nothing is searched here.
 *
 * The model is lichess's (lila `WinPercent`, `Advice`, `AccuracyPercent`),
 * re-derived and documented in docs/analysis.md:
 * - winning chances of a centipawn score: 2 / (1 + e^(-0.00368208·cp)) − 1,
 *   in −1..1, the score first clamped to ±1000; a mate counts as ±1;
 * - a move that loses ≥ 0.1 of winning chances (on that −1..1 scale, i.e. 5
 *   percentage points of win probability) is an inaccuracy, ≥ 0.2 a mistake,
 *   ≥ 0.3 a blunder;
 * - moves into or out of a forced mate are judged by the mate itself (below);
 * - a move's accuracy: 103.1668·e^(−0.04354·Δ) − 3.1669 + 1 (uncertainty
 *   bonus), clamped to 0..100, where Δ is the win probability lost in
 *   percentage points; a side's accuracy is the mean of the
 *   volatility-weighted mean and the harmonic mean of its moves' accuracies.
 *
 * The centipawn scale of Fairy-Stockfish's Xiangqi, Janggi and Sittuyin
 * networks is not chess's, so these thresholds are an anchor, not a truth;
 * they are constants here so that a measured recalibration is one edit.
 */
import type { Color } from '@youzai/rules';

/**
 * An evaluation from the first side's view (Red in Xiangqi and Sittuyin, Cho
 * in Janggi): centipawns, or mate in n moves (n > 0: the first side mates;
 * n < 0: it is mated). `{mate: 0}` is a position where the side to move has
 * already lost (no legal move, as UCI's `mate 0`): its sign comes from whose
 * turn it is, so it is always read with the side to move.
 */
export type Eval = { readonly cp: number } | { readonly mate: number };

export const JUDGEMENTS = ['inaccuracy', 'mistake', 'blunder'] as const;
export type Judgement = (typeof JUDGEMENTS)[number];

/** Winning-chance loss thresholds (on the −1..1 scale), worst first. */
export const THRESHOLDS: readonly (readonly [number, Judgement])[] = [
  [0.3, 'blunder'],
  [0.2, 'mistake'],
  [0.1, 'inaccuracy'],
];

/** Scores beyond this are as good as won: the winning chances saturate. */
export const CP_CEILING = 1000;
const K = 0.00368208;

/** The side that mates, for a mate score (mate 0: the side not to move); null for a centipawn score. */
function materOf(e: Eval, turn: Color): Color | null {
  if (!('mate' in e)) return null;
  if (e.mate === 0) return (turn ^ 1) as Color;
  return e.mate > 0 ? 0 : 1;
}

/** Centipawns as the winning-chance model reads them (mate: ± the ceiling), first side's view. */
export function modelCp(e: Eval, turn: Color): number {
  const m = materOf(e, turn);
  if (m !== null) return m === 0 ? CP_CEILING : -CP_CEILING;
  return Math.max(-CP_CEILING, Math.min(CP_CEILING, (e as { cp: number }).cp));
}

/** The first side's winning chances, −1 (lost) .. 1 (won); `turn` is the side to move in that position. */
export function winningChances(e: Eval, turn: Color): number {
  const m = materOf(e, turn);
  if (m !== null) return m === 0 ? 1 : -1;
  return 2 / (1 + Math.exp(-K * modelCp(e, turn))) - 1;
}

/** Win probability in percent (0..100) for `side`. */
export function winPercent(e: Eval, turn: Color, side: Color): number {
  const wc = winningChances(e, turn);
  return 50 + 50 * (side === 0 ? wc : -wc);
}

/** The accuracy of one move (0..100) from the win percentage its mover had before and after it. */
export function moveAccuracy(winBefore: number, winAfter: number): number {
  const loss = Math.max(0, winBefore - winAfter);
  const a = 103.1668100711649 * Math.exp(-0.04354415386753951 * loss) - 3.166924740191411 + 1;
  return Math.max(0, Math.min(100, a));
}

/** One evaluated position: its evaluation and whose turn it is there. */
export interface EvaluatedPosition {
  readonly eval: Eval;
  readonly turn: Color;
}

/**
 * The judgement of one move from the positions before and after it, for its
 * mover (the side to move in `before`). Null when the move is fine.
 * Mate rules (after lila's MateAdvice): a move that lets a mate in where there
 * was none is a blunder, unless the mover was already lost (≤ −700 cp: a
 * mistake; ≤ −1000: an inaccuracy); a move that lets a forced mate slip is a
 * blunder when the position left is below +700 cp, a mistake below +1000,
 * else an inaccuracy; a mate kept (delayed or hastened) is never judged.
 */
export function judgeMove(before: EvaluatedPosition, after: EvaluatedPosition): Judgement | null {
  const mover = before.turn;
  const pov = (e: EvaluatedPosition): number => (mover === 0 ? 1 : -1) * modelCp(e.eval, e.turn);
  const mateFor = (e: EvaluatedPosition): 'us' | 'them' | null => {
    const m = materOf(e.eval, e.turn);
    if (m === null) return null;
    return m === mover ? 'us' : 'them';
  };
  const was = mateFor(before);
  const now = mateFor(after);
  if (now === 'them' && was !== 'them') {
    if (was === 'us') return 'blunder';
    const cp = pov(before);
    return cp <= -CP_CEILING ? 'inaccuracy' : cp <= -700 ? 'mistake' : 'blunder';
  }
  if (was === 'us' && now !== 'us') {
    const cp = pov(after);
    return cp >= CP_CEILING ? 'inaccuracy' : cp >= 700 ? 'mistake' : 'blunder';
  }
  if (was !== null || now !== null) return null;
  const sign = mover === 0 ? 1 : -1;
  const loss = sign * (winningChances(before.eval, before.turn) - winningChances(after.eval, after.turn));
  for (const [threshold, judgement] of THRESHOLDS) if (loss >= threshold - 1e-12) return judgement;
  return null;
}

export interface JudgedMove {
  /** 1-based: the move that leads from position ply−1 to position ply. */
  readonly ply: number;
  readonly mover: Color;
  readonly judgement: Judgement | null;
  /** Win probability the mover lost, in percentage points (0..100). */
  readonly winLoss: number;
  /** This move's accuracy, 0..100. */
  readonly accuracy: number;
}

export interface SideSummary {
  readonly inaccuracy: number;
  readonly mistake: number;
  readonly blunder: number;
  /** 0..100 rounded to one decimal; null when the side made no move. */
  readonly accuracy: number | null;
}

export interface GameJudgement {
  readonly moves: readonly JudgedMove[];
  /** By colour: [first side, second side]. */
  readonly sides: readonly [SideSummary, SideSummary];
}

/**
 * Judges every move of a game from the evaluations of its positions:
 * `positions[0]` is the start, `positions[i]` the position after ply i.
 */
export function judgeGame(positions: readonly EvaluatedPosition[]): GameJudgement {
  const moves: JudgedMove[] = [];
  for (let ply = 1; ply < positions.length; ply++) {
    const before = positions[ply - 1]!;
    const after = positions[ply]!;
    const mover = before.turn;
    const winBefore = winPercent(before.eval, before.turn, mover);
    const winAfter = winPercent(after.eval, after.turn, mover);
    moves.push({
      ply,
      mover,
      judgement: judgeMove(before, after),
      winLoss: Math.max(0, winBefore - winAfter),
      accuracy: moveAccuracy(winBefore, winAfter),
    });
  }
  const firstWins = positions.map((p) => winPercent(p.eval, p.turn, 0));
  return { moves, sides: [summarise(moves, firstWins, 0), summarise(moves, firstWins, 1)] };
}

function summarise(moves: readonly JudgedMove[], firstWins: readonly number[], side: Color): SideSummary {
  const counts = { inaccuracy: 0, mistake: 0, blunder: 0 };
  for (const m of moves) if (m.mover === side && m.judgement) counts[m.judgement]++;
  return { ...counts, accuracy: gameAccuracy(moves, firstWins, side) };
}

/**
 * A side's accuracy: the mean of (a) its moves' accuracies weighted by how
 * volatile the game was around each move (the standard deviation of the win
 * percentage over a window of positions, 0.5..12) and (b) their harmonic mean,
 * which a few very bad moves pull down.
 */
export function gameAccuracy(moves: readonly JudgedMove[], firstWins: readonly number[], side: Color): number | null {
  const window = Math.max(2, Math.min(8, Math.floor(firstWins.length / 10)));
  const weights: number[] = [];
  const values: number[] = [];
  for (const m of moves) {
    if (m.mover !== side) continue;
    // The window of positions ending at the one after this move (padded at the start).
    const end = Math.max(window, m.ply + 1);
    const slice = firstWins.slice(Math.max(0, end - window), end);
    weights.push(Math.max(0.5, Math.min(12, stdDev(slice))));
    values.push(m.accuracy);
  }
  if (values.length === 0) return null;
  let wsum = 0;
  let wtotal = 0;
  let inv = 0;
  for (let i = 0; i < values.length; i++) {
    wsum += values[i]! * weights[i]!;
    wtotal += weights[i]!;
    inv += 1 / Math.max(values[i]!, 0.01);
  }
  const weighted = wsum / wtotal;
  const harmonic = values.length / inv;
  return Math.round(((weighted + harmonic) / 2) * 10) / 10;
}

function stdDev(xs: readonly number[]): number {
  if (xs.length === 0) return 0;
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  return Math.sqrt(xs.reduce((a, b) => a + (b - mean) ** 2, 0) / xs.length);
}
