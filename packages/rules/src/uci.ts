import { squareName } from './board.ts';
import { KIND_DROP, KIND_PASS, KIND_PROMOTE, moveFrom, moveKind, moveRole, moveTo, type Move } from './move.ts';
import type { Position } from './position.ts';
import { err, ok, type Result, type RuleError } from './result.ts';

/** Fairy-Stockfish notation: `h3e3`, `b10c8`, `K@d2`, `c5d6f`, pass `e2e2`. */
export function makeUci(pos: Position, m: Move): string {
  const kind = moveKind(m);
  if (kind === KIND_DROP) return `${pos.variant.roles[moveRole(m)]!.letter.toUpperCase()}@${squareName(moveTo(m))}`;
  const base = squareName(moveFrom(m)) + squareName(moveTo(m));
  if (kind === KIND_PROMOTE) return base + pos.variant.roles[moveRole(m)]!.letter;
  void KIND_PASS;
  return base;
}

const UCI_SHAPE = /^(?:[A-Z]@[a-p](?:10|[1-9])|[a-p](?:10|[1-9])[a-p](?:10|[1-9])[a-z]?)$/;

export type MoveErrorCode = 'move.syntax' | 'move.illegal';

/** Finds the legal move written `text`; never throws. */
export function parseUci(pos: Position, text: string): Result<Move, RuleError<MoveErrorCode>> {
  if (typeof text !== 'string' || !UCI_SHAPE.test(text)) {
    return err('move.syntax', `'${String(text).slice(0, 20)}' is not a move in coordinate notation (e.g. h3e3, K@d2, c5d6f)`);
  }
  const moves = new Int32Array(512);
  const n = pos.legalMoves(moves);
  for (let i = 0; i < n; i++) if (makeUci(pos, moves[i]!) === text) return ok(moves[i]!);
  return err('move.illegal', `${text} is not a legal move in this position`);
}

export function legalUcis(pos: Position): string[] {
  const moves = new Int32Array(512);
  const n = pos.legalMoves(moves);
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(makeUci(pos, moves[i]!));
  return out.sort();
}
