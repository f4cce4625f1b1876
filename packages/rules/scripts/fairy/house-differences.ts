/**
 * The one list of differences between our house rules and what
 * Fairy-Stockfish can be configured to play (see HOUSE-DIFFERENCES.md).
 * The differential test tolerates a position's difference only when one of
 * these explains it; everything else must match exactly.
 */
import { EMPTY, OFF, parseSquare, ROLE_MASK } from '../../src/board.ts';
import type { Position } from '../../src/position.ts';
import { parseUci } from '../../src/uci.ts';
import { DIAG, ORTH } from '../../src/variants/common.ts';
import { CANNON } from '../../src/variants/janggi/index.ts';

export interface HouseDifference {
  readonly id: string;
  /** Fairy-Stockfish variant name the difference applies to. */
  readonly variant: string;
  readonly reason: string;
  /** Whether the rule difference is in play in this position, given the moves on which the two sides differ. */
  explains(pos: Position, differing: readonly string[]): boolean;
}

/**
 * Whether any cannon's moves or attacks differ between the site rule and FS's
 * custom `mRcpR` cannon: a differing move is a cannon's own move, or some
 * cannon could use a cannon as screen or target, or stands on a palace
 * diagonal.
 */
function janggiCannonRuleInPlay(pos: Position, differing: readonly string[]): boolean {
  const b = pos.board;
  for (const m of differing) {
    const from = parseSquare(pos.variant.geometry, /^[a-i]\d+/.exec(m)?.[0] ?? '');
    if (from >= 0 && (b[from]! & ROLE_MASK) === CANNON && b[from] !== EMPTY) return true;
  }
  for (const s of pos.variant.geometry.squares) {
    if ((b[s]! & ROLE_MASK) !== CANNON || b[s] === EMPTY) continue;
    // Palace diagonals: FS's custom piece has none.
    for (const d of DIAG) {
      const t = s + d;
      if (b[t] !== OFF && isPalacePoint(pos, s) && isPalacePoint(pos, t)) return true;
    }
    // A cannon as screen or as target: FS's custom piece allows both.
    for (const d of ORTH) {
      let t = s + d;
      while (b[t] === EMPTY) t += d;
      if (b[t] === OFF) continue;
      if ((b[t]! & ROLE_MASK) === CANNON) return true;
      t += d;
      while (b[t] === EMPTY) t += d;
      if (b[t] !== OFF && (b[t]! & ROLE_MASK) === CANNON) return true;
    }
  }
  return false;
}

function isPalacePoint(pos: Position, sq: number): boolean {
  const f = (sq & 15) - 3;
  const r = (sq >> 4) - 3;
  void pos;
  const palaceRank = r <= 2 ? r : r >= 7 ? r - 7 : -1;
  if (palaceRank < 0) return false;
  return (f === 4 && palaceRank === 1) || ((f === 3 || f === 5) && palaceRank !== 1);
}

/** Whether a differing move is a promotion that gives check (by the new General or by a piece it uncovers). */
function sittuyinPromotionGivesCheck(pos: Position, differing: readonly string[]): boolean {
  return differing.some((m) => {
    if (!m.endsWith('f')) return false;
    const r = parseUci(pos, m);
    if (!r.ok) return true; // FS allows it and we do not: only the check rule could tell them apart
    pos.make(r.value);
    const check = pos.inCheck();
    pos.unmake();
    return check;
  });
}

export const HOUSE_DIFFERENCES: readonly HouseDifference[] = [
  {
    id: 'sittuyin-promotion-uncovers-check',
    variant: 'sittuyin',
    reason:
      'RULES.md forbids only the new General attacking an enemy piece; Fairy-Stockfish forbids any promotion that gives check, ' +
      'including a check by another piece that the promoting pawn uncovers.',
    explains: sittuyinPromotionGivesCheck,
  },
  {
    id: 'janggi-site-cannon',
    variant: 'janggi',
    reason:
      'Site rule: a non-capturing cannon move slides like a chariot. Fairy-Stockfish expresses that only as a custom piece (mRcpR), ' +
      'which cannot forbid a cannon as screen or as target, nor walk the palace diagonals; where that matters the move sets differ ' +
      '(also for other pieces, through check).',
    explains: janggiCannonRuleInPlay,
  },
];
