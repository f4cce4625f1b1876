/**
 * Open-at-once caps per address: how many of a kind of resource (games
 * waiting for an opponent, seeks, room challenges, analyses waiting or
 * running) the players behind one address hold at the same moment. The
 * per-player caps live beside each resource (5 waiting games, 5 seeks…); these
 * stop many guests behind one address from multiplying them.
 *
 * Each address has a set of the resources it holds (their ids), in this
 * node's memory for a club of one node, in a Redis sorted set (score: when
 * the entry lapses) for a club of several, so that the cap holds whichever
 * node a request reaches. Adding is atomic (a Lua script): concurrent requests
 * on several nodes cannot all slip under the cap.
 *
 * Nobody has to remember to give a place back. A resource ends in many ways
 * (taken, cancelled, expired, its socket gone, its node dead), so when an
 * address is at its cap, the caller's `live` check is asked which of the held
 * ids still exist, and the others are dropped before counting again. Each
 * entry also lapses after its kind's lease (the longest the resource can
 * live), so a set never outlives what it counts. `close` frees a place at once
 * where the caller knows a resource ended.
 *
 * A place is reserved before the resource exists (its id is not known yet) as
 * a pending entry of one minute, then committed under the resource's id, or
 * cancelled when making it failed.
 */
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { ok, type Result } from '@youzai/rules';
import { HttpError } from '../http/util.ts';
import { OPEN_RULES, type OpenKind, type OpenRule } from './rules.ts';

/** Which of `ids` still exist (same order). */
export type Liveness = (ids: readonly string[]) => Promise<readonly boolean[]> | readonly boolean[];

/** A refused reservation: `limit.open-<kind>` and a message. */
export interface OpenRefusal {
  readonly code: `limit.open-${OpenKind}`;
  readonly message: string;
}

/** An HTTP refusal: 429 (no Retry-After: a place frees when a resource ends, not after a known time). */
export class OpenLimitError extends HttpError {
  constructor(readonly refusal: OpenRefusal) {
    super(429, refusal.code, refusal.message);
  }
}

/** A reserved place: commit it under the resource's id once made, or cancel it. */
export interface OpenSlot {
  commit(id: string): Promise<void>;
  cancel(): Promise<void>;
}

/** How long a pending place is kept when neither committed nor cancelled (its node died meanwhile). */
export const PENDING_MS = 60_000;
const PENDING = '~';

/** Where the sets live. */
interface OpenBackend {
  /** Drops lapsed entries, then adds `id` (or renews it) unless `max` other entries are held; answers whether it was added. */
  add(key: string, id: string, max: number, now: number, until: number): Promise<boolean>;
  /** The entries not lapsed at `now`. */
  members(key: string, now: number): Promise<string[]>;
  remove(key: string, ids: readonly string[]): Promise<void>;
  /** Replaces `from` by `to` (lapsing at `until`), atomically. */
  rename(key: string, from: string, to: string, now: number, until: number): Promise<void>;
}

class MemoryBackend implements OpenBackend {
  private readonly sets = new Map<string, Map<string, number>>();
  private ops = 0;

  private live(key: string, now: number): Map<string, number> | undefined {
    // Now and then every set is swept, so that addresses never seen again leave nothing behind.
    if (++this.ops % 1000 === 0) for (const k of [...this.sets.keys()]) if (k !== key) this.prune(k, now);
    return this.prune(key, now);
  }

  private prune(key: string, now: number): Map<string, number> | undefined {
    const set = this.sets.get(key);
    if (!set) return undefined;
    for (const [id, until] of set) if (until <= now) set.delete(id);
    if (set.size === 0) this.sets.delete(key);
    return set.size ? set : undefined;
  }

  async add(key: string, id: string, max: number, now: number, until: number): Promise<boolean> {
    const set = this.live(key, now) ?? new Map<string, number>();
    if (!set.has(id) && set.size >= max) return false;
    set.set(id, until);
    this.sets.set(key, set);
    return true;
  }

  async members(key: string, now: number): Promise<string[]> {
    return [...(this.live(key, now)?.keys() ?? [])];
  }

  async remove(key: string, ids: readonly string[]): Promise<void> {
    const set = this.sets.get(key);
    if (!set) return;
    for (const id of ids) set.delete(id);
    if (set.size === 0) this.sets.delete(key);
  }

  async rename(key: string, from: string, to: string, _now: number, until: number): Promise<void> {
    const set = this.sets.get(key) ?? new Map<string, number>();
    set.delete(from);
    set.set(to, until);
    this.sets.set(key, set);
  }
}

/*
 * The key expires with its last entry, counted from the caller's clock (a
 * relative PEXPIRE, so that a node's clock, or a test's, never meets Redis's).
 */
const EXPIRE = `
local last = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')
if last[2] then redis.call('PEXPIRE', KEYS[1], math.max(1, tonumber(last[2]) - tonumber(ARGV[1]))) end`;

/** KEYS[1] the set; ARGV now, until, id, max. 1: added (or renewed); 0: at the cap. */
const ADD = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if not redis.call('ZSCORE', KEYS[1], ARGV[3]) and redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[4]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[3])
${EXPIRE}
return 1`;

/** KEYS[1] the set; ARGV now, until, from, to. */
const RENAME = `
redis.call('ZREM', KEYS[1], ARGV[3])
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[4])
${EXPIRE}
return 1`;

class RedisBackend implements OpenBackend {
  constructor(
    private readonly client: Redis,
    private readonly prefix: string,
  ) {}

  async add(key: string, id: string, max: number, now: number, until: number): Promise<boolean> {
    return (await this.client.eval(ADD, 1, this.prefix + key, String(now), String(until), id, String(max))) === 1;
  }

  async members(key: string, now: number): Promise<string[]> {
    return this.client.zrangebyscore(this.prefix + key, `(${now}`, '+inf');
  }

  async remove(key: string, ids: readonly string[]): Promise<void> {
    if (ids.length) await this.client.zrem(this.prefix + key, ...ids);
  }

  async rename(key: string, from: string, to: string, now: number, until: number): Promise<void> {
    await this.client.eval(RENAME, 1, this.prefix + key, String(now), String(until), from, to);
  }
}

export interface OpenLimitsOptions {
  /** Several nodes: the club's Redis connection and key prefix (keys `<prefix>open:<kind>:<addr>`). */
  readonly redis?: { readonly client: Redis; readonly prefix: string } | null;
  /** Caps that replace the defaults, kind by kind (tests). */
  readonly rules?: { readonly [K in OpenKind]?: OpenRule };
  /** No cap at all (LIMITS=off). */
  readonly off?: boolean;
  /** The time (tests move it). */
  readonly now?: () => number;
}

export class OpenLimits {
  private readonly backend: OpenBackend;
  private readonly rules: Record<OpenKind, OpenRule>;
  private readonly now: () => number;

  constructor(private readonly opts: OpenLimitsOptions = {}) {
    this.backend = opts.redis ? new RedisBackend(opts.redis.client, opts.redis.prefix) : new MemoryBackend();
    this.rules = { ...OPEN_RULES, ...opts.rules };
    this.now = opts.now ?? Date.now;
  }

  rule(kind: OpenKind): OpenRule {
    return this.rules[kind];
  }

  /**
   * Reserves a place of `kind` for the address, or refuses when the address
   * holds its cap of resources that `live` says still exist (without `live`,
   * entries count until they lapse or are closed).
   */
  async reserve(kind: OpenKind, addr: string, live?: Liveness): Promise<Result<OpenSlot, OpenRefusal>> {
    const nothing: OpenSlot = { commit: async () => undefined, cancel: async () => undefined };
    if (this.opts.off) return ok(nothing);
    const rule = this.rules[kind];
    const key = `open:${kind}:${addr}`;
    const pending = `${PENDING}${randomBytes(6).toString('base64url')}`;
    const tryAdd = () => this.backend.add(key, pending, rule.addr, this.now(), this.now() + PENDING_MS);
    let added = await tryAdd();
    if (!added && live) {
      // At the cap: drop what has ended since (pending places are young by construction and count).
      const ids = (await this.backend.members(key, this.now())).filter((id) => !id.startsWith(PENDING));
      const flags = ids.length ? await live(ids) : [];
      const ended = ids.filter((_, i) => !flags[i]);
      if (ended.length) {
        await this.backend.remove(key, ended);
        added = await tryAdd();
      }
    }
    if (!added) {
      return { ok: false, error: { code: `limit.open-${kind}`, message: `At most ${rule.addr} ${rule.what} at once from one address: close one first` } };
    }
    let done = false;
    return ok({
      commit: async (id: string) => {
        if (done) return;
        done = true;
        await this.backend.rename(key, pending, id, this.now(), this.now() + rule.leaseSeconds * 1000);
      },
      cancel: async () => {
        if (done) return;
        done = true;
        await this.backend.remove(key, [pending]);
      },
    });
  }

  /** Renews a committed place of a resource that still exists, for another lease (re-adding it if it had lapsed). */
  async renew(kind: OpenKind, key: string, id: string): Promise<void> {
    if (this.opts.off) return;
    await this.backend.add(`open:${kind}:${key}`, id, Number.MAX_SAFE_INTEGER, this.now(), this.now() + this.rules[kind].leaseSeconds * 1000);
  }

  /** Frees the place of a resource known to have ended. */
  async close(kind: OpenKind, addr: string, id: string): Promise<void> {
    if (!this.opts.off) await this.backend.remove(`open:${kind}:${addr}`, [id]);
  }

  /** The ids an address holds now (pending places included): tests, the operator. */
  async held(kind: OpenKind, addr: string): Promise<string[]> {
    return this.backend.members(`open:${kind}:${addr}`, this.now());
  }
}
