/**
 * Demo Xiangqi, a throwaway game for docs/adding-a-game.md: its test
 * (scripts/adding-a-game.test.ts) follows the guide with this folder as the
 * new game's, so it is written exactly as a folder under variants/ would be.
 * A 7×7 board without river, advisors or elephants: generals in a 3×3
 * palace that face each other as in Xiangqi, horses and chariots and cannons
 * as in Xiangqi, soldiers stepping forward or sideways from the start (the
 * rules Fairy-Stockfish's own `minixiangqi` plays). Not a game of the club,
 * and its key is made up: the real Mini Xiangqi may one day be added under
 * its own key, `minixiangqi`, without touching this example.
 */
import { EMPTY, N, OFF, S, E, W, makeGeometry, COLOR_SHIFT, ROLE_MASK } from '../../board.ts';
import { normalMove } from '../../move.ts';
import type { Position } from '../../position.ts';
import { pieceProblem, type PositionError } from '../../setup.ts';
import type { Color } from '../../types.ts';
import type { VariantModule } from '../../variant.ts';
import { HORSE_LEAPS, ORTH, canLand, enemyBase, genSlides, markRay, mask, reverseLeaps } from '../../variants/common.ts';
import { DEMOXIANGQI_ENGINE } from './engine.ts';
import { demoxiangqiAlgebraic } from './notation.ts';

/** Roles as in Xiangqi, without its advisor (2) and elephant (3). */
export const GENERAL = 1,
  HORSE = 4,
  CHARIOT = 5,
  CANNON = 6,
  SOLDIER = 7;

const geometry = makeGeometry(7, 7);
const palace = [mask(geometry, (f, r) => f >= 2 && f <= 4 && r <= 2), mask(geometry, (f, r) => f >= 2 && f <= 4 && r >= 4)] as const;
const forward = [N, S] as const;
const REV_HORSE = reverseLeaps(HORSE_LEAPS);

function genPseudo(pos: Position, out: Int32Array, n: number): number {
  const b = pos.board;
  const us = pos.turn;
  const lo = enemyBase(us);
  const own = us << COLOR_SHIFT;
  for (const from of geometry.squares) {
    const p = b[from]!;
    if (p === EMPTY || p < own || p - own - 1 >= 7) continue;
    switch (p & ROLE_MASK) {
      case GENERAL:
        for (const d of ORTH) if (palace[us][from + d] && canLand(b[from + d]!, lo)) out[n++] = normalMove(from, from + d);
        break;
      case HORSE:
        for (const l of HORSE_LEAPS) {
          const t = from + l.to;
          const q = b[t]!;
          if (q !== OFF && b[from + l.legs[0]!] === EMPTY && canLand(q, lo)) out[n++] = normalMove(from, t);
        }
        break;
      case CHARIOT:
        n = genSlides(b, from, ORTH, lo, out, n);
        break;
      case CANNON:
        for (const d of ORTH) {
          let t = from + d;
          while (b[t] === EMPTY) {
            out[n++] = normalMove(from, t);
            t += d;
          }
          if (b[t] === OFF) continue;
          t += d;
          while (b[t] === EMPTY) t += d;
          if ((b[t]! - lo) >>> 0 < ROLE_MASK) out[n++] = normalMove(from, t);
        }
        break;
      case SOLDIER:
        for (const d of [forward[us], E, W]) if (b[from + d] !== OFF && canLand(b[from + d]!, lo)) out[n++] = normalMove(from, from + d);
        break;
    }
  }
  return n;
}

/** Whether `by` attacks `sq` as far as a general standing there is concerned (facing generals included). */
function attacked(pos: Position, sq: number, by: Color): boolean {
  const b = pos.board;
  const base = by << COLOR_SHIFT;
  for (const d of ORTH) {
    let t = sq + d;
    while (b[t] === EMPTY) t += d;
    if (b[t] === base + CHARIOT || b[t] === base + GENERAL) return true;
    if (b[t] === OFF) continue;
    t += d;
    while (b[t] === EMPTY) t += d;
    if (b[t] === base + CANNON) return true;
  }
  for (const l of REV_HORSE) if (b[sq + l.from] === base + HORSE && b[sq + l.legs[0]!] === EMPTY) return true;
  const soldier = base + SOLDIER;
  return b[sq - forward[by]] === soldier || b[sq + E] === soldier || b[sq + W] === soldier;
}

function markSensitive(pos: Position, ksq: number, them: Color, mark: Int32Array, stamp: number): void {
  const b = pos.board;
  const base = them << COLOR_SHIFT;
  for (const d of ORTH) markRay(b, ksq, d, base + CHARIOT, base + CANNON, base + GENERAL, mark, stamp);
  for (const l of REV_HORSE) if (b[ksq + l.from] === base + HORSE) mark[ksq + l.legs[0]!] = stamp;
}

function validate(pos: Position): PositionError | null {
  for (const s of geometry.squares) {
    const p = pos.board[s]!;
    if ((p & ROLE_MASK) === GENERAL && !palace[p >> COLOR_SHIFT]![s])
      return pieceProblem(pos, 'position.outside-palace', s, 'A general must stand in its palace');
  }
  return null;
}

export const demoxiangqi: VariantModule<'demoxiangqi'> = {
  key: 'demoxiangqi',
  name: { en: 'Demo Xiangqi', vi: 'Cờ tướng mẫu' },
  geometry,
  startFen: 'rcnkncr/p1ppp1p/7/7/7/P1PPP1P/RCNKNCR w - - 0 1',
  roles: [
    undefined,
    { letter: 'k', name: 'general', max: 1, attacking: false, value: 0 },
    undefined,
    undefined,
    { letter: 'n', name: 'horse', max: 2, attacking: true, value: 400 },
    { letter: 'r', name: 'chariot', max: 2, attacking: true, value: 900 },
    { letter: 'c', name: 'cannon', max: 2, attacking: true, value: 450 },
    { letter: 'p', name: 'soldier', max: 5, attacking: true, value: 150 },
  ],
  hasHand: false,
  pass: false,
  promotionFromRole: 0,
  clockResetRole: 0,
  sideNames: { en: ['Red', 'Black'], vi: ['Đỏ', 'Đen'] },
  genPseudo,
  attacked,
  markSensitive,
  notations: [demoxiangqiAlgebraic],
  end: {
    stalemate: 'loss',
    deadMaterial: 'no-attackers',
    quietLimit: { plies: 60, pawnMoveIsProgress: false, reason: 'no-capture-limit' },
    repetitions: 3,
    insufficient: 'no-attackers',
  },
  validate,
  board: { grid: 'points', sideColors: ['#c62828', '#222222'], coordinates: 'own-right', pieceSets: ['traditional'] },
  clocks: { byoyomi: false, pools: [{ kind: 'fischer', minutes: 3, increment: 2 }] },
  engine: { sections: DEMOXIANGQI_ENGINE },
  material: { decisiveGain: 350, sacrificeLoss: 300 },
};
