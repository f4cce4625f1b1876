/**
 * Janggi (Korean chess) as one VariantModule: the 9x10 board with its two
 * palaces and their diagonals, move generation, attacks, setup checks.
 * `makeJanggi` builds it under a rule set (the club's site rules or the
 * traditional ones); the geometry and the move code are shared by both.
 */
import { EMPTY, N, OFF, S, E, W, makeGeometry, rankOf, squareName, type Geometry, COLOR_SHIFT, ROLE_MASK } from '../../board.ts';
import { normalMove, passMove } from '../../move.ts';
import type { Position } from '../../position.ts';
import { pieceProblem, type PositionError } from '../../setup.ts';
import type { Color } from '../../types.ts';
import type { VariantModule } from '../../variant.ts';
import { JANGGI_ENGINE } from './engine.ts';
import { JANGGI_NOTATIONS } from './notation.ts';
import { JANGGI_RECORDS } from './records.ts';
import { DIAG, HORSE_LEAPS, JANGGI_ELEPHANT_LEAPS, ORTH, canLand, enemyBase, markRay, mask, reverseLeaps } from '../common.ts';

/** Roles: 1 general, 2 guard, 3 elephant, 4 horse, 5 chariot, 6 cannon, 7 soldier. */
export const GENERAL = 1,
  GUARD = 2,
  ELEPHANT = 3,
  HORSE = 4,
  CHARIOT = 5,
  CANNON = 6,
  SOLDIER = 7;

/** A Janggi rule set. The club's site rules and the traditional rules differ only here. */
export interface JanggiRules {
  /** Site rule: a non-capturing cannon move slides like a chariot; traditionally it must jump a screen. */
  readonly cannonMovesWithoutScreen: boolean;
  /** Traditional rule: soldiers may step forward along the palace diagonals. */
  readonly soldierPalaceDiagonals: boolean;
  /** Plies without a capture (passes count) that end the game in a draw. */
  readonly noCapturePlies: number;
}

export const JANGGI_HOUSE_RULES: JanggiRules = {
  cannonMovesWithoutScreen: true,
  soldierPalaceDiagonals: false,
  noCapturePlies: 200,
};

export const JANGGI_TRADITIONAL_RULES: JanggiRules = {
  cannonMovesWithoutScreen: false,
  soldierPalaceDiagonals: true,
  noCapturePlies: 200,
};

const REV_HORSE = reverseLeaps(HORSE_LEAPS);
const REV_ELEPHANT = reverseLeaps(JANGGI_ELEPHANT_LEAPS);
const forward = [N, S] as const;
const SOLDIER_STEPS = [
  [N, E, W],
  [S, E, W],
] as const;

/** Palace data: membership, and for each point the diagonal steps that follow a palace line. */
function palaceData(geo: Geometry) {
  const palace = [mask(geo, (f, r) => f >= 3 && f <= 5 && r <= 2), mask(geo, (f, r) => f >= 3 && f <= 5 && r >= 7)] as const;
  const anyPalace = mask(geo, (f, r) => f >= 3 && f <= 5 && (r <= 2 || r >= 7));
  // Diagonal points: the four corners and the centre of each palace.
  const point = mask(geo, (f, r) => (f !== 4 ? (r === 0 || r === 2 || r === 7 || r === 9) && (f === 3 || f === 5) : r === 1 || r === 8));
  const diagSteps: number[][] = [];
  for (const s of geo.squares) {
    diagSteps[s] = point[s] ? DIAG.filter((d) => point[s + d] === 1) : [];
  }
  return { palace, anyPalace, diagSteps };
}

const geometry = makeGeometry(9, 10);
const { palace, anyPalace, diagSteps } = palaceData(geometry);

/** Slides along a line (orthogonal, or a palace diagonal when `diag`). */
function slide(b: Uint8Array, from: number, d: number, diag: boolean, lo: number, out: Int32Array, n: number): number {
  let t = from + d;
  let p: number;
  while ((p = b[t]!) === EMPTY) {
    out[n++] = normalMove(from, t);
    if (diag && !diagSteps[t]!.includes(d)) return n;
    t += d;
  }
  if (p !== OFF && (p - lo) >>> 0 < ROLE_MASK) out[n++] = normalMove(from, t);
  return n;
}

/** Cannon along one line: slides (site rule) and captures over one non-cannon screen. */
function cannonLine(rules: JanggiRules, b: Uint8Array, from: number, d: number, diag: boolean, lo: number, out: Int32Array, n: number): number {
  let t = from + d;
  let p: number;
  while ((p = b[t]!) === EMPTY) {
    if (rules.cannonMovesWithoutScreen) out[n++] = normalMove(from, t);
    if (diag && !diagSteps[t]!.includes(d)) return n;
    t += d;
  }
  if (p === OFF || (p & ROLE_MASK) === CANNON) return n;
  if (diag && !diagSteps[t]!.includes(d)) return n;
  t += d;
  while ((p = b[t]!) === EMPTY) {
    if (!rules.cannonMovesWithoutScreen) out[n++] = normalMove(from, t);
    if (diag && !diagSteps[t]!.includes(d)) return n;
    t += d;
  }
  if (p !== OFF && (p & ROLE_MASK) !== CANNON && (p - lo) >>> 0 < ROLE_MASK) out[n++] = normalMove(from, t);
  return n;
}

/** Pseudo-legal moves of the side to move under `rules`, passes included. */
function genPseudo(rules: JanggiRules, pos: Position, out: Int32Array, n: number): number {
  const b = pos.board;
  const us = pos.turn;
  const lo = enemyBase(us);
  const own = us << COLOR_SHIFT;
  const pal = palace[us];
  for (const from of geometry.squares) {
    const p = b[from]!;
    if ((p - own - 1) >>> 0 >= 7) continue;
    switch (p & ROLE_MASK) {
      case GENERAL:
      case GUARD:
        for (const d of ORTH) {
          const t = from + d;
          if (pal[t] && canLand(b[t]!, lo)) out[n++] = normalMove(from, t);
        }
        for (const d of diagSteps[from]!) {
          const t = from + d;
          if (pal[t] && canLand(b[t]!, lo)) out[n++] = normalMove(from, t);
        }
        break;
      case ELEPHANT:
        for (const l of JANGGI_ELEPHANT_LEAPS) {
          const t = from + l.to;
          const q = b[t]!;
          if (q !== OFF && b[from + l.legs[0]!] === EMPTY && b[from + l.legs[1]!] === EMPTY && canLand(q, lo)) {
            out[n++] = normalMove(from, t);
          }
        }
        break;
      case HORSE:
        for (const l of HORSE_LEAPS) {
          const t = from + l.to;
          if (b[from + l.legs[0]!] === EMPTY && canLand(b[t]!, lo)) out[n++] = normalMove(from, t);
        }
        break;
      case CHARIOT:
        for (const d of ORTH) n = slide(b, from, d, false, lo, out, n);
        for (const d of diagSteps[from]!) n = slide(b, from, d, true, lo, out, n);
        break;
      case CANNON:
        for (const d of ORTH) n = cannonLine(rules, b, from, d, false, lo, out, n);
        for (const d of diagSteps[from]!) n = cannonLine(rules, b, from, d, true, lo, out, n);
        break;
      case SOLDIER: {
        for (const d of SOLDIER_STEPS[us]) {
          if (canLand(b[from + d]!, lo)) out[n++] = normalMove(from, from + d);
        }
        if (rules.soldierPalaceDiagonals) {
          for (const d of diagSteps[from]!) {
            if ((us === 0 ? d > 0 : d < 0) && canLand(b[from + d]!, lo)) out[n++] = normalMove(from, from + d);
          }
        }
        break;
      }
    }
  }
  const k = pos.kings[us]!;
  if (k >= 0) out[n++] = passMove(k);
  return n;
}

/** Chariot or cannon attack along one line towards `sq`. */
function lineAttack(b: Uint8Array, sq: number, d: number, diag: boolean, chariot: number, cannon: number): boolean {
  let t = sq + d;
  let p: number;
  while ((p = b[t]!) === EMPTY) {
    if (diag && !diagSteps[t]!.includes(d)) return false;
    t += d;
  }
  if (p === OFF) return false;
  if (p === chariot) return true;
  if ((p & ROLE_MASK) === CANNON) return false;
  if (diag && !diagSteps[t]!.includes(d)) return false;
  t += d;
  while ((p = b[t]!) === EMPTY) {
    if (diag && !diagSteps[t]!.includes(d)) return false;
    t += d;
  }
  return p === cannon;
}

/** Whether `by` attacks `sq` under `rules`. */
function attacked(rules: JanggiRules, pos: Position, sq: number, by: Color): boolean {
  const b = pos.board;
  const base = by << COLOR_SHIFT;
  const chariot = base + CHARIOT,
    cannon = base + CANNON;
  for (const d of ORTH) if (lineAttack(b, sq, d, false, chariot, cannon)) return true;
  for (const d of diagSteps[sq]!) if (lineAttack(b, sq, d, true, chariot, cannon)) return true;
  const horse = base + HORSE;
  for (const l of REV_HORSE) if (b[sq + l.from] === horse && b[sq + l.legs[0]!] === EMPTY) return true;
  const elephant = base + ELEPHANT;
  for (const l of REV_ELEPHANT) {
    if (b[sq + l.from] === elephant && b[sq + l.legs[0]!] === EMPTY && b[sq + l.legs[1]!] === EMPTY) return true;
  }
  const soldier = base + SOLDIER;
  if (b[sq - forward[by]] === soldier || b[sq + E] === soldier || b[sq + W] === soldier) return true;
  if (rules.soldierPalaceDiagonals) {
    for (const d of diagSteps[sq]!) if ((by === 0 ? d < 0 : d > 0) && b[sq + d] === soldier) return true;
  }
  // Generals and guards never leave their palace, so they never reach the other general.
  return false;
}

/** Setup checks beyond piece counts: a general or guard outside its palace, a soldier where it can never be. */
function validate(pos: Position): PositionError | null {
  for (const s of geometry.squares) {
    const p = pos.board[s]!;
    if (p === EMPTY) continue;
    const c = (p >> COLOR_SHIFT) as Color;
    const r = c === 0 ? rankOf(s) : 9 - rankOf(s);
    const role = p & ROLE_MASK;
    if ((role === GENERAL || role === GUARD) && !palace[c][s]) {
      return pieceProblem(pos, 'position.outside-palace', s, `A ${role === GENERAL ? 'general' : 'guard'} on ${squareName(s)} is outside its palace`);
    }
    if (role === SOLDIER && r < 3) return pieceProblem(pos, 'position.unreachable', s, `A soldier can never reach ${squareName(s)}`);
  }
  return null;
}

/** Marks the squares whose occupancy could let `them` attack the general on `ksq` (VariantModule.markSensitive). */
function markSensitive(pos: Position, ksq: number, them: Color, mark: Int32Array, stamp: number): void {
  const b = pos.board;
  const base = them << COLOR_SHIFT;
  const chariot = base + CHARIOT,
    cannon = base + CANNON,
    horse = base + HORSE,
    elephant = base + ELEPHANT;
  for (const d of ORTH) markRay(b, ksq, d, chariot, cannon, chariot, mark, stamp);
  // Palace diagonals are short: mark the whole palace when an enemy chariot or cannon is in it.
  if (diagSteps[ksq]!.length) {
    for (const s of geometry.squares) {
      if (!anyPalace[s] || rankOf(s) <= 2 !== rankOf(ksq) <= 2) continue;
      const p = b[s]!;
      if (p === chariot || p === cannon) {
        for (const t of geometry.squares) if (anyPalace[t] && rankOf(t) <= 2 === rankOf(ksq) <= 2) mark[t] = stamp;
        break;
      }
    }
  }
  for (const l of REV_HORSE) if (b[ksq + l.from] === horse) mark[ksq + l.legs[0]!] = stamp;
  for (const l of REV_ELEPHANT) {
    if (b[ksq + l.from] === elephant) {
      mark[ksq + l.legs[0]!] = stamp;
      mark[ksq + l.legs[1]!] = stamp;
    }
  }
}

/** The Janggi module under a rule set: the rules reach move generation, attacks and the no-capture limit. */
export function makeJanggi(rules: JanggiRules): VariantModule<'janggi'> {
  return {
    key: 'janggi',
    name: { en: 'Janggi', vi: 'Cờ tướng Triều Tiên' },
    geometry,
    startFen: 'rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1',
    roles: [
      undefined,
      { letter: 'k', name: 'general', max: 1, attacking: false, value: 0 },
      { letter: 'a', name: 'guard', max: 2, attacking: false, value: 300 },
      { letter: 'b', name: 'elephant', max: 2, attacking: true, value: 300 },
      { letter: 'n', name: 'horse', max: 2, attacking: true, value: 500 },
      { letter: 'r', name: 'chariot', max: 2, attacking: true, value: 1300 },
      { letter: 'c', name: 'cannon', max: 2, attacking: true, value: 700 },
      { letter: 'p', name: 'soldier', max: 5, attacking: true, value: 200 },
    ],
    hasHand: false,
    pass: true,
    promotionFromRole: 0,
    clockResetRole: 0,
    sideNames: { en: ['Cho', 'Han'], vi: ['Cho', 'Han'] },
    genPseudo: (pos, out, n) => genPseudo(rules, pos, out, n),
    attacked: (pos, sq, by) => attacked(rules, pos, sq, by),
    markSensitive,
    notations: JANGGI_NOTATIONS,
    records: JANGGI_RECORDS,
    // A side not in check can always pass, so "stalemate" never arises.
    end: {
      stalemate: 'draw',
      deadMaterial: 'none',
      quietLimit: { plies: rules.noCapturePlies, pawnMoveIsProgress: false, reason: 'no-capture-limit' },
      repetitions: null,
      insufficient: 'no-attackers',
    },
    validate,
    board: { grid: 'points', sideColors: ['#1b6e3b', '#c62828'], coordinates: 'rank-first', pieceSets: ['traditional', 'contrast', 'beginner'] },
    clocks: {
      // Byo-yomi is what Janggi players expect.
      byoyomi: true,
      pools: [
        { kind: 'fischer', minutes: 5, increment: 3 },
        { kind: 'fischer', minutes: 10, increment: 5 },
        { kind: 'byoyomi', minutes: 10, periods: 3, seconds: 30 },
      ],
    },
    engine: { sections: JANGGI_ENGINE },
    material: { decisiveGain: 450, sacrificeLoss: 300 },
  };
}

export const janggi = makeJanggi(JANGGI_HOUSE_RULES);
