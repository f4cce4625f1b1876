import { VARIANTS, XIANGQI_HOUSE_RULES, parseFen, type FenErrorCode, type Position, type Result, type RuleError, type VariantKey } from '@youzai/rules';
import { BasicReferee } from './basic-referee.ts';
import type { Referee } from './referee.ts';
import { XiangqiReferee } from './xiangqi/referee.ts';

/** Which referee judges each game: one line per variant. */
export const REFEREES = {
  xiangqi: (pos: Position) => XiangqiReferee.start(pos, XIANGQI_HOUSE_RULES),
  janggi: (pos: Position) => BasicReferee.start(pos),
  sittuyin: (pos: Position) => BasicReferee.start(pos),
} as const satisfies Record<VariantKey, (pos: Position) => Referee>;

/** A referee for a new game from `fen` (the start position when omitted). */
export function startReferee(key: VariantKey, fen?: string): Result<Referee, RuleError<FenErrorCode>> {
  const v = VARIANTS[key];
  const parsed = parseFen(v, fen ?? v.startFen);
  if (!parsed.ok) return parsed;
  return { ok: true, value: REFEREES[key](parsed.value) };
}
