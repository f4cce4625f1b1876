/**
 * The lobby of a club of several nodes: the same seeks, pools and counters
 * as the one-node Lobby, held in Redis so that every node sees one lobby.
 *
 * - Seeks: the hash `seeks` (id → seek and owner). Taking a seek is one HDEL:
 *   of two nodes accepting it at once, exactly one removes it and pairs.
 * - Pools: the hash `pool` (user → their place). One node, the lobby
 *   leader, matches the pools (on its tick, and at once when a node says
 *   someone joined); a pairing takes both places in one script, so each
 *   pairing is decided exactly once, whichever node the players are on.
 * - Counters: players online in the club (ClubPresence) and players with a
 *   seek or a pool place, read from Redis; every node pushes the same frame
 *   to its lobby sockets through the bus.
 * - A player's seeks and place go when their last socket in the club closes;
 *   the leader also sweeps those of players whose node died.
 */
import { POOLS, type Identity, type LobbyCounters, type Seek, type ServerMessage } from '@youzai/protocol';
import { err, ok, otherSide, type Result, type RuleError, type Side } from '@youzai/rules';
import type { Bus } from '../bus/bus.ts';
import { LOBBY_TOPIC, userTopic } from '../bus/topics.ts';
import { Coalescer } from '../lobby/coalescer.ts';
import { acceptRefusal, DEFAULT_LOBBY_RULES, seekOf, tag, type LobbyPort, type LobbyRules, type SeekEntry, type SeekTerms } from '../lobby/lobby.ts';
import { Pools, poolSpec, type PoolEntry } from '../lobby/pools.ts';
import { ratingTag } from '../players/ratings.ts';
import { checkTerms, type PairedTerms } from '../service/game-service.ts';
import type { GamesPort } from '../service/games-port.ts';
import { every, type Clock, type Timers } from '../service/time.ts';
import type { RatingRow } from '../store/types.ts';
import type { Leader } from './leader.ts';
import type { ClubPresence } from './presence.ts';
import type { RedisLink } from './redis.ts';

/** Internal topic: a node tells the leader that someone joined a pool. */
const POOL_NUDGE = 'club:pool-joined';

const CANCEL = `
local v = redis.call('HGET', KEYS[1], ARGV[1])
if not v then return 0 end
if cjson.decode(v).owner.id ~= ARGV[2] then return 0 end
redis.call('HDEL', KEYS[1], ARGV[1])
return 1`;

/** Takes both pool places if both are still exactly as read; else neither. */
const TAKE_PAIR = `
if redis.call('HGET', KEYS[1], ARGV[1]) == ARGV[2] and redis.call('HGET', KEYS[1], ARGV[3]) == ARGV[4] then
  redis.call('HDEL', KEYS[1], ARGV[1], ARGV[3])
  return 1
end
return 0`;

export interface ClubLobbyDeps {
  readonly link: RedisLink;
  readonly bus: Bus;
  readonly clock: Clock;
  readonly timers: Timers;
  readonly games: GamesPort;
  readonly presence: ClubPresence;
  readonly leader: Leader;
  readonly ratingOf: (userId: string, variant: string) => Promise<RatingRow | null>;
  readonly rules?: Partial<LobbyRules>;
}

/** Sweeps (seeks and places of players gone with their node) every this many pool ticks. */
const SWEEP_EVERY = 5;

export class ClubLobby implements LobbyPort {
  private readonly rules: LobbyRules;
  private readonly counters: Coalescer<LobbyCounters>;
  private readonly pending = new Map<string, Seek | null>();
  private flushing: (() => void) | null = null;
  private poolTimer: (() => void) | null = null;
  private matching: Promise<void> | null = null;
  private again = false;
  private ticks = 0;
  private congested: () => boolean = () => false;
  private readonly offNudge: () => void;

  constructor(private readonly deps: ClubLobbyDeps) {
    this.rules = { ...DEFAULT_LOBBY_RULES, ...deps.rules };
    this.counters = new Coalescer(
      () => this.countersNow(),
      (c) => deps.bus.publish(LOBBY_TOPIC, JSON.stringify({ t: 'counters', ...c } satisfies ServerMessage)),
      deps,
      this.rules.countersIntervalMs,
      () => !this.congested(),
    );
    deps.presence.local.listen({
      arrived: () => this.counters.changed(),
      left: (userId) =>
        void (async () => {
          if (!(await deps.presence.isOnline(userId))) await this.withdraw(userId);
          this.counters.changed();
        })().catch(() => undefined),
    });
    this.offNudge = deps.bus.subscribe(POOL_NUDGE, () => {
      if (deps.leader.isLeader) void this.matchPools();
    });
    deps.leader.onChange((held) => (held ? this.armPools() : this.disarmPools()));
    if (deps.leader.isLeader) this.armPools();
  }

  throttle(congested: () => boolean): void {
    this.congested = congested;
  }

  async snapshot(): Promise<Extract<ServerMessage, { t: 'lobby' }>> {
    const [seeks, places, online] = await Promise.all([this.seeks(), this.places(), this.deps.presence.count()]);
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
    const [seeks, places, online] = await Promise.all([this.seeks(), this.places(), this.deps.presence.count()]);
    return { online, seeking: seeking(seeks, places) };
  }

  async createSeek(user: Identity, terms: SeekTerms): Promise<Result<Seek, RuleError>> {
    const bad = checkTerms({ ...terms, players: [user] });
    if (bad) return bad;
    const rating = await this.deps.ratingOf(user.id, terms.variant);
    if (!this.deps.presence.local.isOnline(user.id)) return err('seek.offline', 'Open the lobby to post a seek');
    const mine = (await this.seeks()).filter((e) => e.owner.id === user.id).length;
    if (mine >= this.rules.maxSeeksPerUser) return err('seek.too-many', `At most ${this.rules.maxSeeksPerUser} open seeks`);
    const seek = seekOf(user, terms, rating, this.deps.clock.now());
    await this.deps.link.client.hset(this.key('seeks'), seek.id, JSON.stringify({ seek, owner: user } satisfies SeekEntry));
    this.changed(seek.id, seek);
    return ok(seek);
  }

  async cancelSeek(userId: string, id: string): Promise<Result<true, RuleError>> {
    const gone = await this.deps.link.client.eval(CANCEL, 1, this.key('seeks'), id, userId);
    if (gone !== 1) return err('seek.not-found', 'No such seek of yours');
    this.changed(id, null);
    return ok(true);
  }

  async acceptSeek(user: Identity, id: string): Promise<Result<{ game: string }, RuleError>> {
    const raw = await this.deps.link.client.hget(this.key('seeks'), id);
    if (!raw) return err('seek.not-found', 'The seek is gone');
    const e = JSON.parse(raw) as SeekEntry;
    const mine = e.seek.range ? ratingTag(await this.deps.ratingOf(user.id, e.seek.variant)).rating : null;
    const refused = acceptRefusal(user, e, mine);
    if (refused) return refused;
    // The one HDEL that answers 1 decides: every other acceptor, on any node, finds nothing.
    if ((await this.deps.link.client.hdel(this.key('seeks'), id)) !== 1) return err('seek.not-found', 'The seek is gone');
    this.changed(id, null);
    const terms: PairedTerms = { variant: e.seek.variant, clock: e.seek.clock, rated: e.seek.rated, color: e.seek.color };
    const r = await this.deps.games.createPaired(e.owner, user, terms);
    if (!r.ok) {
      if (r.error.code === 'server.storage' && (await this.deps.presence.isOnline(e.owner.id))) {
        await this.deps.link.client.hset(this.key('seeks'), id, raw);
        this.changed(id, e.seek);
      }
      return r;
    }
    await this.started(e.owner, user, r.value.id, r.value.side, 'seek');
    return ok({ game: r.value.id });
  }

  async joinPool(user: Identity, poolId: string, rated?: boolean): Promise<Result<true, RuleError>> {
    const pool = poolSpec(poolId);
    if (!pool) return err('pool.not-found', 'No such pool');
    if (rated && user.guest) return err('game.rated-guest', 'Guests play casual games only: register to play rated games');
    const isRated = !user.guest && rated !== false;
    const rating = ratingTag(await this.deps.ratingOf(user.id, pool.variant)).rating;
    if (!this.deps.presence.local.isOnline(user.id)) return err('seek.offline', 'Open the lobby to join a pool');
    const entry: PoolEntry = { user, pool, rated: isRated, rating, joinedAt: this.deps.clock.now() };
    await this.deps.link.client.hset(this.key('pool'), user.id, JSON.stringify(entry));
    this.tell(user.id, { t: 'pool', pool: pool.id });
    this.counters.changed();
    this.deps.bus.publish(POOL_NUDGE, '1');
    return ok(true);
  }

  async leavePool(userId: string): Promise<Result<true, RuleError>> {
    if ((await this.deps.link.client.hdel(this.key('pool'), userId)) !== 1) return err('pool.not-in', 'You are not waiting in a pool');
    this.tell(userId, { t: 'pool', pool: null, why: 'left' });
    this.counters.changed();
    return ok(true);
  }

  playing(userIds: readonly string[]): void {
    void this.leaveAll(userIds, true).catch(() => undefined);
  }

  close(): void {
    this.counters.close();
    this.flushing?.();
    this.flushing = null;
    this.disarmPools();
    this.offNudge();
  }

  /** Pushes the counters soon (the leader calls this on its tick: a node's death changes them without telling anyone). */
  refreshCounters(): void {
    this.counters.changed();
  }

  // --- internals ---

  private key(name: string): string {
    return this.deps.link.key(name);
  }

  private async seeks(): Promise<SeekEntry[]> {
    return (await this.deps.link.client.hvals(this.key('seeks'))).map((v) => JSON.parse(v) as SeekEntry);
  }

  private async places(): Promise<PoolEntry[]> {
    return (await this.deps.link.client.hvals(this.key('pool'))).map((v) => JSON.parse(v) as PoolEntry);
  }

  private async withdraw(userId: string): Promise<void> {
    await this.leaveAll([userId], false);
  }

  /** Removes the users' seeks and pool places; `paired`: tell them why they left their pool. */
  private async leaveAll(userIds: readonly string[], paired: boolean): Promise<void> {
    const ids = new Set(userIds);
    for (const e of await this.seeks()) {
      if (ids.has(e.owner.id) && (await this.deps.link.client.hdel(this.key('seeks'), e.seek.id)) === 1) this.changed(e.seek.id, null);
    }
    for (const id of ids) {
      if ((await this.deps.link.client.hdel(this.key('pool'), id)) === 1 && paired) this.tell(id, { t: 'pool', pool: null, why: 'paired' });
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

  private changed(id: string, seek: Seek | null): void {
    this.pending.set(id, seek);
    this.counters.changed();
    if (!this.flushing) this.flushing = this.deps.timers.at(this.deps.clock.now(), () => this.flush());
  }

  private flush(): void {
    this.flushing = null;
    if (this.congested()) {
      this.flushing = this.deps.timers.at(this.deps.clock.now() + 20, () => this.flush());
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
      if (!this.deps.leader.isLeader) return;
      void this.matchPools();
      if (++this.ticks % SWEEP_EVERY === 0) void this.sweep().catch(() => undefined);
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
    this.matching = this.matchOnce()
      .catch(() => undefined)
      .finally(() => {
        this.matching = null;
        if (this.again) {
          this.again = false;
          void this.matchPools();
        }
      });
    return this.matching;
  }

  private async matchOnce(): Promise<void> {
    if (!this.deps.leader.isLeader) return;
    const raw = await this.deps.link.client.hgetall(this.key('pool'));
    const entries = Object.entries(raw).map(([id, v]) => ({ id, v, e: JSON.parse(v) as PoolEntry }));
    if (entries.length < 2) return;
    const pools = new Pools(this.rules.pool);
    const text = new Map<PoolEntry, string>();
    for (const x of entries.sort((a, b) => a.e.joinedAt - b.e.joinedAt)) {
      pools.join(x.e);
      text.set(x.e, x.v);
    }
    for (const { a, b } of pools.match(this.deps.clock.now())) {
      const took = await this.deps.link.client.eval(TAKE_PAIR, 1, this.key('pool'), a.user.id, text.get(a)!, b.user.id, text.get(b)!);
      if (took !== 1) continue; // one of them left or moved meanwhile: the next tick sees the new state
      const r = await this.deps.games.createPaired(a.user, b.user, { variant: a.pool.variant, clock: a.pool.clock, rated: a.rated, color: 'random' });
      if (r.ok) {
        await this.started(a.user, b.user, r.value.id, r.value.side, 'pool');
        continue;
      }
      for (const e of [a, b]) {
        if (await this.deps.presence.isOnline(e.user.id)) await this.deps.link.client.hsetnx(this.key('pool'), e.user.id, text.get(e)!);
        this.tell(e.user.id, { t: 'error', code: r.error.code, message: r.error.message });
      }
    }
  }

  /** Seeks and pool places of players no longer online anywhere (their node died). */
  private async sweep(): Promise<void> {
    const gone = new Set<string>();
    const users = new Set([...(await this.seeks()).map((e) => e.owner.id), ...(await this.places()).map((p) => p.user.id)]);
    for (const u of users) if (!(await this.deps.presence.isOnline(u))) gone.add(u);
    if (gone.size) await this.leaveAll([...gone], false);
  }
}

function seeking(seeks: readonly SeekEntry[], places: readonly PoolEntry[]): number {
  const s = new Set<string>(places.map((p) => p.user.id));
  for (const e of seeks) s.add(e.owner.id);
  return s.size;
}
