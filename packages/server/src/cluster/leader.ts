/**
 * One node of the club at a time does the club-wide chores (quick pairing,
 * sweeping what dead nodes left): the holder of a short Redis lease, renewed
 * every second. When the holder dies the lease expires and another node
 * takes it at its next try. Two holders at once are not possible in Redis;
 * a holder frozen past its lease may still finish the chore it had started,
 * which is why each chore's writes are atomic on their own (a pairing takes
 * both pool places in one script, or none).
 *
 * A node counts itself leader only until its lease would have run out,
 * counted from when it sent the renewal that Redis granted: a node frozen
 * (SIGSTOP) or cut off past that time is no longer leader the moment it
 * resumes, before any answer comes back, so its timers (the pools' tick)
 * do nothing once another node may hold the lease.
 */
import { performance } from 'node:perf_hooks';
import { every, type Clock, type Timers } from '../service/time.ts';
import type { RedisLink } from './redis.ts';

const CLAIM = `
local v = redis.call('GET', KEYS[1])
if v == false or v == ARGV[1] then redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2]) return 1 end
return 0`;

export interface LeaderOptions {
  /** The time the renewals are armed on (the server's: a test moves it). */
  readonly clock: Clock;
  readonly timers: Timers;
  /** The lease's time to live in Redis (default 3 s). */
  readonly ttlMs?: number;
  /** How often it is renewed (default every second). */
  readonly everyMs?: number;
  /**
   * What the lease is counted against (default: this process's monotonic
   * clock). Not `clock`: Redis lets the lease run out on the real time, so
   * a test moving the server's time forward must not end it here.
   */
  readonly now?: () => number;
}

export class Leader {
  private cancelTick: (() => void) | null = null;
  private held = false;
  /** Stopped: a renewal still under way when it stopped must not make it leader again. */
  private stopped = false;
  /** When the lease last granted runs out (this process's clock, from when the renewal was sent). */
  private validUntil = 0;
  private readonly listeners: ((held: boolean) => void)[] = [];

  private readonly ttlMs: number;
  private readonly everyMs: number;
  private readonly now: () => number;

  constructor(
    private readonly link: RedisLink,
    private readonly name: string,
    private readonly who: () => string,
    private readonly opts: LeaderOptions,
  ) {
    this.ttlMs = opts.ttlMs ?? 3000;
    this.everyMs = opts.everyMs ?? 1000;
    this.now = opts.now ?? (() => performance.now());
  }

  start(): void {
    this.stopped = false;
    void this.tick();
    this.cancelTick?.();
    this.cancelTick = every(this.opts.clock, this.opts.timers, this.everyMs, () => void this.tick());
  }

  get isLeader(): boolean {
    return this.held && this.now() < this.validUntil;
  }

  /** Told when this node becomes or stops being the leader. */
  onChange(fn: (held: boolean) => void): void {
    this.listeners.push(fn);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.cancelTick?.();
    this.cancelTick = null;
    if (this.held) {
      await this.release();
      this.set(false);
    }
  }

  /** Deletes the lease if it is still ours, so the next leader need not wait out its ttl. */
  private async release(): Promise<void> {
    const key = this.link.key(`leader:${this.name}`);
    await this.link.client
      .eval(`if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end return 1`, 1, key, this.who())
      .catch(() => undefined);
  }

  /** Renews (or takes) the lease; exported for the tests, run by the timer. */
  async tick(): Promise<void> {
    // Lapsed unseen (frozen, or the last renewals unanswered): the listeners hear it before anything else runs.
    if (this.held && !this.isLeader) this.set(false);
    const sent = this.now();
    try {
      const r = await this.link.client.eval(CLAIM, 1, this.link.key(`leader:${this.name}`), this.who(), String(this.ttlMs));
      // Stopped meanwhile: a lease this renewal took is given back, and nobody is told of it (the pools' timer stays off).
      if (this.stopped) {
        if (r === 1 && !this.held) await this.release();
        return;
      }
      if (r === 1) this.validUntil = sent + this.ttlMs;
      // Granted, but answered after the lease it grants had already run out (a stall): not leader.
      this.set(r === 1 && this.now() < this.validUntil);
    } catch {
      this.set(false);
    }
  }

  private set(held: boolean): void {
    if (held === this.held) return;
    this.held = held;
    for (const fn of this.listeners) fn(held);
  }
}
