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

/**
 * Each game's referee at its start position, made once: a new game from it
 * gets a clone, which costs a fraction of parsing and judging the position
 * again (an arena's start creates hundreds of games at once). Never played on.
 */
const AT_START = new Map<VariantKey, Referee>();

/** A referee for a new game from `fen` (the start position when omitted). */
export function startReferee(key: VariantKey, fen?: string): Result<Referee, RuleError<FenErrorCode>> {
  const v = VARIANTS[key];
  const fromStart = fen === undefined || fen === v.startFen;
  const known = fromStart ? AT_START.get(key) : undefined;
  if (known) return { ok: true, value: known.clone() };
  const parsed = parseFen(v, fen ?? v.startFen);
  if (!parsed.ok) return parsed;
  const start = REFEREES[key] ?? ((pos: Position) => BasicReferee.start(pos));
  const referee = start(parsed.value);
  if (!fromStart) return { ok: true, value: referee };
  AT_START.set(key, referee);
  return { ok: true, value: referee.clone() };
}
