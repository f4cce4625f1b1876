/**
 * The client's copy of one game: the server's full view, kept current by
 * versioned events; a gap in versions asks for a resync. A local referee
 * (the same pure code as the server's) gives the Xiangqi runs and counters
 * between full frames and warns before a move that would lose by a rule.
 */
import { startReferee, type GameEvent, type GameView, type Referee, type RefereeState, type Verdict } from '@youzai/game';
import { MoveHistory } from './move-history.ts';

export type ApplyResult = 'applied' | 'ignored' | 'resync';

export class LiveGame {
  view: GameView;
  you: 0 | 1 | null;
  v: number;
  history: MoveHistory;
  private referee: Referee | null;
  /** Events of the last apply, for sounds and animations. */
  lastEvents: GameEvent[] = [];
  /** One version may hold several events (a mating move and the end): after an event of version v, more of v may follow. */
  private openVersion = false;

  constructor(view: GameView, v: number, you: 0 | 1 | null) {
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
  reset(view: GameView, v: number, you: 0 | 1 | null): void {
    this.view = view;
    this.v = v;
    this.you = you;
    this.history = MoveHistory.from(view.variant, view.initialFen, view.moves) ?? this.history;
    this.referee = this.buildReferee();
    this.lastEvents = [];
    this.openVersion = false;
  }

  /** Applies the event that took the game to version `v`. */
  apply(v: number, event: GameEvent): ApplyResult {
    if (event.type === 'connection') {
      const d = [...this.view.disconnectedSince] as [number | null, number | null];
      d[event.color] = event.connected ? null : (d[event.color] ?? Date.now());
      this.view = { ...this.view, disconnectedSince: d };
      this.lastEvents = [event];
      return 'applied';
    }
    const sameVersion = v === this.v && this.openVersion;
    if (v <= this.v && !sameVersion) return 'ignored';
    if (v !== this.v + 1 && !sameVersion) return 'resync';
    const view = this.view;
    switch (event.type) {
      case 'started':
        this.view = { ...view, seats: event.seats, status: 'active' };
        break;
      case 'move': {
        if (event.ply === view.ply && sameVersion) return 'ignored';
        if (event.ply !== view.ply + 1 || !this.history.push(event.uci)) return 'resync';
        this.referee?.play(event.uci);
        const mover = view.turn;
        this.view = {
          ...view,
          status: view.status === 'waiting' ? 'active' : view.status,
          moves: [...view.moves, event.uci],
          fen: event.fen,
          ply: event.ply,
          turn: (1 - mover) as 0 | 1,
          check: event.check,
          clock: event.clock,
          drawOffer: view.drawOffer !== null && view.drawOffer !== mover ? null : view.drawOffer,
          referee: this.referee?.state() ?? view.referee,
          firstMoveDeadline: null,
        };
        break;
      }
      case 'draw-offer':
        this.view = { ...view, drawOffer: event.by };
        break;
      case 'draw-declined':
        this.view = { ...view, drawOffer: null };
        break;
      case 'end':
        this.view = { ...view, status: event.status, verdict: event.verdict, drawOffer: null, clock: { ...view.clock, running: null } };
        break;
    }
    this.v = v;
    this.openVersion = true;
    this.lastEvents = [event];
    return 'applied';
  }

  get refereeState(): RefereeState {
    return this.referee?.state() ?? this.view.referee;
  }

  /** The verdict this move would bring against its mover, if any (Xiangqi run limits). */
  wouldViolate(uci: string): Verdict | null {
    return this.referee?.wouldViolate(uci) ?? null;
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
