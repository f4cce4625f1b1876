import { BLACK_BIT, BOARD_SIZE, COLOR_SHIFT, EMPTY, KING, OFF, PIECE_CODES, ROLE_MASK, makePiece, pieceColor, pieceRole } from './board.ts';
import { KIND_DROP, KIND_NORMAL, KIND_PASS, KIND_PROMOTE, KIND_SHIFT, moveFrom, moveKind, moveRole, moveTo, type Move } from './move.ts';
import type { VariantModule } from './variant.ts';
import type { Color } from './types.ts';
import { HAND_COUNTS, HAND_KEYS_HI, HAND_KEYS_LO, PIECE_KEYS_HI, PIECE_KEYS_LO, TURN_KEY_HI, TURN_KEY_LO } from './zobrist.ts';

const MAX_MOVES = 512;
/**
 * Initial undo capacity; it doubles when a search goes deeper. Small: a live
 * game's position (one per game on the server) looks a ply or two ahead.
 */
const UNDO_START = 8;

/**
 * One move buffer and one square-marking table for every position of this
 * thread: `countLegal`/`hasLegalMove` and `legalMoves` use them from start to
 * end of one call, which never calls another (they were ~3 KiB per position:
 * per live game on the server). A stamp unique to each call tells its marks
 * from older ones.
 */
const SCRATCH = new Int32Array(MAX_MOVES);
const MARK = new Int32Array(BOARD_SIZE);
let markStamp = 0;

/**
 * A mutable position with make/unmake, the fast core used for move
 * generation and search. Callers outside the library use the immutable
 * helpers in `game.ts`/`index.ts`; they never see a half-made position.
 */
export class Position {
  readonly variant: VariantModule;
  readonly board = new Uint8Array(BOARD_SIZE);
  /** Pieces in hand by piece code. */
  readonly hand = new Uint8Array(PIECE_CODES);
  /** Pieces on the board by piece code. */
  readonly count = new Uint8Array(PIECE_CODES);
  /** King squares by colour, -1 when the king is not on the board. */
  readonly kings = new Int16Array([-1, -1]);
  turn: Color = 0;
  halfmove = 0;
  fullmove = 1;
  hashLo = 0;
  hashHi = 0;

  // Undo stack.
  private sp = 0;
  private uMove = new Int32Array(UNDO_START);
  private uCaptured = new Uint8Array(UNDO_START);
  private uHalf = new Int32Array(UNDO_START);
  private uFull = new Int32Array(UNDO_START);
  private uHashLo = new Int32Array(UNDO_START);
  private uHashHi = new Int32Array(UNDO_START);

  constructor(variant: VariantModule) {
    this.variant = variant;
    const on = variant.geometry.onBoard;
    for (let i = 0; i < BOARD_SIZE; i++) this.board[i] = on[i] ? EMPTY : OFF;
  }

  clone(): Position {
    const p = new Position(this.variant);
    p.board.set(this.board);
    p.hand.set(this.hand);
    p.count.set(this.count);
    p.kings.set(this.kings);
    p.turn = this.turn;
    p.halfmove = this.halfmove;
    p.fullmove = this.fullmove;
    p.hashLo = this.hashLo;
    p.hashHi = this.hashHi;
    return p;
  }

  /** Places a piece during setup, keeping counts, kings and hash right. */
  put(sq: number, piece: number): void {
    const old = this.board[sq]!;
    if (old !== EMPTY) this.remove(sq);
    this.board[sq] = piece;
    this.count[piece]!++;
    if (pieceRole(piece) === KING) this.kings[pieceColor(piece)] = sq;
    this.hashLo ^= PIECE_KEYS_LO[sq * PIECE_CODES + piece]!;
    this.hashHi ^= PIECE_KEYS_HI[sq * PIECE_CODES + piece]!;
  }

  private remove(sq: number): void {
    const piece = this.board[sq]!;
    this.board[sq] = EMPTY;
    this.count[piece]!--;
    if (pieceRole(piece) === KING && this.kings[pieceColor(piece)] === sq) this.kings[pieceColor(piece)] = -1;
    this.hashLo ^= PIECE_KEYS_LO[sq * PIECE_CODES + piece]!;
    this.hashHi ^= PIECE_KEYS_HI[sq * PIECE_CODES + piece]!;
  }

  setHand(piece: number, n: number): void {
    const old = this.hand[piece]!;
    this.hashLo ^= HAND_KEYS_LO[piece * HAND_COUNTS + old]! ^ HAND_KEYS_LO[piece * HAND_COUNTS + n]!;
    this.hashHi ^= HAND_KEYS_HI[piece * HAND_COUNTS + old]! ^ HAND_KEYS_HI[piece * HAND_COUNTS + n]!;
    this.hand[piece] = n;
  }

  setTurn(c: Color): void {
    if (c !== this.turn) {
      this.hashLo ^= TURN_KEY_LO;
      this.hashHi ^= TURN_KEY_HI;
      this.turn = c;
    }
  }

  handCount(color: Color): number {
    let n = 0;
    for (let r = 1; r < this.variant.roles.length; r++) n += this.hand[makePiece(color, r)]!;
    return n;
  }

  /** A 64-bit position key as a string of 16 hex digits (board, hand, side to move). */
  key(): string {
    return (this.hashHi >>> 0).toString(16).padStart(8, '0') + (this.hashLo >>> 0).toString(16).padStart(8, '0');
  }

  inCheck(): boolean {
    const k = this.kings[this.turn]!;
    return k >= 0 && this.variant.attacked(this, k, (this.turn ^ 1) as Color);
  }

  /** Whether the side not to move is in check (a position that cannot arise). */
  opponentInCheck(): boolean {
    const them = (this.turn ^ 1) as Color;
    const k = this.kings[them]!;
    return k >= 0 && this.variant.attacked(this, k, this.turn);
  }

  private growUndo(): void {
    const grow = <T extends Int32Array | Uint8Array>(a: T): T => {
      const b = new (a.constructor as new (n: number) => T)(a.length * 2);
      b.set(a);
      return b;
    };
    this.uMove = grow(this.uMove);
    this.uCaptured = grow(this.uCaptured);
    this.uHalf = grow(this.uHalf);
    this.uFull = grow(this.uFull);
    this.uHashLo = grow(this.uHashLo);
    this.uHashHi = grow(this.uHashHi);
  }

  /** Plays a game move for good: like make(), without keeping what unmake() would need. */
  play(m: Move): void {
    this.make(m);
    this.sp--;
  }

  /** Plays a move known to be pseudo-legal; unmake() takes it back. */
  make(m: Move): void {
    if (this.sp === this.uMove.length) this.growUndo();
    const sp = this.sp++;
    const b = this.board;
    const us = this.turn;
    this.uMove[sp] = m;
    this.uHalf[sp] = this.halfmove;
    this.uFull[sp] = this.fullmove;
    this.uHashLo[sp] = this.hashLo;
    this.uHashHi[sp] = this.hashHi;
    let lo = this.hashLo ^ TURN_KEY_LO;
    let hi = this.hashHi ^ TURN_KEY_HI;
    let captured = EMPTY;
    const kind = moveKind(m);
    const to = moveTo(m);
    this.halfmove++;
    if (kind === KIND_NORMAL || kind === KIND_PROMOTE) {
      const from = moveFrom(m);
      const p = b[from]!;
      // An in-place promotion (from === to) captures nothing.
      captured = from === to ? EMPTY : b[to]!;
      if (captured !== EMPTY) {
        this.count[captured]!--;
        lo ^= PIECE_KEYS_LO[to * PIECE_CODES + captured]!;
        hi ^= PIECE_KEYS_HI[to * PIECE_CODES + captured]!;
        this.halfmove = 0;
      }
      const np = kind === KIND_PROMOTE ? makePiece(us, moveRole(m)) : p;
      if (kind === KIND_PROMOTE) {
        this.count[p]!--;
        this.count[np]!++;
      }
      b[from] = EMPTY;
      b[to] = np;
      lo ^= PIECE_KEYS_LO[from * PIECE_CODES + p]! ^ PIECE_KEYS_LO[to * PIECE_CODES + np]!;
      hi ^= PIECE_KEYS_HI[from * PIECE_CODES + p]! ^ PIECE_KEYS_HI[to * PIECE_CODES + np]!;
      const role = p & ROLE_MASK;
      if (role === KING) this.kings[us] = to;
      if (role === this.variant.clockResetRole) this.halfmove = 0;
    } else if (kind === KIND_DROP) {
      const piece = makePiece(us, moveRole(m));
      const h = this.hand[piece]!;
      lo ^= HAND_KEYS_LO[piece * HAND_COUNTS + h]! ^ HAND_KEYS_LO[piece * HAND_COUNTS + h - 1]!;
      hi ^= HAND_KEYS_HI[piece * HAND_COUNTS + h]! ^ HAND_KEYS_HI[piece * HAND_COUNTS + h - 1]!;
      this.hand[piece] = h - 1;
      b[to] = piece;
      this.count[piece]!++;
      lo ^= PIECE_KEYS_LO[to * PIECE_CODES + piece]!;
      hi ^= PIECE_KEYS_HI[to * PIECE_CODES + piece]!;
      if (pieceRole(piece) === KING) this.kings[us] = to;
    }
    // KIND_PASS changes nothing on the board.
    this.uCaptured[sp] = captured;
    if (us === 1) this.fullmove++;
    this.turn = (us ^ 1) as Color;
    this.hashLo = lo;
    this.hashHi = hi;
  }

  unmake(): void {
    const sp = --this.sp;
    const m = this.uMove[sp]!;
    const b = this.board;
    const us = (this.turn ^ 1) as Color;
    this.turn = us;
    this.halfmove = this.uHalf[sp]!;
    this.fullmove = this.uFull[sp]!;
    this.hashLo = this.uHashLo[sp]!;
    this.hashHi = this.uHashHi[sp]!;
    const kind = moveKind(m);
    const to = moveTo(m);
    if (kind === KIND_NORMAL || kind === KIND_PROMOTE) {
      const from = moveFrom(m);
      const np = b[to]!;
      const captured = this.uCaptured[sp]!;
      let p = np;
      if (kind === KIND_PROMOTE) {
        p = makePiece(us, this.variant.promotionFromRole);
        this.count[np]!--;
        this.count[p]!++;
      }
      b[to] = captured;
      b[from] = p;
      if (captured !== EMPTY) this.count[captured]!++;
      if (pieceRole(p) === KING) this.kings[us] = from;
    } else if (kind === KIND_DROP) {
      const piece = b[to]!;
      b[to] = EMPTY;
      this.count[piece]!--;
      this.hand[piece]!++;
      if (pieceRole(piece) === KING) this.kings[us] = -1;
    }
    void KIND_PASS;
  }

  /** Fills `out` with the legal moves; returns how many. */
  legalMoves(out: Int32Array): number {
    const v = this.variant;
    const n = v.genPseudo(this, out, 0);
    const us = this.turn;
    const ksq = this.kings[us]!;
    if (ksq < 0) return n;
    const them = (us ^ 1) as Color;
    const b = this.board;
    const inCheck = v.attacked(this, ksq, them);
    const mark = MARK;
    if (markStamp === 0x7fffffff) {
      MARK.fill(0);
      markStamp = 0;
    }
    const stamp = ++markStamp;
    if (!inCheck) v.markSensitive(this, ksq, them, mark, stamp);
    let k = 0;
    for (let i = 0; i < n; i++) {
      const m = out[i]!;
      const kind = m >> KIND_SHIFT;
      if (kind === KIND_PASS) {
        if (!inCheck) out[k++] = m;
        continue;
      }
      const from = m & 255;
      const to = (m >> 8) & 255;
      if (!inCheck && from !== ksq && mark[to] !== stamp && (kind === KIND_DROP || mark[from] !== stamp)) {
        out[k++] = m;
        continue;
      }
      // Play the move on the board alone (piece kinds and hash do not matter to the test).
      let safe: boolean;
      if (kind === KIND_DROP) {
        b[to] = (us << COLOR_SHIFT) | moveRole(m);
        safe = !v.attacked(this, ksq, them);
        b[to] = EMPTY;
      } else {
        const moved = b[from]!;
        const captured = b[to]!;
        b[from] = EMPTY;
        b[to] = moved;
        safe = !v.attacked(this, from === ksq ? to : ksq, them);
        b[to] = captured;
        b[from] = moved;
      }
      if (safe) out[k++] = m;
    }
    return k;
  }

  /** Counts legal moves without keeping them. */
  countLegal(): number {
    return this.legalMoves(SCRATCH);
  }

  /** Whether any legal move exists. */
  hasLegalMove(): boolean {
    return this.legalMoves(SCRATCH) > 0;
  }

  isBlack(piece: number): boolean {
    return (piece & BLACK_BIT) !== 0;
  }
}
