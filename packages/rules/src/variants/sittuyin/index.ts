import { EMPTY, N, OFF, S, E, W, fileOf, makeGeometry, rankOf, squareName, COLOR_SHIFT, ROLE_MASK } from '../../board.ts';
import { dropMove, normalMove, promoteMove } from '../../move.ts';
import type { Position } from '../../position.ts';
import { pieceProblem, type PositionError } from '../../setup.ts';
import type { Color } from '../../types.ts';
import type { VariantModule } from '../../variant.ts';
import { SITTUYIN_ENGINE } from './engine.ts';
import { SITTUYIN_NOTATIONS } from './notation.ts';
import { DIAG, KING_STEPS, ORTH, canLand, enemyBase, genSlides, markRay, mask } from '../common.ts';

/** Roles: 1 king, 2 general (met), 3 elephant, 4 horse, 5 rook, 7 pawn. */
export const KING_ROLE = 1,
  GENERAL = 2,
  ELEPHANT = 3,
  HORSE = 4,
  ROOK = 5,
  PAWN = 7;

export interface SittuyinRules {
  /** Plies without a capture or pawn move (promotions included) that draw, counted from the first move after placement. */
  readonly progressPlies: number;
  /** Occurrences of one position (same side to move) that draw. */
  readonly repetitions: number;
}

export const SITTUYIN_HOUSE_RULES: SittuyinRules = { progressPlies: 100, repetitions: 3 };

const geometry = makeGeometry(8, 8);
const forward = [N, S] as const;
const KNIGHT = [2 * N + E, 2 * N + W, 2 * S + E, 2 * S + W, 2 * E + N, 2 * E + S, 2 * W + N, 2 * W + S] as const;
/** Placement zones: own first three ranks; rooks on the back rank only. */
const dropZone = [mask(geometry, (_f, r) => r <= 2), mask(geometry, (_f, r) => r >= 5)] as const;
const rookZone = [mask(geometry, (_f, r) => r === 0), mask(geometry, (_f, r) => r === 7)] as const;
/** Promotion squares: the long diagonals in the opponent's half. */
const diagonals = mask(geometry, (f, r) => f === r || f + r === 7);
const promoZone = [mask(geometry, (f, r) => r >= 4 && (f === r || f + r === 7)), mask(geometry, (f, r) => r <= 3 && (f === r || f + r === 7))] as const;
const ELEPHANT_STEPS = [
  [...DIAG, N],
  [...DIAG, S],
] as const;

/** Whether a general of colour `us` on `sq` would attack an enemy piece. */
function generalAttacks(b: Uint8Array, sq: number, lo: number): boolean {
  for (const d of DIAG) {
    const p = b[sq + d]!;
    if (p !== EMPTY && (p - lo) >>> 0 < ROLE_MASK) return true;
  }
  return false;
}

function genDrops(pos: Position, out: Int32Array, n: number): number {
  const us = pos.turn;
  const zone = dropZone[us];
  for (let role = 1; role < pos.variant.roles.length; role++) {
    if (pos.hand[(us << COLOR_SHIFT) | role] === 0) continue;
    const z = role === ROOK ? rookZone[us] : zone;
    for (const t of geometry.squares) if (z[t] && pos.board[t] === EMPTY) out[n++] = dropMove(role, t);
  }
  return n;
}

function genPseudo(pos: Position, out: Int32Array, n: number): number {
  const us = pos.turn;
  if (pos.handCount(us) > 0) return genDrops(pos, out, n);
  const b = pos.board;
  const lo = enemyBase(us);
  const own = us << COLOR_SHIFT;
  const fwd = forward[us];
  const canPromote = pos.count[own | GENERAL] === 0;
  const onlyPawn = pos.count[own | PAWN] === 1;
  for (const from of geometry.squares) {
    const p = b[from]!;
    if ((p - own - 1) >>> 0 >= 7) continue;
    switch (p & ROLE_MASK) {
      case KING_ROLE:
        for (const d of KING_STEPS) if (canLand(b[from + d]!, lo)) out[n++] = normalMove(from, from + d);
        break;
      case GENERAL:
        for (const d of DIAG) if (canLand(b[from + d]!, lo)) out[n++] = normalMove(from, from + d);
        break;
      case ELEPHANT:
        for (const d of ELEPHANT_STEPS[us]) if (canLand(b[from + d]!, lo)) out[n++] = normalMove(from, from + d);
        break;
      case HORSE:
        for (const d of KNIGHT) if (canLand(b[from + d]!, lo)) out[n++] = normalMove(from, from + d);
        break;
      case ROOK:
        n = genSlides(b, from, ORTH, lo, out, n);
        break;
      case PAWN: {
        if (b[from + fwd] === EMPTY) out[n++] = normalMove(from, from + fwd);
        let q = b[from + fwd + E]!;
        if (q !== EMPTY && q !== OFF && (q - lo) >>> 0 < ROLE_MASK) out[n++] = normalMove(from, from + fwd + E);
        q = b[from + fwd + W]!;
        if (q !== EMPTY && q !== OFF && (q - lo) >>> 0 < ROLE_MASK) out[n++] = normalMove(from, from + fwd + W);
        if (canPromote && (onlyPawn || promoZone[us][from])) {
          // The new general may not capture, nor attack any enemy piece.
          if (!generalAttacks(b, from, lo)) out[n++] = promoteMove(from, from, GENERAL);
          for (const d of DIAG) {
            const t = from + d;
            if (b[t] !== EMPTY) continue;
            b[from] = EMPTY;
            const attacks = generalAttacks(b, t, lo);
            b[from] = p;
            if (!attacks) out[n++] = promoteMove(from, t, GENERAL);
          }
        }
        break;
      }
    }
  }
  return n;
}

function attacked(pos: Position, sq: number, by: Color): boolean {
  const b = pos.board;
  const base = by << COLOR_SHIFT;
  const rook = base + ROOK;
  for (const d of ORTH) {
    let t = sq + d;
    let p: number;
    while ((p = b[t]!) === EMPTY) t += d;
    if (p === rook) return true;
  }
  const horse = base + HORSE;
  for (const d of KNIGHT) if (b[sq + d] === horse) return true;
  const king = base + KING_ROLE,
    general = base + GENERAL,
    elephant = base + ELEPHANT,
    pawn = base + PAWN;
  for (const d of DIAG) {
    const p = b[sq + d];
    if (p === king || p === general || p === elephant) return true;
  }
  for (const d of ORTH) if (b[sq + d] === king) return true;
  const back = sq - forward[by];
  if (b[back] === elephant) return true;
  if (b[back + E] === pawn || b[back + W] === pawn) return true;
  return false;
}

function validate(pos: Position): PositionError | null {
  const placing = pos.handCount(0) + pos.handCount(1) > 0;
  for (const s of geometry.squares) {
    const p = pos.board[s]!;
    if (p === EMPTY) continue;
    const c = (p >> COLOR_SHIFT) as Color;
    const r = c === 0 ? rankOf(s) : 7 - rankOf(s);
    const f = c === 0 ? fileOf(s) : 7 - fileOf(s);
    const role = p & ROLE_MASK;
    if (role === PAWN && (r < 2 || (r === 2 && f >= 4))) {
      return pieceProblem(pos, 'position.unreachable', s, `A pawn can never reach ${squareName(s)}`);
    }
    if (placing && role !== PAWN && !(role === ROOK ? rookZone[c][s] : dropZone[c][s])) {
      const zone = role === ROOK ? 'its back rank' : 'its first three ranks';
      return pieceProblem(pos, 'position.placement-zone', s, `During placement a piece on ${squareName(s)} is outside ${zone}`);
    }
  }
  if (placing) {
    const h0 = pos.handCount(0),
      h1 = pos.handCount(1);
    if (pos.turn === 0 ? h0 !== h1 : h0 !== h1 - 1) {
      return {
        code: 'position.placement-turn',
        message: 'During placement the sides alternate, Red first: the pieces in hand do not fit the side to move',
        side: pos.turn,
      };
    }
  }
  return null;
}

function markSensitive(pos: Position, ksq: number, them: Color, mark: Int32Array, stamp: number): void {
  const rook = (them << COLOR_SHIFT) | ROOK;
  for (const d of ORTH) markRay(pos.board, ksq, d, rook, rook, rook, mark, stamp);
}

export const sittuyin: VariantModule<'sittuyin'> = {
  key: 'sittuyin',
  name: { en: 'Sittuyin', vi: 'Cờ Myanmar' },
  geometry,
  startFen: '8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KFRRSSNNkfrrssnn] w - - 0 1',
  roles: [
    undefined,
    { letter: 'k', name: 'king', max: 1, attacking: false, value: 0 },
    { letter: 'f', name: 'general', max: 1, attacking: true, value: 150 },
    { letter: 's', name: 'elephant', max: 2, attacking: true, value: 250 },
    { letter: 'n', name: 'horse', max: 2, attacking: true, value: 300 },
    { letter: 'r', name: 'rook', max: 2, attacking: true, value: 500 },
    undefined,
    { letter: 'p', name: 'pawn', max: 8, attacking: true, value: 100 },
  ],
  hasHand: true,
  handOrder: [KING_ROLE, GENERAL, ROOK, ELEPHANT, HORSE, PAWN],
  pass: false,
  promotionFromRole: PAWN,
  clockResetRole: PAWN,
  sideNames: { en: ['Red', 'Black'], vi: ['Đỏ', 'Đen'] },
  genPseudo,
  attacked,
  markSensitive,
  notations: SITTUYIN_NOTATIONS,
  end: {
    stalemate: 'draw',
    deadMaterial: 'kings-only',
    quietLimit: { plies: SITTUYIN_HOUSE_RULES.progressPlies, pawnMoveIsProgress: true, reason: 'progress-rule' },
    repetitions: SITTUYIN_HOUSE_RULES.repetitions,
    insufficient: 'kings-only',
  },
  validate,
  board: { grid: 'squares', sideColors: ['#c62828', '#222222'], coordinates: 'algebraic', pieceSets: ['burmese', 'beginner', 'western'] },
  clocks: {
    byoyomi: false,
    pools: [
      { kind: 'fischer', minutes: 3, increment: 2 },
      { kind: 'fischer', minutes: 5, increment: 3 },
      { kind: 'fischer', minutes: 10, increment: 5 },
    ],
  },
  engine: { sections: SITTUYIN_ENGINE },
  material: { decisiveGain: 250, sacrificeLoss: 200 },
};

void diagonals;
