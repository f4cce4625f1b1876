/**
 * The edge between the game domain (@youzai/game) and the wire
 * (@youzai/protocol): every view and event a client reads passes here. Each
 * field is copied by name, so a change in the domain that the wire has not
 * taken on fails to compile here rather than reaching clients unannounced.
 */
import type * as domain from '@youzai/game';
import type { ClockView, GameEvent, GameView, RefereeState, Seat, Verdict } from '@youzai/protocol';

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
    turn: v.turn,
    check: v.check,
    drawOffer: v.drawOffer,
    takebacks: v.takebacks,
    takebackOffer: v.takebackOffer,
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
      return { type: e.type, by: e.by };
    case 'connection':
      return { type: 'connection', color: e.color, connected: e.connected };
    case 'berserk':
      return { type: 'berserk', by: e.by, clock: wireClock(e.clock) };
    case 'takeback':
      return { type: 'takeback', by: e.by, ply: e.ply, fen: e.fen, check: e.check, clock: wireClock(e.clock), firstMoveDeadline: e.firstMoveDeadline };
    case 'end':
      return { type: 'end', status: e.status, verdict: wireVerdict(e.verdict) };
  }
}

export function wireVerdict(v: domain.Verdict): Verdict;
export function wireVerdict(v: domain.Verdict | null): Verdict | null;
export function wireVerdict(v: domain.Verdict | null): Verdict | null {
  if (!v) return null;
  const runs = v.runs?.map((r) => ({ ...r, target: r.target && { ...r.target } }));
  return { result: v.result, winner: v.winner, reason: v.reason, code: v.code, params: { ...v.params }, ...(runs ? { runs } : {}) };
}

export function wireSeat(s: domain.Seat | null): Seat | null {
  return s && { userId: s.userId, name: s.name, kind: s.kind, ...(s.level !== undefined ? { level: s.level } : {}) };
}

const wireSeats = (s: readonly [domain.Seat | null, domain.Seat | null]): [Seat | null, Seat | null] => [wireSeat(s[0]), wireSeat(s[1])];

function wireClock(c: domain.ClockView): ClockView {
  return { remainingMs: c.remainingMs, periodsLeft: c.periodsLeft, periodMs: c.periodMs, running: c.running, at: c.at };
}

function wireReferee(r: domain.RefereeState): RefereeState {
  return { ply: r.ply, verdict: wireVerdict(r.verdict), runs: r.runs, counters: r.counters, quiet: r.quiet };
}
