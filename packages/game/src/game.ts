/**
 * The game aggregate: seats, clock, offers, the referee, and the verdict.
 * `apply(action, now)` validates completely before changing anything, so a
 * rejected action leaves the game untouched; accepted actions return the
 * events to broadcast. Time is an argument; nothing here reads a clock.
 */
import { VARIANTS, err, hasMatingMaterial, legalUcis, makeFen, ok, type Color, type Result, type RuleError, type VariantKey } from '@youzai/rules';
import { flagAt, halt, newClock, punch, read, startTurn, stop, type ClockConfig, type ClockState } from './clock.ts';
import type { Referee, RefereeState } from './referee.ts';
import { startReferee } from './referees.ts';
import { side } from './explain.ts';
import { verdict, type Verdict } from './verdict.ts';

export interface Seat {
  readonly userId: string;
  readonly name: string;
  readonly kind: 'human' | 'engine';
  /** The computer's level (1-8) on an engine seat. */
  readonly level?: number;
}

export interface GameSetup {
  readonly id: string;
  readonly variant: VariantKey;
  /** null: the variant's start position. */
  readonly fen: string | null;
  readonly clock: ClockConfig;
  readonly rated: boolean;
  readonly createdAt: number;
}

/** Timing and conduct rules, configurable per server. */
export interface ConductRules {
  /** Time to make one's first move before the game is aborted. */
  readonly firstMoveMs: number;
  /** How long a disconnected player may stay away before the opponent can claim. */
  readonly disconnectGraceMs: number;
}

export const DEFAULT_CONDUCT: ConductRules = { firstMoveMs: 30_000, disconnectGraceMs: 60_000 };

export type GameStatus = 'waiting' | 'active' | 'finished' | 'aborted';

export interface MoveEntry {
  readonly uci: string;
  readonly at: number;
  /** Mover's clock after the move, ms (main time; periods are in the clock state). */
  readonly clockMs: number;
}

/** Everything persisted besides the moves: the aggregate's snapshot. */
export interface GameData {
  readonly setup: GameSetup;
  readonly seats: readonly [Seat | null, Seat | null];
  readonly status: GameStatus;
  readonly clock: ClockState;
  readonly drawOffer: Color | null;
  readonly verdict: Verdict | null;
  readonly startedAt: number | null;
  readonly endedAt: number | null;
  /** Deadline for the pending first move, while one is pending. */
  readonly firstMoveDeadline: number | null;
  readonly disconnectedSince: readonly [number | null, number | null];
}

export type GameAction =
  | { readonly type: 'join'; readonly seat: Seat; readonly color: Color }
  | { readonly type: 'move'; readonly by: Color; readonly uci: string; readonly ply: number; readonly lagMs?: number }
  | { readonly type: 'resign'; readonly by: Color }
  | { readonly type: 'draw-offer'; readonly by: Color }
  | { readonly type: 'draw-accept'; readonly by: Color }
  | { readonly type: 'draw-decline'; readonly by: Color }
  | { readonly type: 'draw-claim'; readonly by: Color }
  | { readonly type: 'abort'; readonly by: Color }
  | { readonly type: 'claim-victory'; readonly by: Color }
  | { readonly type: 'connection'; readonly color: Color; readonly connected: boolean }
  | { readonly type: 'tick' }
  /** Ends a game that has not started: a declined challenge, an expired invitation, a withdrawn seek. */
  | { readonly type: 'cancel'; readonly why: 'declined' | 'expired' | 'withdrawn' };

export type GameEvent =
  | { readonly type: 'started'; readonly seats: readonly [Seat | null, Seat | null] }
  | { readonly type: 'move'; readonly ply: number; readonly uci: string; readonly fen: string; readonly check: boolean; readonly clock: ClockView }
  | { readonly type: 'draw-offer'; readonly by: Color }
  | { readonly type: 'draw-declined'; readonly by: Color }
  | { readonly type: 'connection'; readonly color: Color; readonly connected: boolean }
  | { readonly type: 'end'; readonly status: GameStatus; readonly verdict: Verdict };

export type GameErrorCode =
  | 'game.not-started'
  | 'game.over'
  | 'game.not-your-turn'
  | 'game.stale'
  | 'game.seat-taken'
  | 'move.syntax'
  | 'move.illegal'
  | 'draw.no-offer'
  | 'draw.already-offered'
  | 'draw.not-claimable'
  | 'abort.too-late'
  | 'claim.not-available';

export type GameError = RuleError<GameErrorCode>;

/** A clock as clients see it: time left at `at`, and who is running. */
export interface ClockView {
  readonly remainingMs: readonly [number, number];
  readonly periodsLeft: readonly [number, number];
  readonly periodMs: number;
  readonly running: Color | null;
  /** Server time of this reading. */
  readonly at: number;
}

/** The public state of a game: for players, spectators and exports. */
export interface GameView {
  readonly id: string;
  readonly variant: VariantKey;
  readonly initialFen: string;
  readonly fen: string;
  readonly status: GameStatus;
  readonly seats: readonly [Seat | null, Seat | null];
  readonly rated: boolean;
  readonly clockConfig: ClockConfig;
  readonly clock: ClockView;
  readonly moves: readonly string[];
  readonly ply: number;
  readonly turn: Color;
  readonly check: boolean;
  readonly drawOffer: Color | null;
  readonly verdict: Verdict | null;
  readonly referee: RefereeState;
  readonly firstMoveDeadline: number | null;
  readonly disconnectedSince: readonly [number | null, number | null];
  readonly createdAt: number;
  readonly startedAt: number | null;
  readonly endedAt: number | null;
}

export class Game {
  private constructor(
    private data: GameData,
    private referee: Referee,
    private readonly history: MoveEntry[],
    readonly conduct: ConductRules,
  ) {}

  /** A new game; it starts at once when both seats are filled. */
  static create(setup: GameSetup, seats: readonly [Seat | null, Seat | null], now: number, conduct = DEFAULT_CONDUCT): Result<Game, RuleError> {
    const ref = startReferee(setup.variant, setup.fen ?? undefined);
    if (!ref.ok) return ref;
    if (ref.value.verdict) return err('fen.game-over', 'The position is already decided: there is nothing to play');
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
    const game = new Game(data, ref.value, [], conduct);
    if (seats[0] && seats[1]) game.begin(now);
    return ok(game);
  }

  /** Rebuilds a game from its snapshot and moves (after a restart), without charging the downtime. */
  static restore(data: GameData, moves: readonly MoveEntry[], now: number, conduct = DEFAULT_CONDUCT): Result<Game, RuleError> {
    const ref = startReferee(data.setup.variant, data.setup.fen ?? undefined);
    if (!ref.ok) return ref;
    for (const m of moves) {
      const r = ref.value.play(m.uci);
      if (!r.ok) return err('game.corrupt', `Stored move ${m.uci} of game ${data.setup.id} does not replay: ${r.error.message}`);
    }
    let d = data;
    if (d.status === 'active') {
      // The running side gets back the whole of its turn: neither the downtime
      // nor the time it spent before the crash is charged.
      d = {
        ...d,
        clock: d.clock.running !== null ? startTurn(d.clock, d.clock.running, now) : d.clock,
        firstMoveDeadline: d.firstMoveDeadline !== null ? now + conduct.firstMoveMs : null,
        disconnectedSince: [now, now],
      };
    }
    return ok(new Game(d, ref.value, [...moves], conduct));
  }

  get id(): string {
    return this.data.setup.id;
  }
  get snapshot(): GameData {
    return this.data;
  }
  get moves(): readonly MoveEntry[] {
    return this.history;
  }
  get status(): GameStatus {
    return this.data.status;
  }
  get ply(): number {
    return this.referee.ply;
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

  apply(action: GameAction, now: number): Result<GameEvent[], GameError> {
    const d = this.data;
    if (action.type === 'connection') {
      this.data = { ...d, disconnectedSince: setAt(d.disconnectedSince, action.color, action.connected ? null : now) };
      return ok(d.status === 'active' || d.status === 'waiting' ? [{ type: 'connection', color: action.color, connected: action.connected }] : []);
    }
    if (action.type === 'join') {
      if (d.status !== 'waiting') return err('game.over', 'The game has already started');
      if (d.seats[action.color]) return err('game.seat-taken', 'That seat is taken');
      this.data = { ...d, seats: setAt(d.seats, action.color, action.seat) };
      const events: GameEvent[] = [];
      if (this.data.seats[0] && this.data.seats[1]) events.push(...this.begin(now));
      return ok(events);
    }
    if (action.type === 'cancel') {
      if (d.status !== 'waiting') return err('game.over', 'Only a game that has not started can be cancelled');
      const text = {
        declined: { vi: 'Lời mời bị từ chối', en: 'The challenge was declined' },
        expired: { vi: 'Lời mời đã hết hạn', en: 'The invitation expired' },
        withdrawn: { vi: 'Lời mời đã được rút lại', en: 'The invitation was withdrawn' },
      }[action.why];
      return ok(this.end(now, 'aborted', verdict(null, 'aborted', text)));
    }
    if (d.status === 'finished' || d.status === 'aborted') return err('game.over', 'The game is over');
    if (d.status !== 'active') return err('game.not-started', 'The game has not started yet');
    // Time first: an action that arrives after a flag finds the game ended.
    const timeout = this.checkTime(now);
    if (timeout) return action.type === 'tick' ? ok(timeout) : err('game.over', 'The game is over: time ran out');
    switch (action.type) {
      case 'tick':
        return ok([]);
      case 'move':
        return this.move(action.by, action.uci, action.ply, action.lagMs ?? 0, now);
      case 'resign':
        return ok(this.end(now, 'finished', verdict((action.by ^ 1) as Color, 'resignation', resignText(this, action.by))));
      case 'draw-offer': {
        if (d.drawOffer === action.by) return err('draw.already-offered', 'Your draw offer already stands');
        if (d.drawOffer !== null) return this.apply({ type: 'draw-accept', by: action.by }, now);
        this.data = { ...d, drawOffer: action.by };
        return ok([{ type: 'draw-offer', by: action.by }]);
      }
      case 'draw-accept':
        if (d.drawOffer === null || d.drawOffer === action.by) return err('draw.no-offer', 'There is no draw offer to accept');
        return ok(this.end(now, 'finished', verdict(null, 'agreement', { vi: 'Hai bên đồng ý hòa', en: 'Draw by agreement' })));
      case 'draw-decline':
        if (d.drawOffer === null || d.drawOffer === action.by) return err('draw.no-offer', 'There is no draw offer to decline');
        this.data = { ...d, drawOffer: null };
        return ok([{ type: 'draw-declined', by: action.by }]);
      case 'draw-claim': {
        const claim = this.referee.claimableDraw();
        if (!claim) return err('draw.not-claimable', 'No draw can be claimed in this position');
        return ok(this.end(now, 'finished', { ...claim, reason: 'claim' }));
      }
      case 'abort':
        if (this.referee.ply >= 2) return err('abort.too-late', 'A game can be aborted only before both sides have moved');
        return ok(this.end(now, 'aborted', verdict(null, 'aborted', { vi: 'Ván cờ bị hủy', en: 'The game was aborted' })));
      case 'claim-victory': {
        const away = d.disconnectedSince[(action.by ^ 1) as Color];
        if (away === null || now - away < this.conduct.disconnectGraceMs) {
          return err('claim.not-available', `The opponent has not been away for ${this.conduct.disconnectGraceMs / 1000} s`);
        }
        const canWin = this.canMate(action.by);
        const who = side(VARIANTS[d.setup.variant], (action.by ^ 1) as Color);
        return ok(
          this.end(
            now,
            'finished',
            verdict(canWin ? action.by : null, 'abandonment', {
              vi: `${who.vi} rời ván quá lâu${canWin ? '' : ', nhưng bên kia không đủ quân để thắng: hòa'}`,
              en: `${who.en} left the game${canWin ? '' : ', but the claimant cannot win on material: draw'}`,
            }),
          ),
        );
      }
    }
  }

  view(now: number): GameView {
    const d = this.data;
    const pos = this.referee.pos;
    const v = VARIANTS[d.setup.variant];
    return {
      id: d.setup.id,
      variant: d.setup.variant,
      initialFen: d.setup.fen ?? v.startFen,
      fen: makeFen(pos),
      status: d.status,
      seats: d.seats,
      rated: d.setup.rated,
      clockConfig: d.setup.clock,
      clock: this.clockView(now),
      moves: this.history.map((m) => m.uci),
      ply: this.referee.ply,
      turn: pos.turn,
      check: pos.inCheck(),
      drawOffer: d.drawOffer,
      verdict: d.verdict,
      referee: this.referee.state(),
      firstMoveDeadline: d.firstMoveDeadline,
      disconnectedSince: d.disconnectedSince,
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
    const run = this.referee.state().runs?.[this.referee.pos.turn];
    if (!run || run.length < run.limit) return [];
    return legalUcis(this.referee.pos).filter((m) => this.referee.wouldViolate(m) !== null);
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

  private begin(now: number): GameEvent[] {
    this.data = { ...this.data, status: 'active', startedAt: now, firstMoveDeadline: now + this.conduct.firstMoveMs };
    return [{ type: 'started', seats: this.data.seats }];
  }

  private move(by: Color, uci: string, ply: number, lagMs: number, now: number): Result<GameEvent[], GameError> {
    const d = this.data;
    const pos = this.referee.pos;
    if (ply !== this.referee.ply) return err('game.stale', `The move answers ply ${ply} but the game is at ply ${this.referee.ply}`);
    if (pos.turn !== by) return err('game.not-your-turn', 'It is not your turn');
    // Clock: the first move of each side is untimed (the first-move deadline applies instead).
    const timed = d.clock.running === by;
    const clock = timed ? punch(d.clock, by, now, lagMs) : d.clock;
    if (clock === null) return err('game.over', 'Time ran out before the move arrived');
    const played = this.referee.play(uci);
    if (!played.ok) return err(played.error.code === 'move.syntax' ? 'move.syntax' : 'move.illegal', played.error.message);
    const plies = this.referee.ply;
    const opponent = (by ^ 1) as Color;
    let next = clock;
    let firstMoveDeadline: number | null = null;
    if (plies === 1) firstMoveDeadline = now + this.conduct.firstMoveMs;
    else next = startTurn(stop(clock), opponent, now);
    const entry: MoveEntry = { uci, at: now, clockMs: next.mainMs[by] };
    this.history.push(entry);
    this.data = { ...d, clock: next, firstMoveDeadline, drawOffer: d.drawOffer === opponent ? null : d.drawOffer };
    const events: GameEvent[] = [
      { type: 'move', ply: plies, uci, fen: makeFen(this.referee.pos), check: this.referee.pos.inCheck(), clock: this.clockView(now) },
    ];
    const v = this.referee.verdict;
    if (v) events.push(...this.end(now, 'finished', v));
    return ok(events);
  }

  /** Ends the game on a flag or a missed first move; null when time is fine. */
  private checkTime(now: number): GameEvent[] | null {
    const d = this.data;
    if (d.firstMoveDeadline !== null && now >= d.firstMoveDeadline) {
      const late = side(VARIANTS[d.setup.variant], this.referee.pos.turn);
      return this.end(
        now,
        'aborted',
        verdict(null, 'no-first-move', {
          vi: `${late.vi} không đi nước đầu tiên kịp: ván bị hủy`,
          en: `${late.en} did not make a first move in time: the game is aborted`,
        }),
      );
    }
    const flag = flagAt(d.clock);
    if (flag === null || now < flag) return null;
    const loser = d.clock.running!;
    const winner = (loser ^ 1) as Color;
    const canWin = this.canMate(winner);
    const l = side(VARIANTS[d.setup.variant], loser);
    return this.end(
      now,
      'finished',
      verdict(canWin ? winner : null, 'timeout', {
        vi: `${l.vi} hết giờ${canWin ? '' : ', nhưng bên kia không đủ quân để chiếu hết: hòa'}`,
        en: `${l.en} ran out of time${canWin ? '' : ', but the opponent cannot possibly checkmate: draw'}`,
      }),
    );
  }

  private canMate(c: Color): boolean {
    const v = VARIANTS[this.data.setup.variant];
    return hasMatingMaterial(this.referee.pos, c, v.end.insufficient);
  }

  private end(now: number, status: 'finished' | 'aborted', v: Verdict): GameEvent[] {
    this.data = { ...this.data, status, verdict: v, endedAt: now, clock: halt(this.data.clock, now), firstMoveDeadline: null, drawOffer: null };
    return [{ type: 'end', status, verdict: v }];
  }
}

function setAt<T>(pair: readonly [T, T], i: Color, value: T): readonly [T, T] {
  return i === 0 ? [value, pair[1]] : [pair[0], value];
}

function resignText(g: Game, by: Color): { vi: string; en: string } {
  const v = VARIANTS[g.snapshot.setup.variant];
  const s = side(v, by);
  return { vi: `${s.vi} xin thua`, en: `${s.en} resigned` };
}
