/**
 * The board editor's state and its updates, pure (STYLE.md lesson 21): the
 * pieces by square, the pieces in hand (Sittuyin's placement), the side to
 * move, which side is at the bottom and the tool in hand (move pieces, remove
 * them, or place one kind). The page only draws it and forwards clicks and
 * drags; whether the position can be played is the rules library's answer
 * (validatePosition), and a decided position is the referee's.
 */
import { startReferee } from '@youzai/game';
import type { ClockSpec, CreateGame, SeekColor } from '@youzai/protocol';
import {
  makeFen,
  makePiece,
  parseSetup,
  pieceColor,
  pieceRole,
  parseSquare,
  pocketRoles,
  Position,
  squareName,
  validatePosition,
  VARIANTS,
  type Color,
  type PositionError,
  type RuleError,
  type SetupErrorCode,
  type VariantKey,
} from '@youzai/rules';

/** What a click on the board does: nothing of its own (drag to move), remove a piece, or place a piece (FEN letter: upper case the first side). */
export type Tool = { readonly kind: 'move' } | { readonly kind: 'delete' } | { readonly kind: 'piece'; readonly piece: string };

export interface EditorState {
  readonly variant: VariantKey;
  /** Square (`e4`) → piece (FEN letter, upper case the first side). */
  readonly board: Readonly<Record<string, string>>;
  /** Piece (FEN letter) → how many are in hand; only games with a hand have any. */
  readonly hand: Readonly<Record<string, number>>;
  readonly turn: Color;
  /** The side drawn at the bottom. */
  readonly bottom: Color;
  readonly tool: Tool;
}

/** What the editor says of its position: playable, analysable only (already decided), or why it is no position. */
export type Verdict =
  | { readonly kind: 'playable'; readonly fen: string }
  | { readonly kind: 'decided'; readonly fen: string }
  | { readonly kind: 'invalid'; readonly problem: PositionError };

const MOVE: Tool = { kind: 'move' };

/** The pieces a game has, as FEN letters of one side (upper case the first), in the game's role order. */
export function piecesOf(variant: VariantKey, side: Color): string[] {
  return VARIANTS[variant].roles.flatMap((r) => (r ? [side === 0 ? r.letter.toUpperCase() : r.letter] : []));
}

/** The pieces a side can hold in hand (none without a hand), in the order FEN writes them. */
export function handPiecesOf(variant: VariantKey, side: Color): string[] {
  const v = VARIANTS[variant];
  return pocketRoles(v).map((r) => (side === 0 ? v.roles[r]!.letter.toUpperCase() : v.roles[r]!.letter));
}

/** The side a piece (FEN letter) belongs to: upper case the first. */
export const sideOf = (piece: string): Color => (piece === piece.toUpperCase() ? 0 : 1);

const isPiece = (variant: VariantKey, piece: string): boolean => piecesOf(variant, sideOf(piece)).includes(piece);
const isSquare = (variant: VariantKey, square: string): boolean => parseSquare(VARIANTS[variant].geometry, square) >= 0;

/** The editor on a FEN (a position being set up may be no position yet: only the text must read). */
export function fromFen(
  variant: VariantKey,
  fen: string,
  keep?: Pick<EditorState, 'bottom' | 'tool'>,
): { ok: true; value: EditorState } | { ok: false; error: RuleError<SetupErrorCode> } {
  const r = parseSetup(VARIANTS[variant], fen);
  if (!r.ok) return r;
  const pos = r.value;
  const v = VARIANTS[variant];
  const board: Record<string, string> = {};
  for (const sq of v.geometry.squares) {
    const p = pos.board[sq]!;
    if (p !== 0) board[squareName(sq)] = letterOf(variant, p);
  }
  const hand: Record<string, number> = {};
  for (const side of [0, 1] as const) {
    for (const piece of piecesOf(variant, side)) {
      const n = pos.hand[codeOf(variant, piece)]!;
      if (n > 0) hand[piece] = n;
    }
  }
  return { ok: true, value: { variant, board, hand, turn: pos.turn, bottom: keep?.bottom ?? 0, tool: keep?.tool ?? MOVE } };
}

export function startState(variant: VariantKey): EditorState {
  const r = fromFen(variant, VARIANTS[variant].startFen);
  if (!r.ok) throw new Error(`start position of ${variant} unreadable: ${r.error.message}`); // a bug, not input
  return r.value;
}

function letterOf(variant: VariantKey, code: number): string {
  const letter = VARIANTS[variant].roles[pieceRole(code)]!.letter;
  return pieceColor(code) ? letter : letter.toUpperCase();
}

function codeOf(variant: VariantKey, piece: string): number {
  const role = VARIANTS[variant].roles.findIndex((r) => r?.letter === piece.toLowerCase());
  return makePiece(sideOf(piece), role);
}

// ---- updates: each returns the next state (the same one when nothing changes) ----

export function place(s: EditorState, square: string, piece: string): EditorState {
  if (!isSquare(s.variant, square) || !isPiece(s.variant, piece) || s.board[square] === piece) return s;
  return { ...s, board: { ...s.board, [square]: piece } };
}

export function remove(s: EditorState, square: string): EditorState {
  if (!(square in s.board)) return s;
  const board = { ...s.board };
  delete board[square];
  return { ...s, board };
}

/** A piece dragged from one square to another (what stood there is taken off). */
export function movePiece(s: EditorState, from: string, to: string): EditorState {
  const piece = s.board[from];
  if (piece === undefined || from === to || !isSquare(s.variant, to)) return s;
  return place(remove(s, from), to, piece);
}

/** The board as the drawing now has it (after a drag the drawing made itself), squares it does not know left out. */
export function setBoard(s: EditorState, board: Readonly<Record<string, string>>): EditorState {
  const next: Record<string, string> = {};
  for (const [square, piece] of Object.entries(board)) if (isSquare(s.variant, square) && isPiece(s.variant, piece)) next[square] = piece;
  const same = Object.keys(next).length === Object.keys(s.board).length && Object.entries(next).every(([sq, p]) => s.board[sq] === p);
  return same ? s : { ...s, board: next };
}

/** A click on a square with the tool in hand: place that piece (a second click on it takes it off), or remove. */
export function clickSquare(s: EditorState, square: string): EditorState {
  const tool = s.tool;
  if (tool.kind === 'delete') return remove(s, square);
  if (tool.kind === 'piece') return s.board[square] === tool.piece ? remove(s, square) : place(s, square, tool.piece);
  return s;
}

/**
 * A placement typed (the keyboard's way to edit): `Ke1` places Red's general
 * on e1 (the FEN letter, upper case the first side), `e1` the piece in hand,
 * `-e1` removes. Null when the text is no such edit.
 */
export function typedEdit(s: EditorState, text: string): EditorState | null {
  const t = text.trim();
  const removal = /^[-x]\s*([a-p](?:10|[1-9]))$/.exec(t);
  if (removal) return isSquare(s.variant, removal[1]!) ? remove(s, removal[1]!) : null;
  const m = /^([A-Za-z])?\s*@?\s*([a-p](?:10|[1-9]))$/.exec(t);
  if (!m || !isSquare(s.variant, m[2]!)) return null;
  const piece = m[1] ?? (s.tool.kind === 'piece' ? s.tool.piece : undefined);
  if (piece === undefined || !isPiece(s.variant, piece)) return null;
  return place(s, m[2]!, piece);
}

/** Whether two tools are the same (a tray's button is pressed while its tool is in hand). */
export const sameTool = (a: Tool, b: Tool): boolean => a.kind === b.kind && (a.kind !== 'piece' || (b.kind === 'piece' && a.piece === b.piece));

export function setTool(s: EditorState, tool: Tool): EditorState {
  if (tool.kind === 'piece' && !isPiece(s.variant, tool.piece)) return s;
  return { ...s, tool };
}

export function addToHand(s: EditorState, piece: string): EditorState {
  if (!handPiecesOf(s.variant, sideOf(piece)).includes(piece)) return s;
  return { ...s, hand: { ...s.hand, [piece]: (s.hand[piece] ?? 0) + 1 } };
}

export function takeFromHand(s: EditorState, piece: string): EditorState {
  const n = s.hand[piece] ?? 0;
  if (n === 0) return s;
  const hand = { ...s.hand, [piece]: n - 1 };
  if (n === 1) delete hand[piece];
  return { ...s, hand };
}

export const setTurn = (s: EditorState, turn: Color): EditorState => (s.turn === turn ? s : { ...s, turn });
export const flip = (s: EditorState): EditorState => ({ ...s, bottom: (s.bottom ^ 1) as Color });
/** No piece on the board or in hand (the side to move, the orientation and the tool stay). */
export const clear = (s: EditorState): EditorState => ({ ...s, board: {}, hand: {} });
/** The game's start position, seen from the same side. */
export const toStart = (s: EditorState): EditorState => ({ ...startState(s.variant), bottom: s.bottom, tool: s.tool });

// ---- reading it ----

/** The setup as a position of the rules library, unchecked. */
export function toPosition(s: EditorState): Position {
  const pos = new Position(VARIANTS[s.variant]);
  for (const [square, piece] of Object.entries(s.board)) pos.put(parseSquare(pos.variant.geometry, square), codeOf(s.variant, piece));
  for (const [piece, n] of Object.entries(s.hand)) pos.setHand(codeOf(s.variant, piece), n);
  pos.setTurn(s.turn);
  return pos;
}

export const toFen = (s: EditorState): string => makeFen(toPosition(s));

/** Whether a game can start from the position (nothing is started from an invalid one), or only analysis (already decided). */
export function verdictOf(s: EditorState): Verdict {
  const pos = toPosition(s);
  const problem = validatePosition(pos);
  if (problem) return { kind: 'invalid', problem };
  const fen = makeFen(pos);
  const referee = startReferee(s.variant, fen);
  return { kind: referee.ok && !referee.value.verdict ? 'playable' : 'decided', fen };
}

/** Only a playable position starts a game; any valid one opens on the analysis and solo boards. */
export const canPlay = (v: Verdict): boolean => v.kind === 'playable';
export const canAnalyse = (v: Verdict): boolean => v.kind !== 'invalid';

/** The editor's address: the game in the path, the position (and a flipped board) in the query; a link brings them back. */
export function editorPath(s: EditorState): string {
  const q = new URLSearchParams({ fen: toFen(s) });
  if (s.bottom === 1) q.set('bottom', 'second');
  return `/editor/${s.variant}?${q.toString()}`;
}

/** The editor a link opens: its position (the start when it has none), and why a FEN it holds could not be read. */
export function fromUrl(variant: VariantKey, search: string): { state: EditorState; error: RuleError<SetupErrorCode> | null } {
  const q = new URLSearchParams(search);
  const keep = { bottom: (q.get('bottom') === 'second' ? 1 : 0) as Color, tool: MOVE };
  const fen = q.get('fen');
  if (fen === null) return { state: { ...startState(variant), ...keep }, error: null };
  const r = fromFen(variant, fen, keep);
  return r.ok ? { state: r.value, error: null } : { state: { ...startState(variant), ...keep }, error: r.error };
}

/** How a game from the editor's position is to be played: against the computer at a level, or a friend by link. */
export interface StartChoice {
  readonly opponent: 'computer' | 'friend';
  readonly level: number;
  readonly color: SeekColor;
  readonly clock: ClockSpec;
}

/** The side chosen in the form: first, second, or random for anything else. */
export const readColor = (value: string): SeekColor => (value === 'first' || value === 'second' ? value : 'random');

/** POST /api/games from a playable position: casual always (a set position is never rated; the server refuses it rated). */
export function startBody(variant: VariantKey, fen: string, c: StartChoice): CreateGame {
  const level = Math.min(8, Math.max(1, Math.round(c.level) || 1));
  return {
    variant,
    fen,
    color: c.color,
    clock: c.clock,
    rated: false,
    opponent: c.opponent === 'computer' ? { type: 'computer', level } : { type: 'invite' },
  };
}
