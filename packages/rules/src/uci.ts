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
  const moves = SCRATCH;
  const n = pos.legalMoves(moves);
  for (let i = 0; i < n; i++) if (writes(pos, moves[i]!, text)) return ok(moves[i]!);
  return err('move.illegal', `${text} is not a legal move in this position`);
}

/** parseUci's move list (it runs to completion before anyone else may use it). */
const SCRATCH = new Int32Array(512);
/** Square names by square, made once: matching a move allocates nothing. */
const NAMES: string[] = [];
const nameOf = (sq: number): string => (NAMES[sq] ??= squareName(sq));

/** Whether makeUci(pos, m) === text, without building the string (parseUci tries every legal move). */
export function writes(pos: Position, m: Move, text: string): boolean {
  const kind = moveKind(m);
  if (kind === KIND_DROP) return makeUci(pos, m) === text;
  const from = nameOf(moveFrom(m));
  const to = nameOf(moveTo(m));
  if (!text.startsWith(from) || !text.startsWith(to, from.length)) return false;
  const rest = text.length - from.length - to.length;
  if (kind === KIND_PROMOTE) {
    const letter = pos.variant.roles[moveRole(m)]!.letter;
    return rest === letter.length && text.endsWith(letter);
  }
  return rest === 0;
}

export function legalUcis(pos: Position): string[] {
  const moves = new Int32Array(512);
  const n = pos.legalMoves(moves);
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(makeUci(pos, moves[i]!));
  return out.sort();
}
