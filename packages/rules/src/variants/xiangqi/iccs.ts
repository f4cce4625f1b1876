/**
 * ICCS coordinates (Internet Chinese Chess Server), as xqbase.com and its
 * PGN files write Xiangqi moves: origin and destination, files a–i from
 * Red's left, ranks 0–9 from Red's side, joined by a dash: `H2-E2`
 * (our Fairy-Stockfish `h3e3`: its ranks count from 1). Printed upper case
 * with the dash; read in either case, with or without the dash.
 *
 * Not among the game's `notations` (players do not choose it): the importer
 * reads records written in it (the PGN tag `Format "ICCS"`).
 */
import { fileOf, rankOf, square } from '../../board.ts';
import { KIND_NORMAL, moveFrom, moveKind, moveTo, type Move } from '../../move.ts';
import { fallbackText, legalMoveList, normalizeDashes, pickOne, readable, syntaxError, type Notation, type NotationError } from '../../notation.ts';
import type { Position } from '../../position.ts';
import type { Result } from '../../result.ts';

const EXAMPLE = 'H2-E2, h9-g7';
const ICCS_RE = /^([a-i])([0-9])-?([a-i])([0-9])$/;

const point = (sq: number): string => `${'ABCDEFGHI'[fileOf(sq)]}${rankOf(sq)}`;

function make(pos: Position, m: Move): string {
  if (moveKind(m) !== KIND_NORMAL || !legalMoveList(pos).includes(m)) return fallbackText(pos, m);
  return `${point(moveFrom(m))}-${point(moveTo(m))}`;
}

function parse(pos: Position, input: string): Result<Move, NotationError> {
  if (!readable(input)) return syntaxError(input, EXAMPLE);
  const r = ICCS_RE.exec(normalizeDashes(input.trim()).toLowerCase());
  if (!r) return syntaxError(input, EXAMPLE);
  const from = square(r[1]!.charCodeAt(0) - 97, Number(r[2]));
  const to = square(r[3]!.charCodeAt(0) - 97, Number(r[4]));
  return pickOne(
    legalMoveList(pos).filter((m) => moveKind(m) === KIND_NORMAL && moveFrom(m) === from && moveTo(m) === to),
    input.trim(),
  );
}

export const xiangqiIccs: Notation = {
  id: 'xiangqi-iccs',
  name: { en: 'ICCS coordinates', vi: 'Tọa độ ICCS' },
  example: EXAMPLE,
  make,
  parse,
};
