/**
 * The client's copy of one game: the server's full view, kept current by
 * versioned frames (one per version); a gap in versions asks for a resync. A local referee
 * (the same pure code as the server's) gives the Xiangqi runs and counters
 * between full frames and warns before a move that would lose by a rule.
 */
import { movesThatViolate, startReferee, type Referee } from '@youzai/game';
import { wireReferee, wireVerdict, type ClockView, type GameEvent, type GameView, type RefereeState, type Verdict } from '@youzai/protocol';
import { otherSide, sideIndex, type Side } from '@youzai/rules';
import { clockFace } from './clock-display.ts';
import { MoveHistory } from './move-history.ts';

export type ApplyResult = 'applied' | 'ignored' | 'resync';

export class LiveGame {
  view: GameView;
  /** The side this browser plays, as the server named it; null for a watcher. */
  you: Side | null;
  v: number;
  history: MoveHistory;
  private referee: Referee | null;
  /** movesThatViolate() of one referee at one ply: a render asks again for nothing. */
  private violations: { readonly referee: Referee; readonly ply: number; readonly moves: readonly string[] } | null = null;
  /** Events of the last apply, for sounds and animations. */
  lastEvents: GameEvent[] = [];

  constructor(view: GameView, v: number, you: Side | null) {
    this.view = view;
    this.v = v;
    this.you = you;
    this.history = MoveHistory.from(view.variant, view.initialFen, view.moves) ?? MoveHistory.from(view.variant, view.fen)!;
    this.referee = this.buildReferee();
  }

  private buildReferee(): Referee | null {
    const r = startReferee(this.view.variant, this.view.initialFen);
    if (!r.ok) return null;
    for (const m of this.view.moves) if (!r.value.play(m).ok) return null;
    return r.value;
  }

  /** Replaces everything with a full frame. */
  reset(view: GameView, v: number, you: Side | null): void {
    this.view = view;
    this.v = v;
    this.you = you;
    this.history = MoveHistory.from(view.variant, view.initialFen, view.moves) ?? this.history;
    this.referee = this.buildReferee();
    this.lastEvents = [];
  }

  /**
   * Applies the frame that took the game to version `v` (all of that version's events at once);
   * `now` is the server's time of the frame. A frame of connection events only keeps the version.
   */
  apply(v: number, events: readonly GameEvent[], now: number): ApplyResult {
    if (events.every((e) => e.type === 'connection')) {
      for (const e of events) this.connection(e, now);
      this.lastEvents = [...events];
      return 'applied';
    }
    // A turn given back after an outage (`resumed` at the version held, not stored): the clock as it runs now.
    if (v === this.v && events.every((e) => e.type === 'connection' || e.type === 'resumed')) {
      for (const e of events) this.step(e, now);
      this.lastEvents = [...events];
      return 'applied';
    }
    if (v <= this.v) return 'ignored';
    if (v !== this.v + 1) return 'resync';
    for (const e of events) if (!this.step(e, now)) return 'resync';
    this.v = v;
    this.lastEvents = [...events];
    return 'applied';
  }

  private connection(event: Extract<GameEvent, { type: 'connection' }>, now: number): void {
    const d = [...this.view.disconnectedSince] as [number | null, number | null];
    // Server time, as the claim button compares it with the server's clock.
    const i = sideIndex(event.side);
    d[i] = event.connected ? null : (d[i] ?? now);
    this.view = { ...this.view, disconnectedSince: d };
  }

  /** One event of a version; false when it does not follow from what is here (the caller asks for the full state). */
  private step(event: GameEvent, now: number): boolean {
    const view = this.view;
    switch (event.type) {
      case 'connection':
        this.connection(event, now);
        break;
      case 'started':
        // The deadline is the server's, by its own configured rule.
        this.view = { ...view, seats: event.seats, status: 'active', startedAt: view.startedAt ?? now, firstMoveDeadline: event.firstMoveDeadline };
        break;
      case 'move': {
        if (event.ply !== view.ply + 1 || !this.history.push(event.uci)) return false;
        this.referee?.play(event.uci);
        const mover = view.turn;
        this.view = {
          ...view,
          status: view.status === 'waiting' ? 'active' : view.status,
          moves: [...view.moves, event.uci],
          fen: event.fen,
          ply: event.ply,
          turn: otherSide(mover),
          check: event.check,
          clock: event.clock,
          drawOffer: view.drawOffer !== null && view.drawOffer !== mover ? null : view.drawOffer,
          // A move answers a takeback request (the server withdraws it).
          takebackOffer: null,
          referee: this.referee ? wireReferee(this.referee.state()) : view.referee,
          // After the first ply the second side gets its own first-move deadline, set by the server.
          firstMoveDeadline: event.firstMoveDeadline,
        };
        break;
      }
      case 'berserk': {
        const berserk = [...view.berserk] as [boolean, boolean];
        berserk[sideIndex(event.by)] = true;
        this.view = { ...view, berserk, clock: event.clock };
        break;
      }
      case 'resumed':
        // Another server took the game over: the clock as it runs there.
        this.view = { ...view, clock: event.clock, firstMoveDeadline: event.firstMoveDeadline };
        break;
      case 'draw-offer':
        this.view = { ...view, drawOffer: event.by };
        break;
      case 'draw-declined':
        this.view = { ...view, drawOffer: null };
        break;
      case 'takeback-offer':
        this.view = { ...view, takebackOffer: event.by, takebackAt: setAt(view.takebackAt, sideIndex(event.by), view.ply) };
        break;
      case 'takeback-declined':
        this.view = { ...view, takebackOffer: null };
        break;
      case 'takeback': {
        // Back to an earlier ply: the moves after it go, and the referee is replayed over the rest (runs and counters as they were).
        if (event.ply > view.ply) return false;
        const moves = view.moves.slice(0, event.ply);
        // Popped, not rebuilt: the move list sees the moves taken back (its notation texts stay).
        while (this.history.length > event.ply) this.history.pop();
        this.view = {
          ...view,
          moves,
          ply: event.ply,
          fen: event.fen,
          turn: event.by,
          check: event.check,
          clock: event.clock,
          drawOffer: null,
          takebackOffer: null,
          // The asker's next request counts from the ply the game returned to (as the server counts).
          takebackAt: setAt(view.takebackAt, sideIndex(event.by), event.ply),
          firstMoveDeadline: event.firstMoveDeadline,
        };
        this.referee = this.buildReferee();
        this.view = { ...this.view, referee: this.referee ? wireReferee(this.referee.state()) : view.referee };
        break;
      }
      case 'end':
        this.view = {
          ...view,
          status: event.status,
          verdict: event.verdict,
          drawOffer: null,
          firstMoveDeadline: null,
          endedAt: now,
          clock: stopClock(view.clock, now),
        };
        break;
    }
    return true;
  }

  get refereeState(): RefereeState {
    return this.referee ? wireReferee(this.referee.state()) : this.view.referee;
  }

  /** The verdict this move would bring against its mover, if any (Xiangqi run limits). */
  wouldViolate(uci: string): Verdict | null {
    return wireVerdict(this.referee?.wouldViolate(uci) ?? null);
  }

  /**
   * Legal moves of the current position that would lose (or draw) at once by
   * a rule, for the warning beside the board. Computed once per position and
   * only when the side to move has a run at its limit (no other move can
   * violate one): each costs a referee clone, and the page renders many
   * times per move.
   */
  movesThatViolate(): readonly string[] {
    const ref = this.referee;
    if (!ref) return [];
    const cached = this.violations;
    if (cached && cached.referee === ref && cached.ply === ref.ply) return cached.moves;
    const moves = movesThatViolate(ref);
    this.violations = { referee: ref, ply: ref.ply, moves };
    return moves;
  }

  /** Whether this player may claim the win now: the opponent has been away longer than the server's grace (server time). */
  canClaimVictory(serverNow: number): boolean {
    if (this.you === null || this.view.status !== 'active') return false;
    const gone = this.view.disconnectedSince[sideIndex(otherSide(this.you))];
    const grace = this.view.claimGraceMs;
    return gone !== null && grace !== null && serverNow - gone >= grace;
  }

  get isPlayer(): boolean {
    return this.you !== null;
  }

  get myTurn(): boolean {
    return this.you !== null && this.view.status === 'active' && this.view.turn === this.you;
  }

  get over(): boolean {
    return this.view.status === 'finished' || this.view.status === 'aborted';
  }
}

/** The clock stopped at `now`: the running side keeps what it had left then (a flag shows 0, not its time at the turn's start). */
export function stopClock(clock: ClockView, now: number): ClockView {
  if (clock.running === null) return clock;
  const c = sideIndex(clock.running);
  const face = clockFace(clock, c, now);
  const remainingMs = [...clock.remainingMs] as [number, number];
  remainingMs[c] = face.totalMs;
  return { ...clock, remainingMs, running: null, at: now };
}

function setAt(pair: readonly [number | null, number | null], i: 0 | 1, value: number): readonly [number | null, number | null] {
  return i === 0 ? [value, pair[1]] : [pair[0], value];
}
