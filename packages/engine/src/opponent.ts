/**
 * The computer opponent: one move for the side to move, always legal under
 * our rules, within the level's time and a sensible share of its clock.
 */
import { movesThatViolate, type Referee } from '@youzai/game';
import { VARIANTS, legalUcis, parseFen, type VariantKey } from '@youzai/rules';
import { fallbackMove } from './fallback.ts';
import { levelOf } from './levels.ts';
import type { BestMove, EnginePool } from './pool.ts';

export interface ClockView {
  readonly remainingMs: number;
  readonly incrementMs: number;
}

export interface ChooseMoveRequest {
  readonly gameId: string;
  readonly variant: VariantKey;
  /** The current position. */
  readonly fen: string;
  readonly level: number;
  /** The computer's own clock; omitted for untimed play. */
  readonly clock?: ClockView;
  /**
   * Legal moves not to play unless nothing else is left, e.g. those our
   * referee says would lose by a rule the engine cannot see (movesToAvoid).
   */
  readonly avoid?: readonly string[];
}

export interface ChosenMove {
  readonly uci: string;
  /** `engine`, or `fallback` when the engine gave no move we may play or failed. */
  readonly source: BestMove['source'];
  readonly score?: BestMove['score'];
  readonly depth?: number;
  readonly ms: number;
  /** Why the engine's answer was not used (an EngineError's code). */
  readonly error?: string;
}

/** Never think less than this (the engine needs a few ms to answer at all). */
const MIN_THINK_MS = 10;

/**
 * Time to think: the level's time, but never more than remaining/30 plus
 * half the increment, so the computer does not lose on time in a long game.
 */
export function thinkTimeMs(level: number, clock?: ClockView): number {
  const own = levelOf(level).movetimeMs;
  if (!clock) return own;
  const share = Math.max(0, clock.remainingMs) / 30 + Math.max(0, clock.incrementMs) / 2;
  return Math.max(MIN_THINK_MS, Math.min(own, Math.floor(share)));
}

/**
 * Everything, queueing included, must be done by then: a tenth of the clock
 * plus the increment, and at least the think time plus a margin.
 */
export function deadlineMs(think: number, clock?: ClockView): number | undefined {
  if (!clock) return undefined;
  return Math.max(think + 250, Math.floor(Math.max(0, clock.remainingMs) / 10 + Math.max(0, clock.incrementMs)));
}

/**
 * The computer's move in `fen`. Resolves with a legal move of ours whatever
 * the engine does; throws only for a programmer error (a bad FEN, a bad
 * level, or a position with no legal move, i.e. a finished game).
 */
export async function chooseMove(pool: EnginePool, req: ChooseMoveRequest): Promise<ChosenMove> {
  const parsed = parseFen(VARIANTS[req.variant], req.fen);
  if (!parsed.ok) throw new RangeError(`chooseMove: ${parsed.error.message}`);
  const legalMoves = legalUcis(parsed.value);
  if (legalMoves.length === 0) throw new RangeError('chooseMove: no legal move (the game is over)');
  const avoid = new Set(req.avoid ?? []);
  const allowed = legalMoves.filter((m) => !avoid.has(m));
  const choices = allowed.length > 0 ? allowed : legalMoves;
  const think = thinkTimeMs(req.level, req.clock);
  const deadline = deadlineMs(think, req.clock);
  const started = performance.now();
  try {
    const m = await pool.bestMove({
      gameId: req.gameId,
      variant: req.variant,
      fen: req.fen,
      level: req.level,
      legalMoves: choices,
      movetimeMs: think,
      ...(deadline !== undefined ? { deadlineMs: deadline } : {}),
    });
    // The pool already guarantees this; the computer's move is ours to check.
    if (choices.includes(m.uci)) return m;
    return { uci: fallbackMove({ variant: req.variant, fen: req.fen, legal: choices }), source: 'fallback', ms: m.ms, error: 'illegal-answer' };
  } catch (e) {
    const code = typeof (e as { code?: unknown }).code === 'string' ? (e as { code: string }).code : 'error';
    const uci = fallbackMove({ variant: req.variant, fen: req.fen, legal: choices });
    return { uci, source: 'fallback', ms: Math.round(performance.now() - started), error: code };
  }
}

/**
 * The legal moves that would lose (or draw) at once by a rule the engine
 * does not know, because it sees only the position: Xiangqi's check and
 * chase run limits. Empty unless the side to move has a run at its limit.
 */
export function movesToAvoid(referee: Referee): string[] {
  return movesThatViolate(referee);
}
