import type { Color, ResultText } from '@youzai/rules';
import type { EndReason } from './end.ts';

/**
 * The sentences a verdict can say, by code. The words are the client's (its
 * i18n, in the reader's language); the game names only the code and the
 * facts it fills in, so the pure layer holds no language.
 */
export const VERDICT_CODES = [
  /** side: the mated side; other: the winner. */
  'checkmate',
  /** side: the side without a move; other: the winner. */
  'stalemate-loses',
  /** side: the side without a move. */
  'stalemate-draw',
  'bare-kings',
  /** Xiangqi: no chariot, horse, cannon or soldier left on either side. */
  'bare-no-attackers',
  /** times: how often the position occurred. */
  'repetition',
  /** times; with no check or chase since the first occurrence (Xiangqi). */
  'repetition-quiet',
  /** moves, plies: that many without a capture (Janggi). */
  'no-capture',
  /** moves, plies: without a capture or a pawn move (Sittuyin). */
  'no-progress',
  /** moves, plies: without a capture, checks, chases and their replies not counted (Xiangqi). */
  'natural-limit',
  /** moves, plies: without a capture or a soldier moving forward (Xiangqi). */
  'soldier-progress',
  /** moves, plies: without a capture, and a draw claimed (Xiangqi). */
  'claimed',
  /** moves, plies: the game's length limit (Xiangqi). */
  'length-limit',
  /** runs[0]: the violating side's run; side: that side, who loses. */
  'perpetual',
  /** runs[0], runs[1]: both sides' runs, of one kind: draw. */
  'mutual-draw',
  /** runs[0], runs[1]: a check run against a chase run; side: the checking side, who loses. */
  'mutual-checker-loses',
  /** side: who resigned. */
  'resignation',
  'agreement',
  'aborted',
  /** A game that never started: a challenge declined, an invitation expired or withdrawn. */
  'declined',
  'expired',
  'withdrawn',
  /** side: who left; other: who claimed. */
  'abandonment',
  /** side: who left; the claimant cannot win on material. */
  'abandonment-draw',
  /** side: whose time ran out. */
  'timeout',
  /** side: whose time ran out; the opponent cannot mate. */
  'timeout-draw',
  /** side: who did not move in time. */
  'no-first-move',
  /** A rated game decided before each side made two moves: params.was is what happened (with its facts); aborted, not rated. */
  'too-short',
  /** A verdict whose end has no sentence of its own: the reason's name says it. */
  'reason',
  /** A verdict stored before verdicts had codes: params.vi and params.en hold its sentence. */
  'legacy',
] as const;
export type VerdictCode = (typeof VERDICT_CODES)[number];

/** The facts a verdict's sentence names. Sides (`side`, `other`) are colours; the rest are numbers or plain text. */
export type VerdictParams = Readonly<Record<string, number | string>>;

/** A check or chase run named by a verdict (Xiangqi run limits). */
export interface RunFact {
  readonly kind: 'check' | 'chase';
  readonly side: Color;
  readonly length: number;
  readonly pieces: number;
  readonly limit: number;
  /** A chase's target: its role's FEN letter, its owner and its square. */
  readonly target: { readonly role: string; readonly owner: Color; readonly square: string } | null;
}

/** How a game ended, why, and the facts that say so. */
export interface Verdict {
  readonly result: ResultText;
  /** null for a draw. */
  readonly winner: Color | null;
  readonly reason: EndReason;
  readonly code: VerdictCode;
  readonly params: VerdictParams;
  /** The runs a run-limit verdict names (perpetual, mutual); absent otherwise. */
  readonly runs?: readonly RunFact[];
}

export const resultOf = (winner: Color | null): ResultText => (winner === null ? '1/2-1/2' : winner === 0 ? '1-0' : '0-1');

export function verdict(winner: Color | null, reason: EndReason, code: VerdictCode, params: VerdictParams = {}, runs?: readonly RunFact[]): Verdict {
  return { result: resultOf(winner), winner, reason, code, params, ...(runs ? { runs } : {}) };
}

/** A quiet-limit sentence's facts: plies, and the moves they make. */
export const plies = (n: number): VerdictParams => ({ moves: n / 2, plies: n });
