/**
 * A game as a value: its persisted snapshot, its moves and the conduct rules
 * it runs under. A Game never changes; `apply` (apply.ts) returns the next
 * one with the events that lead there, so whoever holds a Game decides when
 * the next one replaces it (the server: only once it is stored). Time is an
 * argument; nothing here reads a clock.
 */
import { VARIANTS, err, makeFen, ok, type Color, type Result, type RuleError } from '@youzai/rules';
import { flagAt, isBerserk, isCorrespondence, newClock, read, startTurn, type ClockConfig } from './clock.ts';
import { movesThatViolate, type Referee } from './referee.ts';
import { RefereeSlot } from './referee-slot.ts';
import {
  DEFAULT_CONDUCT,
  type ClockView,
  type ConductRules,
  type GameData,
  type GameSetup,
  type GameStatus,
  type GameView,
  type MoveEntry,
  type Seat,
  takebacksAllowed,
} from './state.ts';
import type { Verdict } from './verdict.ts';

export * from './state.ts';

export class Game {
  private constructor(
    readonly data: GameData,
    readonly moves: readonly MoveEntry[],
    readonly conduct: ConductRules,
    private readonly slot: RefereeSlot,
  ) {
    Object.freeze(this);
  }

  /** A new game; it starts at once when both seats are filled. */
  static create(setup: GameSetup, seats: readonly [Seat | null, Seat | null], now: number, conduct = DEFAULT_CONDUCT): Result<Game, RuleError> {
    const slot = RefereeSlot.replay(setup, []);
    if (!slot.ok) return slot;
    const moves: readonly MoveEntry[] = [];
    if (slot.value.for(moves).verdict) return err('fen.game-over', 'The position is already decided: there is nothing to play');
    const data: GameData = {
      setup,
      seats,
      status: 'waiting',
      clock: newClock(setup.clock),
      drawOffer: null,
      verdict: null,
      startedAt: null,
      endedAt: null,
      firstMoveDeadline: null,
      disconnectedSince: [null, null],
    };
    const started = seats[0] && seats[1] ? begin(data, now, conduct) : data;
    return ok(new Game(started, moves, conduct, slot.value));
  }

  /** Rebuilds a game from its snapshot and moves (after a restart), without charging the downtime. */
  static restore(data: GameData, moves: readonly MoveEntry[], now: number, conduct = DEFAULT_CONDUCT): Result<Game, RuleError> {
    const list = [...moves];
    const slot = RefereeSlot.replay(data.setup, list);
    if (!slot.ok) return slot;
    let d = data;
    if (d.status === 'active' && isCorrespondence(d.setup.clock)) {
      // Days per move: the deadline stands (giving back the whole turn would give days), but
      // one that fell, or falls within the grace, while the server was down moves to now + grace.
      const flag = flagAt(d.clock);
      const soonest = now + RESTORE_GRACE_MS;
      const clock = flag !== null && d.clock.running !== null && flag < soonest ? { ...d.clock, since: soonest - d.clock.mainMs[d.clock.running] } : d.clock;
      const first = d.firstMoveDeadline !== null ? Math.max(d.firstMoveDeadline, now + RESTORE_GRACE_MS) : null;
      d = { ...d, clock, firstMoveDeadline: first, disconnectedSince: [null, null] };
    } else if (d.status === 'active') {
      // The running side gets back the whole of its turn: neither the downtime
      // nor the time it spent before the crash is charged.
      d = {
        ...d,
        clock: d.clock.running !== null ? startTurn(d.clock, d.clock.running, now) : d.clock,
        firstMoveDeadline: d.firstMoveDeadline !== null ? now + conduct.firstMoveMs : null,
        disconnectedSince: [now, now],
      };
    }
    return ok(new Game(d, list, conduct, slot.value));
  }

  /** The game after a change: new data, and the moves (the same list unless a move was played). */
  next(data: GameData, moves: readonly MoveEntry[] = this.moves): Game {
    return new Game(data, moves, this.conduct, this.slot);
  }

  /** Plays `uci` on this game's referee for a successor whose moves are `next`; this game is unchanged. */
  play(uci: string, next: readonly MoveEntry[]) {
    return this.slot.play(this.moves, uci, next);
  }

  /** The referee at this game's position: read it, never play on it. */
  get referee(): Referee {
    return this.slot.for(this.moves);
  }

  get id(): string {
    return this.data.setup.id;
  }
  /** The persisted snapshot (everything but the moves). */
  get snapshot(): GameData {
    return this.data;
  }
  get status(): GameStatus {
    return this.data.status;
  }
  get ply(): number {
    return this.moves.length;
  }
  /** The side to move. */
  get turn(): Color {
    return this.referee.pos.turn;
  }
  seatOf(userId: string): Color | null {
    const s = this.data.seats;
    if (s[0]?.userId === userId) return 0;
    if (s[1]?.userId === userId) return 1;
    return null;
  }

  /** When the game next needs a `tick`: a flag, a first-move deadline, or null. */
  nextDeadline(): number | null {
    if (this.data.status !== 'active') return null;
    const a = this.data.firstMoveDeadline;
    const b = flagAt(this.data.clock);
    if (a === null) return b;
    if (b === null) return a;
    return Math.min(a, b);
  }

  view(now: number): GameView {
    const d = this.data;
    const ref = this.referee;
    const pos = ref.pos;
    return {
      id: d.setup.id,
      variant: d.setup.variant,
      initialFen: d.setup.fen ?? VARIANTS[d.setup.variant].startFen,
      fen: makeFen(pos),
      status: d.status,
      seats: d.seats,
      rated: d.setup.rated,
      clockConfig: d.setup.clock,
      clock: this.clockView(now),
      moves: this.moves.map((m) => m.uci),
      ply: this.moves.length,
      turn: pos.turn,
      check: pos.inCheck(),
      drawOffer: d.drawOffer,
      takebacks: takebacksAllowed(d.setup),
      takebackOffer: d.takebackOffer ?? null,
      takebackAt: d.takebackAt ?? [null, null],
      verdict: d.verdict,
      referee: ref.state(),
      firstMoveDeadline: d.firstMoveDeadline,
      disconnectedSince: d.disconnectedSince,
      claimGraceMs: isCorrespondence(d.setup.clock) ? null : this.conduct.disconnectGraceMs,
      berserkable: d.setup.berserkable === true,
      berserk: [isBerserk(d.clock, 0), isBerserk(d.clock, 1)],
      createdAt: d.setup.createdAt,
      startedAt: d.startedAt,
      endedAt: d.endedAt,
    };
  }

  /** The referee's warning for a candidate move (Xiangqi run limits). */
  wouldViolate(uci: string): Verdict | null {
    return this.referee.wouldViolate(uci);
  }

  /** Legal moves that would lose (or draw) at once by a run limit; empty unless the side to move is at its limit. */
  movesThatViolate(): string[] {
    return movesThatViolate(this.referee);
  }

  clockView(now: number): ClockView {
    const c = this.data.clock;
    const r0 = read(c, 0, now);
    const r1 = read(c, 1, now);
    return {
      remainingMs: [r0.totalMs, r1.totalMs],
      periodsLeft: [r0.periodsLeft, r1.periodsLeft],
      periodMs: c.config.kind === 'byoyomi' ? c.config.periodMs : 0,
      running: c.running,
      at: now,
    };
  }
}

/** The snapshot of a game starting at `now`: the first mover's deadline runs. */
export function begin(d: GameData, now: number, conduct: ConductRules): GameData {
  return { ...d, status: 'active', startedAt: now, firstMoveDeadline: now + firstMoveMs(d.setup.clock, conduct) };
}

/** Time for each side's first move: the conduct rule's, or a correspondence game's time per move. */
export function firstMoveMs(clock: ClockConfig, conduct: ConductRules): number {
  return isCorrespondence(clock) ? clock.baseMs : conduct.firstMoveMs;
}

/** A correspondence game back after a restart: a deadline is never sooner than this. */
export const RESTORE_GRACE_MS = 60 * 60 * 1000;
