/**
 * Games on this node: what the sockets, routes, lobby, rooms and
 * tournaments ask of them (create, join, act, watch). The work is done by
 * parts with narrow interfaces: LiveGames (live-games.ts) is the lifecycle
 * of the games this node decides (create, load, deadlines, release,
 * takeover); GamePipeline (game-pipeline.ts) is the one path of a change
 * (apply → persist → publish); Presence (presence.ts) counts who is
 * connected. No module-level state: everything hangs off this instance.
 */
import { DEFAULT_CONDUCT, Game, type ClockConfig, type ConductRules, type GameAction, type GameView, type Seat } from '@youzai/game';
import { SIDES, err, ok, type Color, type Result, type Side } from '@youzai/rules';
import type { CreateGame, GameSummary, Identity, SeekColor, GameView as WireView } from '@youzai/protocol';
import { createHistogram, performance, type RecordableHistogram } from 'node:perf_hooks';
import type { Bus } from '../bus/bus.ts';
import type { GameRow } from '../store/types.ts';
import type { GameStore } from '../store/games.ts';
import type { UserStore } from '../store/users.ts';
import type { StoredExtras, VersionFrame } from './actor.ts';
import type { ServiceError } from './errors.ts';
import { GamePipeline, topicOf, type GameChange, type RatingsHook } from './game-pipeline.ts';
import { randomId } from './ids.ts';
import { LiveGames } from './live-games.ts';
import { Presence } from './presence.ts';
import { CHALLENGE_TTL_MS, CORRESPONDENCE_CHALLENGE_TTL_MS, INVITE_TTL_MS, checkTerms, clockFromSpec, isSetPosition, type PairedTerms } from './terms.ts';
import type { Clock, Timers } from './time.ts';
import { wireSeat, wireView } from './wire.ts';
import { MoveCost } from '../observe/move-cost.ts';

// What callers have always imported from here.
export { CHALLENGE_TTL_MS, CORRESPONDENCE_CHALLENGE_TTL_MS, INVITE_TTL_MS, checkTerms, clockFromSpec, topicOf };
export type { GameChange, PairedTerms, RatingsHook };
export type { ServiceError, ServiceErrorCode } from './errors.ts';
export { storedSeats } from './snapshot.ts';

export const ENGINE_ID = 'engine';

/** The longest a move may have been held inside the club and still be timed at its arrival: a relay never waits longer. */
const MAX_HELD_MS = 15_000;

/** A bot account's seat is marked, as lichess marks bots (the Bot API says who is one). */
const botTitle = (u: Identity): { title?: 'BOT' } => (u.bot ? { title: 'BOT' } : {});

/** What this service answers crosses to sockets, routes and other nodes: sides by name. */
const sideOrNull = (c: Color | null): Side | null => (c === null ? null : SIDES[c]);

/** What a player may ask of a game; the service fills in the side from the seat. */
export type PlayerAction =
  | { readonly type: 'move'; readonly uci: string; readonly ply: number; readonly lagMs?: number; readonly position?: string }
  | {
      readonly type:
        | 'resign'
        | 'draw-offer'
        | 'draw-accept'
        | 'draw-decline'
        | 'draw-claim'
        | 'abort'
        | 'claim-victory'
        | 'berserk'
        | 'takeback-offer'
        | 'takeback-accept'
        | 'takeback-decline';
    };

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
   * Several nodes: whether a deadline of a game held here (flag, first move,
   * expiry) may be decided now; when not (cut from Redis, the lease not
   * vouched for), it waits and is tried again. Absent: always.
   */
  readonly mayDecide?: (gameId: string) => boolean;
  /**
   * Several nodes: a live game loaded here is first written back at the
   * next version (with its restored clock), so that any write of a former
   * owner, which names the version it read, is refused by the store.
   */
  readonly fenceOnLoad?: boolean;
  /** Told when this node finds it no longer decides a game (a write refused: another node took it). */
  readonly onLost?: (gameId: string) => void;
  /**
   * Several nodes: whether node `member` has gone quiet (not heard for a while: frozen, or cut off).
   * A side to move with a socket counted there, moving through another node, gets its turn from now.
   */
  readonly quiet?: (member: string) => boolean;
  /** How long a challenge to a named player waits (default CHALLENGE_TTL_MS). */
  readonly challengeTtlMs?: number;
  /**
   * Whether an account is a bot: its seats are marked BOT however it takes
   * them (the Bot API, a browser page, a rematch, a room, a tournament).
   * Absent: only an identity that says so (Identity.bot) is marked.
   */
  readonly isBot?: (userId: string) => Promise<boolean>;
}

export class GameService {
  private readonly conduct: ConductRules;
  private readonly live: LiveGames;
  private readonly pipeline: GamePipeline;
  private readonly presences: Presence;

  /** Microseconds per accepted move, as served by this node (see /api/stats). */
  readonly moveTimes: RecordableHistogram = createHistogram();
  /** CPU per stage of the moves served here, and the process's (see /api/stats). */
  readonly moveCost = new MoveCost();

  constructor(private readonly deps: ServiceDeps) {
    this.conduct = deps.conduct ?? DEFAULT_CONDUCT;
    this.live = new LiveGames({ ...deps, conduct: this.conduct, fenced: (actor, events) => this.pipeline.announce(actor, events) }, (actor, action, now) =>
      this.pipeline.commit(actor, action, now),
    );
    this.pipeline = new GamePipeline({ ...deps, cost: this.moveCost, conduct: this.conduct }, this.live);
    this.presences = new Presence(this.live, this.pipeline, deps.clock, { bus: deps.bus, timers: deps.timers });
  }

  /** The player as a seat names them: marked a bot when the account is one. */
  private async marked(u: Identity): Promise<Identity> {
    if (u.bot || u.guest || !this.deps.isBot) return u;
    return (await this.deps.isBot(u.id)) ? { ...u, bot: true } : u;
  }

  async create(who: Identity, req: CreateGame): Promise<Result<{ id: string; inviteToken: string | null }, ServiceError>> {
    const { store, clock } = this.deps;
    const creator = await this.marked(who);
    const now = clock.now();
    const bad = checkTerms({ ...req, players: [creator] });
    if (bad) return bad;
    if (req.opponent.type === 'computer' && req.rated) return err('game.rated-computer', 'Games against the computer are casual');
    if (req.rated && isSetPosition(req.variant, req.fen)) return err('game.rated-position', 'Games from a set position are casual: they are never rated');
    const cfg = clockFromSpec(req.clock);
    const me: Seat = { userId: creator.id, name: creator.name, kind: 'human', ...botTitle(creator) };
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
   * game id and the first player's side.
   */
  async createPaired(first: Identity, second: Identity, terms: PairedTerms): Promise<Result<{ id: string; side: Side }, ServiceError>> {
    if (first.id === second.id) return err('challenge.self', 'You cannot play yourself');
    const bad = checkTerms({ ...terms, players: [first, second] });
    if (bad) return bad;
    const color = this.side(terms.color);
    const seat = (u: Identity): Seat => ({ userId: u.id, name: u.name, kind: 'human', ...botTitle(u) });
    const [a, b] = await Promise.all([this.marked(first), this.marked(second)]);
    const seats: [Seat, Seat] = color === 0 ? [seat(a), seat(b)] : [seat(b), seat(a)];
    const r = await this.start(
      {
        variant: terms.variant,
        fen: null,
        clock: clockFromSpec(terms.clock),
        rated: terms.rated,
        ...(terms.berserk ? { berserkable: true } : {}),
        ...(terms.tournament ? { tournament: true } : {}),
      },
      seats,
      { invite: null, challenge: null },
      this.deps.clock.now(),
      terms.id,
    );
    return r.ok ? ok({ id: r.value, side: SIDES[color] }) : r;
  }

  /** Calls `fn` after every stored change of a game decided on this node (and each game created here); returns the unsubscribe. */
  onChange(fn: (c: GameChange) => void): () => void {
    return this.pipeline.onChange(fn);
  }

  /** Calls `fn` with the row of every game that finishes or is aborted on this node; returns the unsubscribe. */
  onEnd(fn: (row: GameRow) => void): () => void {
    return this.pipeline.onEnd(fn);
  }

  /** The seat `userId` holds in a game: its side, null for none, undefined when there is no such game. */
  async seat(id: string, userId: string): Promise<Side | null | undefined> {
    const actor = await this.live.get(id);
    return actor ? sideOrNull(actor.game.seatOf(userId)) : undefined;
  }

  private side(pref: SeekColor): Color {
    return pref === 'first' ? 0 : pref === 'second' ? 1 : (this.deps.coin?.() ?? (Math.random() < 0.5 ? 0 : 1));
  }

  /** Stores a new game and takes ownership of it. */
  private async start(
    setup: { variant: CreateGame['variant']; fen: string | null; clock: ClockConfig; rated: boolean; berserkable?: boolean; tournament?: boolean },
    seats: [Seat | null, Seat | null],
    extras: StoredExtras,
    now: number,
    chosenId?: string,
  ): Promise<Result<string, ServiceError>> {
    const id = chosenId ?? randomId(8);
    const created = Game.create({ id, ...setup, createdAt: now }, seats, now, this.conduct);
    if (!created.ok) return err(created.error.code, created.error.message);
    const held = await this.live.create(created.value, extras, now, chosenId !== undefined);
    if (!held.ok) return held;
    this.pipeline.changed({
      row: held.value.row,
      events: created.value.status === 'active' ? [{ type: 'started', seats, firstMoveDeadline: created.value.data.firstMoveDeadline }] : [],
      before: null,
    });
    return ok(id);
  }

  /** Takes the free seat of an invitation, or accepts a challenge. */
  async join(id: string, who: Identity, token?: string): Promise<Result<Side, ServiceError>> {
    const user = await this.marked(who);
    const actor = await this.live.get(id);
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
      const r = await this.pipeline.commit(actor, { type: 'join', seat: { userId: user.id, name: user.name, kind: 'human', ...botTitle(user) }, color }, now, {
        invite: null,
        challenge: null,
      });
      return r.ok ? ok(SIDES[color]) : r;
    });
  }

  /** Declines a challenge addressed to `user` (with a reason), or withdraws the creator's own waiting game. */
  async decline(id: string, user: Identity, reason?: string): Promise<Result<true, ServiceError>> {
    const actor = await this.live.get(id);
    if (!actor) return err('game.not-found', 'No such game');
    return actor.run(async () => {
      const ex = actor.extras;
      const mine = actor.game.seatOf(user.id) !== null;
      if (!(ex.challenge?.userId === user.id || mine)) return err('game.forbidden', 'Not your challenge');
      const closed = mine ? ('withdrawn' as const) : ('declined' as const);
      const challenge = ex.challenge ? { ...ex.challenge, closed, ...(reason && !mine ? { reason } : {}) } : null;
      const r = await this.pipeline.commit(actor, { type: 'cancel', why: closed }, this.deps.clock.now(), { ...ex, challenge });
      return r.ok ? ok(true as const) : r;
    });
  }

  /**
   * A player's action; the side is the user's seat, never chosen by the client. `heldMs`: how long a move
   * was held inside the club before it reached this node (relayed while the game changed owner, measured
   * by the node it arrived at): the move is timed at its arrival (clock.ts punch). `via`: the node it came
   * through ('' this one; several nodes only), which shows where the player is now (Presence.resumeIfStranded).
   */
  async act(id: string, userId: string, action: PlayerAction, heldMs = 0, via?: string): Promise<Result<true, ServiceError>> {
    const started = performance.now();
    const actor = await this.live.get(id);
    if (!actor) return err('game.not-found', 'No such game');
    const r = await actor.run(async (): Promise<Result<true, ServiceError>> => {
      const by = actor.game.seatOf(userId);
      if (by === null) return err('game.forbidden', 'You are not playing in this game');
      const held = Number.isFinite(heldMs) && heldMs > 0 ? { heldMs: Math.min(heldMs, MAX_HELD_MS) } : {};
      // Field by field: what a client's frame carried besides (a `heldMs` of its own) never reaches the game.
      const full: GameAction =
        action.type === 'move'
          ? {
              type: 'move',
              uci: action.uci,
              ply: action.ply,
              by,
              ...(action.lagMs !== undefined ? { lagMs: action.lagMs } : {}),
              ...(action.position !== undefined ? { position: action.position } : {}),
              ...held,
            }
          : { type: action.type, by };
      if (full.type === 'move' && this.deps.quiet) this.presences.resumeIfStranded(actor, by, this.deps.quiet, this.deps.clock.now(), via);
      const done = await this.pipeline.commit(actor, full, this.deps.clock.now());
      return done.ok ? ok(true as const) : done;
    });
    // Server-side time of an accepted move: queueing, rules, the durable write, the broadcast.
    if (action.type === 'move' && r.ok) {
      this.moveTimes.record(Math.max(1, Math.round((performance.now() - started) * 1000)));
      this.moveCost.accepted();
    }
    return r;
  }

  /** Writes refused because another node had taken the game (a stale owner's). */
  get staleWritesRefused(): number {
    return this.pipeline.staleWritesRefused;
  }

  /** The full state for a watcher or player, with the version it is at and how many watch it now (sockets of non-players). */
  async view(id: string, userId?: string): Promise<{ view: WireView; v: number; you: Side | null; extras: StoredExtras; spectators: number } | null> {
    const actor = await this.live.get(id);
    if (!actor) return null;
    return {
      view: wireView(actor.game.view(this.deps.clock.now())),
      v: actor.version,
      you: userId ? sideOrNull(actor.game.seatOf(userId)) : null,
      extras: actor.extras,
      spectators: actor.spectators,
    };
  }

  /** Versions after `since` (null: too old, send the full state). */
  async since(id: string, since: number): Promise<VersionFrame[] | null> {
    const actor = await this.live.get(id);
    return actor ? actor.since(since) : null;
  }

  /** A socket of `userId` started (or stopped) watching (see Presence.presence). */
  presence(id: string, userId: string, delta: 1 | -1, from = ''): Promise<void> {
    return this.presences.presence(id, userId, delta, from);
  }

  /** What node `from` holds of this game now (see Presence.presenceOf). */
  presenceOf(id: string, from: string, users: Readonly<Record<string, number>>): Promise<void> {
    return this.presences.presenceOf(id, from, users);
  }

  /** A node died: its sockets are gone. */
  nodeGone(from: string): Promise<void> {
    return this.presences.nodeGone(from);
  }

  /** The nodes whose sockets are counted in some live game here. */
  presenceSources(): Set<string> {
    return this.presences.sources();
  }

  /**
   * Frames of the game as they are published. `behind`: told when frames
   * may have been missed (several nodes: see ClubGames.subscribe; one node
   * misses none, so it is never called here).
   */
  subscribe(id: string, handler: (frame: string) => void, _behind?: () => void): () => void {
    return this.deps.bus.subscribe(topicOf(id), (m) => handler(m as string));
  }

  /** Live games on this node, most watched first. */
  liveGames(limit = 50): GameSummary[] {
    const out: GameSummary[] = [];
    for (const a of this.live.all()) {
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
    for (const a of this.live.all()) {
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
    return this.live.size;
  }

  /** After a restart: loads every unfinished game and arms its deadline. */
  async recover(): Promise<number> {
    const rows = await this.deps.store.games({ status: ['active', 'waiting'], limit: 100_000 });
    let n = 0;
    for (const row of rows) if (await this.live.get(row.id)) n++;
    await this.deps.ratings?.recover?.();
    return n;
  }

  async close(): Promise<void> {
    this.live.close();
  }

  /** Whether this node holds a live game in memory (and decides it). */
  holds(id: string): boolean {
    return this.live.holds(id);
  }

  /** Ids of the live games this node holds. */
  held(): string[] {
    return this.live.held();
  }

  /** Resolves when every action already queued on this node's games has finished. */
  drain(): Promise<void> {
    return this.live.drain();
  }

  /** Drops a live game from this node without writing anything (another node decides it now). */
  evict(id: string): void {
    this.live.evict(id);
  }

  /** Moves the computer should not play: they would lose by a rule the engine cannot see (Xiangqi run limits). */
  async movesToAvoid(id: string): Promise<string[]> {
    const actor = await this.live.get(id);
    return actor ? actor.game.movesThatViolate() : [];
  }
}
