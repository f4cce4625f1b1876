/**
 * The lifecycle of the live games this node decides: a new game stored and
 * adopted, a stored one loaded (and fenced when several nodes share the
 * club), each game's next deadline armed, a game released when it ends or
 * another node takes it, and the lists of what is held here. It never
 * changes a game itself: a deadline that falls due is handed, as an action,
 * to the pipeline given at construction (see game-pipeline.ts).
 */
import { Game, type ConductRules, type GameAction, type GameEvent, type GameView, type MoveEntry, type Seat } from '@youzai/game';
import { err, ok, type Result } from '@youzai/rules';
import type { GameStore } from '../store/games.ts';
import { UniqueViolation, VersionConflict } from '../store/types.ts';
import { GameActor, type StoredExtras } from './actor.ts';
import type { ServiceError } from './errors.ts';
import { readSnapshot, rowOf } from './snapshot.ts';
import { awaitReturn } from './await-return.ts';
import type { Clock, Timers } from './time.ts';

/** How soon a deadline that could not be decided (see mayDecide) is tried again. */
const DECIDE_RETRY_MS = 250;
/** How often a game whose last write is in doubt (the store out of reach) tries to settle it: its deadline waits meanwhile. */
export const SETTLE_RETRY_MS = 1000;
/** How many times a new game whose write did not answer is looked for (after 1, 2, 4, 8 and 16 s). */
const FIND_ATTEMPTS = 5;

export interface LifecycleDeps {
  readonly store: Pick<GameStore, 'createGame' | 'game' | 'moves' | 'saveGame'>;
  readonly clock: Clock;
  readonly timers: Timers;
  readonly conduct: ConductRules;
  /** Called when an active game waits for a move of a computer seat (see ServiceDeps). */
  readonly onEngineTurn?: (gameId: string, view: GameView, seat: Seat) => void;
  /** Several nodes: whether this node holds the lease of a live game (see ServiceDeps). */
  readonly mayOwn?: (gameId: string) => boolean;
  /** Several nodes: whether a deadline may be decided now (see ServiceDeps); when not, it is tried again shortly. */
  readonly mayDecide?: (gameId: string) => boolean;
  /** Several nodes: a live game loaded here is written back at the next version first (see ServiceDeps). */
  readonly fenceOnLoad?: boolean;
  /** A game fenced on load: its new version and the events it carries, to be published as any version is (the pipeline's). */
  readonly fenced?: (actor: GameActor, events: readonly GameEvent[]) => void;
}

/** Runs an action on a held game inside its mailbox (the pipeline's commit). */
export type Apply = (actor: GameActor, action: GameAction, now: number) => Promise<unknown>;

export class LiveGames {
  private readonly actors = new Map<string, GameActor>();
  private readonly loading = new Map<string, Promise<GameActor | null>>();
  private closed = false;

  constructor(
    private readonly deps: LifecycleDeps,
    /** What a deadline falling due does (a tick, or an expired invitation cancelled). */
    private readonly due: Apply,
  ) {}

  /** The game, loaded from the store when not held here; null for no such game (or a live one another node decides). */
  async get(id: string): Promise<GameActor | null> {
    const live = this.actors.get(id);
    if (live) return live;
    if (!/^[A-Za-z0-9]{6,16}$/.test(id)) return null;
    let p = this.loading.get(id);
    if (!p) {
      p = this.load(id).finally(() => this.loading.delete(id));
      this.loading.set(id, p);
    }
    return p;
  }

  /** The game if it is held here now, without loading it. */
  peek(id: string): GameActor | undefined {
    return this.actors.get(id);
  }

  /** Every live game held here. */
  all(): IterableIterator<GameActor> {
    return this.actors.values();
  }

  get size(): number {
    return this.actors.size;
  }

  /** Whether this node holds a live game in memory (and decides it). */
  holds(id: string): boolean {
    return this.actors.has(id);
  }

  /** Ids of the live games this node holds. */
  held(): string[] {
    return [...this.actors.keys()];
  }

  /** Stores a new game and takes ownership of it. */
  async create(game: Game, extras: StoredExtras, now: number, chosenId: boolean): Promise<Result<GameActor, ServiceError>> {
    const actor = new GameActor(game, rowOf(game, extras, 1, now), extras);
    try {
      await this.deps.store.createGame(actor.row);
    } catch (e) {
      if (chosenId && e instanceof UniqueViolation && e.what === 'game') return err('game.exists', 'A game with this id exists already');
      // Not known to be stored (the store failed or did not answer): if it was, it is found and decided here.
      if (!(e instanceof UniqueViolation)) this.findLater(actor.game.id);
      return err('server.storage', `The game could not be stored: ${(e as Error).message}`);
    }
    this.adopt(actor);
    return ok(actor);
  }

  /**
   * A change of `actor` was stored: its next deadline is armed again, and the computer is told when
   * the turn passed to it (`turned`). An ended game is released.
   */
  stored(actor: GameActor, turned: boolean): void {
    this.arm(actor);
    if (turned) this.engineTurn(actor);
    if (actor.game.status === 'finished' || actor.game.status === 'aborted') this.release(actor);
  }

  /** A write of `actor` is in doubt: no deadline of it is decided until it is settled, which is tried again shortly. */
  doubted(actor: GameActor): void {
    if (this.actors.get(actor.game.id) === actor) this.arm(actor);
  }

  /** Whether `actor` is the copy of its game held here. */
  isHeld(actor: GameActor): boolean {
    return this.actors.get(actor.game.id) === actor;
  }

  /** Drops a game from this node without writing anything (it ended, or another node decides it now). */
  release(actor: GameActor): void {
    actor.cancelTimer?.();
    if (this.actors.get(actor.game.id) === actor) this.actors.delete(actor.game.id);
  }

  /** Drops a live game by id (another node takes it over). */
  evict(id: string): void {
    const a = this.actors.get(id);
    if (a) this.release(a);
  }

  /** Resolves when every action already queued on this node's games has finished. */
  async drain(): Promise<void> {
    await Promise.all([...this.actors.values()].map((a) => a.run(async () => undefined)));
  }

  /** No more timers: the node is stopping. */
  close(): void {
    this.closed = true;
    for (const a of this.actors.values()) a.cancelTimer?.();
  }

  private adopt(actor: GameActor): void {
    this.actors.set(actor.game.id, actor);
    this.arm(actor);
    this.engineTurn(actor);
  }

  private async load(id: string, attempt = 0): Promise<GameActor | null> {
    const { store, clock, conduct } = this.deps;
    const row = await store.game(id);
    if (!row) return null;
    const live = row.status === 'active' || row.status === 'waiting';
    // A live game is decided only where its lease is: anywhere else it is not ours to load.
    if (live && this.deps.mayOwn && !this.deps.mayOwn(id)) return null;
    const stored = readSnapshot(row.data);
    const moves: MoveEntry[] = (await store.moves(id)).map((m) => ({ uci: m.uci, at: m.at, clockMs: m.clockMs }));
    const restored = Game.restore(stored.game, moves, clock.now(), conduct);
    if (!restored.ok) throw new Error(restored.error.message);
    let actor = new GameActor(restored.value, row, stored.extras);
    let fenced = false;
    if (live && this.deps.fenceOnLoad) {
      const next = rowOf(restored.value, stored.extras, row.version + 1, clock.now());
      try {
        await store.saveGame(next, row.version, []);
      } catch (e) {
        // The former owner wrote in between: read again (its write is in), then fence.
        if (e instanceof VersionConflict && attempt < 3) return this.load(id, attempt + 1);
        throw e;
      }
      actor = new GameActor(restored.value, next, stored.extras);
      fenced = true;
    }
    // Taken over: the side to move's sockets are counted again as their nodes announce them; one that was on the dead node gets its turn once more when it is back.
    if (fenced) awaitReturn(actor, clock.now());
    // Finished games are served from the store each time; live ones stay owned here.
    if (live) this.adopt(actor);
    // The fence is a version like any other: one frame for it, so that watchers see no gap (the clock as restored here).
    if (fenced)
      this.deps.fenced?.(actor, [{ type: 'resumed', clock: actor.game.clockView(clock.now()), firstMoveDeadline: actor.game.snapshot.firstMoveDeadline }]);
    return actor;
  }

  /**
   * A new game whose write did not answer may be in the store all the same (a statement on its way):
   * looked for a few times, with a growing wait, and decided here if found (its deadlines armed, so a
   * game nobody plays aborts itself), rather than left undecided until the next restart.
   */
  private findLater(id: string, attempt = 0): void {
    if (this.closed || attempt >= FIND_ATTEMPTS) return;
    this.deps.timers.at(this.deps.clock.now() + SETTLE_RETRY_MS * 2 ** attempt, () => {
      void this.get(id).then(
        (found) => found ?? this.findLater(id, attempt + 1),
        () => this.findLater(id, attempt + 1),
      );
    });
  }

  /** Tells the computer player when a computer seat is to move. */
  private engineTurn(actor: GameActor): void {
    const hook = this.deps.onEngineTurn;
    if (!hook || actor.game.status !== 'active') return;
    // Cheap test first: most games have no computer seat, and a full view costs.
    const seat = actor.game.snapshot.seats[actor.game.turn];
    if (seat?.kind === 'engine') hook(actor.game.id, actor.game.view(this.deps.clock.now()), seat);
  }

  /** A deadline that could not be decided now is tried again shortly. */
  private retryLater(actor: GameActor): void {
    if (this.closed) return;
    actor.timerAt = null;
    actor.cancelTimer = this.deps.timers.at(this.deps.clock.now() + DECIDE_RETRY_MS, () => {
      if (this.actors.get(actor.game.id) === actor) this.arm(actor);
    });
  }

  /**
   * Arms the timer for the game's next deadline (flag, first move, invitation expiry). A game in play whose timer
   * is already armed for a time no later than the new deadline keeps it: a move often moves the deadline later (and
   * nearly always where the increment outruns the thought), and clearing and setting a timer on every move cost about
   * 8 µs of the move's CPU (issue 29). Such a timer that fires before the game's deadline is armed again for it,
   * deciding nothing.
   */
  private arm(actor: GameActor): void {
    const g = actor.game;
    let at = g.nextDeadline();
    if (g.status === 'waiting') at = actor.extras.invite?.expiresAt ?? actor.extras.challenge?.expiresAt ?? at;
    // A write in doubt: no flag falls while the store cannot say what it holds; the settling is tried again instead.
    if (actor.doubt) at = this.deps.clock.now() + SETTLE_RETRY_MS;
    const keeps = !actor.doubt && g.status === 'active';
    if (!this.closed && at !== null && keeps && actor.cancelTimer !== null && actor.timerAt !== null && actor.timerAt <= at) return;
    actor.cancelTimer?.();
    actor.cancelTimer = null;
    actor.timerAt = null;
    if (this.closed || at === null) return;
    actor.timerAt = keeps ? at : null;
    actor.cancelTimer = this.deps.timers.at(at, () => {
      actor.timerAt = null;
      void actor.run(async () => {
        if (this.actors.get(g.id) !== actor) return;
        // Armed for a deadline that moves have since moved later: armed again for the game's own.
        if (!actor.doubt && actor.game.status === 'active') {
          const due = actor.game.nextDeadline();
          if (due !== null && due > this.deps.clock.now()) {
            this.arm(actor);
            return;
          }
        }
        // Not now (cut from Redis): what is decided here could reach nobody, and another node may take the game meanwhile.
        if (this.deps.mayDecide && !this.deps.mayDecide(g.id)) {
          this.retryLater(actor);
          return;
        }
        // The game as it is when the timer fires, not as it was when armed (in doubt: settled first, then a deadline due runs).
        const action: GameAction = actor.game.status === 'waiting' && !actor.doubt ? { type: 'cancel', why: 'expired' } : { type: 'tick' };
        await this.due(actor, action, this.deps.clock.now());
        if (this.actors.get(g.id) === actor && (actor.game.status === 'active' || actor.doubt)) this.arm(actor);
      });
    });
  }
}
