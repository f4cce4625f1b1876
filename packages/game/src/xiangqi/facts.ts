/**
 * Per-ply facts for Xiangqi's perpetual check and chase rules (RULES.md):
 * whether a move checks, which enemy pieces it chases and with which of the
 * mover's pieces. Pieces are followed by identity (`PieceIds`), so a chase of
 * one piece is recognised wherever that piece goes.
 */
import { EMPTY, type Color, type Move, type Position, xiangqiRules, COLOR_SHIFT, ROLE_MASK } from '@youzai/rules';

const { GENERAL, HORSE, CHARIOT, CANNON, SOLDIER, soldierCrossed } = xiangqiRules;

/** Piece identities by square: 0 for an empty square. */
export class PieceIds {
  readonly at = new Int16Array(256);

  constructor(pos: Position) {
    let next = 1;
    for (const sq of pos.variant.geometry.squares) if (pos.board[sq] !== EMPTY) this.at[sq] = next++;
  }

  /** Follows a move played on the board (drops and passes do not occur in Xiangqi). */
  move(from: number, to: number): void {
    this.at[to] = this.at[from]!;
    this.at[from] = 0;
  }

  clone(): PieceIds {
    const c = Object.create(PieceIds.prototype) as PieceIds;
    (c as { at: Int16Array }).at = this.at.slice();
    return c;
  }
}

export interface PlyFacts {
  /** The move leaves the opponent's general attacked. */
  readonly check: boolean;
  /** Ids of the mover's pieces that give check. */
  readonly checkers: readonly number[];
  /** Chased enemy piece id → ids of the mover's pieces chasing it. Empty when the move checks. */
  readonly chases: ReadonlyMap<number, readonly number[]>;
  readonly capture: boolean;
  /** A soldier stepped forward (progress). */
  readonly soldierForward: boolean;
}

const buf = new Int32Array(512);
const buf2 = new Int32Array(512);

/**
 * Captures by `side` as if it were to move: [from, to] pairs. Legal ones, or
 * with `pseudo` all pseudo-legal ones (what the pieces attack even while their
 * general is in check).
 */
function legalCaptures(pos: Position, side: Color, out: number[], pseudo = false): void {
  const saved = pos.turn;
  pos.turn = side;
  const n = pseudo ? pos.variant.genPseudo(pos, buf, 0) : pos.legalMoves(buf);
  pos.turn = saved;
  const b = pos.board;
  for (let i = 0; i < n; i++) {
    const m = buf[i]!;
    const to = (m >> 8) & 255;
    if (b[to] !== EMPTY) out.push(m & 255, to);
  }
}

/** Whether `side` (to move, or made so) has a legal capture landing on `sq`. */
function canCaptureOn(pos: Position, side: Color, sq: number, from = -1): boolean {
  const saved = pos.turn;
  pos.turn = side;
  const n = pos.legalMoves(buf2);
  pos.turn = saved;
  for (let i = 0; i < n; i++) {
    const m = buf2[i]!;
    if (((m >> 8) & 255) === sq && (from < 0 || (m & 255) === from)) return true;
  }
  return false;
}

/** Attacks that can count as chases: not by a general or soldier, not on a general or an uncrossed soldier. */
function chaseable(pos: Position, from: number, to: number): boolean {
  const b = pos.board;
  const a = b[from]! & ROLE_MASK;
  const t = b[to]!;
  if (a === GENERAL || a === SOLDIER) return false;
  if ((t & ROLE_MASK) === GENERAL) return false;
  if ((t & ROLE_MASK) === SOLDIER && !soldierCrossed((t >> COLOR_SHIFT) as Color, to)) return false;
  return true;
}

const pairKey = (attacker: number, target: number): number => attacker * 65536 + target;

/**
 * Computes the facts of `move` (legal in `pos`), plays it on `pos` and
 * updates `ids`. The caller owns both and keeps them in step.
 */
export function playWithFacts(pos: Position, ids: PieceIds, move: Move): PlyFacts {
  const us = pos.turn;
  const them = (us ^ 1) as Color;
  const b = pos.board;
  const from = move & 255;
  const to = (move >> 8) & 255;
  const capture = b[to] !== EMPTY;
  const moverRole = b[from]! & ROLE_MASK;
  const soldierForward = moverRole === SOLDIER && (us === 0 ? to - from === 16 : from - to === 16);

  // Attacks by the mover before the move, by piece identity. A side in check
  // can legally capture little but still attacks what its pieces attack: its
  // answer to the check must not count as starting every such attack.
  const before = new Set<number>();
  const pairs: number[] = [];
  legalCaptures(pos, us, pairs, pos.inCheck());
  for (let i = 0; i < pairs.length; i += 2) {
    if (chaseable(pos, pairs[i]!, pairs[i + 1]!)) before.add(pairKey(ids.at[pairs[i]!]!, ids.at[pairs[i + 1]!]!));
  }

  pos.play(move);
  ids.move(from, to);

  // Check: the mover's pieces that attack the enemy general (pinned ones too).
  const ksq = pos.kings[them]!;
  const checkers: number[] = [];
  if (pos.variant.attacked(pos, ksq, us)) {
    pos.turn = us;
    const n = pos.variant.genPseudo(pos, buf, 0);
    pos.turn = them;
    for (let i = 0; i < n; i++) if (((buf[i]! >> 8) & 255) === ksq) checkers.push(ids.at[buf[i]! & 255]!);
  }
  const chases = new Map<number, number[]>();
  if (checkers.length === 0) {
    pairs.length = 0;
    legalCaptures(pos, us, pairs);
    for (let i = 0; i < pairs.length; i += 2) {
      const a = pairs[i]!;
      const t = pairs[i + 1]!;
      if (!chaseable(pos, a, t)) continue;
      const aId = ids.at[a]!;
      const tId = ids.at[t]!;
      if (before.has(pairKey(aId, tId))) continue;
      if (!isRealChase(pos, us, a, t)) continue;
      const list = chases.get(tId);
      if (list) list.push(aId);
      else chases.set(tId, [aId]);
    }
  }
  return { check: checkers.length > 0, checkers, chases, capture, soldierForward };
}

/** A new attack of `a` on `t` (mover `us`, opponent to move) is a chase unless protected or an exchange offer. */
function isRealChase(pos: Position, us: Color, a: number, t: number): boolean {
  const b = pos.board;
  const them = (us ^ 1) as Color;
  const ar = b[a]! & ROLE_MASK;
  const tr = b[t]! & ROLE_MASK;
  // Exchange offer: same kind, and the attacked piece can take the attacker back.
  if (ar === tr && canCaptureOn(pos, them, a, t)) return false;
  // A chariot attacked by a horse or a cannon is never protected.
  if (tr === CHARIOT && (ar === HORSE || ar === CANNON)) return true;
  // Protected: after the capture, the capturer can be legally recaptured at once.
  pos.turn = us;
  pos.make(a | (t << 8));
  const protectedPiece = canCaptureOn(pos, them, t);
  pos.unmake();
  pos.turn = them;
  return !protectedPiece;
}
