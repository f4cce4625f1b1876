import type { Color, ResultText } from '@youzai/rules';
import type { EndReason } from './end.ts';

/** Text in the club's two languages. */
export interface Bilingual {
  readonly vi: string;
  readonly en: string;
}

/** How a game ended, why, and a sentence naming the facts. */
export interface Verdict {
  readonly result: ResultText;
  /** null for a draw. */
  readonly winner: Color | null;
  readonly reason: EndReason;
  readonly explanation: Bilingual;
}

export const resultOf = (winner: Color | null): ResultText => (winner === null ? '1/2-1/2' : winner === 0 ? '1-0' : '0-1');

export function verdict(winner: Color | null, reason: EndReason, explanation: Bilingual): Verdict {
  return { result: resultOf(winner), winner, reason, explanation };
}
