/**
 * Password guessing: failed logins are counted per account and per address;
 * past a few free failures each new one makes the next attempt wait longer
 * (doubling, up to a cap), answered 429 with Retry-After. A success clears
 * the account's count, not the address's. Counts live where the quotas do
 * (Redis with several nodes), so the throttle holds club-wide.
 */
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { ok, type Result } from '@youzai/rules';
import type { LimiterFactory, Refusal } from './limits.ts';

export interface LoginRule {
  /** Failures without any wait. */
  readonly free: number;
  /** The window the failures are counted in. */
  readonly windowSeconds: number;
  /** The longest wait. */
  readonly maxWaitSeconds: number;
}

export const LOGIN_RULES = {
  account: { free: 5, windowSeconds: 24 * 3600, maxWaitSeconds: 15 * 60 },
  addr: { free: 20, windowSeconds: 3600, maxWaitSeconds: 15 * 60 },
} as const satisfies Record<'account' | 'addr', LoginRule>;

/** The wait after the `n`th failure in the window: none while free, then 1 s, 2 s, 4 s… up to the cap. */
export function waitAfter(n: number, rule: LoginRule): number {
  if (n <= rule.free) return 0;
  return Math.min(rule.maxWaitSeconds, 2 ** (n - rule.free - 1));
}

const FOREVER = 1e9;

export class LoginThrottle {
  private readonly fails: Record<'account' | 'addr', RateLimiterAbstract>;
  private readonly locks: Record<'account' | 'addr', RateLimiterAbstract>;

  constructor(make: LimiterFactory) {
    this.fails = {
      account: make('login-fails:account', { points: FOREVER, seconds: LOGIN_RULES.account.windowSeconds }),
      addr: make('login-fails:addr', { points: FOREVER, seconds: LOGIN_RULES.addr.windowSeconds }),
    };
    // A lock is a key blocked for the wait (block() sets it, get() reads it).
    this.locks = {
      account: make('login-lock:account', { points: 1, seconds: 1 }),
      addr: make('login-lock:addr', { points: 1, seconds: 1 }),
    };
  }

  /** Whether this account may be tried from this address now. */
  async check(account: string, addr: string): Promise<Result<void, Refusal>> {
    const [a, b] = await Promise.all([this.lockedFor('account', key(account)), this.lockedFor('addr', addr)]);
    const wait = Math.max(a, b);
    if (wait <= 0) return ok(undefined);
    return {
      ok: false,
      error: {
        code: 'auth.throttled',
        message: `Too many wrong passwords ${a >= b ? 'for this account' : 'from this address'}: try again in ${Math.ceil(wait / 1000)} s`,
        retryAfterMs: wait,
      },
    };
  }

  /** Counts a failure; the next attempt waits as the count says. */
  async failed(account: string, addr: string): Promise<void> {
    await Promise.all([this.count('account', key(account)), this.count('addr', addr)]);
  }

  async succeeded(account: string): Promise<void> {
    await Promise.allSettled([this.fails.account.delete(key(account)), this.locks.account.delete(key(account))]);
  }

  private async lockedFor(side: 'account' | 'addr', k: string): Promise<number> {
    try {
      const r = await this.locks[side].get(k);
      return r && r.consumedPoints > 1 ? r.msBeforeNext : 0;
    } catch {
      return 0;
    }
  }

  private async count(side: 'account' | 'addr', k: string): Promise<void> {
    try {
      const r = await this.fails[side].consume(k);
      const wait = waitAfter(r.consumedPoints, LOGIN_RULES[side]);
      if (wait > 0) await this.locks[side].block(k, wait);
    } catch (e) {
      if (!(e instanceof RateLimiterRes)) return;
    }
  }
}

/** Names are case-insensitive at login. */
const key = (account: string): string => account.toLowerCase();
