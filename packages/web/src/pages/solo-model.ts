/**
 * The solo board's state and its pure updates (the page only renders it and
 * forwards events): both sides' moves from a start position, the referee
 * after them, and the engine hint. The referee in a state is never played
 * on: a move plays on a clone.
 */
import { startReferee, type Referee } from '@youzai/game';
import { parseUci, VARIANTS, type Position, type VariantKey } from '@youzai/rules';
import type { AnalysisLink } from '../game/analysis-link.ts';
import { MoveHistory } from '../game/move-history.ts';

export type Score = { readonly cp: number } | { readonly mate: number } | null;

/** The engine hint's status line; the view words it. */
export type Hint =
  | { readonly kind: 'none' | 'busy' }
  | { readonly kind: 'failed'; readonly code: string; readonly message: string }
  /** `move` is written in the notation the move list shows. */
  | { readonly kind: 'best'; readonly move: string; readonly score: Score };

/** A message that replaces the status line until the next change. */
export type Notice =
  /** `text`: the typed box's own words for what it could not read (game/typed-form.ts). */
  { readonly kind: 'typed-invalid'; readonly text: string } | { readonly kind: 'fen-error'; readonly code: string | null; readonly message: string };

export interface SoloState {
  readonly variant: VariantKey;
  readonly startFen: string;
  readonly moves: readonly string[];
  /** The referee after `moves`. */
  readonly referee: Referee;
  readonly hint: Hint;
  readonly notice: Notice | null;
}

const NO_HINT: Hint = { kind: 'none' };

function refereeAfter(variant: VariantKey, fen: string, moves: readonly string[]): Referee | null {
  const r = startReferee(variant, fen);
  if (!r.ok) return null;
  for (const m of moves) if (!r.value.play(m).ok) return null;
  return r.value;
}

export function initialSoloState(variant: VariantKey): SoloState {
  const referee = refereeAfter(variant, VARIANTS[variant].startFen, []);
  if (!referee) throw new Error(`start position of ${variant} refused`); // a bug, not input
  return { variant, startFen: VARIANTS[variant].startFen, moves: [], referee, hint: NO_HINT, notice: null };
}

/**
 * A move played on the position after `ply` moves. Playing from an earlier
 * position drops the moves after it, as an analysis board does; a move after
 * the end of the game, or one that is not legal, changes nothing else.
 */
export function play(s: SoloState, uci: string, ply: number): SoloState {
  let from = s;
  if (ply < s.moves.length) {
    const moves = s.moves.slice(0, ply);
    from = { ...s, moves, referee: refereeAfter(s.variant, s.startFen, moves) ?? s.referee, notice: null };
  }
  if (from.referee.verdict) return from;
  const referee = from.referee.clone();
  if (!referee.play(uci).ok) return from;
  return { ...from, moves: [...from.moves, uci], referee, hint: NO_HINT, notice: null };
}

/** Takes the last move back. */
export function undo(s: SoloState): SoloState {
  if (s.moves.length === 0) return s;
  const moves = s.moves.slice(0, -1);
  return { ...s, moves, referee: refereeAfter(s.variant, s.startFen, moves) ?? s.referee, hint: NO_HINT, notice: null };
}

/** A position to play from (pasted, linked, or the start again); one the game refuses is said and changes nothing. */
export function loadFen(s: SoloState, fen: string): SoloState {
  const r = startReferee(s.variant, fen);
  if (!r.ok) return { ...s, notice: { kind: 'fen-error', code: r.error.code, message: r.error.message } };
  if (!MoveHistory.from(s.variant, fen)) return { ...s, notice: { kind: 'fen-error', code: null, message: 'FEN' } };
  return { ...s, startFen: fen, moves: [], referee: r.value, hint: NO_HINT, notice: null };
}

export function typedInvalid(s: SoloState, text: string): SoloState {
  return { ...s, notice: { kind: 'typed-invalid', text } };
}

/** The viewer moved through the moves: a notice goes. */
export function navigated(s: SoloState): SoloState {
  return s.notice ? { ...s, notice: null } : s;
}

/** How many moves two lists share from the start: the move list keeps those and plays the rest. */
export function sharedMoves(a: readonly string[], b: readonly string[]): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

/** The analysis board's link for the moves, at the `ply` shown (the start position only when it is not the game's). */
export function analysisLinkOf(s: SoloState, ply: number): AnalysisLink {
  return { variant: s.variant, fen: s.startFen !== VARIANTS[s.variant].startFen ? s.startFen : undefined, moves: s.moves.join(' '), at: s.moves.slice(0, ply) };
}

export function hintAsked(s: SoloState): SoloState {
  return { ...s, hint: { kind: 'busy' }, notice: null };
}

/** The engine's answer for `pos`: its best move written in the notation `notationId` (raw coordinates when it is not legal there). */
export function hintAnswered(
  s: SoloState,
  pos: Position,
  answer: { readonly ok: true; readonly bestmove: string; readonly score: Score } | { readonly ok: false; readonly code: string; readonly message: string },
  notationId: string,
): SoloState {
  if (!answer.ok) return { ...s, hint: { kind: 'failed', code: answer.code, message: answer.message }, notice: null };
  const v = VARIANTS[s.variant];
  const best = parseUci(pos, answer.bestmove);
  const move = best.ok ? (v.notations.find((n) => n.id === notationId) ?? v.notations[0]!).make(pos, best.value) : answer.bestmove;
  return { ...s, hint: { kind: 'best', move, score: answer.score }, notice: null };
}
