/**
 * Games in a club of several nodes: this node decides the games whose lease
 * it holds (its GameService, `local`) and forwards everything else to the
 * node that decides it, relaying the answer (lila-ws relays, lila decides).
 *
 * - A request for a game nobody alive owns takes the game (lease, then the
 *   fence in the store) and is served here.
 * - Every second, each node looks for games of dead nodes and takes those
 *   the spread gives it (by game id over the live nodes), and any orphan
 *   still untaken after two seconds; the leader also looks in the database
 *   for live games Redis lost track of (Redis restarted empty).
 * - A node that learns it was declared dead (frozen past its lease, or
 *   Redis lost its keys) drops every game, registers anew and takes back
 *   those nobody else took.
 * - SIGTERM: `handover()` leaves the registry at once, lets running actions
 *   finish, drops every game and tells the others to take them now.
 */
import type { CreateGame, GameSummary, Identity } from '@youzai/protocol';
import { err, type Result, type Side } from '@youzai/rules';
import type { Bus } from '../bus/bus.ts';
import { HttpError } from '../http/util.ts';
import type { GameService, PairedTerms, PlayerAction, ServiceError } from '../service/game-service.ts';
import { every, type Clock, type Timers } from '../service/time.ts';
import type { Store } from '../store/types.ts';
import { InOrder } from './in-order.ts';
import { Forwarder, Moved, NoAnswer, type ForwardTimes, type RpcRequest } from './forward.ts';
import type { NodeRegistry } from './nodes.ts';
import { Ownership } from './ownership.ts';
import type { RedisLink } from './redis.ts';

/** How long a request keeps looking for the game's owner (a failover included) before `server.unavailable`. */
const ROUTE_DEADLINE_MS = 8000;
/** How long one forwarded request waits for its answer. */
const CALL_TIMEOUT_MS = 2500;
/** An orphan not taken by its preferred node within this is taken by anyone. */
const ORPHAN_GRACE_MS = 2000;
/** The leader looks in the database for unowned live games this often. */
const DB_SWEEP_MS = 15_000;
/** Internal topic: a node stopping says its games are free now. */
const HANDOVER_TOPIC = 'club:handover';
/** Internal topic: a game's new owner asks every node which of its players' sockets they hold. */
const PRESENCE_ASK_TOPIC = 'club:presence-ask';
/**
 * Internal topic: frames of these games (ids) may not have reached every
 * node (their publisher lost Redis, or died cut from it): their watchers
 * catch up from the owner or the store.
 */
const BEHIND_TOPIC = 'club:behind';
/** Each node says it is running, every BEAT_MS, on this topic: a node not heard for QUIET_MS may be frozen. */
const BEAT_TOPIC = 'club:beat';
const BEAT_MS = 500;
/**
 * A node not heard for this long has gone quiet (frozen, or cut from Redis):
 * HAProxy takes 1-2 s to close the sockets of a frozen node and its lease 3 s
 * to lapse, so a player back through another node can move before it is seen
 * dead. Three beats: a node merely slow (a long collection) is rarely taken
 * for quiet, and then a move is charged less, never more.
 */
export const QUIET_MS = 1500;
/** A change stored this long before the connection to Redis was seen lost may not have been published either. */
const UNSURE_BEFORE_DROP_MS = 5000;
/** How long the changes of this node's games are remembered (for the above). */
const RECENT_MS = 60_000;

const GAME_ID = /^[A-Za-z0-9]{6,16}$/;

export interface ClubGamesDeps {
  readonly link: RedisLink;
  readonly bus: Bus;
  readonly nodes: NodeRegistry;
  readonly store: Store;
  readonly local: GameService;
  readonly isLeader: () => boolean;
  /** The server's time: the reaper's second, the orphans' grace, the database sweep, a request's deadline and its waits. */
  readonly clock: Clock;
  readonly timers: Timers;
}

const unavailable = (what: string): ServiceError => ({ code: 'server.unavailable', message: `The club cannot reach ${what} now: try again in a moment` });

export class ClubGames {
  readonly ownership: Ownership;
  /** Games whose lease this node holds (what `mayOwn` answers). */
  readonly mine = new Set<string>();
  private readonly forwarder: Forwarder;
  private readonly orphansSeen = new Map<string, number>();
  /** The dead members already seen dead: a newly dead one sends every watcher here to catch up, once. */
  private readonly deadSeen = new Set<string>();
  /** The owner each game was last forwarded to: tried first, forgotten when it moved or did not answer. */
  private readonly owners = new Map<string, string>();
  private reaper: (() => void) | null = null;
  private reaping = false;
  private lastDbSweep = 0;
  private draining = false;
  private readonly offHandover: () => void;
  private readonly offPresenceAsk: () => void;
  /** Sockets of each user watching each game on this node (told again to a game's new owner). */
  private readonly watching = new Map<string, Map<string, number>>();
  /** Presence messages of each game, one after the other (a count announced never overtakes a later change). */
  private readonly presenceOut = new InOrder();
  /** Games taken over from a dead or stopping node (monitoring). */
  adopted = 0;
  /** Each watched game's `behind` callbacks (its sockets here): told to catch up. */
  private readonly behind = new Map<string, Set<() => void>>();
  private readonly offBehind: () => void;
  private readonly offReconnected: () => void;
  private readonly offBeat: () => void;
  private beater: (() => void) | null = null;
  /** When each node (by id) was last heard: its beat, or a request it forwarded. */
  private readonly heard = new Map<string, number>();
  /** The last stored change of each game decided here, by time (the frames a lost connection may have swallowed). */
  private readonly recent = new Map<string, number>();
  /** Since when the connection to Redis has been down (null: up). */
  private downSince: number | null = null;
  /** Ended games whose lease could not be given back (Redis out of reach): given back when it answers. */
  private readonly unreleased = new Set<string>();

  constructor(private readonly deps: ClubGamesDeps) {
    this.ownership = new Ownership(deps.link, () => deps.nodes.member);
    this.forwarder = new Forwarder(
      deps.bus,
      deps.nodes.node,
      () => deps.nodes.member,
      (req) => this.serve(req),
    );
    this.offHandover = deps.bus.subscribe(HANDOVER_TOPIC, () => void this.reap());
    this.offPresenceAsk = deps.bus.subscribe(PRESENCE_ASK_TOPIC, (id) => void this.announce(id as string));
    this.offBehind = deps.bus.subscribe(BEHIND_TOPIC, (ids) => {
      if (Array.isArray(ids)) for (const id of ids) this.tellBehind(String(id));
    });
    this.offBeat = deps.bus.subscribe(BEAT_TOPIC, (node) => {
      if (typeof node === 'string') this.heard.set(node, deps.clock.now());
    });
    // This node's own subscription was lost for a while: every game watched here may have missed frames.
    this.offReconnected =
      deps.bus.onReconnected?.(() => {
        for (const id of [...this.behind.keys()]) this.tellBehind(id);
      }) ?? (() => undefined);
    deps.local.onChange((c) => {
      if (this.recent.size > 50_000) this.prune();
      this.recent.set(c.row.id, deps.clock.now());
    });
    deps.local.onEnd((row) => {
      this.mine.delete(row.id);
      void this.ownership.release(row.id).catch(() => this.unreleased.add(row.id));
    });
    deps.nodes.onExpired(() => void this.reborn());
    deps.link.client.on('close', this.onDrop);
    deps.link.client.on('ready', this.onBack);
  }

  private readonly onDrop = (): void => {
    this.downSince ??= this.deps.clock.now();
  };

  /**
   * Redis answers again: the frames of the games changed here shortly before
   * or while it was out of reach may never have left (a game that ended then
   * is never published again): their watchers everywhere are told to catch up.
   */
  private readonly onBack = (): void => {
    const since = this.downSince;
    this.downSince = null;
    if (since === null) return;
    this.prune();
    const ids = [...this.recent].filter(([, at]) => at >= since - UNSURE_BEFORE_DROP_MS).map(([id]) => id);
    if (ids.length) this.deps.bus.publish(BEHIND_TOPIC, ids);
    for (const id of [...this.unreleased]) {
      this.unreleased.delete(id);
      if (!this.mine.has(id)) void this.ownership.release(id).catch(() => this.unreleased.add(id));
    }
  };

  private prune(): void {
    const old = this.deps.clock.now() - RECENT_MS;
    for (const [id, at] of this.recent) if (at < old) this.recent.delete(id);
  }

  private tellBehind(id: string): void {
    for (const fn of [...(this.behind.get(id) ?? [])]) fn();
  }

  /** Times of the requests this node forwarded and served (/api/stats). */
  get forwardTimes(): ForwardTimes {
    return this.forwarder.times;
  }

  /** Whether this node may load and decide `gameId` (GameService's `mayOwn`). */
  readonly mayOwn = (gameId: string): boolean => this.mine.has(gameId) && !this.draining;

  /** Whether this node may decide `gameId` now: its lease, vouched for by a recent renewal (GameService's `mayDecide`). */
  readonly mayDecide = (gameId: string): boolean => this.mayOwn(gameId) && this.deps.nodes.holdsLease();

  /** Another node fenced a game we held: it is theirs. */
  readonly lost = (gameId: string): void => {
    this.mine.delete(gameId);
  };

  async start(): Promise<void> {
    await this.forwarder.ready();
    this.reaper?.();
    this.reaper = every(this.deps.clock, this.deps.timers, 1000, () => void this.reap());
    this.beater?.();
    this.beater = every(this.deps.clock, this.deps.timers, BEAT_MS, () => this.deps.bus.publish(BEAT_TOPIC, this.deps.nodes.node));
    void this.reap();
  }

  /** When `member`'s node was last heard here, by this node's clock (undefined: never). */
  heardAt(member: string): number | undefined {
    return this.heard.get(member.split('|', 1)[0]!);
  }

  /**
   * Whether `member`'s node has gone quiet: heard before, not for QUIET_MS
   * (GameService's `quiet`: a side to move back through another node gets its
   * turn from its move). Never this node.
   */
  readonly quiet = (member: string): boolean => {
    if (member.split('|', 1)[0] === this.deps.nodes.node) return false;
    const at = this.heardAt(member);
    return at !== undefined && this.deps.clock.now() - at > QUIET_MS;
  };

  // --- what sockets, routes, the lobby and rooms call ---

  async create(creator: Identity, req: CreateGame): Promise<Result<{ id: string; inviteToken: string | null }, ServiceError>> {
    if (!this.deps.link.up()) return err(unavailable('Redis').code, unavailable('Redis').message);
    const r = await this.deps.local.create(creator, req);
    if (r.ok) await this.own(r.value.id);
    return r;
  }

  async createPaired(first: Identity, second: Identity, terms: PairedTerms): Promise<Result<{ id: string; side: Side }, ServiceError>> {
    if (!this.deps.link.up()) return err(unavailable('Redis').code, unavailable('Redis').message);
    const r = await this.deps.local.createPaired(first, second, terms);
    if (r.ok) await this.own(r.value.id);
    return r;
  }

  act(id: string, userId: string, action: PlayerAction): Promise<Result<true, ServiceError>> {
    // How long the move has been held in the club when it is sent on (or played here): timed at its arrival (issue 26 G).
    const arrived = this.deps.clock.now();
    const held = () => Math.max(0, this.deps.clock.now() - arrived);
    return this.result(
      id,
      'act',
      () => [userId, action, held()],
      () => this.deps.local.act(id, userId, action, held(), ''),
    );
  }

  join(id: string, user: Identity, token?: string): Promise<Result<Side, ServiceError>> {
    return this.result(id, 'join', [user, token ?? null], () => this.deps.local.join(id, user, token));
  }

  decline(id: string, user: Identity, reason?: string): Promise<Result<true, ServiceError>> {
    return this.result(id, 'decline', [user, reason ?? null], () => this.deps.local.decline(id, user, reason));
  }

  view(id: string, userId?: string): ReturnType<GameService['view']> {
    return this.route(id, 'view', [userId ?? null], () => this.deps.local.view(id, userId));
  }

  since(id: string, since: number): ReturnType<GameService['since']> {
    return this.route(id, 'since', [since], () => this.deps.local.since(id, since));
  }

  seat(id: string, userId: string): ReturnType<GameService['seat']> {
    return this.route(id, 'seat', [userId], () => this.deps.local.seat(id, userId));
  }

  async presence(id: string, userId: string, delta: 1 | -1): Promise<void> {
    const users = this.watching.get(id) ?? new Map<string, number>();
    const n = (users.get(userId) ?? 0) + delta;
    if (n > 0) users.set(userId, n);
    else users.delete(userId);
    if (users.size) this.watching.set(id, users);
    else this.watching.delete(id);
    const from = this.deps.nodes.member;
    await this.presenceOut.run(id, () => this.route(id, 'presence', [userId, delta, from], () => this.deps.local.presence(id, userId, delta, from)));
  }

  /** Tells the owner of `id` which of its players' sockets this node holds (asked after a failover). */
  private async announce(id: string): Promise<void> {
    const users = this.watching.get(id);
    if (!users?.size) return;
    // The counts as of now, sent after the changes already under way and before any made from now on.
    const counts = Object.fromEntries(users);
    const from = this.deps.nodes.member;
    await this.presenceOut.run(id, () => this.route(id, 'presenceOf', [from, counts], () => this.deps.local.presenceOf(id, from, counts)));
  }

  movesToAvoid(id: string): Promise<string[]> {
    return this.route(id, 'movesToAvoid', [], () => this.deps.local.movesToAvoid(id));
  }

  /**
   * Frames of the game as they are published; `behind` is told when some
   * may have been missed (this node's subscription was lost for a while, or
   * the node that published them could not reach Redis): the watcher catches
   * up (`since`, or the full state).
   */
  subscribe(id: string, handler: (frame: string) => void, behind?: () => void): () => void {
    const off = this.deps.local.subscribe(id, handler);
    if (!behind) return off;
    let fns = this.behind.get(id);
    if (!fns) {
      fns = new Set();
      this.behind.set(id, fns);
    }
    fns.add(behind);
    const mine = fns;
    return () => {
      off();
      mine.delete(behind);
      if (mine.size === 0 && this.behind.get(id) === mine) this.behind.delete(id);
    };
  }

  onEnd(fn: Parameters<GameService['onEnd']>[0]): () => void {
    return this.deps.local.onEnd(fn);
  }

  /** The node deciding `id` now (null: none alive, or the game is not live). */
  async ownerOf(id: string): Promise<string | null> {
    const m = await this.ownership.owner(id);
    return m ? m.slice(0, m.indexOf('|')) : null;
  }

  /** Live games of the whole club, most watched first (each node publishes its own every second). */
  async liveGames(limit = 50): Promise<GameSummary[]> {
    const all: GameSummary[] = [];
    for (const m of await this.deps.nodes.alive()) {
      const raw = await this.deps.link.client.get(this.deps.link.key(`live:${m}`));
      if (raw) all.push(...(JSON.parse(raw) as GameSummary[]));
    }
    all.sort((x, y) => y.spectators - x.spectators || y.lastMoveAt - x.lastMoveAt);
    return all.slice(0, limit);
  }

  async tv(): Promise<string | null> {
    return (await this.liveGames(1))[0]?.id ?? null;
  }

  /** Open challenges to `userId`, from the database (they may wait on any node). */
  async challengesFor(userId: string): Promise<ReturnType<GameService['challengesFor']>> {
    const rows = await this.deps.store.games({ status: ['waiting'], limit: 1000 });
    const out: ReturnType<GameService['challengesFor']> = [];
    for (const r of rows) {
      const data = r.data as {
        game?: { seats?: [{ name?: string } | null, { name?: string } | null]; setup?: { clock: never } };
        extras?: { challenge?: { userId: string } | null };
      };
      if (data.extras?.challenge?.userId !== userId || !data.game?.setup) continue;
      const seats = data.game.seats ?? [null, null];
      out.push({ id: r.id, from: (seats[0] ?? seats[1])?.name ?? '?', variant: r.variant, clock: data.game.setup.clock });
    }
    return out;
  }

  /**
   * SIGTERM: this node is seen dead at once; actions under way finish; every
   * game is dropped and the others are told to take them now.
   */
  async handover(): Promise<number> {
    this.draining = true;
    this.reaper?.();
    this.reaper = null;
    this.beater?.();
    this.beater = null;
    const held = this.deps.local.held();
    await this.deps.nodes.leave();
    await this.deps.local.drain();
    for (const id of held) this.deps.local.evict(id);
    this.mine.clear();
    this.deps.bus.publish(HANDOVER_TOPIC, this.deps.nodes.node);
    return held.length;
  }

  close(): void {
    this.reaper?.();
    this.reaper = null;
    this.beater?.();
    this.beater = null;
    this.offBeat();
    this.forwarder.close();
    this.offHandover();
    this.offPresenceAsk();
    this.offBehind();
    this.offReconnected();
    this.deps.link.client.off('close', this.onDrop);
    this.deps.link.client.off('ready', this.onBack);
  }

  // --- internals ---

  private async own(id: string): Promise<void> {
    this.mine.add(id);
    await this.ownership.claim(id).catch(() => undefined);
  }

  /** Like route(), for actions answered with a Result: unreachable services become `server.unavailable`. */
  private async result<T>(
    id: string,
    op: string,
    args: unknown[] | (() => unknown[]),
    here: () => Promise<Result<T, ServiceError>>,
  ): Promise<Result<T, ServiceError>> {
    try {
      return await this.route(id, op, args, here);
    } catch (e) {
      if (e instanceof HttpError && e.code === 'server.unavailable') return err(e.code, e.message);
      throw e;
    }
  }

  /**
   * Serves `op` here if this node decides the game (taking it if nobody
   * alive does), else forwards it to the owner; looks again when the owner
   * moved or does not answer (it may be dying: its games are taken within
   * seconds), until the deadline.
   */
  private async route<T>(id: string, op: string, args: unknown[] | (() => unknown[]), here: () => Promise<T>): Promise<T> {
    if (!GAME_ID.test(id)) return here();
    const deadline = this.deps.clock.now() + ROUTE_DEADLINE_MS;
    for (let attempt = 0; ; attempt++) {
      if (!this.deps.link.up()) throw new HttpError(503, 'server.unavailable', unavailable('Redis').message);
      if (this.draining) throw new HttpError(503, 'server.unavailable', 'This node is stopping: try again');
      // Reconnected but our registration not yet confirmed: Redis may have lost our lease, so nothing is decided here until it is.
      if (!this.deps.nodes.beating) throw new HttpError(503, 'server.unavailable', unavailable('Redis').message);
      if (this.mine.has(id) && this.deps.local.holds(id)) return here();
      let owner: string | null = this.owners.get(id) ?? null;
      let fresh = false;
      try {
        owner ??= await this.ownership.owner(id);
        if (owner === null || owner === this.deps.nodes.member) {
          const c = await this.ownership.claim(id);
          owner = c.ok ? this.deps.nodes.member : c.owner;
          fresh = c.ok && c.fresh;
        }
      } catch {
        throw new HttpError(503, 'server.unavailable', unavailable('Redis').message);
      }
      if (owner === this.deps.nodes.member) {
        this.mine.add(id);
        try {
          return await here();
        } finally {
          // Not live (finished, or no such game): nothing to own.
          if (!this.deps.local.holds(id)) {
            this.mine.delete(id);
            await this.ownership.release(id).catch(() => undefined);
          } else if (fresh) this.deps.bus.publish(PRESENCE_ASK_TOPIC, id);
        }
      }
      try {
        const value = (await this.forwarder.call(owner, op, [id, ...(typeof args === 'function' ? args() : args)], CALL_TIMEOUT_MS)) as T;
        if (this.owners.size > 50_000) this.owners.clear();
        this.owners.set(id, owner);
        return value;
      } catch (e) {
        this.owners.delete(id);
        if (!(e instanceof Moved || e instanceof NoAnswer)) throw e;
        if (this.deps.clock.now() > deadline)
          throw new HttpError(503, 'server.unavailable', 'The node deciding this game does not answer: try again in a moment');
        await new Promise<void>((r) => this.deps.timers.at(this.deps.clock.now() + Math.min(500, 50 * (attempt + 1)), r));
      }
    }
  }

  /** A request forwarded to this node: served if the game is decided here, else `moved`. */
  private async serve(req: RpcRequest): Promise<{ value: unknown } | 'moved'> {
    const [id, ...a] = req.args as [string, ...unknown[]];
    this.heard.set(req.from, this.deps.clock.now());
    if (this.draining || !this.mine.has(id)) return 'moved';
    const l = this.deps.local;
    const value = await (async () => {
      switch (req.op) {
        case 'act':
          return l.act(id, a[0] as string, a[1] as PlayerAction, typeof a[2] === 'number' ? a[2] : 0, req.from);
        case 'join':
          return l.join(id, a[0] as Identity, (a[1] as string | null) ?? undefined);
        case 'decline':
          return l.decline(id, a[0] as Identity, (a[1] as string | null | undefined) ?? undefined);
        case 'view':
          return l.view(id, (a[0] as string | null) ?? undefined);
        case 'since':
          return l.since(id, a[0] as number);
        case 'seat':
          return l.seat(id, a[0] as string);
        case 'presence':
          return l.presence(id, a[0] as string, a[1] as 1 | -1, a[2] as string);
        case 'presenceOf':
          return l.presenceOf(id, a[0] as string, a[1] as Record<string, number>);
        case 'movesToAvoid':
          return l.movesToAvoid(id);
        default:
          throw new Error(`unknown op ${req.op}`);
      }
    })();
    return { value };
  }

  /** Takes a game over: lease, then load (which fences it and arms its timers). `from`: the dead member that listed it. */
  private async adopt(id: string, from?: string): Promise<void> {
    const c = await this.ownership.claim(id);
    if (!c.ok) {
      // Another live node has it already: off the dead member's list, which must empty for the member to be forgotten.
      if (from) await this.ownership.release(id, from);
      return;
    }
    this.mine.add(id);
    await this.deps.local.view(id).catch(() => null);
    if (this.deps.local.holds(id)) {
      this.adopted++;
      // Loaded with both seats away: the nodes holding the players' sockets say so again.
      this.deps.bus.publish(PRESENCE_ASK_TOPIC, id);
    } else {
      this.mine.delete(id);
      await this.ownership.release(id).catch(() => undefined);
      // It ended (or went) while listed as live: its last frame may have reached nobody (its owner died cut from Redis).
      this.deps.bus.publish(BEHIND_TOPIC, [id]);
    }
  }

  /** Each second: games of dead nodes, spread over the live ones; the leader also checks the database now and then. */
  private async reap(): Promise<void> {
    if (this.reaping || this.draining) return;
    this.reaping = true;
    try {
      await this.publishLive();
      // Sockets counted for a node that is no longer alive are gone with it.
      const alive = new Set(await this.deps.nodes.alive());
      for (const from of this.deps.local.presenceSources()) if (!alive.has(from)) await this.deps.local.nodeGone(from);
      const dead = await this.deps.nodes.dead();
      // Requests forwarded to a node now dead would wait out their timeout: they look for the new owner at once.
      for (const d of dead) this.forwarder.abandon(d);
      // What a node decided just before it died may never have been published (killed between the store's answer and
      // the frame, or between the frame and its release of the game): a game that ended then is neither adopted nor
      // published again. Every game watched here catches up once per death (chaos seed 5: a spectator on another node
      // never heard an end, 2 full runs of 7).
      if (dead.some((d) => !this.deadSeen.has(d))) for (const id of [...this.behind.keys()]) this.tellBehind(id);
      for (const d of this.deadSeen) if (!dead.includes(d)) this.deadSeen.delete(d);
      for (const d of dead) this.deadSeen.add(d);
      if (dead.length) {
        const alive = (await this.deps.nodes.alive()).sort();
        const now = this.deps.clock.now();
        for (const d of dead) {
          for (const id of await this.ownership.ownedBy(d)) {
            const first = this.orphansSeen.get(id) ?? now;
            this.orphansSeen.set(id, first);
            const preferred = alive[hashOf(id) % Math.max(1, alive.length)];
            if (preferred === this.deps.nodes.member || now - first >= ORPHAN_GRACE_MS) await this.adopt(id, d);
          }
        }
      }
      if (this.orphansSeen.size > 10_000) this.orphansSeen.clear();
      if (this.deps.isLeader() && this.deps.clock.now() - this.lastDbSweep > DB_SWEEP_MS) {
        this.lastDbSweep = this.deps.clock.now();
        const rows = await this.deps.store.games({ status: ['active', 'waiting'], limit: 100_000 });
        for (const r of rows) if (!this.mine.has(r.id) && (await this.ownership.owner(r.id)) === null) await this.adopt(r.id);
      }
    } catch {
      // Redis or the database unreachable: the next second tries again.
    } finally {
      this.reaping = false;
    }
  }

  /** This node's live games for the club's lists (GET /api/games, the TV), kept 3 s. */
  private async publishLive(): Promise<void> {
    const key = this.deps.link.key(`live:${this.deps.nodes.member}`);
    await this.deps.link.client.set(key, JSON.stringify(this.deps.local.liveGames(200)), 'PX', 3000);
  }

  /** We were declared dead (frozen, or Redis lost its keys): drop everything, then take back what nobody else took. */
  private async reborn(): Promise<void> {
    const held = this.deps.local.held();
    for (const id of held) this.deps.local.evict(id);
    this.mine.clear();
    for (const id of held) await this.adopt(id).catch(() => undefined);
  }
}

function hashOf(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}
