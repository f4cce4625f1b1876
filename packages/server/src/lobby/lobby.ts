/**
 * The lobby: open seeks, quick-pairing pools and the live counters, on this
 * node. Everyone subscribed to the lobby topic hears seeks come and go (in
 * batches: one frame per turn however many changed) and the counters (at
 * most every `countersIntervalMs`). A pairing creates the game through the
 * game service with both seats taken, then tells both players on their own
 * topic. A player's seeks and pool place go when their last socket closes.
 */
import { err, ok, otherSide, type Result, type RuleError, type Side } from '@youzai/rules';
import { POOLS, type ClockSpec, type Identity, type LobbyCounters, type PlayerTag, type Seek, type SeekColor, type ServerMessage } from '@youzai/protocol';
import type { VariantKey } from '@youzai/rules';
import type { Bus } from '../bus/bus.ts';
import { LOBBY_TOPIC, userTopic } from '../bus/topics.ts';
import { ratingTag } from '../players/ratings.ts';
import { checkTerms, type PairedTerms } from '../service/game-service.ts';
import type { GamesPort } from '../service/games-port.ts';
import { randomId } from '../service/ids.ts';
import type { Clock, Timers } from '../service/time.ts';
import type { RatingRow } from '../store/types.ts';
import { Coalescer } from './coalescer.ts';
import { DEFAULT_POOL_RULES, Pools, poolSpec, type PoolEntry, type PoolRules } from './pools.ts';
import type { Presence } from './presence.ts';

export interface LobbyRules {
  readonly maxSeeksPerUser: number;
  /** Counters are pushed at most this often. */
  readonly countersIntervalMs: number;
  /** Pools are matched this often (and at once when someone joins). */
  readonly poolTickMs: number;
  readonly pool: PoolRules;
}

export const DEFAULT_LOBBY_RULES: LobbyRules = { maxSeeksPerUser: 5, countersIntervalMs: 500, poolTickMs: 1000, pool: DEFAULT_POOL_RULES };

export interface LobbyDeps {
  readonly bus: Bus;
  readonly clock: Clock;
  readonly timers: Timers;
  readonly games: GamesPort;
  readonly presence: Presence;
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

export interface SeekEntry {
  readonly seek: Seek;
  readonly owner: Identity;
}

type LobbySnapshot = Extract<ServerMessage, { t: 'lobby' }>;
type Maybe<T> = T | Promise<T>;

/**
 * What the sockets, the routes and the rooms ask of a lobby. One node keeps
 * its lobby in memory (Lobby, below); the nodes of a club share one in Redis
 * (cluster/lobby.ts), hence answers that may come later.
 */
export interface LobbyPort {
  snapshot(): Maybe<LobbySnapshot>;
  createSeek(user: Identity, terms: SeekTerms): Promise<Result<Seek, RuleError>>;
  cancelSeek(userId: string, id: string): Maybe<Result<true, RuleError>>;
  acceptSeek(user: Identity, id: string): Promise<Result<{ game: string }, RuleError>>;
  joinPool(user: Identity, poolId: string, rated?: boolean): Promise<Result<true, RuleError>>;
  leavePool(userId: string): Maybe<Result<true, RuleError>>;
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
export function acceptRefusal(user: Identity, e: SeekEntry, mine: number | null): Result<never, RuleError> | null {
  if (e.owner.id === user.id) return err('seek.own', 'This is your own seek');
  if (e.seek.rated && user.guest) return err('game.rated-guest', 'Rated games need an account on both sides: register to play');
  if (e.seek.range && mine !== null && (mine < e.seek.range.min || mine > e.seek.range.max))
    return err('seek.out-of-range', `The seek is for ratings ${e.seek.range.min}–${e.seek.range.max}`);
  return null;
}

/** How soon a frame held back by congestion tries again. */
const CONGESTION_RETRY_MS = 20;

export const tag = (u: Identity): PlayerTag => ({ id: u.id, name: u.name, guest: u.guest });

export class Lobby implements LobbyPort {
  private readonly rules: LobbyRules;
  private readonly seeks = new Map<string, SeekEntry>();
  private readonly pools: Pools;
  private readonly counters: Coalescer<LobbyCounters>;
  /** Seek changes not yet sent: id → the seek (added) or null (removed). */
  private readonly pending = new Map<string, Seek | null>();
  private flushing: (() => void) | null = null;
  private poolTimer: (() => void) | null = null;
  /** True while the sockets have not yet sent out the last lobby frame (see throttle). */
  private congested: () => boolean = () => false;

  constructor(private readonly deps: LobbyDeps) {
    this.rules = { ...DEFAULT_LOBBY_RULES, ...deps.rules };
    this.pools = new Pools(this.rules.pool);
    this.counters = new Coalescer(
      () => this.countersNow(),
      (c) => this.deps.bus.publish(LOBBY_TOPIC, JSON.stringify({ t: 'counters', ...c } satisfies ServerMessage)),
      deps,
      this.rules.countersIntervalMs,
      () => !this.congested(),
    );
    deps.presence.listen({
      arrived: () => this.counters.changed(),
      left: (userId) => {
        this.withdraw(userId);
        this.counters.changed();
      },
    });
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
  snapshot(): Extract<ServerMessage, { t: 'lobby' }> {
    const waiting = this.pools.waiting();
    return {
      t: 'lobby',
      seeks: [...this.seeks.values()].map((e) => e.seek),
      counters: this.countersNow(),
      pools: POOLS.map((p) => ({ ...p, waiting: waiting.get(p.id) ?? 0 })),
    };
  }

  countersNow(): LobbyCounters {
    const seeking = new Set<string>(this.pools.users());
    for (const e of this.seeks.values()) seeking.add(e.owner.id);
    return { online: this.deps.presence.online, seeking: seeking.size };
  }

  async createSeek(user: Identity, terms: SeekTerms): Promise<Result<Seek, RuleError>> {
    const bad = checkTerms({ ...terms, players: [user] });
    if (bad) return bad;
    const rating = await this.deps.ratingOf(user.id, terms.variant);
    // Checked after the read: the owner may have gone meanwhile, and a seek without its owner would never go.
    if (!this.deps.presence.isOnline(user.id)) return err('seek.offline', 'Open the lobby to post a seek');
    if (this.seeksOf(user.id).length >= this.rules.maxSeeksPerUser) return err('seek.too-many', `At most ${this.rules.maxSeeksPerUser} open seeks`);
    const seek = seekOf(user, terms, rating, this.deps.clock.now());
    this.seeks.set(seek.id, { seek, owner: user });
    this.changed(seek.id, seek);
    return ok(seek);
  }

  cancelSeek(userId: string, id: string): Result<true, RuleError> {
    const e = this.seeks.get(id);
    if (!e || e.owner.id !== userId) return err('seek.not-found', 'No such seek of yours');
    this.removeSeek(id);
    return ok(true);
  }

  /** Takes the other seat of a seek: the game starts at once. */
  async acceptSeek(user: Identity, id: string): Promise<Result<{ game: string }, RuleError>> {
    const e = this.seeks.get(id);
    if (!e) return err('seek.not-found', 'The seek is gone');
    const early = acceptRefusal(user, e, null);
    if (early) return early;
    if (e.seek.range) {
      const refused = acceptRefusal(user, e, ratingTag(await this.deps.ratingOf(user.id, e.seek.variant)).rating);
      if (refused) return refused;
      if (this.seeks.get(id) !== e) return err('seek.not-found', 'The seek is gone');
    }
    // Gone before the first await below: a second acceptor finds nothing.
    this.removeSeek(id);
    const terms: PairedTerms = { variant: e.seek.variant, clock: e.seek.clock, rated: e.seek.rated, color: e.seek.color };
    const r = await this.deps.games.createPaired(e.owner, user, terms);
    if (!r.ok) {
      if (this.deps.presence.isOnline(e.owner.id) && r.error.code === 'server.storage') {
        this.seeks.set(id, e);
        this.changed(id, e.seek);
      }
      return r;
    }
    this.started(e.owner, user, r.value.id, r.value.side, 'seek');
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
    this.pools.join({ user, pool, rated: isRated, rating, joinedAt: this.deps.clock.now() });
    this.tell(user.id, { t: 'pool', pool: pool.id });
    this.counters.changed();
    await this.matchPools();
    this.armPools();
    return ok(true);
  }

  leavePool(userId: string): Result<true, RuleError> {
    if (!this.pools.leave(userId)) return err('pool.not-in', 'You are not waiting in a pool');
    this.tell(userId, { t: 'pool', pool: null, why: 'left' });
    this.counters.changed();
    return ok(true);
  }

  /** The players start a game elsewhere (a room): their seeks and pool places go. */
  playing(userIds: readonly string[]): void {
    for (const id of userIds) {
      for (const s of this.seeksOf(id)) this.removeSeek(s.seek.id);
      if (this.pools.leave(id)) this.tell(id, { t: 'pool', pool: null, why: 'paired' });
    }
    this.counters.changed();
  }

  close(): void {
    this.counters.close();
    this.flushing?.();
    this.poolTimer?.();
    this.flushing = this.poolTimer = null;
  }

  // --- internals ---

  private seeksOf(userId: string): SeekEntry[] {
    return [...this.seeks.values()].filter((e) => e.owner.id === userId);
  }

  /** The user's last socket closed: their seeks and pool place go. */
  private withdraw(userId: string): void {
    for (const s of this.seeksOf(userId)) this.removeSeek(s.seek.id);
    this.pools.leave(userId);
  }

  private removeSeek(id: string): void {
    if (this.seeks.delete(id)) this.changed(id, null);
  }

  private started(first: Identity, second: Identity, game: string, side: Side, via: 'seek' | 'pool'): void {
    this.playing([first.id, second.id]);
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
    if (this.poolTimer || this.pools.size < 2) return;
    this.poolTimer = this.deps.timers.at(this.deps.clock.now() + this.rules.poolTickMs, () => {
      this.poolTimer = null;
      void this.matchPools().then(() => this.armPools());
    });
  }

  private async matchPools(): Promise<void> {
    for (const { a, b } of this.pools.match(this.deps.clock.now())) {
      const r = await this.deps.games.createPaired(a.user, b.user, { variant: a.pool.variant, clock: a.pool.clock, rated: a.rated, color: 'random' });
      if (r.ok) {
        this.started(a.user, b.user, r.value.id, r.value.side, 'pool');
        continue;
      }
      // The game could not be made: both wait on, from where they were.
      for (const e of [a, b] as PoolEntry[]) {
        if (this.deps.presence.isOnline(e.user.id)) this.pools.join(e);
        this.tell(e.user.id, { t: 'error', code: r.error.code, message: r.error.message });
      }
    }
  }
}
