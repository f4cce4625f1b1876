import { EMPTY, N, OFF, S, E, W, makeGeometry, fileOf, rankOf, squareName, COLOR_SHIFT, ROLE_MASK } from '../../board.ts';
import { normalMove } from '../../move.ts';
import type { Position } from '../../position.ts';
import { pieceProblem, type PositionError } from '../../setup.ts';
import type { Color } from '../../types.ts';
import type { VariantModule } from '../../variant.ts';
import { XIANGQI_ENGINE } from './engine.ts';
import { XIANGQI_NOTATIONS, xiangqiWxf } from './notation.ts';
import { XIANGQI_RECORDS } from './records.ts';
import { DIAG, HORSE_LEAPS, ORTH, canLand, enemyBase, genSlides, markRay, mask, reverseLeaps } from '../common.ts';

/** Roles: 1 general, 2 advisor, 3 elephant, 4 horse, 5 chariot, 6 cannon, 7 soldier. */
export const GENERAL = 1,
  ADVISOR = 2,
  ELEPHANT = 3,
  HORSE = 4,
  CHARIOT = 5,
  CANNON = 6,
  SOLDIER = 7;

/** The house rule set for Xiangqi (RULES.md); every number is a parameter. */
export interface XiangqiRules {
  /** Side to move with no legal move loses. */
  readonly stalemateLoses: boolean;
  readonly flyingGeneral: boolean;
  /** Natural limit: plies without capture, not counting checks, chases and replies. */
  readonly naturalLimitPlies: number;
  /** Progress rule: plies without capture or a soldier moving forward. */
  readonly progressPlies: number;
  readonly lengthLimitPlies: number;
  /** Claimable draw: plies without capture. */
  readonly claimPlies: number;
  /** Longest allowed check or chase run for 1, 2, 3+ pieces. */
  readonly runLimits: readonly [number, number, number];
}

export const XIANGQI_HOUSE_RULES: XiangqiRules = {
  stalemateLoses: true,
  flyingGeneral: true,
  naturalLimitPlies: 240,
  progressPlies: 60,
  lengthLimitPlies: 600,
  claimPlies: 120,
  runLimits: [6, 12, 18],
};

const geometry = makeGeometry(9, 10);
const palace = [mask(geometry, (f, r) => f >= 3 && f <= 5 && r <= 2), mask(geometry, (f, r) => f >= 3 && f <= 5 && r >= 7)] as const;
const ownHalf = [mask(geometry, (_f, r) => r <= 4), mask(geometry, (_f, r) => r >= 5)] as const;
const forward = [N, S] as const;
const REV_HORSE = reverseLeaps(HORSE_LEAPS);

function genPseudo(pos: Position, out: Int32Array, n: number): number {
  const b = pos.board;
  const us = pos.turn;
  const lo = enemyBase(us);
  const own = us << COLOR_SHIFT;
  const pal = palace[us];
  const half = ownHalf[us];
  for (const from of geometry.squares) {
    const p = b[from]!;
    if (p === EMPTY || p - own - 1 >= 7 || p < own) continue;
    switch (p & ROLE_MASK) {
      case GENERAL:
        for (const d of ORTH) {
          const t = from + d;
          if (pal[t] && canLand(b[t]!, lo)) out[n++] = normalMove(from, t);
        }
        break;
      case ADVISOR:
        for (const d of DIAG) {
          const t = from + d;
          if (pal[t] && canLand(b[t]!, lo)) out[n++] = normalMove(from, t);
        }
        break;
      case ELEPHANT:
        for (const d of DIAG) {
          const t = from + 2 * d;
          if (half[t] && b[from + d] === EMPTY && canLand(b[t]!, lo)) out[n++] = normalMove(from, t);
        }
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
          let q: number;
          while ((q = b[t]!) === EMPTY) {
            out[n++] = normalMove(from, t);
            t += d;
          }
          if (q === OFF) continue;
          t += d;
          while ((q = b[t]!) === EMPTY) t += d;
          if (q !== OFF && (q - lo) >>> 0 < ROLE_MASK) out[n++] = normalMove(from, t);
        }
        break;
      case SOLDIER: {
        const f = from + forward[us];
        if (canLand(b[f]!, lo) && b[f] !== OFF) out[n++] = normalMove(from, f);
        if (!half[from]) {
          if (canLand(b[from + E]!, lo) && b[from + E] !== OFF) out[n++] = normalMove(from, from + E);
          if (canLand(b[from + W]!, lo) && b[from + W] !== OFF) out[n++] = normalMove(from, from + W);
        }
        break;
      }
    }
  }
  return n;
}

/** Whether `by` attacks `sq` as far as a general standing there is concerned. */
function attacked(pos: Position, sq: number, by: Color): boolean {
  const b = pos.board;
  const base = by << COLOR_SHIFT;
  const chariot = base + CHARIOT,
    cannon = base + CANNON,
    general = base + GENERAL;
  for (const d of ORTH) {
    let t = sq + d;
    let p: number;
    while ((p = b[t]!) === EMPTY) t += d;
    if (p === OFF) continue;
    if (p === chariot || (p === general && XIANGQI_HOUSE_RULES.flyingGeneral)) return true;
    t += d;
    while ((p = b[t]!) === EMPTY) t += d;
    if (p === cannon) return true;
  }
  const horse = base + HORSE;
  for (const l of REV_HORSE) {
    if (b[sq + l.from] === horse && b[sq + l.legs[0]!] === EMPTY) return true;
  }
  const soldier = base + SOLDIER;
  if (b[sq - forward[by]] === soldier) return true;
  if (!ownHalf[by][sq] && (b[sq + E] === soldier || b[sq + W] === soldier)) return true;
  return false;
}

function markSensitive(pos: Position, ksq: number, them: Color, mark: Int32Array, stamp: number): void {
  const b = pos.board;
  const base = them << COLOR_SHIFT;
  const chariot = base + CHARIOT,
    cannon = base + CANNON,
    general = base + GENERAL,
    horse = base + HORSE;
  for (const d of ORTH) markRay(b, ksq, d, chariot, cannon, general, mark, stamp);
  for (const l of REV_HORSE) if (b[ksq + l.from] === horse) mark[ksq + l.legs[0]!] = stamp;
}

const ADVISOR_POINTS = new Set(['3,0', '5,0', '4,1', '3,2', '5,2']);
const ELEPHANT_POINTS = new Set(['2,0', '6,0', '0,2', '4,2', '8,2', '2,4', '6,4']);

function validate(pos: Position): PositionError | null {
  for (const s of geometry.squares) {
    const p = pos.board[s]!;
    if (p === EMPTY) continue;
    const c = (p >> COLOR_SHIFT) as Color;
    const f = fileOf(s);
    // Ranks seen from the owner's side.
    const r = c === 0 ? rankOf(s) : 9 - rankOf(s);
    const role = p & ROLE_MASK;
    const where = squareName(s);
    if ((role === GENERAL || role === ADVISOR) && !palace[c][s]) {
      return pieceProblem(pos, 'position.outside-palace', s, `${role === GENERAL ? 'A general' : 'An advisor'} on ${where} is outside its palace`);
    }
    const never = (what: string) => pieceProblem(pos, 'position.unreachable', s, `${what} can never reach ${where}`);
    if (role === ADVISOR && !ADVISOR_POINTS.has(`${f},${r}`)) return never('An advisor');
    if (role === ELEPHANT && !ELEPHANT_POINTS.has(`${f},${r}`)) return never('An elephant');
    if (role === SOLDIER && (r < 3 || (r <= 4 && f % 2 === 1))) return never('A soldier');
  }
  return generalsFacing(pos);
}

/** The two generals on one file with nothing between them (each would be in check: no side to move could be right). */
function generalsFacing(pos: Position): PositionError | null {
  const [a, b] = [pos.kings[0]!, pos.kings[1]!];
  if (a < 0 || b < 0 || fileOf(a) !== fileOf(b)) return null;
  for (let s = Math.min(a, b) + N; s < Math.max(a, b); s += N) if (pos.board[s] !== EMPTY) return null;
  return { code: 'position.generals-facing', message: `The generals face each other on the ${squareName(a)[0]} file with nothing between them` };
}

export const xiangqi: VariantModule<'xiangqi'> = {
  key: 'xiangqi',
  name: { en: 'Xiangqi', vi: 'Cờ tướng' },
  geometry,
  startFen: 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1',
  roles: [
    undefined,
    { letter: 'k', name: 'general', max: 1, attacking: false, value: 0 },
    { letter: 'a', name: 'advisor', max: 2, attacking: false, value: 200 },
    { letter: 'b', name: 'elephant', max: 2, attacking: false, value: 200 },
    { letter: 'n', name: 'horse', max: 2, attacking: true, value: 400 },
    { letter: 'r', name: 'chariot', max: 2, attacking: true, value: 900 },
    { letter: 'c', name: 'cannon', max: 2, attacking: true, value: 450 },
    { letter: 'p', name: 'soldier', max: 5, attacking: true, value: 100 },
  ],
  hasHand: false,
  pass: false,
  promotionFromRole: 0,
  clockResetRole: 0,
  sideNames: { en: ['Red', 'Black'], vi: ['Đỏ', 'Đen'] },
  genPseudo,
  attacked,
  markSensitive,
  notations: XIANGQI_NOTATIONS,
  records: XIANGQI_RECORDS,
  // The xqbase PGN convention that Xiangqi readers (XQ Studio, ElephantEye, the WXF databases) accept:
  // `Game` first, movetext in WXF named by `Format`, with WXF's own `.` for a sideways move.
  pgn: {
    tags: [
      ['Game', 'Chinese Chess'],
      ['Format', 'WXF'],
    ],
    move: (pos, m) => xiangqiWxf.make(pos, m).replace('=', '.'),
  },
  // Repetition and the three draw counters need check/chase facts: the game layer judges them.
  end: { stalemate: 'loss', deadMaterial: 'no-attackers', quietLimit: null, repetitions: null, insufficient: 'no-attackers' },
  validate,
  board: { grid: 'points', sideColors: ['#c62828', '#222222'], coordinates: 'own-right', pieceSets: ['traditional', 'beginner', 'contrast'] },
  clocks: {
    byoyomi: false,
    pools: [
      { kind: 'fischer', minutes: 3, increment: 2 },
      { kind: 'fischer', minutes: 5, increment: 3 },
      { kind: 'fischer', minutes: 10, increment: 5 },
      { kind: 'fischer', minutes: 15, increment: 10 },
    ],
  },
  engine: { sections: XIANGQI_ENGINE },
  material: { decisiveGain: 350, sacrificeLoss: 300 },
};

/** Whether a soldier of `color` on `sq` has crossed the river. */
export const soldierCrossed = (color: Color, sq: number): boolean => !ownHalf[color][sq];

/** Direction of a soldier's forward step for `color`. */
export const soldierForward = (color: Color): number => forward[color];
