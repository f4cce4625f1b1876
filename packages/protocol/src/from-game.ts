/**
 * What the game domain (@youzai/game) decides, as the wire says it: sides by
 * name, each field copied by name, so a change in the domain that the wire
 * has not taken on fails to compile here. One mapping for both edges that
 * hold the domain: the server (every view and event a client reads) and
 * the browser (its local referee's verdicts and runs). The
 * import is of types only: nothing of the game layer ships with the wire.
 */
import type * as domain from '@youzai/game';
import { SIDES, type Color, type Side } from '@youzai/rules';
import type { ClockView, GameEvent, GameView, RefereeState, RunFact, Seat, Verdict } from './game-wire.ts';

/** A side by name, as the wire says it (the domain indexes sides 0 and 1). */
export const wireSide = (c: Color): Side => SIDES[c];
export const wireSideOrNull = (c: Color | null): Side | null => (c === null ? null : SIDES[c]);

export function wireVerdict(v: domain.Verdict): Verdict;
export function wireVerdict(v: domain.Verdict | null): Verdict | null;
export function wireVerdict(v: domain.Verdict | null): Verdict | null {
  if (!v) return null;
  const runs = v.runs?.map(wireRun);
  return { result: v.result, winner: wireSideOrNull(v.winner), reason: v.reason, code: v.code, params: wireParams(v.params), ...(runs ? { runs } : {}) };
}

/** Verdict facts that hold a side (VerdictParams: `side`, `other`) are named; the rest are copied. */
const SIDE_PARAMS: ReadonlySet<string> = new Set(['side', 'other']);

function wireParams(p: domain.Verdict['params']): Verdict['params'] {
  const out: Record<string, number | string> = {};
  for (const [k, v] of Object.entries(p)) out[k] = SIDE_PARAMS.has(k) && (v === 0 || v === 1) ? wireSide(v) : v;
  return out;
}

function wireRun(r: domain.RunFact): RunFact {
  const target = r.target && { role: r.target.role, owner: wireSide(r.target.owner), square: r.target.square };
  return { kind: r.kind, side: wireSide(r.side), length: r.length, pieces: r.pieces, limit: r.limit, target };
}

export function wireClock(c: domain.ClockView): ClockView {
  return { remainingMs: c.remainingMs, periodsLeft: c.periodsLeft, periodMs: c.periodMs, running: wireSideOrNull(c.running), at: c.at };
}

export function wireReferee(r: domain.RefereeState): RefereeState {
  return { ply: r.ply, verdict: wireVerdict(r.verdict), runs: r.runs, counters: r.counters, quiet: r.quiet };
}

export function wireView(v: domain.GameView): GameView {
  return {
    id: v.id,
    variant: v.variant,
    initialFen: v.initialFen,
    fen: v.fen,
    status: v.status,
    seats: wireSeats(v.seats),
    rated: v.rated,
    clockConfig: v.clockConfig,
    clock: wireClock(v.clock),
    moves: v.moves,
    ply: v.ply,
    turn: wireSide(v.turn),
    check: v.check,
    drawOffer: wireSideOrNull(v.drawOffer),
    takebacks: v.takebacks,
    takebackOffer: wireSideOrNull(v.takebackOffer),
    takebackAt: v.takebackAt,
    verdict: wireVerdict(v.verdict),
    referee: wireReferee(v.referee),
    firstMoveDeadline: v.firstMoveDeadline,
    disconnectedSince: v.disconnectedSince,
    claimGraceMs: v.claimGraceMs,
    berserkable: v.berserkable,
    berserk: v.berserk,
    createdAt: v.createdAt,
    startedAt: v.startedAt,
    endedAt: v.endedAt,
  };
}

export function wireEvent(e: domain.GameEvent): GameEvent {
  switch (e.type) {
    case 'started':
      return { type: 'started', seats: wireSeats(e.seats), firstMoveDeadline: e.firstMoveDeadline };
    case 'move':
      return {
        type: 'move',
        ply: e.ply,
        uci: e.uci,
        fen: e.fen,
        check: e.check,
        clock: wireClock(e.clock),
        capture: e.capture,
        firstMoveDeadline: e.firstMoveDeadline,
      };
    case 'draw-offer':
    case 'draw-declined':
    case 'takeback-offer':
    case 'takeback-declined':
      return { type: e.type, by: wireSide(e.by) };
    case 'connection':
      return { type: 'connection', side: wireSide(e.color), connected: e.connected };
    case 'berserk':
      return { type: 'berserk', by: wireSide(e.by), clock: wireClock(e.clock) };
    case 'takeback':
      return {
        type: 'takeback',
        by: wireSide(e.by),
        ply: e.ply,
        fen: e.fen,
        check: e.check,
        clock: wireClock(e.clock),
        firstMoveDeadline: e.firstMoveDeadline,
      };
    case 'end':
      return { type: 'end', status: e.status, verdict: wireVerdict(e.verdict) };
    case 'resumed':
      return { type: 'resumed', clock: wireClock(e.clock), firstMoveDeadline: e.firstMoveDeadline };
  }
}

export function wireSeat(s: domain.Seat | null): Seat | null {
  return s && { userId: s.userId, name: s.name, kind: s.kind, ...(s.level !== undefined ? { level: s.level } : {}), ...(s.title ? { title: s.title } : {}) };
}

const wireSeats = (s: readonly [domain.Seat | null, domain.Seat | null]): [Seat | null, Seat | null] => [wireSeat(s[0]), wireSeat(s[1])];
