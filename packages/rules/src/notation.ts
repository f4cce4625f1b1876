/**
 * Human move notation: the `Notation` contract every variant's notations
 * fulfil, helpers to print and read whole lines, and a configurable
 * chess-style algebraic notation (SAN-like) that Janggi and Sittuyin use.
 *
 * Every notation is a pair: `make` prints a legal move, `parse` reads one
 * back. Neither throws; `parse` answers a stable error code. Printing is
 * canonical (one text per legal move, never shared with another legal move
 * of the position), while reading is lenient (case, alternative letters,
 * redundant disambiguation), so that `parse(make(m)) === m` always holds.
 *
 * This file imports no variant: each variant's notation module imports it.
 */
import { FILE_NAMES, EMPTY, fileOf, parseSquare, rankOf, squareName, ROLE_MASK } from './board.ts';
import { KIND_DROP, KIND_NORMAL, KIND_PASS, KIND_PROMOTE, moveFrom, moveKind, moveRole, moveTo, type Move } from './move.ts';
import type { Position } from './position.ts';
import { err, ok, type Result, type RuleError } from './result.ts';
import { makeUci, parseUci } from './uci.ts';

export type NotationErrorCode = 'notation.syntax' | 'notation.illegal' | 'notation.ambiguous';
export type NotationError = RuleError<NotationErrorCode>;

/**
 * How a board's edges are labelled so that they read as a notation writes
 * points: 'algebraic', files a, b, ... from the first side's left and ranks
 * 1, 2, ... from its side; 'own-right', files 1..n from each side's own
 * right along its own edge, no ranks (WXF and Vietnamese Xiangqi notation);
 * 'rank-first', files 1..n from the first side's left and ranks 1..9 then 0
 * from the far edge (the second side's back rank) down to the first side's,
 * a point read rank then file (Janggi's Korean notation).
 */
export type CoordinateStyle = 'algebraic' | 'own-right' | 'rank-first';

export interface Notation {
  /** Stable identifier, e.g. 'xiangqi-wxf'. */
  readonly id: string;
  readonly name: { readonly en: string; readonly vi: string };
  /** The edge labels that match this notation's points (absent: the game's `board.coordinates`). */
  readonly coordinates?: CoordinateStyle;
  /** A few moves as this notation writes them, comma-separated (syntax errors and the typed-move box quote them). */
  readonly example?: string;
  /** Prints a legal move of `pos` (the position before the move); an illegal move prints in coordinates. */
  make(pos: Position, m: Move): string;
  /** Finds the legal move of `pos` written `text`. */
  parse(pos: Position, text: string): Result<Move, NotationError>;
}

const MAX_MOVES = 512;
/** Longer inputs are rejected before any work: no notation needs more. */
export const MAX_NOTATION_LENGTH = 32;

/** The legal moves of `pos` as a plain array. */
export function legalMoveList(pos: Position): Move[] {
  const buf = new Int32Array(MAX_MOVES);
  const n = pos.legalMoves(buf);
  return Array.from(buf.subarray(0, n));
}

/** What `make` prints for a move that is not legal here: coordinates, or '?' for garbage. */
export function fallbackText(pos: Position, m: Move): string {
  const on = pos.variant.geometry.onBoard;
  if (!on[moveTo(m)] || (moveKind(m) !== KIND_DROP && !on[moveFrom(m)])) return '?';
  try {
    return makeUci(pos, m);
  } catch {
    return '?';
  }
}

/** '+' when the move checks, '#' when it mates, '' otherwise. Plays and takes back the move on `pos`. */
export function checkSuffix(pos: Position, m: Move): string {
  pos.make(m);
  const suffix = pos.inCheck() ? (pos.hasLegalMove() ? '+' : '#') : '';
  pos.unmake();
  return suffix;
}

/** One match: the move; none: illegal; several: ambiguous. */
export function pickOne(matches: readonly Move[], text: string): Result<Move, NotationError> {
  if (matches.length === 1) return ok(matches[0]!);
  if (matches.length === 0) return err('notation.illegal', `${text} is not a legal move in this position`);
  return err('notation.ambiguous', `${text} could mean ${matches.length} different moves; say which piece moves`);
}

/** Whether `text` is a string short enough to be worth reading; the caller answers 'notation.syntax' otherwise. */
export function readable(text: unknown): text is string {
  return typeof text === 'string' && text.trim().length > 0 && text.length <= MAX_NOTATION_LENGTH;
}

export const syntaxError = (text: unknown, example: string): { readonly ok: false; readonly error: NotationError } =>
  err('notation.syntax', `'${String(text).slice(0, MAX_NOTATION_LENGTH)}' is not a move in this notation (e.g. ${example})`);

/**
 * Prints `moves` played in turn from `pos` (which is left untouched). Stops
 * before the first move that is not legal where it is played, so the result
 * may be shorter than `moves`: callers pass moves they have validated.
 */
export function makeLine(pos: Position, moves: readonly Move[], notation: Notation): string[] {
  const p = pos.clone();
  const out: string[] = [];
  for (const m of moves) {
    if (!legalMoveList(p).includes(m)) break;
    out.push(notation.make(p, m));
    p.make(m);
  }
  return out;
}

/** A line error says which text (0-based) failed. */
export type LineError = NotationError & { readonly index: number };

/** Reads `texts` played in turn from `pos` (left untouched). */
export function parseLine(pos: Position, texts: readonly string[], notation: Notation): Result<Move[], LineError> {
  const p = pos.clone();
  const out: Move[] = [];
  for (let i = 0; i < texts.length; i++) {
    const r = notation.parse(p, texts[i]!);
    if (!r.ok) return { ok: false, error: { ...r.error, message: `Move ${i + 1}: ${r.error.message}`, index: i } };
    out.push(r.value);
    p.make(r.value);
  }
  return ok(out);
}

/** Unicode dashes and minus signs people paste, read as '-'. */
export const normalizeDashes = (s: string): string => s.replace(/[\u2010-\u2015\u2212]/g, '-');

// ---------------------------------------------------------------------------
// Algebraic notation, configured per variant.

export interface AlgebraicSpec {
  readonly id: string;
  readonly name: { readonly en: string; readonly vi: string };
  /** Printed letter of each role (index = role id); '' for the letterless pawn. */
  readonly letters: readonly string[];
  /** Further upper-case letters accepted on input, mapped to roles. */
  readonly synonyms?: Readonly<Record<string, number>>;
  /** A role printed without a letter, its captures with the origin file, as chess pawns (0: none). */
  readonly pawnRole?: number;
  /** Words for a pass, the first printed; matched case-insensitively. */
  readonly passWords?: readonly string[];
  /** An example for syntax errors. */
  readonly example: string;
}

const SQ = '[a-p](?:1[0-6]|[1-9])';
const DROP_RE = new RegExp(`^([A-Z])@(${SQ})$`);
const PROMO_RE = new RegExp(`^([A-Z]?)(${SQ})(?:[-x]?(${SQ}))?=([A-Z])$`);
const MOVE_RE = new RegExp(`^([A-Z]?)([a-p]?)(1[0-6]|[1-9])?([-x]?)(${SQ})$`);

/** A chess-style notation: piece letter, the least origin that tells the piece apart, `x`, destination, `+`/`#`. */
export function algebraicNotation(spec: AlgebraicSpec): Notation {
  const pawnRole = spec.pawnRole ?? 0;
  const passWords = spec.passWords ?? [];
  const letterRole = new Map<string, number>();
  spec.letters.forEach((l, r) => {
    if (l !== '') letterRole.set(l, r);
  });
  for (const [l, r] of Object.entries(spec.synonyms ?? {})) if (!letterRole.has(l)) letterRole.set(l, r);
  if (pawnRole) letterRole.set(spec.letters[pawnRole] || 'P', pawnRole);

  function make(pos: Position, m: Move): string {
    const legal = legalMoveList(pos);
    if (!legal.includes(m)) return fallbackText(pos, m);
    const kind = moveKind(m);
    if (kind === KIND_PASS) return passWords[0] ?? 'pass';
    const to = moveTo(m);
    let text: string;
    if (kind === KIND_DROP) {
      text = `${spec.letters[moveRole(m)]}@${squareName(to)}`;
    } else if (kind === KIND_PROMOTE) {
      const from = moveFrom(m);
      // In place: `c5=G`; with a step: `c5d6=G` (the origin always, as a promotion is rare and must be exact).
      text = `${from === to ? '' : squareName(from)}${squareName(to)}=${spec.letters[moveRole(m)]}`;
    } else {
      const from = moveFrom(m);
      const role = pos.board[from]! & ROLE_MASK;
      const capture = pos.board[to] !== EMPTY;
      let origin = disambiguation(pos, m, legal);
      if (role === pawnRole && capture && origin === '') origin = FILE_NAMES[fileOf(from)]!;
      text = `${spec.letters[role]}${origin}${capture ? 'x' : ''}${squareName(to)}`;
    }
    return text + checkSuffix(pos, m);
  }

  function parse(pos: Position, input: string): Result<Move, NotationError> {
    if (!readable(input)) return syntaxError(input, spec.example);
    // Check marks and annotations carry nothing a position does not already say.
    const text = normalizeDashes(input.trim())
      .replace(/[!?]+$/, '')
      .replace(/[+#]$/, '');
    if (passWords.some((w) => w.toLowerCase() === text.toLowerCase())) {
      return pickOne(
        legalMoveList(pos).filter((m) => moveKind(m) === KIND_PASS),
        text,
      );
    }
    if (/^[a-p](?:1[0-6]|[1-9])[a-p](?:1[0-6]|[1-9])[a-z]$|^[A-Z]@/.test(text)) {
      // Fairy-Stockfish coordinates for promotions and drops (c5d6f, F@d2); plain h3e3 reads below as a move with its full origin.
      const uci = parseUci(pos, text);
      if (uci.ok) return uci;
    }
    const legal = legalMoveList(pos);
    const geo = pos.variant.geometry;
    const roleOf = (l: string): number => (l === '' ? -1 : (letterRole.get(l) ?? 0));
    let m = DROP_RE.exec(text);
    if (m) {
      const role = roleOf(m[1]!);
      const to = parseSquare(geo, m[2]!);
      if (role <= 0 || to < 0) return syntaxError(input, spec.example);
      return pickOne(
        legal.filter((x) => moveKind(x) === KIND_DROP && moveRole(x) === role && moveTo(x) === to),
        text,
      );
    }
    m = PROMO_RE.exec(text);
    if (m) {
      const by = roleOf(m[1]!);
      const from = parseSquare(geo, m[2]!);
      const to = m[3] === undefined ? from : parseSquare(geo, m[3]);
      const role = roleOf(m[4]!);
      if (by === 0 || role <= 0 || from < 0 || to < 0) return syntaxError(input, spec.example);
      return pickOne(
        legal.filter(
          (x) =>
            moveKind(x) === KIND_PROMOTE &&
            moveFrom(x) === from &&
            moveTo(x) === to &&
            moveRole(x) === role &&
            (by < 0 || (pos.board[from]! & ROLE_MASK) === by),
        ),
        text,
      );
    }
    m = MOVE_RE.exec(text);
    if (!m) return syntaxError(input, spec.example);
    const file = m[2] ? FILE_NAMES.indexOf(m[2]) : -1;
    const rank = m[3] ? Number(m[3]) - 1 : -1;
    const to = parseSquare(geo, m[5]!);
    const role = roleOf(m[1]!);
    if (role === 0 || to < 0 || file >= geo.files || rank >= geo.ranks) return syntaxError(input, spec.example);
    // Without a letter: a full origin square is coordinates (any piece); otherwise the letterless pawn.
    const anyRole = role < 0 && file >= 0 && rank >= 0;
    if (role < 0 && !anyRole && !pawnRole) return syntaxError(input, spec.example);
    const want = role > 0 ? role : pawnRole;
    const capture = m[4] === 'x';
    return pickOne(
      legal.filter((x) => {
        if (moveKind(x) !== KIND_NORMAL || moveTo(x) !== to) return false;
        const from = moveFrom(x);
        if (!anyRole && (pos.board[from]! & ROLE_MASK) !== want) return false;
        if (file >= 0 && fileOf(from) !== file) return false;
        if (rank >= 0 && rankOf(from) !== rank) return false;
        return !capture || pos.board[to] !== EMPTY;
      }),
      text,
    );
  }

  return { id: spec.id, name: spec.name, example: spec.example, make, parse };
}

/**
 * The least origin that tells a normal move apart from other legal moves of
 * the same role to the same square, as chess SAN: file, else rank, else square.
 */
export function disambiguation(pos: Position, m: Move, legal: readonly Move[]): string {
  const from = moveFrom(m);
  const to = moveTo(m);
  const role = pos.board[from]! & ROLE_MASK;
  let others = 0,
    sameFile = false,
    sameRank = false;
  for (const x of legal) {
    if (x === m || moveKind(x) !== KIND_NORMAL || moveTo(x) !== to) continue;
    const o = moveFrom(x);
    if ((pos.board[o]! & ROLE_MASK) !== role) continue;
    others++;
    if (fileOf(o) === fileOf(from)) sameFile = true;
    if (rankOf(o) === rankOf(from)) sameRank = true;
  }
  if (others === 0) return '';
  if (!sameFile) return FILE_NAMES[fileOf(from)]!;
  if (!sameRank) return String(rankOf(from) + 1);
  return squareName(from);
}
