/**
 * The lobby: open seeks, quick-pairing pools and the live counters, once for
 * a club of one node or of several. What differs is given: where the seeks
 * and pool places live (LobbyState: this node's memory, or Redis), who is
 * online (this node, or the club) and who matches the pools (this node, or
 * the club's leader).
 *
 * - Everyone subscribed to the lobby topic hears seeks come and go (in
 *   batches: one frame per turn however many changed) and the counters (at
 *   most every `countersIntervalMs`).
 * - A seek is taken atomically: of two acceptors, on any nodes, one pairs.
 *   A pairing creates the game through the game service with both seats
 *   taken, then tells both players on their own topic.
 * - The pools are matched by one node (the leader) on its tick, and at once
 *   when any node says someone joined; a pairing takes both places at once.
 * - A player's seeks and pool place go when their last socket closes; the
 *   leader also sweeps those of players no longer online (their node died).
 */
import { POOLS, type ClockSpec, type Identity, type LobbyCounters, type PlayerTag, type Seek, type SeekColor, type ServerMessage } from '@youzai/protocol';
import { err, ok, otherSide, type Result, type RuleError, type Side, type VariantKey } from '@youzai/rules';
import type { Bus } from '../bus/bus.ts';
import { LOBBY_TOPIC, userTopic } from '../bus/topics.ts';
import { ratingTag } from '../players/ratings.ts';
import { checkTerms, type PairedTerms } from '../service/game-service.ts';
import type { GamesPort } from '../service/games-port.ts';
import { randomId } from '../service/ids.ts';
import { every, type Clock, type Timers } from '../service/time.ts';
import type { RatingRow } from '../store/types.ts';
import { Coalescer } from './coalescer.ts';
import { DEFAULT_POOL_RULES, Pools, poolSpec, type PoolEntry, type PoolRules } from './pools.ts';
import type { Presence } from './presence.ts';
import { MemoryLobbyState, type LobbyState, type SeekEntry } from './state.ts';

export interface LobbyRules {
  readonly maxSeeksPerUser: number;
  /** Counters are pushed at most this often. */
  readonly countersIntervalMs: number;
  /** Pools are matched this often (and at once when someone joins). */
  readonly poolTickMs: number;
  readonly pool: PoolRules;
}

export const DEFAULT_LOBBY_RULES: LobbyRules = { maxSeeksPerUser: 5, countersIntervalMs: 500, poolTickMs: 1000, pool: DEFAULT_POOL_RULES };

/** Who is online wherever the lobby is shared (ClubPresence for a club of several nodes). */
export interface Online {
  isOnline(userId: string): boolean | Promise<boolean>;
  count(): number | Promise<number>;
}

/** Whether this node matches the pools (the club's Leader). */
export interface PoolMatcher {
  readonly isLeader: boolean;
  onChange(fn: (held: boolean) => void): void;
}

export interface LobbyDeps {
  readonly bus: Bus;
  readonly clock: Clock;
  readonly timers: Timers;
  readonly games: GamesPort;
  /** This node's sockets: only a player with a socket here posts a seek or joins a pool through it. */
  readonly presence: Presence;
  /** Default: those of this node. */
  readonly online?: Online;
  /** Default: in this node's memory. */
  readonly state?: LobbyState;
  /** Default: this node, always. */
  readonly leader?: PoolMatcher;
  readonly ratingOf: (userId: string, variant: string) => Promise<RatingRow | null>;
  readonly rules?: Partial<LobbyRules>;
}

export interface SeekTerms {
  readonly variant: VariantKey;
  readonly clock: ClockSpec;
  readonly rated: boolean;
  readonly color: SeekColor;
  readonly range?: { readonly min: number; readonly max: number } | undefined;
}

type LobbySnapshot = Extract<ServerMessage, { t: 'lobby' }>;

/** What the sockets, the routes and the rooms ask of the lobby. */
export interface LobbyPort {
  snapshot(): Promise<LobbySnapshot>;
  createSeek(user: Identity, terms: SeekTerms): Promise<Result<Seek, RuleError>>;
  cancelSeek(userId: string, id: string): Promise<Result<true, RuleError>>;
  acceptSeek(user: Identity, id: string): Promise<Result<{ game: string }, RuleError>>;
  joinPool(user: Identity, poolId: string, rated?: boolean): Promise<Result<true, RuleError>>;
  leavePool(userId: string): Promise<Result<true, RuleError>>;
  playing(userIds: readonly string[]): void;
  throttle(congested: () => boolean): void;
  close(): void;
}

/** The seek a user proposes, checked like every new game's terms. */
export function seekOf(user: Identity, terms: SeekTerms, rating: RatingRow | null, now: number): Seek {
  return {
    id: randomId(8),
    user: tag(user),
    rating: ratingTag(rating),
    variant: terms.variant,
    clock: terms.clock,
    rated: terms.rated,
    color: terms.color,
    range: terms.range ?? null,
    createdAt: now,
  };
}

/** Why `user` may not take `seek` (null: they may); `mine` is their rating in the seek's game. */
function acceptRefusal(user: Identity, e: SeekEntry, mine: number | null): Result<never, RuleError> | null {
  if (e.owner.id === user.id) return err('seek.own', 'This is your own seek');
  if (e.seek.rated && user.guest) return err('game.rated-guest', 'Rated games need an account on both sides: register to play');
  if (e.seek.range && mine !== null && (mine < e.seek.range.min || mine > e.seek.range.max))
    return err('seek.out-of-range', `The seek is for ratings ${e.seek.range.min}–${e.seek.range.max}`);
  return null;
}

/** How soon a frame held back by congestion tries again. */
const CONGESTION_RETRY_MS = 20;

/** Internal topic: a node tells the one that matches the pools that someone joined. */
const POOL_NUDGE = 'club:pool-joined';

/** Sweeps (seeks and places of players no longer online) every this many pool ticks. */
const SWEEP_EVERY = 5;

const SOLE: PoolMatcher = { isLeader: true, onChange: () => undefined };

export const tag = (u: Identity): PlayerTag => ({ id: u.id, name: u.name, guest: u.guest });

export class Lobby implements LobbyPort {
  private readonly rules: LobbyRules;
  private readonly state: LobbyState;
  private readonly online: Online;
  private readonly leader: PoolMatcher;
  private readonly counters: Coalescer<LobbyCounters>;
  /** Seek changes not yet sent: id → the seek (added) or null (removed). */
  private readonly pending = new Map<string, Seek | null>();
  private flushing: (() => void) | null = null;
  private poolTimer: (() => void) | null = null;
  private matching: Promise<void> | null = null;
  private again = false;
  private ticks = 0;
  private sweeping: Promise<void> | null = null;
  /** True while the sockets have not yet sent out the last lobby frame (see throttle). */
  private congested: () => boolean = () => false;
  private readonly offNudge: () => void;
  /** Work under way that no caller awaits (withdrawals, matching, counters): see idle(). */
  private readonly work = new Set<Promise<void>>();

  constructor(private readonly deps: LobbyDeps) {
    this.rules = { ...DEFAULT_LOBBY_RULES, ...deps.rules };
    this.state = deps.state ?? new MemoryLobbyState();
    this.online = deps.online ?? { isOnline: (id) => deps.presence.isOnline(id), count: () => deps.presence.online };
    this.leader = deps.leader ?? SOLE;
    this.counters = new Coalescer(
      () => this.track(this.countersNow()),
      (c) => deps.bus.publish(LOBBY_TOPIC, JSON.stringify({ t: 'counters', ...c } satisfies ServerMessage)),
      deps,
      this.rules.countersIntervalMs,
      () => !this.congested(),
    );
    deps.presence.listen({
      arrived: () => this.counters.changed(),
      left: (userId) =>
        void this.track(
          (async () => {
            // Gone from this node; in a club they may still have a socket on another.
            if (!(await this.online.isOnline(userId))) await this.leaveAll([userId], false);
            this.counters.changed();
          })(),
        ),
    });
    this.offNudge = deps.bus.subscribe(POOL_NUDGE, () => {
      if (this.leader.isLeader) void this.matchPools();
    });
    this.leader.onChange((held) => (held ? this.armPools() : this.disarmPools()));
    if (this.leader.isLeader) this.armPools();
  }

  /**
   * Holds lobby frames back while `congested()`: seek changes and counters
   * then merge into the next frame instead of queueing behind a broadcast
   * that is still going out (to 10,000 sockets that takes a while).
   */
  throttle(congested: () => boolean): void {
    this.congested = congested;
  }

  /** What a client gets on subscribing. */
  async snapshot(): Promise<LobbySnapshot> {
    const [seeks, places, online] = await Promise.all([this.state.seeks(), this.state.places(), this.online.count()]);
    const waiting = new Map<string, number>();
    for (const p of places) waiting.set(p.pool.id, (waiting.get(p.pool.id) ?? 0) + 1);
    return {
      t: 'lobby',
      seeks: seeks.map((e) => e.seek).sort((a, b) => a.createdAt - b.createdAt),
      counters: { online, seeking: seeking(seeks, places) },
      pools: POOLS.map((p) => ({ ...p, waiting: waiting.get(p.id) ?? 0 })),
    };
  }

  async countersNow(): Promise<LobbyCounters> {
    const [seeks, places, online] = await Promise.all([this.state.seeks(), this.state.places(), this.online.count()]);
    return { online, seeking: seeking(seeks, places) };
  }

  async createSeek(user: Identity, terms: SeekTerms): Promise<Result<Seek, RuleError>> {
    const bad = checkTerms({ ...terms, players: [user] });
    if (bad) return bad;
    const rating = await this.deps.ratingOf(user.id, terms.variant);
    // Checked after the read: the owner may have gone meanwhile, and a seek without its owner would never go.
    if (!this.deps.presence.isOnline(user.id)) return err('seek.offline', 'Open the lobby to post a seek');
    const mine = (await this.state.seeks()).filter((e) => e.owner.id === user.id).length;
    if (mine >= this.rules.maxSeeksPerUser) return err('seek.too-many', `At most ${this.rules.maxSeeksPerUser} open seeks`);
    const seek = seekOf(user, terms, rating, this.deps.clock.now());
    await this.state.addSeek({ seek, owner: user });
    this.changed(seek.id, seek);
    return ok(seek);
  }

  async cancelSeek(userId: string, id: string): Promise<Result<true, RuleError>> {
    if (!(await this.state.cancelSeek(id, userId))) return err('seek.not-found', 'No such seek of yours');
    this.changed(id, null);
    return ok(true);
  }

  /** Takes the other seat of a seek: the game starts at once. */
  async acceptSeek(user: Identity, id: string): Promise<Result<{ game: string }, RuleError>> {
    const e = (await this.state.seeks()).find((x) => x.seek.id === id);
    if (!e) return err('seek.not-found', 'The seek is gone');
    const mine = e.seek.range ? ratingTag(await this.deps.ratingOf(user.id, e.seek.variant)).rating : null;
    const refused = acceptRefusal(user, e, mine);
    if (refused) return refused;
    // The one take that succeeds decides: every other acceptor, on any node, finds nothing.
    if (!(await this.state.takeSeek(id))) return err('seek.not-found', 'The seek is gone');
    this.changed(id, null);
    const terms: PairedTerms = { variant: e.seek.variant, clock: e.seek.clock, rated: e.seek.rated, color: e.seek.color };
    const r = await this.deps.games.createPaired(e.owner, user, terms);
    if (!r.ok) {
      if (r.error.code === 'server.storage' && (await this.online.isOnline(e.owner.id))) {
        await this.state.addSeek(e);
        this.changed(id, e.seek);
      }
      return r;
    }
    await this.started(e.owner, user, r.value.id, r.value.side, 'seek');
    return ok({ game: r.value.id });
  }

  /** Waits in a pool (leaving any other); `rated` defaults to true for accounts, and is false for guests. */
  async joinPool(user: Identity, poolId: string, rated?: boolean): Promise<Result<true, RuleError>> {
    const pool = poolSpec(poolId);
    if (!pool) return err('pool.not-found', 'No such pool');
    if (rated && user.guest) return err('game.rated-guest', 'Guests play casual games only: register to play rated games');
    const isRated = !user.guest && rated !== false;
    const rating = ratingTag(await this.deps.ratingOf(user.id, pool.variant)).rating;
    if (!this.deps.presence.isOnline(user.id)) return err('seek.offline', 'Open the lobby to join a pool');
    await this.state.setPlace({ user, pool, rated: isRated, rating, joinedAt: this.deps.clock.now() });
    this.tell(user.id, { t: 'pool', pool: pool.id });
    this.counters.changed();
    this.deps.bus.publish(POOL_NUDGE, '1');
    return ok(true);
  }

  async leavePool(userId: string): Promise<Result<true, RuleError>> {
    if (!(await this.state.removePlace(userId))) return err('pool.not-in', 'You are not waiting in a pool');
    this.tell(userId, { t: 'pool', pool: null, why: 'left' });
    this.counters.changed();
    return ok(true);
  }

  /** The players start a game elsewhere (a room): their seeks and pool places go. */
  playing(userIds: readonly string[]): void {
    void this.track(this.leaveAll(userIds, true));
  }

  /** Resolves once the work no caller awaits is done (tests move time, then wait for this). */
  async idle(): Promise<void> {
    while (this.work.size) await Promise.all(this.work);
  }

  close(): void {
    this.counters.close();
    this.flushing?.();
    this.flushing = null;
    this.disarmPools();
    this.offNudge();
  }

  // --- internals ---

  /** Counts `p` as work under way until it settles; its failure is dropped here (the caller may still see it). */
  private track<T>(p: Promise<T>): Promise<T> {
    const done: Promise<void> = p.then(
      () => undefined,
      () => undefined,
    );
    this.work.add(done);
    void done.then(() => this.work.delete(done));
    return p;
  }

  /** Removes the users' seeks and pool places; `paired`: tell them why they left their pool. */
  private async leaveAll(userIds: readonly string[], paired: boolean): Promise<void> {
    const ids = new Set(userIds);
    for (const e of await this.state.seeks()) {
      if (ids.has(e.owner.id) && (await this.state.takeSeek(e.seek.id))) this.changed(e.seek.id, null);
    }
    for (const id of ids) {
      if ((await this.state.removePlace(id)) && paired) this.tell(id, { t: 'pool', pool: null, why: 'paired' });
    }
    this.counters.changed();
  }

  private async started(first: Identity, second: Identity, game: string, side: Side, via: 'seek' | 'pool'): Promise<void> {
    await this.leaveAll([first.id, second.id], true);
    this.tell(first.id, { t: 'paired', game, side, opponent: tag(second), via });
    this.tell(second.id, { t: 'paired', game, side: otherSide(side), opponent: tag(first), via });
  }

  private tell(userId: string, m: ServerMessage): void {
    this.deps.bus.publish(userTopic(userId), JSON.stringify(m));
  }

  /** Queues a seek change; the batch goes out at the end of this turn. */
  private changed(id: string, seek: Seek | null): void {
    // The latest change of each seek wins: a seek added and removed within one batch goes out as a removal, which is harmless.
    this.pending.set(id, seek);
    this.counters.changed();
    if (!this.flushing) this.flushing = this.deps.timers.at(this.deps.clock.now(), () => this.flush());
  }

  private flush(): void {
    this.flushing = null;
    if (this.congested()) {
      this.flushing = this.deps.timers.at(this.deps.clock.now() + CONGESTION_RETRY_MS, () => this.flush());
      return;
    }
    const add: Seek[] = [];
    const remove: string[] = [];
    for (const [k, v] of this.pending) {
      if (v) add.push(v);
      else remove.push(k);
    }
    this.pending.clear();
    this.deps.bus.publish(LOBBY_TOPIC, JSON.stringify({ t: 'seeks', add, remove } satisfies ServerMessage));
  }

  private armPools(): void {
    if (this.poolTimer) return;
    this.poolTimer = every(this.deps.clock, this.deps.timers, this.rules.poolTickMs, () => {
      // The lease may have lapsed since the timer was armed (a node frozen past it): the tick is the leader's alone.
      if (!this.leader.isLeader) return;
      void this.matchPools();
      // One sweep at a time (a clock moved far at once fires many ticks before any sweep ends).
      if (++this.ticks % SWEEP_EVERY === 0 && !this.sweeping)
        this.sweeping = this.track(this.sweep())
          .catch(() => undefined)
          .finally(() => (this.sweeping = null));
      // A node's death changes the counters without telling anyone.
      this.counters.changed();
    });
    void this.matchPools();
  }

  private disarmPools(): void {
    this.poolTimer?.();
    this.poolTimer = null;
  }

  /** One matching at a time on this node; a request during one runs once more after it. */
  private matchPools(): Promise<void> {
    if (this.matching) {
      this.again = true;
      return this.matching;
    }
    this.matching = this.track(
      this.matchOnce()
        .catch(() => undefined)
        .finally(() => {
          this.matching = null;
          if (this.again) {
            this.again = false;
            void this.matchPools();
          }
        }),
    );
    return this.matching;
  }

  private async matchOnce(): Promise<void> {
    if (!this.leader.isLeader) return;
    const places = await this.state.places();
    if (places.length < 2) return;
    // Longest waiting first (Pools keeps the order it is given).
    const pools = new Pools(this.rules.pool);
    for (const e of places.sort((a, b) => a.joinedAt - b.joinedAt)) pools.join(e);
    for (const { a, b } of pools.match(this.deps.clock.now())) {
      if (!(await this.state.takePair(a, b))) continue; // one of them left or moved meanwhile: the next tick sees the new state
      const r = await this.deps.games.createPaired(a.user, b.user, { variant: a.pool.variant, clock: a.pool.clock, rated: a.rated, color: 'random' });
      if (r.ok) {
        await this.started(a.user, b.user, r.value.id, r.value.side, 'pool');
        continue;
      }
      // The game could not be made: both wait on, from where they were.
      for (const e of [a, b]) {
        if (await this.online.isOnline(e.user.id)) await this.state.restorePlace(e);
        this.tell(e.user.id, { t: 'error', code: r.error.code, message: r.error.message });
      }
    }
  }

  /** Seeks and pool places of players no longer online anywhere (their node died). */
  private async sweep(): Promise<void> {
    const [seeks, places] = await Promise.all([this.state.seeks(), this.state.places()]);
    const gone: string[] = [];
    for (const u of new Set([...seeks.map((e) => e.owner.id), ...places.map((p) => p.user.id)])) {
      if (!(await this.online.isOnline(u))) gone.push(u);
    }
    if (gone.length) await this.leaveAll(gone, false);
  }
}

/** Players with a seek or a pool place. */
function seeking(seeks: readonly SeekEntry[], places: readonly PoolEntry[]): number {
  const s = new Set<string>(places.map((p) => p.user.id));
  for (const e of seeks) s.add(e.owner.id);
  return s.size;
}
