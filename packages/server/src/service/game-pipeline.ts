/**
 * The one path of a change to a live game: apply the action (the pure
 * reducer), persist the next game, and only then swap it in, publish its
 * events as one versioned frame and tell the listeners. A refused write
 * changes nothing. A write whose fate is not known (the store failed, or did
 * not answer within its bound) leaves the game in doubt: before anything
 * else is decided on it, `settle` reads the store, takes the write as stored
 * if it was, and fences the game at the next version, so that a statement
 * still on its way can never land after. What happens to the game afterwards (its next deadline,
 * the computer's turn, releasing an ended game or one another node took)
 * is the lifecycle's, reached through the narrow `Holder`.
 */
import { DEFAULT_CONDUCT, Game, apply, startTurn, type ConductRules, type GameAction, type GameEvent } from '@youzai/game';
import { err, ok, type Result } from '@youzai/rules';
import type { ServerMessage } from '@youzai/protocol';
import type { Bus } from '../bus/bus.ts';
import type { GameStore } from '../store/games.ts';
import { StoreTimeout, UniqueViolation, VersionConflict, type GameRow, type MoveRow } from '../store/types.ts';
import type { Doubt, GameActor, StoredExtras } from './actor.ts';
import type { ServiceError } from './errors.ts';
import { awaitReturn } from './await-return.ts';
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

/** What a player is told when a write of the game did not answer in time. */
export const STORE_TIMEOUT_TEXT =
  'The database did not answer in time: the move may or may not have been saved. The game is read again from the database as soon as it answers; play on from what it shows then';
/** What a player is told while a game waits for the store to say what became of its last write. */
const UNSETTLED_TEXT = 'The database cannot be reached just now: the game waits for it to answer, and nothing was played';

export interface PipelineDeps {
  readonly store: Pick<GameStore, 'saveGame' | 'game'>;
  readonly bus: Bus;
  readonly clock: Clock;
  readonly ratings?: RatingsHook;
  /** Told when this node finds it no longer decides a game (a write refused: another node took it). */
  readonly onLost?: (gameId: string) => void;
  /** CPU per stage (rules, store, fan-out), for /api/stats. */
  readonly cost?: MoveCost;
  /** The conduct rules games are restored under (a settled game gets its turn back as after a restart). */
  readonly conduct?: ConductRules;
}

/** What the pipeline asks of the lifecycle after a change (LiveGames). */
export interface Holder {
  /** A change was stored: re-arm; `turned`, the turn changed hands; an ended game is released. */
  stored(actor: GameActor, turned: boolean): void;
  /** The game is no longer decided here. */
  release(actor: GameActor): void;
  /** A write of the game is in doubt: its settling is tried again shortly (instead of its deadline). */
  doubted(actor: GameActor): void;
  /** Whether this copy of the game is still the one held here. */
  isHeld(actor: GameActor): boolean;
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
    if (actor.doubt) {
      // Nothing is decided on a copy the store may have moved past: settled first (the turn given back), or refused.
      const settled = await this.settle(actor);
      if (!settled.ok) return settled;
      // Another node's now (an ended game, released here, answers as ended games do below).
      const live = actor.game.status === 'active' || actor.game.status === 'waiting';
      if (live && !this.holder.isHeld(actor)) return err('game.conflict', 'The game changed elsewhere: reload it');
      // The time the store made the player wait is not theirs: the action is timed from the turn given back.
      now = Math.max(now, this.deps.clock.now());
    }
    // A turn given back while its side could not play (settled by the timer before the refused move came again, or
    // a takeover): the side's move within the grace is timed from its arrival, once (await-return.ts).
    const back = actor.turnBack;
    if (action.type === 'move' && back && back.seat === action.by) {
      actor.turnBack = null;
      if (now <= back.until && back.ply === actor.game.moves.length) this.restartTurn(actor, now);
    }
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
      // The store failed or did not answer: the write may be applied, now or later. The game stays as it was here,
      // in doubt: the next action (or the retry armed now) settles it from the store before deciding anything.
      const turned = fresh.length > 0 || events.some((x) => x.type === 'started');
      actor.doubt = { game, row, extras: nextExtras, events, before, turned, fence: false };
      this.holder.doubted(actor);
      if (e instanceof StoreTimeout) return err('server.storage', STORE_TIMEOUT_TEXT);
      return err('server.storage', 'The move could not be saved; nothing was played');
    }
    await this.stored(actor, { game, row, extras: nextExtras, events, before, turned: fresh.length > 0 || events.some((x) => x.type === 'started') }, now);
    return ok(events);
  }

  /** A change is stored: only now does the next game replace the current one; published, told, and the lifecycle moves on. */
  private async stored(actor: GameActor, c: Omit<Doubt, 'fence'>, now: number): Promise<void> {
    const { game, row, events } = c;
    const fresh = game.moves.length > actor.game.moves.length;
    actor.game = game;
    actor.row = row;
    actor.extras = c.extras;
    if (fresh) actor.lastMoveAt = now;
    const cost = this.deps.cost;
    const t = cost?.start() ?? 0;
    this.publish(actor, row.version, events, true);
    cost?.end('fanout', t);
    this.changed({ row, events, before: c.before });
    this.holder.stored(actor, c.turned);
    // Every ending passes here: moves, resignations, agreements, claims, and the timers (flags, first moves).
    if (game.status === 'finished') await this.deps.ratings?.gameEnded(row);
    if (game.status === 'finished' || game.status === 'aborted') for (const fn of this.endListeners) fn(row);
  }

  /**
   * Settles a game in doubt (a write not known to be applied): reads its row;
   * the write in doubt is taken as stored if the store has it (its frame
   * published as any version's, so watchers see no gap), and the game is
   * then fenced at the next version with the side to move given its whole
   * turn back, as after a restart (Game.restore): the time the store was
   * out of reach is charged to nobody, and a statement still on its way,
   * which names the version it read, can never land after the fence. The
   * store still out of reach: `server.storage`, and the game stays in doubt.
   * Must run inside the actor's mailbox.
   */
  async settle(actor: GameActor): Promise<Result<true, ServiceError>> {
    const doubt = actor.doubt;
    if (!doubt) return ok(true);
    const id = actor.game.id;
    let stored: GameRow | null;
    try {
      stored = await this.deps.store.game(id);
    } catch {
      return err('server.storage', UNSETTLED_TEXT);
    }
    const landed = stored !== null && stored.version === doubt.row.version && stored.updatedAt === doubt.row.updatedAt;
    if (!landed && stored?.version !== actor.version) return this.lost(actor);
    actor.doubt = null;
    const now = this.deps.clock.now();
    if (landed) {
      // It was written after all: this game's version, told as any stored change is. A fence in doubt that landed needs no other.
      await this.stored(actor, doubt, now);
      if (doubt.fence || actor.game.status !== 'active') return ok(true);
    } else if (actor.game.status !== 'active') {
      // Not written, and nothing runs in a game that is not being played (waiting, or ended): nothing to give back.
      this.holder.stored(actor, false);
      return ok(true);
    }
    const restored = Game.restore(actor.game.snapshot, actor.game.moves, now, this.deps.conduct ?? DEFAULT_CONDUCT);
    if (!restored.ok) throw new Error(restored.error.message);
    // Restored as after a restart, but the seats still connected here are not away.
    const away = restored.value.snapshot.disconnectedSince.map((x, s) => (x !== null && actor.connected(s as 0 | 1) > 0 ? null : x)) as [
      number | null,
      number | null,
    ];
    const game = restored.value.next({ ...restored.value.snapshot, disconnectedSince: away });
    const row = rowOf(game, actor.extras, actor.version + 1, now);
    const events: GameEvent[] = [{ type: 'resumed', clock: game.clockView(now), firstMoveDeadline: game.snapshot.firstMoveDeadline }];
    try {
      await this.deps.store.saveGame(row, actor.version, []);
    } catch (e) {
      if (e instanceof VersionConflict) return this.lost(actor);
      // The fence itself in doubt: settled the same way, next time.
      actor.doubt = { game, row, extras: actor.extras, events, before: actor.extras, turned: true, fence: true };
      this.holder.doubted(actor);
      return err('server.storage', UNSETTLED_TEXT);
    }
    await this.stored(actor, { game, row, extras: actor.extras, events, before: actor.extras, turned: true }, now);
    // Not written: the side to move had its change refused, and plays again when its client tries again; its turn
    // restarts then, not at this settling (which its timer may have run first).
    if (!landed) awaitReturn(actor, now);
    return ok(true);
  }

  /** The store is at a version this copy does not know: another node took the game; it is dropped here. */
  private lost(actor: GameActor): Result<never, ServiceError> {
    actor.doubt = null;
    this.holder.release(actor);
    this.staleWritesRefused++;
    this.deps.onLost?.(actor.game.id);
    return err('game.conflict', 'The game changed elsewhere: reload it');
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

  /**
   * The side to move's turn starts again at `now` (back from an outage that took its sockets: presence.ts),
   * unstored like a connection: the next stored change carries the clock. Watchers get `resumed`; the flag is re-armed.
   */
  restartTurn(actor: GameActor, now: number): void {
    const d = actor.game.snapshot;
    if (d.clock.running === null) return;
    actor.game = actor.game.next({ ...d, clock: startTurn(d.clock, d.clock.running, now) });
    this.publish(actor, actor.version, [{ type: 'resumed', clock: actor.game.clockView(now), firstMoveDeadline: d.firstMoveDeadline }], false);
    if (this.holder.isHeld(actor)) this.holder.doubted(actor);
  }

  private publish(actor: GameActor, v: number, domainEvents: readonly GameEvent[], remember: boolean): void {
    if (!domainEvents.length && !remember) return;
    const msg: ServerMessage = { t: 'events', game: actor.game.id, v, events: domainEvents.map(wireEvent), now: this.deps.clock.now() };
    const frame = JSON.stringify(msg);
    // A version without events is remembered all the same: a catch-up through it moves the client's version on.
    if (remember) actor.remember(v, frame);
    if (domainEvents.length) this.deps.bus.publish(topicOf(actor.game.id), frame);
  }
}
