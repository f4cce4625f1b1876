/**
 * The nodes of the club and whether each is alive. A node is alive while
 * its key `node:<id>` holds its incarnation (a random value drawn at start);
 * it renews the key every `beatMs` with a time to live of `ttlMs`. A node
 * killed, frozen (SIGSTOP) or cut off from Redis lets its key expire and is
 * then dead to the others; a node restarted under the same id is a new
 * incarnation, so nothing of the old one is taken for its own.
 *
 * A node whose key expired while it was frozen learns it at its next beat
 * (the renewal finds no key of its own): it is told through `onExpired`
 * and must drop whatever it decided, then it registers again.
 *
 * The key is also the claim on the id: it is only ever written if absent
 * (SET NX). A process started with the id of a live node refuses to start
 * (NodeIdTaken) rather than take the key over, which made two processes
 * adopt each other's games many times a second. A node restarted after a
 * crash waits, once, for its former key to expire (at most the TTL).
 */
import { randomBytes } from 'node:crypto';
import { every, type Clock, type Timers } from '../service/time.ts';
import type { RedisLink } from './redis.ts';

export const NODE_TTL_MS = 3000;
export const NODE_BEAT_MS = 1000;

/** Renews our key if it still holds our incarnation; 0 when it had expired or been taken (we were declared dead). */
const RENEW = `
local v = redis.call('GET', KEYS[1])
if v == ARGV[1] then redis.call('PEXPIRE', KEYS[1], ARGV[2]) return 1 end
return 0`;

/** Members of the registry whose node key no longer holds their incarnation. */
const DEAD = `
local out = {}
local members = redis.call('ZRANGE', KEYS[1], 0, -1)
for _, m in ipairs(members) do
  local sep = string.find(m, '|', 1, true)
  local node = string.sub(m, 1, sep - 1)
  local inc = string.sub(m, sep + 1)
  if redis.call('GET', ARGV[1] .. node) ~= inc then table.insert(out, m) end
end
return out`;

/** Thrown by claimId() (and start()): another live process holds this node's id. */
export class NodeIdTaken extends Error {
  constructor(readonly node: string) {
    super(`NODE_ID ${node} is in use by another node that is alive (its claim in Redis is being renewed): give every node of the club its own NODE_ID`);
    this.name = 'NodeIdTaken';
  }
}

/**
 * How long before our key could run out (counted from the last renewal that got through) this node stops deciding:
 * a node cut from Redis must not decide what it could not publish and what another node may already decide.
 */
export const LEASE_MARGIN_MS = 500;

/** Past a key's time to live, how long to wait before trying again (Redis's expiry and ours need not meet to the ms). */
const EXPIRY_MARGIN_MS = 20;

export interface NodeRegistryOptions {
  /** The time the beats are armed on (the server's: a test moves it). */
  readonly clock: Clock;
  readonly timers: Timers;
  readonly ttlMs?: number;
  readonly beatMs?: number;
}

export class NodeRegistry {
  /** `<node>|<incarnation>`: who this node is now (changes when it re-registers after being declared dead). */
  member: string;
  private incarnation: string;
  private cancelBeat: (() => void) | null = null;
  private readonly ttlMs: number;
  private readonly beatMs: number;
  private expiredListeners: (() => void)[] = [];
  private takenListeners: (() => void)[] = [];
  private claimed = false;
  private registered = false;
  /** Whether our last beat reached Redis (false from a reconnection until our key is checked again). */
  beating = false;
  /** Our key lives at least until then: the time a renewal (or the claim) that went through was sent, plus the TTL. */
  private leaseUntil = 0;

  constructor(
    private readonly link: RedisLink,
    readonly node: string,
    private readonly opts: NodeRegistryOptions,
  ) {
    this.ttlMs = opts.ttlMs ?? NODE_TTL_MS;
    this.beatMs = opts.beatMs ?? NODE_BEAT_MS;
    this.incarnation = randomBytes(6).toString('hex');
    this.member = `${node}|${this.incarnation}`;
  }

  /**
   * Claims the id and keeps it (beating), before the node builds anything
   * that listens under its id. When the id is held, waits once for the
   * holder's key to run out (a crashed node's does); when it is still held
   * after that, its holder is alive: throws NodeIdTaken.
   */
  async claimId(): Promise<void> {
    if (this.claimed) return;
    if (!(await this.claim())) {
      const left = await this.link.client.pttl(this.key);
      await new Promise<void>((resolve) => this.opts.timers.at(this.opts.clock.now() + Math.max(0, left) + EXPIRY_MARGIN_MS, resolve));
      if (!(await this.claim())) throw new NodeIdTaken(this.node);
    }
    this.claimed = true;
    this.beating = true;
    this.cancelBeat?.();
    this.cancelBeat = every(this.opts.clock, this.opts.timers, this.beatMs, () => void this.beat());
    // Back from a lost connection: check our key at once (Redis may have restarted empty) rather than at the next beat.
    this.link.client.on('ready', this.onReady);
  }

  /** Claims the id (claimId) if not done yet, then enters the registry of members: the others see this node alive. */
  async start(): Promise<void> {
    await this.claimId();
    await this.register();
    this.registered = true;
  }

  private readonly onReady = (): void => {
    this.beating = false;
    void this.beat();
  };

  /**
   * Whether this node may decide now: its key surely holds (a renewal got
   * through within the TTL, less a margin). Cut from Redis, or with its
   * beats hanging, it stops deciding before its key can run out; with its
   * connection to Redis down, at once (what it decided could not be told).
   */
  holdsLease(): boolean {
    return this.link.up() && this.beating && this.opts.clock.now() < this.leaseUntil - LEASE_MARGIN_MS;
  }

  onExpired(fn: () => void): void {
    this.expiredListeners.push(fn);
  }

  /**
   * Told when our key expired and another process has since claimed the id
   * (we were frozen past the TTL and a node with our id started): this
   * process no longer beats and must stop deciding; it does not take the id back.
   */
  onTaken(fn: () => void): void {
    this.takenListeners.push(fn);
  }

  /** Members (`node|incarnation`) registered whose node is no longer alive as that incarnation. */
  async dead(): Promise<string[]> {
    return (await this.link.client.eval(DEAD, 1, this.link.key('nodes'), this.link.key('node:'))) as string[];
  }

  /** Members alive now, this one included. */
  async alive(): Promise<string[]> {
    const all = await this.link.client.zrange(this.link.key('nodes'), 0, -1);
    const dead = new Set(await this.dead());
    return all.filter((m) => !dead.has(m));
  }

  /** Whether `member` is alive now. */
  async isAlive(member: string): Promise<boolean> {
    const sep = member.indexOf('|');
    return (await this.link.client.get(this.link.key(`node:${member.slice(0, sep)}`))) === member.slice(sep + 1);
  }

  /** Removes a dead member from the registry (once what it held has been taken over). */
  async forget(member: string): Promise<void> {
    await this.link.client.zrem(this.link.key('nodes'), member);
  }

  /** Leaves at once (SIGTERM): the others see this node dead without waiting for the key to expire. */
  async leave(): Promise<void> {
    this.stop();
    await this.link.client.eval(`if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end return 1`, 1, this.key, this.incarnation);
  }

  stop(): void {
    this.cancelBeat?.();
    this.cancelBeat = null;
    this.link.client.off('ready', this.onReady);
  }

  private get key(): string {
    return this.link.key(`node:${this.node}`);
  }

  /** Takes the id's key for our incarnation if nobody holds it. */
  private async claim(): Promise<boolean> {
    const sent = this.opts.clock.now();
    const ok = (await this.link.client.set(this.key, this.incarnation, 'PX', this.ttlMs, 'NX')) === 'OK';
    if (ok) this.leaseUntil = sent + this.ttlMs;
    return ok;
  }

  /** Enters the registry of members (our key claimed). */
  private async register(): Promise<void> {
    await this.link.client.zadd(this.link.key('nodes'), this.opts.clock.now(), this.member);
    this.beating = true;
  }

  private beatInFlight = false;

  private async beat(): Promise<void> {
    if (this.beatInFlight) return;
    this.beatInFlight = true;
    try {
      const sent = this.opts.clock.now();
      const kept = await this.link.client.eval(RENEW, 1, this.key, this.incarnation, String(this.ttlMs));
      if (kept === 1) {
        this.leaseUntil = sent + this.ttlMs;
        this.beating = true;
        return;
      }
      // Our key expired (frozen, or Redis lost its data): we are a new incarnation from now on, once registered.
      this.beating = false;
      this.incarnation = randomBytes(6).toString('hex');
      this.member = `${this.node}|${this.incarnation}`;
      if (!(await this.claim())) {
        // Another process claimed our id meanwhile: it is the node now; taking the key back would start a tug of war.
        this.stop();
        for (const fn of this.takenListeners) fn();
        return;
      }
      if (!this.registered) {
        this.beating = true;
        return;
      }
      await this.register();
      for (const fn of this.expiredListeners) fn();
    } catch {
      this.beating = false;
    } finally {
      this.beatInFlight = false;
    }
  }
}
