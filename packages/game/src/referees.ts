import { VARIANTS, XIANGQI_HOUSE_RULES, parseFen, type FenErrorCode, type Position, type Result, type RuleError, type VariantKey } from '@youzai/rules';
import { BasicReferee } from './basic-referee.ts';
import type { Referee } from './referee.ts';
import { XiangqiReferee } from './xiangqi/referee.ts';

/**
 * The games judged by a referee of their own: one line per such game. Every
 * other game is judged by BasicReferee, from its descriptor's end rules
 * (`end`: stalemate, dead material, quiet limit, repetitions).
 */
export const REFEREES: Partial<Record<VariantKey, (pos: Position) => Referee>> = {
  xiangqi: (pos: Position) => XiangqiReferee.start(pos, XIANGQI_HOUSE_RULES),
};

/** A referee for a new game from `fen` (the start position when omitted). */
export function startReferee(key: VariantKey, fen?: string): Result<Referee, RuleError<FenErrorCode>> {
  const v = VARIANTS[key];
  const parsed = parseFen(v, fen ?? v.startFen);
  if (!parsed.ok) return parsed;
  const start = REFEREES[key] ?? ((pos: Position) => BasicReferee.start(pos));
  return { ok: true, value: start(parsed.value) };
}
