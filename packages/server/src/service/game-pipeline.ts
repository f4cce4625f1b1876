/**
 * The one path of a change to a live game: apply the action (the pure
 * reducer), persist the next game, and only then swap it in, publish its
 * events as one versioned frame and tell the listeners. A refused write
 * changes nothing. What happens to the game afterwards (its next deadline,
 * the computer's turn, releasing an ended game or one another node took)
 * is the lifecycle's, reached through the narrow `Holder`.
 */
import { apply, type GameAction, type GameEvent } from '@youzai/game';
import { err, ok, type Result } from '@youzai/rules';
import type { ServerMessage } from '@youzai/protocol';
import type { Bus } from '../bus/bus.ts';
import type { GameStore } from '../store/games.ts';
import { UniqueViolation, VersionConflict, type GameRow, type MoveRow } from '../store/types.ts';
import type { GameActor, StoredExtras } from './actor.ts';
import type { ServiceError } from './errors.ts';
import { rowOf } from './snapshot.ts';
import type { Clock } from './time.ts';
import { wireEvent } from './wire.ts';
import type { MoveCost } from '../observe/move-cost.ts';

export const topicOf = (gameId: string): string => `game:${gameId}`;

/** A stored change of a game, as listeners hear it (notifications): `before` is null for a new game. */
export interface GameChange {
  readonly row: GameRow;
  readonly events: readonly GameEvent[];
  readonly before: StoredExtras | null;
}

/** Told when a game finishes, inside the game's mailbox: ratings are applied before the next action of that game runs. */
export interface RatingsHook {
  /** A finished game (any reason); the hook decides whether it is rated. Must not throw. */
  gameEnded(row: GameRow): Promise<void>;
  /** After a restart: applies what a crash left unapplied; returns how many games. */
  recover?(): Promise<number>;
}

export interface PipelineDeps {
  readonly store: Pick<GameStore, 'saveGame'>;
  readonly bus: Bus;
  readonly clock: Clock;
  readonly ratings?: RatingsHook;
  /** Told when this node finds it no longer decides a game (a write refused: another node took it). */
  readonly onLost?: (gameId: string) => void;
  /** CPU per stage (rules, store, fan-out), for /api/stats. */
  readonly cost?: MoveCost;
}

/** What the pipeline asks of the lifecycle after a change (LiveGames). */
export interface Holder {
  /** A change was stored: re-arm; `turned`, the turn changed hands; an ended game is released. */
  stored(actor: GameActor, turned: boolean): void;
  /** The game is no longer decided here. */
  release(actor: GameActor): void;
}

export class GamePipeline {
  private readonly endListeners = new Set<(row: GameRow) => void>();
  private readonly changeListeners = new Set<(c: GameChange) => void>();
  /** Writes refused because another node had taken the game (a stale owner's). */
  staleWritesRefused = 0;

  constructor(
    private readonly deps: PipelineDeps,
    private readonly holder: Holder,
  ) {}

  /** Calls `fn` after every stored change of a game decided on this node (and each game created here); returns the unsubscribe. */
  onChange(fn: (c: GameChange) => void): () => void {
    this.changeListeners.add(fn);
    return () => this.changeListeners.delete(fn);
  }

  /** Calls `fn` with the row of every game that finishes or is aborted on this node; returns the unsubscribe. */
  onEnd(fn: (row: GameRow) => void): () => void {
    this.endListeners.add(fn);
    return () => this.endListeners.delete(fn);
  }

  /** Tells the change listeners (a listener's failure is logged, never the caller's). */
  changed(c: GameChange): void {
    for (const fn of this.changeListeners) {
      try {
        fn(c);
      } catch (e) {
        console.error('game change listener failed', e);
      }
    }
  }

  /** Applies an action, persists, publishes. Must run inside the actor's mailbox. */
  async commit(actor: GameActor, action: GameAction, now: number, extras?: StoredExtras): Promise<Result<readonly GameEvent[], ServiceError>> {
    const current = actor.game;
    const cost = this.deps.cost;
    let t = cost?.start() ?? 0;
    const r = apply(current, action, now);
    cost?.end('rules', t);
    if (!r.ok) {
      // A flag or a first-move deadline passed before its timer ran: the action is refused, and the end is recorded now.
      const due = current.nextDeadline();
      if (r.error.code === 'game.over' && action.type !== 'tick' && due !== null && due <= now) await this.commit(actor, { type: 'tick' }, now);
      return r;
    }
    const { game, events } = r.value;
    if (events.length === 0 && !extras) return ok(events);
    t = cost?.start() ?? 0;
    const before = actor.extras;
    const nextExtras = extras ?? actor.extras;
    const v = actor.version + 1;
    const row = rowOf(game, nextExtras, v, now);
    const fresh = game.moves.slice(current.moves.length);
    const moveRows: MoveRow[] = fresh.map((m, i) => ({ gameId: game.id, ply: current.moves.length + i + 1, uci: m.uci, at: m.at, clockMs: m.clockMs }));
    try {
      // A takeback leaves fewer moves: the store drops the ones after them in the same write.
      const rewound = game.moves.length < current.moves.length ? game.moves.length : undefined;
      const saved = this.deps.store.saveGame(row, actor.version, moveRows, rewound);
      // The main thread's share of the write (a store thread's own work is counted by that thread).
      cost?.end('store', t);
      await saved;
    } catch (e) {
      if (e instanceof VersionConflict) {
        // The store is ahead of this copy (written elsewhere): drop it; the next request loads the truth.
        // Several nodes: another node took the game and fenced it; this write was refused, never applied.
        this.holder.release(actor);
        this.staleWritesRefused++;
        this.deps.onLost?.(game.id);
        return err('game.conflict', 'The game changed elsewhere: reload it');
      }
      // Nothing was stored, so nothing changed: the game stays as it was.
      if (e instanceof UniqueViolation) return err('server.storage', e.message);
      return err('server.storage', 'The move could not be saved; nothing was played');
    }
    // Stored: only now does the next game replace the current one.
    actor.game = game;
    actor.row = row;
    actor.extras = nextExtras;
    if (fresh.length) actor.lastMoveAt = now;
    t = cost?.start() ?? 0;
    this.publish(actor, v, events, true);
    cost?.end('fanout', t);
    this.changed({ row, events, before });
    this.holder.stored(actor, fresh.length > 0 || events.some((e) => e.type === 'started'));
    // Every ending passes here: moves, resignations, agreements, claims, and the timers (flags, first moves).
    if (game.status === 'finished') await this.deps.ratings?.gameEnded(row);
    if (game.status === 'finished' || game.status === 'aborted') for (const fn of this.endListeners) fn(row);
    return ok(events);
  }

  /** A version stored outside commit (the fence of a game taken over): published and remembered as one frame like any other. */
  announce(actor: GameActor, events: readonly GameEvent[]): void {
    this.publish(actor, actor.version, events, true);
  }

  /**
   * Applies a change that is not stored on its own (a seat's connection): the next stored change
   * carries it. Its events are published at the current version and kept out of the catch-up history.
   */
  passing(actor: GameActor, action: GameAction, now: number): void {
    const r = apply(actor.game, action, now);
    if (!r.ok) return;
    actor.game = r.value.game;
    this.publish(actor, actor.version, r.value.events, false);
  }

  private publish(actor: GameActor, v: number, domainEvents: readonly GameEvent[], remember: boolean): void {
    const now = this.deps.clock.now();
    const events = domainEvents.map(wireEvent);
    if (remember) actor.remember(v, events, now);
    if (!events.length) return;
    const msg: ServerMessage = { t: 'events', game: actor.game.id, v, events, now };
    this.deps.bus.publish(topicOf(actor.game.id), JSON.stringify(msg));
  }
}
