/**
 * The puzzle trainer's state and its pure updates (the page only renders it
 * and forwards events). An attempt follows the puzzle's line or an accepted
 * alternative; the opponent's reply and the solution after a miss come after
 * a pause, held here as a step due at a time the caller gives.
 */
import { acceptedLines, judgeMove } from '@youzai/puzzles';
import { parseSquare, pieceRole, VARIANTS, type VariantKey } from '@youzai/rules';
import type { PuzzlePlayerView as PuzzlePlayer, PuzzleResultView, PuzzleView } from '@youzai/protocol';
import { readUci } from '../board/keys.ts';
import { MoveHistory } from '../game/move-history.ts';

export type Phase = 'solving' | 'solved' | 'failed';

/** What the status line says; the view words it. */
export type Feedback =
  | { readonly kind: 'none' | 'good' | 'solved' | 'failed' | 'shown' }
  /** `role` is the role's letter, or null where the hint names a square (`from`). */
  | { readonly kind: 'hint'; readonly role: string | null; readonly from: string }
  /** `text`: the typed box's own words for what it could not read (game/typed-form.ts). */
  | { readonly kind: 'typed-invalid'; readonly text: string }
  | { readonly kind: 'load-failed'; readonly code: string; readonly message: string };

/** A step the page plays after a pause: the opponent's reply, or the solution after a miss. */
export type Pending = { readonly kind: 'reply'; readonly uci: string; readonly at: number } | { readonly kind: 'solution'; readonly at: number };

/** The pauses, in ms: a reply is seen to come, a wrong move is seen before the solution replaces it. */
export const REPLY_DELAY = 450;
export const SOLUTION_DELAY = 700;

export interface PuzzleState {
  readonly variant: VariantKey;
  readonly theme: string | null;
  readonly puzzle: PuzzleView | null;
  /** Counts attempts (a retry of the same puzzle is a new one): the page sets up a fresh board for each. */
  readonly attempt: number;
  readonly phase: Phase;
  /** The plies on the board (a wrong move included, until the solution replaces it). */
  readonly moves: readonly string[];
  /** The attempt's plies that count: they follow the puzzle's line or an alternative; replies come from that line. */
  readonly played: readonly string[];
  /** The solution is on the board, to be stepped through from the start. */
  readonly showingSolution: boolean;
  /** A hint was shown in this attempt: a solve after it is rated as a draw (server-side, docs/API.md). */
  readonly hinted: boolean;
  /** The square of the piece a hint rings. */
  readonly ringed: string | null;
  /** Puzzles whose result was sent: only the first attempt is reported. */
  readonly reported: ReadonlySet<string>;
  readonly feedback: Feedback;
  /** The last result's new rating and change, when it was rated. */
  readonly ratingChange: { readonly rating: number; readonly diff: number } | null;
  /** The solver's puzzle rating in this game, from the server (streak included). */
  readonly player: PuzzlePlayer | null;
  readonly pending: Pending | null;
}

const NONE: Feedback = { kind: 'none' };

export function initialPuzzleState(variant: VariantKey): PuzzleState {
  return {
    variant,
    theme: null,
    puzzle: null,
    attempt: 0,
    phase: 'solving',
    moves: [],
    played: [],
    showingSolution: false,
    hinted: false,
    ringed: null,
    reported: new Set(),
    feedback: NONE,
    ratingChange: null,
    player: null,
    pending: null,
  };
}

/** A puzzle to solve (new, or the same one again): a fresh attempt. A puzzle of another game clears the theme. */
export function startPuzzle(s: PuzzleState, puzzle: PuzzleView): PuzzleState {
  return {
    ...s,
    puzzle,
    theme: s.variant === puzzle.variant ? s.theme : null,
    variant: puzzle.variant,
    attempt: s.attempt + 1,
    phase: 'solving',
    moves: [],
    played: [],
    showingSolution: false,
    hinted: false,
    ringed: null,
    feedback: NONE,
    ratingChange: null,
    pending: null,
  };
}

/** A puzzle was asked for: a step still waiting on the last one is dropped. */
export function loading(s: PuzzleState): PuzzleState {
  return s.pending ? { ...s, pending: null } : s;
}

/** A puzzle arrived, with the solver's rating when the answer carried it. */
export function loaded(s: PuzzleState, puzzle: PuzzleView, player?: PuzzlePlayer): PuzzleState {
  return startPuzzle(player ? { ...s, player } : s, puzzle);
}

export function loadFailed(s: PuzzleState, code: string, message: string): PuzzleState {
  return { ...s, feedback: { kind: 'load-failed', code, message } };
}

/** The solver's ratings per game (a puzzle opened by its id): the shown puzzle's game's. */
export function ratingsLoaded(s: PuzzleState, ratings: Partial<Record<VariantKey, PuzzlePlayer>>): PuzzleState {
  return s.puzzle ? { ...s, player: ratings[s.puzzle.variant] ?? null } : s;
}

export function chooseTheme(s: PuzzleState, theme: string): PuzzleState {
  return { ...s, theme: theme || null };
}

export function typedInvalid(s: PuzzleState, text: string): PuzzleState {
  return { ...s, feedback: { kind: 'typed-invalid', text } };
}

/** Whether the solver may move now (the page also asks that the live position is shown). */
export function solving(s: PuzzleState): boolean {
  return s.puzzle !== null && s.phase === 'solving';
}

/** The solver's move at `now`: right (the reply comes after a pause), the last one (solved), or wrong (failed). */
export function solverMove(s: PuzzleState, uci: string, now: number): PuzzleState {
  const p = s.puzzle;
  if (!p || s.phase !== 'solving') return s;
  const judged = judgeMove(p, s.played, uci);
  if (judged.verdict === 'wrong') return fail({ ...s, ringed: null, moves: [...s.moves, uci] }, false, now);
  const next = { ...s, ringed: null, moves: [...s.moves, uci], played: [...s.played, uci] };
  if (judged.verdict === 'solved') return { ...next, phase: 'solved', feedback: { kind: 'solved' } };
  return { ...next, feedback: { kind: 'good' }, pending: { kind: 'reply', uci: judged.reply, at: now + REPLY_DELAY } };
}

/** Giving up: the solution is shown and the puzzle counts as missed (reported once, as a wrong move is). */
export function giveUp(s: PuzzleState, now: number): PuzzleState {
  return s.puzzle && s.phase === 'solving' ? fail(s, true, now) : s;
}

function fail(s: PuzzleState, gaveUp: boolean, now: number): PuzzleState {
  return { ...s, phase: 'failed', feedback: { kind: gaveUp ? 'shown' : 'failed' }, pending: { kind: 'solution', at: now + SOLUTION_DELAY } };
}

/**
 * How a move list showing `shown` follows the state's moves within an attempt: the plies to add at its end,
 * or null when it starts over from the puzzle's position (the solution, or a wrong move it replaces).
 */
export function movesToAdd(shown: readonly string[], s: PuzzleState): readonly string[] | null {
  const grown = s.moves.length > shown.length && shown.every((m, i) => s.moves[i] === m);
  return grown && !s.showingSolution ? s.moves.slice(shown.length) : null;
}

/** Plays the pending step once it is due at `now`. */
export function tick(s: PuzzleState, now: number): PuzzleState {
  const step = s.pending;
  if (!step || now < step.at || !s.puzzle) return s;
  if (step.kind === 'reply') return { ...s, pending: null, moves: [...s.moves, step.uci], played: [...s.played, step.uci], feedback: NONE };
  return { ...s, pending: null, moves: s.puzzle.solution, showingSolution: true };
}

/** A hint while solving: the piece that moves next in the line this attempt follows is ringed and named. */
export function hint(s: PuzzleState): PuzzleState {
  const p = s.puzzle;
  if (!p || s.phase !== 'solving') return s;
  const line = acceptedLines(p).find((l) => s.played.every((m, i) => l[i] === m));
  const next = readUci(line?.[s.played.length] ?? '');
  if (!next) return s;
  if (next.kind !== 'move') return { ...s, hinted: true, feedback: { kind: 'hint', role: next.role, from: '' } };
  const v = VARIANTS[p.variant];
  const pos = MoveHistory.from(p.variant, p.fen, s.moves)?.current;
  const sq = parseSquare(v.geometry, next.from);
  const role = pos && sq >= 0 ? (v.roles[pieceRole(pos.board[sq] ?? 0)]?.letter ?? null) : null;
  return { ...s, hinted: true, ringed: next.from, feedback: { kind: 'hint', role, from: next.from } };
}

/** The result to send for the shown puzzle: once the attempt is over, and only for its first attempt here. */
export function resultToSend(s: PuzzleState): { readonly id: string; readonly win: boolean; readonly hinted: boolean } | null {
  const p = s.puzzle;
  if (!p || s.phase === 'solving' || s.reported.has(p.id)) return null;
  const win = s.phase === 'solved';
  return { id: p.id, win, hinted: win && s.hinted };
}

export function resultSent(s: PuzzleState, id: string): PuzzleState {
  return { ...s, reported: new Set([...s.reported, id]) };
}

/** The server's answer to a result: the solver's rating, and its change when the attempt was rated. */
export function resultAnswered(s: PuzzleState, r: Pick<PuzzleResultView, 'rated' | 'rating' | 'diff' | 'player'>): PuzzleState {
  return { ...s, player: r.player, ratingChange: r.rated ? { rating: Math.round(r.rating), diff: Math.round(r.diff) } : null };
}
