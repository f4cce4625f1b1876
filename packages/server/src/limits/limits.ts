/**
 * The club's quotas (rules.ts), held with rate-limiter-flexible: in this
 * node's memory for a club of one node, in Redis (the club's connection and
 * key prefix) when several nodes serve it, so that a quota holds club-wide
 * whichever node a request reaches. Each kind is counted per player and per
 * address; a refusal says which, and how long to wait.
 *
 * Counters expire on their own: no table is ever cleared whole, so a flood of
 * addresses cannot reset anyone's count. Should Redis fail, each node counts
 * in its own memory meanwhile (the library's insurance limiter).
 */
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { ok, type Result } from '@youzai/rules';
import { HttpError } from '../http/util.ts';
import { LoginThrottle } from './login.ts';
import type { LimiterFactory, Refusal } from './refusal.ts';
import { OpenLimits } from './open.ts';
import { LIMIT_RULES, type LimitKind, type LimitOverrides, type LimitRule, type OpenKind, type OpenRule } from './rules.ts';

export type { LimiterFactory, Refusal } from './refusal.ts';

/** Who takes a resource: the player (user id) and the address (see clientAddress). */
export interface Who {
  readonly user?: string | undefined;
  readonly addr?: string | undefined;
}

/** An HTTP refusal: 429 with Retry-After. */
export class LimitError extends HttpError {
  constructor(readonly refusal: Refusal) {
    super(429, refusal.code, refusal.message);
  }
  get retryAfterS(): number {
    return Math.max(1, Math.ceil(this.refusal.retryAfterMs / 1000));
  }
}

export interface LimitsOptions {
  /** Several nodes: the club's Redis connection and key prefix. */
  readonly redis?: { readonly client: Redis; readonly prefix: string } | null;
  /** Rules that replace the defaults, kind by kind (tests). */
  readonly rules?: LimitOverrides;
  /** No quota at all (LIMITS=off: benchmarks). The login throttle stays. */
  readonly off?: boolean;
  /** Open-at-once caps per address that replace the defaults, kind by kind (tests). */
  readonly open?: { readonly [K in OpenKind]?: OpenRule };
  /** The time for the open-at-once caps (tests move it). */
  readonly now?: () => number;
}

export function limiterFactory(redis: LimitsOptions['redis']): LimiterFactory {
  return (name, { points, seconds }) => {
    const keyPrefix = `rl:${name}`;
    if (!redis) return new RateLimiterMemory({ keyPrefix, points, duration: seconds });
    return new RateLimiterRedis({
      storeClient: redis.client,
      keyPrefix: `${redis.prefix}${keyPrefix}`,
      points,
      duration: seconds,
      rejectIfRedisNotReady: true,
      // While Redis is away each node counts on its own, then Redis again.
      insuranceLimiter: new RateLimiterMemory({ keyPrefix, points, duration: seconds }),
    });
  };
}

export class Limits {
  private readonly limiters = new Map<string, RateLimiterAbstract>();
  private readonly rules: Record<LimitKind, LimitRule>;
  private readonly make: LimiterFactory;
  readonly login: LoginThrottle;
  /** Resources held at once per address (limits/open.ts): waiting games, seeks, room challenges, analyses. */
  readonly open: OpenLimits;

  constructor(private readonly opts: LimitsOptions = {}) {
    this.rules = { ...LIMIT_RULES, ...opts.rules };
    this.make = limiterFactory(opts.redis ?? null);
    this.login = new LoginThrottle(this.make);
    this.open = new OpenLimits({
      redis: opts.redis ?? null,
      ...(opts.open ? { rules: opts.open } : {}),
      ...(opts.off ? { off: true } : {}),
      ...(opts.now ? { now: opts.now } : {}),
    });
  }

  /** The rule in force for a kind (docs, messages). */
  rule(kind: LimitKind): LimitRule {
    return this.rules[kind];
  }

  private limiter(kind: LimitKind, side: 'user' | 'addr'): RateLimiterAbstract | null {
    const quota = this.rules[kind][side];
    if (!quota || this.opts.off) return null;
    const name = `${kind}:${side}`;
    let l = this.limiters.get(name);
    if (!l) {
      l = this.make(name, quota);
      this.limiters.set(name, l);
    }
    return l;
  }

  /** Takes `points` of `kind` for the player and the address; refused (nothing taken) when either has none left. */
  async take(kind: LimitKind, who: Who, points = 1): Promise<Result<void, Refusal>> {
    const sides = (['user', 'addr'] as const)
      .map((side) => ({ side, key: who[side], limiter: this.limiter(kind, side) }))
      .filter((s): s is { side: 'user' | 'addr'; key: string; limiter: RateLimiterAbstract } => !!s.key && s.limiter !== null);
    const results = await Promise.allSettled(sides.map((s) => s.limiter.consume(s.key, points)));
    let refusedBy: { side: 'user' | 'addr'; wait: number } | null = null;
    results.forEach((r, i) => {
      if (r.status === 'rejected' && r.reason instanceof RateLimiterRes) {
        const wait = r.reason.msBeforeNext;
        if (!refusedBy || wait > refusedBy.wait) refusedBy = { side: sides[i]!.side, wait };
      }
      // Any other failure (a store out of reach without insurance) lets the action through: quotas never stop the club.
    });
    if (!refusedBy) return ok(undefined);
    const refusal: { side: 'user' | 'addr'; wait: number } = refusedBy;
    // A refusal costs nothing: each side gets back what the attempt counted (the library counts refused attempts too).
    await Promise.allSettled(
      sides.map((s, i) => (results[i]!.status === 'fulfilled' || results[i]!.reason instanceof RateLimiterRes ? s.limiter.reward(s.key, points) : null)),
    );
    return { ok: false, error: { code: `limit.${kind}`, message: this.message(kind, refusal.side, refusal.wait), retryAfterMs: refusal.wait } };
  }

  /** take(), for HTTP routes: a refusal throws LimitError (429 with Retry-After). */
  async enforce(kind: LimitKind, who: Who, points = 1): Promise<void> {
    const r = await this.take(kind, who, points);
    if (!r.ok) throw new LimitError(r.error);
  }

  /** A resource held while in use (an analysis running): take now, give back with the release returned. */
  async hold(kind: LimitKind, who: Who): Promise<Result<() => Promise<void>, Refusal>> {
    const r = await this.take(kind, who);
    if (!r.ok) return r;
    let released = false;
    return ok(async () => {
      if (released) return;
      released = true;
      await Promise.allSettled(
        (['user', 'addr'] as const).map((side) => {
          const key = who[side];
          const l = this.limiter(kind, side);
          return key && l ? l.reward(key, 1) : null;
        }),
      );
    });
  }

  private message(kind: LimitKind, side: 'user' | 'addr', waitMs: number): string {
    const quota = this.rules[kind][side]!;
    const whose = side === 'user' ? '' : ' from one address';
    return `At most ${quota.points} ${this.rules[kind].what}${whose} in ${span(quota.seconds * 1000)}: try again in ${span(waitMs)}`;
  }
}

/** "10 minutes", "1 hour", "45 seconds". */
export function span(ms: number): string {
  const s = Math.max(1, Math.ceil(ms / 1000));
  if (s < 120) return `${s} second${s === 1 ? '' : 's'}`;
  const m = Math.ceil(s / 60);
  if (m < 120) return `${m} minutes`;
  return `${Math.ceil(m / 60)} hours`;
}
