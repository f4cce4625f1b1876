import type { Color } from './types.ts';

export const REASONS = [
  'checkmate',
  'stalemate',
  'perpetual-check',
  'perpetual-chase',
  'mutual-violation',
  'repetition',
  'bare-material',
  'progress-rule',
  'natural-limit',
  'length-limit',
  'no-capture-limit',
] as const;
export type Reason = (typeof REASONS)[number];

export type ResultText = '1-0' | '0-1' | '1/2-1/2';

export interface Outcome {
  /** null for a draw. */
  readonly winner: Color | null;
  readonly reason: Reason;
}

export const resultText = (o: Outcome | null): ResultText | null => (o === null ? null : o.winner === null ? '1/2-1/2' : o.winner === 0 ? '1-0' : '0-1');
