import { EMPTY, makePiece, square, COLOR_SHIFT, ROLE_MASK } from './board.ts';
import { Position } from './position.ts';
import { err, ok, type Result, type RuleError } from './result.ts';
import { validatePosition, type PositionError, type PositionErrorCode } from './setup.ts';
import type { VariantModule } from './variant.ts';

export type FenErrorCode =
  | 'fen.empty'
  | 'fen.too-long'
  | 'fen.fields'
  | 'fen.ranks'
  | 'fen.rank-width'
  | 'fen.piece'
  | 'fen.hand'
  | 'fen.turn'
  | 'fen.castling'
  | 'fen.counter'
  | 'fen.too-many'
  // Read, but no position of the game (setup.ts): the same codes a board editor shows.
  | PositionErrorCode;

const MAX_FEN_LENGTH = 256;

function roleOfLetter(v: VariantModule, ch: string): number {
  const lower = ch.toLowerCase();
  for (let r = 1; r < v.roles.length; r++) if (v.roles[r]?.letter === lower) return r;
  return 0;
}

/**
 * Reads a FEN as Fairy-Stockfish writes it. Never throws: any malformed or
 * impossible position gives a stable error code and a readable message.
 */
export function parseFen(v: VariantModule, fen: string): Result<Position, RuleError<FenErrorCode> | PositionError> {
  const read = parseSetup(v, fen);
  if (!read.ok) return read;
  const problem = validatePosition(read.value);
  return problem ? { ok: false, error: problem } : read;
}

export type SetupErrorCode = Exclude<FenErrorCode, PositionErrorCode>;

/**
 * Reads a FEN's pieces, hand, side to move and counters without asking
 * whether they make a position of the game (a board editor holds positions
 * being set up); parseFen is this and validatePosition. Never throws.
 */
export function parseSetup(v: VariantModule, fen: string): Result<Position, RuleError<SetupErrorCode>> {
  if (typeof fen !== 'string' || fen.trim() === '') return err('fen.empty', 'The FEN is empty');
  if (fen.length > MAX_FEN_LENGTH) return err('fen.too-long', `The FEN is longer than ${MAX_FEN_LENGTH} characters`);
  const fields = fen.trim().split(/\s+/);
  if (fields.length > 6) return err('fen.fields', 'The FEN has more than six fields');
  let boardPart = fields[0]!;
  let handPart: string | null = null;
  const bracket = /^([^[\]]*)\[([^[\]]*)\]$/.exec(boardPart);
  if (bracket) {
    boardPart = bracket[1]!;
    handPart = bracket[2]!;
  } else if (boardPart.includes('[') || boardPart.includes(']')) {
    return err('fen.hand', 'The pieces in hand must be written once, in brackets after the board');
  }
  if (handPart !== null && !v.hasHand && handPart !== '') {
    return err('fen.hand', `${v.name.en} has no pieces in hand`);
  }
  const geo = v.geometry;
  const rows = boardPart.split('/');
  if (rows.length !== geo.ranks) {
    return err('fen.ranks', `The board must have ${geo.ranks} ranks separated by '/', found ${rows.length}`);
  }
  const pos = new Position(v);
  for (let i = 0; i < rows.length; i++) {
    const rank = geo.ranks - 1 - i;
    const row = rows[i]!;
    let file = 0;
    for (let j = 0; j < row.length; j++) {
      const ch = row[j]!;
      if (ch >= '0' && ch <= '9') {
        let k = j;
        while (k + 1 < row.length && row[k + 1]! >= '0' && row[k + 1]! <= '9') k++;
        const n = Number(row.slice(j, k + 1));
        if (n === 0) return err('fen.rank-width', `Rank ${rank + 1} has an empty run of 0`);
        file += n;
        j = k;
        continue;
      }
      if (ch === '~') continue; // Fairy-Stockfish's promoted-piece mark: no meaning here
      const role = roleOfLetter(v, ch);
      if (role === 0) return err('fen.piece', `Unknown piece '${ch}' for ${v.name.en} on rank ${rank + 1}`);
      if (file >= geo.files) return err('fen.rank-width', `Rank ${rank + 1} has more than ${geo.files} files`);
      pos.put(square(file, rank), makePiece(ch === ch.toLowerCase() ? 1 : 0, role));
      file++;
    }
    if (file !== geo.files) return err('fen.rank-width', `Rank ${rank + 1} has ${file} files instead of ${geo.files}`);
  }
  if (handPart !== null) {
    for (const ch of handPart) {
      const role = roleOfLetter(v, ch);
      if (role === 0) return err('fen.hand', `Unknown piece '${ch}' in hand`);
      const piece = makePiece(ch === ch.toLowerCase() ? 1 : 0, role);
      if (pos.hand[piece]! >= 15) return err('fen.too-many', 'Too many pieces in hand');
      pos.setHand(piece, pos.hand[piece]! + 1);
    }
  }
  const turn = fields[1] ?? 'w';
  if (turn !== 'w' && turn !== 'b') return err('fen.turn', `The side to move must be 'w' or 'b', not '${turn}'`);
  pos.setTurn(turn === 'w' ? 0 : 1);
  for (const [i, name] of [
    [2, 'castling'],
    [3, 'en passant'],
  ] as const) {
    const f = fields[i];
    if (f !== undefined && f !== '-') return err('fen.castling', `The ${name} field must be '-' in ${v.name.en}`);
  }
  const counters = [fields[4] ?? '0', fields[5] ?? '1'];
  for (const c of counters) {
    if (!/^\d{1,6}$/.test(c)) return err('fen.counter', `The move counter '${c}' is not a number`);
  }
  pos.halfmove = Number(counters[0]);
  pos.fullmove = Math.max(1, Number(counters[1]));
  return ok(pos);
}

export function makeBoardFen(pos: Position): string {
  const v = pos.variant;
  const geo = v.geometry;
  const rows: string[] = [];
  for (let rank = geo.ranks - 1; rank >= 0; rank--) {
    let row = '';
    let empty = 0;
    for (let file = 0; file < geo.files; file++) {
      const p = pos.board[square(file, rank)]!;
      if (p === EMPTY) {
        empty++;
        continue;
      }
      if (empty) row += String(empty);
      empty = 0;
      const letter = v.roles[p & ROLE_MASK]!.letter;
      row += p >> COLOR_SHIFT ? letter : letter.toUpperCase();
    }
    if (empty) row += String(empty);
    rows.push(row);
  }
  let board = rows.join('/');
  if (v.hasHand) {
    const order = v.handOrder ?? v.roles.flatMap((info, r) => (info ? [r] : []));
    let hand = '';
    for (const c of [0, 1] as const) {
      for (const r of order) {
        const letter = v.roles[r]!.letter;
        hand += (c ? letter : letter.toUpperCase()).repeat(pos.hand[makePiece(c, r)]!);
      }
    }
    board += `[${hand}]`;
  }
  return board;
}

export function makeFen(pos: Position): string {
  return `${makeBoardFen(pos)} ${pos.turn ? 'b' : 'w'} - - ${pos.halfmove} ${pos.fullmove}`;
}
