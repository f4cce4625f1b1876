/**
 * Games on this node: creation, joining, actions, watching, recovery. Each
 * live game is owned by one GameActor; requests are routed to it by game id.
 * No module-level state: everything hangs off this instance.
 */
import {
  DAY_MS,
  DEFAULT_CONDUCT,
  Game,
  apply,
  type ClockConfig,
  type ConductRules,
  type GameAction,
  type GameEvent,
  type GameView,
  type MoveEntry,
  type Seat,
} from '@youzai/game';
import { VARIANTS, err, ok, type Color, type Result, type RuleError } from '@youzai/rules';
import type { ClockSpec, CreateGame, GameSummary, Identity, SeekColor, ServerMessage, GameView as WireView } from '@youzai/protocol';
import type { Bus } from '../bus/bus.ts';
import { UniqueViolation, VersionConflict, type GameRow, type GameStatus, type MoveRow } from '../store/types.ts';
import type { GameStore } from '../store/games.ts';
import type { UserStore } from '../store/users.ts';
import { GameActor, type StoredExtras, type VersionFrame } from './actor.ts';
import { randomId } from './ids.ts';
import { createHistogram, performance, type RecordableHistogram } from 'node:perf_hooks';
import type { Clock, Timers } from './time.ts';
import { wireEvent, wireSeat, wireView } from './wire.ts';
import { readSnapshot, snapshotOf, type Snapshot } from './snapshot.ts';

export const INVITE_TTL_MS = 24 * 60 * 60 * 1000;
/** How long a challenge to a named player waits for an answer (a correspondence challenge: days). */
export const CHALLENGE_TTL_MS = 20 * 60 * 1000;
export const CORRESPONDENCE_CHALLENGE_TTL_MS = 3 * DAY_MS;

/** A stored change of a game, as listeners hear it (notifications): `before` is null for a new game. */
export interface GameChange {
  readonly row: GameRow;
  readonly events: readonly GameEvent[];
  readonly before: StoredExtras | null;
}
export const ENGINE_ID = 'engine';

/** What a player may ask of a game; the service fills in the side from the seat. */
export type PlayerAction =
  | { readonly type: 'move'; readonly uci: string; readonly ply: number; readonly lagMs?: number }
  | { readonly type: 'resign' | 'draw-offer' | 'draw-accept' | 'draw-decline' | 'draw-claim' | 'abort' | 'claim-victory' | 'berserk' };

export type ServiceErrorCode =
  | 'game.not-found'
  | 'game.forbidden'
  | 'game.conflict'
  | 'server.storage'
  | 'user.not-found'
  | 'invite.expired'
  | 'invite.invalid'
  | 'challenge.self';
export type ServiceError = RuleError<ServiceErrorCode | string>;

export interface ServiceDeps {
  /** Games, and users to find an invited opponent by name. */
  readonly store: GameStore & Pick<UserStore, 'userByName'>;
  readonly bus: Bus;
  readonly clock: Clock;
  readonly timers: Timers;
  readonly conduct?: ConductRules;
  /** Side for colour "random"; injected so tests are deterministic. */
  readonly coin?: () => Color;
  /**
   * Called when an active game waits for a move of a computer seat (after a
   * change, and for every such game loaded after a restart). The computer
   * player answers through act() like anyone else.
   */
  readonly onEngineTurn?: (gameId: string, view: GameView, seat: Seat) => void;
  readonly ratings?: RatingsHook;
  /**
   * Several nodes: whether this node holds the lease of a live game (it may
   * then load and decide it). Absent: one node, which decides every game.
   */
  readonly mayOwn?: (gameId: string) => boolean;
  /**
   * Several nodes: a live game loaded here is first written back at the
   * next version (with its restored clock), so that any write of a former
   * owner, which names the version it read, is refused by the store.
   */
  readonly fenceOnLoad?: boolean;
  /** Told when this node finds it no longer decides a game (a write refused: another node took it). */
  readonly onLost?: (gameId: string) => void;
  /** How long a challenge to a named player waits (default CHALLENGE_TTL_MS). */
  readonly challengeTtlMs?: number;
}

/** Told when a game finishes, inside the game's mailbox: ratings are applied before the next action of that game runs. */
export interface RatingsHook {
  /** A finished game (any reason); the hook decides whether it is rated. Must not throw. */
  gameEnded(row: GameRow): Promise<void>;
  /** After a restart: applies what a crash left unapplied; returns how many games. */
  recover?(): Promise<number>;
}

/** The terms of a game two players agreed on (a lobby seek, a pool, a room challenge). */
export interface PairedTerms {
  readonly variant: CreateGame['variant'];
  readonly clock: ClockSpec;
  readonly rated: boolean;
  /** The first player's side. */
  readonly color: SeekColor;
  /** The game's id, chosen by the caller (a tournament stores its pairing first); a fresh one when absent. */
  readonly id?: string;
  /** An arena tournament's game whose players may go berserk. */
  readonly berserk?: boolean;
}

export const topicOf = (gameId: string): string => `game:${gameId}`;

/**
 * What every new game is checked against, whoever proposes it: rated games
 * need accounts on all sides; byo-yomi where the variant offers it; some time.
 */
export function checkTerms(t: {
  variant: CreateGame['variant'];
  clock: ClockSpec;
  rated: boolean;
  players: readonly Identity[];
}): Result<never, ServiceError> | null {
  const v = VARIANTS[t.variant];
  if (t.rated && t.players.some((p) => p.guest)) {
    return err(
      'game.rated-guest',
      t.players.length > 1 ? 'Rated games need an account on both sides' : 'Guests play casual games only: register to play rated games',
    );
  }
  // Byo-yomi where the game's descriptor offers it (Janggi, as players there expect).
  if (t.clock.kind === 'byoyomi' && !v.clocks.byoyomi) return err('game.clock', `Byo-yomi is not offered for ${v.name.en}, which uses Fischer time`);
  const cfg = clockFromSpec(t.clock);
  if (cfg.baseMs === 0 && (cfg.kind === 'fischer' ? cfg.incrementMs === 0 : false)) return err('game.clock', 'A clock needs some time');
  return null;
}

export function clockFromSpec(spec: ClockSpec): ClockConfig {
  if (spec.kind === 'correspondence') return { kind: 'correspondence', baseMs: spec.days * DAY_MS };
  return spec.kind === 'fischer'
    ? { kind: 'fischer', baseMs: Math.round(spec.minutes * 60_000), incrementMs: spec.increment * 1000 }
    : { kind: 'byoyomi', baseMs: Math.round(spec.minutes * 60_000), periods: spec.periods, periodMs: spec.seconds * 1000 };
}

export class GameService {
  private readonly actors = new Map<string, GameActor>();
  private readonly loading = new Map<string, Promise<GameActor | null>>();
  private readonly conduct: ConductRules;
  private readonly endListeners = new Set<(row: GameRow) => void>();
  private readonly changeListeners = new Set<(c: GameChange) => void>();
  private closed = false;

  constructor(private readonly deps: ServiceDeps) {
    this.conduct = deps.conduct ?? DEFAULT_CONDUCT;
  }

  async create(creator: Identity, req: CreateGame): Promise<Result<{ id: string; inviteToken: string | null }, ServiceError>> {
    const { store, clock } = this.deps;
    const now = clock.now();
    const bad = checkTerms({ ...req, players: [creator] });
    if (bad) return bad;
    if (req.opponent.type === 'computer' && req.rated) return err('game.rated-computer', 'Games against the computer are casual');
    const cfg = clockFromSpec(req.clock);
    const me: Seat = { userId: creator.id, name: creator.name, kind: 'human' };
    const color = this.side(req.color);
    let other: Seat | null = null;
    let extras: StoredExtras = { invite: null, challenge: null };
    if (req.opponent.type === 'computer') {
      other = { userId: ENGINE_ID, name: `Máy cấp ${req.opponent.level}`, kind: 'engine', level: req.opponent.level };
    } else if (req.opponent.type === 'user') {
      const u = await store.userByName(req.opponent.username);
      if (!u?.username) return err('user.not-found', `No player is called ${req.opponent.username}`);
      if (u.id === creator.id) return err('challenge.self', 'You cannot challenge yourself');
      if (req.rated && !u.username) return err('game.rated-guest', 'Rated games need an account on both sides');
      extras = {
        invite: null,
        challenge: {
          userId: u.id,
          name: u.username,
          expiresAt: now + (cfg.kind === 'correspondence' ? CORRESPONDENCE_CHALLENGE_TTL_MS : (this.deps.challengeTtlMs ?? CHALLENGE_TTL_MS)),
        },
      };
    } else {
      extras = { invite: { token: randomId(16), expiresAt: now + INVITE_TTL_MS }, challenge: null };
    }
    const seats: [Seat | null, Seat | null] = color === 0 ? [me, other] : [other, me];
    const r = await this.start({ variant: req.variant, fen: req.fen ?? null, clock: cfg, rated: req.rated }, seats, extras, now);
    return r.ok ? ok({ id: r.value, inviteToken: extras.invite?.token ?? null }) : r;
  }

  /**
   * A game between two players who have both agreed (a lobby seek, a pool, a
   * room challenge): both seats are taken, so it starts at once. Returns the
   * game id and the first player's colour.
   */
  async createPaired(first: Identity, second: Identity, terms: PairedTerms): Promise<Result<{ id: string; color: Color }, ServiceError>> {
    if (first.id === second.id) return err('challenge.self', 'You cannot play yourself');
    const bad = checkTerms({ ...terms, players: [first, second] });
    if (bad) return bad;
    const color = this.side(terms.color);
    const seat = (u: Identity): Seat => ({ userId: u.id, name: u.name, kind: 'human' });
    const seats: [Seat, Seat] = color === 0 ? [seat(first), seat(second)] : [seat(second), seat(first)];
    const r = await this.start(
      { variant: terms.variant, fen: null, clock: clockFromSpec(terms.clock), rated: terms.rated, ...(terms.berserk ? { berserkable: true } : {}) },
      seats,
      { invite: null, challenge: null },
      this.deps.clock.now(),
      terms.id,
    );
    return r.ok ? ok({ id: r.value, color }) : r;
  }

  /** Calls `fn` after every stored change of a game decided on this node (and each game created here); returns the unsubscribe. */
  onChange(fn: (c: GameChange) => void): () => void {
    this.changeListeners.add(fn);
    return () => this.changeListeners.delete(fn);
  }

  private changed(c: GameChange): void {
    for (const fn of this.changeListeners) {
      try {
        fn(c);
      } catch (e) {
        console.error('game change listener failed', e);
      }
    }
  }

  /** Calls `fn` with the row of every game that finishes or is aborted on this node; returns the unsubscribe. */
  onEnd(fn: (row: GameRow) => void): () => void {
    this.endListeners.add(fn);
    return () => this.endListeners.delete(fn);
  }

  /** The seat `userId` holds in a game: its colour, null for none, undefined when there is no such game. */
  async seat(id: string, userId: string): Promise<Color | null | undefined> {
    const actor = await this.actor(id);
    return actor ? actor.game.seatOf(userId) : undefined;
  }

  private side(pref: SeekColor): Color {
    return pref === 'first' ? 0 : pref === 'second' ? 1 : (this.deps.coin?.() ?? (Math.random() < 0.5 ? 0 : 1));
  }

  /** Stores a new game and takes ownership of it. */
  private async start(
    setup: { variant: CreateGame['variant']; fen: string | null; clock: ClockConfig; rated: boolean; berserkable?: boolean },
    seats: [Seat | null, Seat | null],
    extras: StoredExtras,
    now: number,
    chosenId?: string,
  ): Promise<Result<string, ServiceError>> {
    const id = chosenId ?? randomId(8);
    const created = Game.create({ id, ...setup, createdAt: now }, seats, now, this.conduct);
    if (!created.ok) return err(created.error.code, created.error.message);
    const actor = new GameActor(created.value, this.rowOf(created.value, extras, 1, now), extras);
    try {
      await this.deps.store.createGame(actor.row);
    } catch (e) {
      if (chosenId !== undefined && e instanceof UniqueViolation && e.what === 'game') return err('game.exists', 'A game with this id exists already');
      return err('server.storage', `The game could not be stored: ${(e as Error).message}`);
    }
    this.actors.set(id, actor);
    this.arm(actor);
    this.engineTurn(actor);
    this.changed({
      row: actor.row,
      events: created.value.status === 'active' ? [{ type: 'started', seats, firstMoveDeadline: created.value.data.firstMoveDeadline }] : [],
      before: null,
    });
    return ok(id);
  }

  /** Takes the free seat of an invitation, or accepts a challenge. */
  async join(id: string, user: Identity, token?: string): Promise<Result<Color, ServiceError>> {
    const actor = await this.actor(id);
    if (!actor) return err('game.not-found', 'No such game');
    return actor.run(async () => {
      const g = actor.game;
      const now = this.deps.clock.now();
      const ex = actor.extras;
      const seats = g.snapshot.seats;
      // Its own player first: the creator opening their used link is told they have the seat, not that the game is over.
      if (seats[0]?.userId === user.id || seats[1]?.userId === user.id) return err('game.seat-taken', 'You already have a seat in this game');
      if (g.status !== 'waiting') return err('game.over', 'The game has already started or ended');
      if (g.snapshot.setup.rated && user.guest) return err('game.rated-guest', 'Rated games need an account on both sides: register to play');
      if (ex.challenge) {
        if (ex.challenge.userId !== user.id) return err('game.forbidden', 'This challenge is for another player');
      } else if (ex.invite) {
        if (token !== ex.invite.token) return err('invite.invalid', 'The invitation link is not valid');
        if (now >= ex.invite.expiresAt) return err('invite.expired', 'The invitation has expired');
      } else {
        return err('game.forbidden', 'This game has no free seat');
      }
      const color: Color = seats[0] ? 1 : 0;
      const r = await this.commit(actor, { type: 'join', seat: { userId: user.id, name: user.name, kind: 'human' }, color }, now, {
        invite: null,
        challenge: null,
      });
      return r.ok ? ok(color) : r;
    });
  }

  /** Declines a challenge addressed to `user` (with a reason), or withdraws the creator's own waiting game. */
  async decline(id: string, user: Identity, reason?: string): Promise<Result<true, ServiceError>> {
    const actor = await this.actor(id);
    if (!actor) return err('game.not-found', 'No such game');
    return actor.run(async () => {
      const ex = actor.extras;
      const mine = actor.game.seatOf(user.id) !== null;
      if (!(ex.challenge?.userId === user.id || mine)) return err('game.forbidden', 'Not your challenge');
      const closed = mine ? ('withdrawn' as const) : ('declined' as const);
      const challenge = ex.challenge ? { ...ex.challenge, closed, ...(reason && !mine ? { reason } : {}) } : null;
      const r = await this.commit(actor, { type: 'cancel', why: closed }, this.deps.clock.now(), { ...ex, challenge });
      return r.ok ? ok(true as const) : r;
    });
  }

  /** A player's action; the side is the user's seat, never chosen by the client. */
  async act(id: string, userId: string, action: PlayerAction): Promise<Result<true, ServiceError>> {
    const started = performance.now();
    const actor = await this.actor(id);
    if (!actor) return err('game.not-found', 'No such game');
    const r = await actor.run(async (): Promise<Result<true, ServiceError>> => {
      const by = actor.game.seatOf(userId);
      if (by === null) return err('game.forbidden', 'You are not playing in this game');
      const full: GameAction = action.type === 'move' ? { ...action, by } : { type: action.type, by };
      const done = await this.commit(actor, full, this.deps.clock.now());
      return done.ok ? ok(true as const) : done;
    });
    // Server-side time of an accepted move: queueing, rules, the durable write, the broadcast.
    if (action.type === 'move' && r.ok) this.moveTimes.record(Math.max(1, Math.round((performance.now() - started) * 1000)));
    return r;
  }

  /** Writes refused because another node had taken the game (a stale owner's). */
  staleWritesRefused = 0;

  /** Microseconds per accepted move, as served by this node (see /api/stats). */
  readonly moveTimes: RecordableHistogram = createHistogram();

  /** The full state for a watcher or player, with the version it is at. */
  async view(id: string, userId?: string): Promise<{ view: WireView; v: number; you: Color | null; extras: StoredExtras } | null> {
    const actor = await this.actor(id);
    if (!actor) return null;
    return { view: wireView(actor.game.view(this.deps.clock.now())), v: actor.version, you: userId ? actor.game.seatOf(userId) : null, extras: actor.extras };
  }

  /** Versions after `since` (null: too old, send the full state). */
  async since(id: string, since: number): Promise<VersionFrame[] | null> {
    const actor = await this.actor(id);
    return actor ? actor.since(since) : null;
  }

  /**
   * A socket of `userId` started (or stopped) watching: seats track connection for the grace rule.
   * `from`: the node holding the socket ('' here, or one node alone).
   */
  async presence(id: string, userId: string, delta: 1 | -1, from = ''): Promise<void> {
    const actor = await this.actor(id);
    if (!actor) return;
    await actor.run(async () => {
      const seat = actor.game.seatOf(userId);
      if (seat === null) {
        actor.spectators = Math.max(0, actor.spectators + delta);
        return;
      }
      this.setConnected(actor, from, (c) => {
        c[seat] = Math.max(0, c[seat] + delta);
      });
    });
  }

  /**
   * What node `from` holds of this game now (after a failover the new owner knows nothing of the
   * sockets held elsewhere): its count per user replaces what was counted for it.
   */
  async presenceOf(id: string, from: string, users: Readonly<Record<string, number>>): Promise<void> {
    const actor = this.actors.get(id);
    if (!actor) return;
    await actor.run(async () => {
      this.setConnected(actor, from, (c) => {
        c[0] = 0;
        c[1] = 0;
        for (const [userId, n] of Object.entries(users)) {
          const seat = actor.game.seatOf(userId);
          if (seat !== null) c[seat] += Math.max(0, n);
        }
      });
    });
  }

  /** A node died: its sockets are gone (the players they served count as disconnected until they come back). */
  async nodeGone(from: string): Promise<void> {
    for (const actor of [...this.actors.values()]) {
      if (!actor.connectedBy.has(from)) continue;
      await actor.run(async () =>
        this.setConnected(actor, from, (c) => {
          c[0] = 0;
          c[1] = 0;
        }),
      );
    }
  }

  /** The nodes whose sockets are counted in some live game here. */
  presenceSources(): Set<string> {
    const out = new Set<string>();
    for (const actor of this.actors.values()) for (const from of actor.connectedBy.keys()) out.add(from);
    return out;
  }

  private setConnected(actor: GameActor, from: string, change: (c: [number, number]) => void): void {
    const before = [actor.connected(0) > 0, actor.connected(1) > 0];
    const c = actor.connectedBy.get(from) ?? [0, 0];
    change(c);
    if (c[0] === 0 && c[1] === 0) actor.connectedBy.delete(from);
    else actor.connectedBy.set(from, c);
    for (const seat of [0, 1] as const) {
      const now = actor.connected(seat) > 0;
      if (now === before[seat]) continue;
      // Not stored on its own: the next stored change carries it.
      const r = apply(actor.game, { type: 'connection', color: seat, connected: now }, this.deps.clock.now());
      if (!r.ok) continue;
      actor.game = r.value.game;
      this.publish(actor, actor.version, r.value.events, false);
    }
  }

  subscribe(id: string, handler: (frame: string) => void): () => void {
    return this.deps.bus.subscribe(topicOf(id), (m) => handler(m as string));
  }

  /** Live games on this node, most watched first. */
  liveGames(limit = 50): GameSummary[] {
    const out: GameSummary[] = [];
    for (const a of this.actors.values()) {
      if (a.game.status !== 'active') continue;
      const s = a.game.snapshot;
      out.push({
        id: a.game.id,
        variant: s.setup.variant,
        seats: [wireSeat(s.seats[0]), wireSeat(s.seats[1])],
        ply: a.game.ply,
        spectators: a.spectators,
        lastMoveAt: a.lastMoveAt,
        clock: s.setup.clock,
      });
    }
    out.sort((x, y) => y.spectators - x.spectators || y.lastMoveAt - x.lastMoveAt);
    return out.slice(0, limit);
  }

  /** Open challenges addressed to `userId` (waiting games are always loaded). */
  challengesFor(userId: string): { id: string; from: string; variant: string; clock: ClockConfig }[] {
    const out: { id: string; from: string; variant: string; clock: ClockConfig }[] = [];
    for (const a of this.actors.values()) {
      if (a.game.status !== 'waiting' || a.extras.challenge?.userId !== userId) continue;
      const s = a.game.snapshot;
      out.push({ id: a.game.id, from: (s.seats[0] ?? s.seats[1])?.name ?? '?', variant: s.setup.variant, clock: s.setup.clock });
    }
    return out;
  }

  /** The TV game: the most watched live game, then the most recently moved. */
  tv(): string | null {
    return this.liveGames(1)[0]?.id ?? null;
  }

  get loaded(): number {
    return this.actors.size;
  }

  /** After a restart: loads every unfinished game and arms its deadline. */
  async recover(): Promise<number> {
    const rows = await this.deps.store.games({ status: ['active', 'waiting'], limit: 100_000 });
    let n = 0;
    for (const row of rows) if (await this.actor(row.id)) n++;
    await this.deps.ratings?.recover?.();
    return n;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const a of this.actors.values()) a.cancelTimer?.();
  }

  // --- internals ---

  private async actor(id: string): Promise<GameActor | null> {
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

  /** Whether this node holds a live game in memory (and decides it). */
  holds(id: string): boolean {
    return this.actors.has(id);
  }

  /** Ids of the live games this node holds. */
  held(): string[] {
    return [...this.actors.keys()];
  }

  /** Resolves when every action already queued on this node's games has finished. */
  async drain(): Promise<void> {
    await Promise.all([...this.actors.values()].map((a) => a.run(async () => undefined)));
  }

  /** Drops a live game from this node without writing anything (another node decides it now). */
  evict(id: string): void {
    const a = this.actors.get(id);
    if (!a) return;
    a.cancelTimer?.();
    this.actors.delete(id);
  }

  private async load(id: string, attempt = 0): Promise<GameActor | null> {
    const row = await this.deps.store.game(id);
    if (!row) return null;
    const live = row.status === 'active' || row.status === 'waiting';
    // A live game is decided only where its lease is: anywhere else it is not ours to load.
    if (live && this.deps.mayOwn && !this.deps.mayOwn(id)) return null;
    const stored = readSnapshot(row.data);
    const moves: MoveEntry[] = (await this.deps.store.moves(id)).map((m) => ({ uci: m.uci, at: m.at, clockMs: m.clockMs }));
    const restored = Game.restore(stored.game, moves, this.deps.clock.now(), this.conduct);
    if (!restored.ok) throw new Error(restored.error.message);
    let actor = new GameActor(restored.value, row, stored.extras);
    if (live && this.deps.fenceOnLoad) {
      const fenced = this.rowOf(restored.value, stored.extras, row.version + 1, this.deps.clock.now());
      try {
        await this.deps.store.saveGame(fenced, row.version, []);
      } catch (e) {
        // The former owner wrote in between: read again (its write is in), then fence.
        if (e instanceof VersionConflict && attempt < 3) return this.load(id, attempt + 1);
        throw e;
      }
      actor = new GameActor(restored.value, fenced, stored.extras);
    }
    // Finished games are served from the store each time; live ones stay owned here.
    if (live) {
      this.actors.set(id, actor);
      this.arm(actor);
      this.engineTurn(actor);
    }
    return actor;
  }

  /** Applies an action, persists, publishes. Must run inside the actor's mailbox. */
  private async commit(actor: GameActor, action: GameAction, now: number, extras?: StoredExtras): Promise<Result<readonly GameEvent[], ServiceError>> {
    const current = actor.game;
    const r = apply(current, action, now);
    if (!r.ok) {
      // A flag or a first-move deadline passed before its timer ran: the action is refused, and the end is recorded now.
      const due = current.nextDeadline();
      if (r.error.code === 'game.over' && action.type !== 'tick' && due !== null && due <= now) await this.commit(actor, { type: 'tick' }, now);
      return r;
    }
    const { game, events } = r.value;
    if (events.length === 0 && !extras) return ok(events);
    const before = actor.extras;
    const nextExtras = extras ?? actor.extras;
    const v = actor.version + 1;
    const row = this.rowOf(game, nextExtras, v, now);
    const fresh = game.moves.slice(current.moves.length);
    const moveRows: MoveRow[] = fresh.map((m, i) => ({ gameId: game.id, ply: current.moves.length + i + 1, uci: m.uci, at: m.at, clockMs: m.clockMs }));
    try {
      await this.deps.store.saveGame(row, actor.version, moveRows);
    } catch (e) {
      if (e instanceof VersionConflict) {
        // The store is ahead of this copy (written elsewhere): drop it; the next request loads the truth.
        // Several nodes: another node took the game and fenced it; this write was refused, never applied.
        actor.cancelTimer?.();
        this.actors.delete(game.id);
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
    this.publish(actor, v, events, true);
    this.changed({ row, events, before });
    this.arm(actor);
    if (fresh.length || events.some((e) => e.type === 'started')) this.engineTurn(actor);
    if (actor.game.status === 'finished' || actor.game.status === 'aborted') {
      actor.cancelTimer?.();
      this.actors.delete(actor.game.id);
      // Every ending passes here: moves, resignations, agreements, claims, and the timers (flags, first moves).
      if (actor.game.status === 'finished') await this.deps.ratings?.gameEnded(row);
      for (const fn of this.endListeners) fn(row);
    }
    return ok(events);
  }

  private publish(actor: GameActor, v: number, domainEvents: readonly GameEvent[], remember: boolean): void {
    const now = this.deps.clock.now();
    const events = domainEvents.map(wireEvent);
    if (remember) actor.remember(v, events, now);
    if (!events.length) return;
    const msg: ServerMessage = { t: 'events', game: actor.game.id, v, events, now };
    this.deps.bus.publish(topicOf(actor.game.id), JSON.stringify(msg));
  }

  /** Moves the computer should not play: they would lose by a rule the engine cannot see (Xiangqi run limits). */
  async movesToAvoid(id: string): Promise<string[]> {
    const actor = await this.actor(id);
    return actor ? actor.game.movesThatViolate() : [];
  }

  /** Tells the computer player when a computer seat is to move. */
  private engineTurn(actor: GameActor): void {
    const hook = this.deps.onEngineTurn;
    if (!hook || actor.game.status !== 'active') return;
    // Cheap test first: most games have no computer seat, and a full view costs.
    const seat = actor.game.snapshot.seats[actor.game.turn];
    if (seat?.kind === 'engine') hook(actor.game.id, actor.game.view(this.deps.clock.now()), seat);
  }

  /** Arms the timer for the game's next deadline (flag, first move, invitation expiry). */
  private arm(actor: GameActor): void {
    actor.cancelTimer?.();
    actor.cancelTimer = null;
    if (this.closed) return;
    const g = actor.game;
    let at = g.nextDeadline();
    if (g.status === 'waiting') at = actor.extras.invite?.expiresAt ?? actor.extras.challenge?.expiresAt ?? at;
    if (at === null) return;
    actor.cancelTimer = this.deps.timers.at(at, () => {
      void actor.run(async () => {
        if (this.actors.get(g.id) !== actor) return;
        const now = this.deps.clock.now();
        // The game as it is when the timer fires, not as it was when armed.
        if (actor.game.status === 'waiting') await this.commit(actor, { type: 'cancel', why: 'expired' }, now);
        else await this.commit(actor, { type: 'tick' }, now);
        if (this.actors.get(g.id) === actor && actor.game.status === 'active') this.arm(actor);
      });
    });
  }

  private rowOf(g: Game, extras: StoredExtras, version: number, now: number): GameRow {
    const s = g.snapshot;
    const data = snapshotOf(s, extras);
    return {
      id: g.id,
      variant: s.setup.variant,
      status: s.status as GameStatus,
      whiteId: s.seats[0]?.userId ?? null,
      blackId: s.seats[1]?.userId ?? null,
      rated: s.setup.rated,
      createdAt: s.setup.createdAt,
      updatedAt: now,
      result: s.verdict?.result ?? null,
      reason: s.verdict?.reason ?? null,
      plies: g.moves.length,
      version,
      inviteToken: extras.invite?.token ?? null,
      data,
    };
  }
}

/** The seats of a stored game (its row's data is this service's snapshot). */
export function storedSeats(row: GameRow): readonly [Seat | null, Seat | null] {
  return (row.data as Partial<Snapshot> | null)?.game?.seats ?? [null, null];
}
