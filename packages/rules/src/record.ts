import { EMPTY, makePiece, ROLE_MASK } from './board.ts';
import { makeFen } from './fen.ts';
import { KIND_DROP, KIND_PASS, moveFrom, moveKind, moveTo, type Move, moveRole } from './move.ts';
import type { Outcome } from './outcome.ts';
import type { Position } from './position.ts';
import { err, ok, type Result, type RuleError } from './result.ts';
import type { Color } from './types.ts';
import { parseUci, type MoveErrorCode } from './uci.ts';

/** Facts about one played ply that later rules (and the game layer) need. */
export interface PlyFacts {
  readonly move: Move;
  readonly uci: string;
  readonly capture: boolean;
  readonly drop: boolean;
  readonly pass: boolean;
  /** The moved piece's role (0 for a pass). */
  readonly role: number;
  readonly givesCheck: boolean;
  /** Position key after the ply. */
  readonly key: string;
}

/**
 * A game's moves from a start position with the end rules the position and
 * its history decide (RULES.md). Xiangqi's perpetual check/chase and draw
 * counters are judged by the game layer on top of these facts.
 */
export class GameRecord {
  readonly pos: Position;
  readonly plies: PlyFacts[] = [];
  readonly startKey: string;
  outcome: Outcome | null = null;
  /** Plies since the last progress for the variant's quiet limit. */
  quiet = 0;
  private readonly occurrences = new Map<string, number>();

  constructor(start: Position) {
    this.pos = start.clone();
    this.startKey = this.pos.key();
    this.occurrences.set(this.startKey, 1);
    this.outcome = this.judge();
  }

  clone(): GameRecord {
    const c = new GameRecord(this.pos);
    (c as { startKey: string }).startKey = this.startKey;
    c.plies.push(...this.plies);
    c.outcome = this.outcome;
    c.quiet = this.quiet;
    c.occurrences.clear();
    for (const [k, n] of this.occurrences) c.occurrences.set(k, n);
    return c;
  }

  get fen(): string {
    return makeFen(this.pos);
  }

  play(text: string): Result<PlyFacts, RuleError<MoveErrorCode | 'game.over'>> {
    if (this.outcome) return err('game.over', 'The game is already over');
    const parsed = parseUci(this.pos, text);
    if (!parsed.ok) return parsed;
    return ok(this.playMove(parsed.value, text));
  }

  /** Plays a move known to be legal. */
  playMove(m: Move, uci: string): PlyFacts {
    const pos = this.pos;
    const v = pos.variant;
    const kind = moveKind(m);
    const pass = kind === KIND_PASS;
    const drop = kind === KIND_DROP;
    const capture = !pass && !drop && pos.board[moveTo(m)] !== EMPTY && moveFrom(m) !== moveTo(m);
    const role = pass ? 0 : drop ? moveRole(m) : pos.board[moveFrom(m)]! & ROLE_MASK;
    pos.play(m);
    const key = pos.key();
    const facts: PlyFacts = { move: m, uci, capture, drop, pass, role, givesCheck: pos.inCheck(), key };
    this.plies.push(facts);
    const q = v.end.quietLimit;
    if (q && !drop) {
      const progress = capture || (q.pawnMoveIsProgress && role === v.clockResetRole && role !== 0);
      this.quiet = progress ? 0 : this.quiet + 1;
    }
    this.occurrences.set(key, (this.occurrences.get(key) ?? 0) + 1);
    this.outcome = this.judge();
    return facts;
  }

  /** How many times the current position has occurred (same side to move). */
  occurrencesOfCurrent(): number {
    return this.occurrences.get(this.pos.key()) ?? 0;
  }

  private judge(): Outcome | null {
    const pos = this.pos;
    const end = pos.variant.end;
    const us = pos.turn;
    if (!pos.hasLegalMove()) {
      if (pos.inCheck()) return { winner: (us ^ 1) as Color, reason: 'checkmate' };
      return { winner: end.stalemate === 'loss' ? ((us ^ 1) as Color) : null, reason: 'stalemate' };
    }
    if (end.deadMaterial !== 'none' && isDeadMaterial(pos, end.deadMaterial)) return { winner: null, reason: 'bare-material' };
    if (end.quietLimit && this.quiet >= end.quietLimit.plies) return { winner: null, reason: end.quietLimit.reason };
    if (end.repetitions !== null && this.occurrencesOfCurrent() >= end.repetitions) return { winner: null, reason: 'repetition' };
    return null;
  }
}

/** Whether a side owns a piece that could still give mate (board or hand). */
export function hasMatingMaterial(pos: Position, c: Color, rule: 'no-attackers' | 'kings-only'): boolean {
  const roles = pos.variant.roles;
  for (let r = 2; r < roles.length; r++) {
    const info = roles[r];
    if (!info) continue;
    const p = makePiece(c, r);
    if (pos.count[p]! + pos.hand[p]! === 0) continue;
    if (rule === 'kings-only' || info.attacking) return true;
  }
  return false;
}

export function isDeadMaterial(pos: Position, rule: 'no-attackers' | 'kings-only'): boolean {
  return !hasMatingMaterial(pos, 0, rule) && !hasMatingMaterial(pos, 1, rule);
}
