/**
 * Password guessing. Each login attempt is counted before its password is
 * verified (an atomic increment: in Redis with several nodes, so the count is
 * club-wide), on three counters:
 *
 * - the account from this address: a few free failures, then each attempt
 *   waits longer (doubling, up to a cap). The owner at another address is not
 *   held up by a stranger's failures here.
 * - the account from every address: many more free failures (distributed
 *   guessing), skipped for an address this account logged in from lately, so
 *   that even then the owner gets in from home.
 * - the address, whatever account: spraying one address's guesses over many
 *   accounts.
 *
 * Past the free failures an attempt must also take the counter's gate, a key
 * set at once for the wait: one attempt per wait, however many are sent in
 * parallel. A refused attempt (429 with Retry-After) costs nothing; a success
 * clears the count of the account from this address and gives back its own
 * attempt elsewhere (a stranger's failures stay counted).
 */
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { ok, type Result } from '@youzai/rules';
import type { LimiterFactory, Refusal } from './refusal.ts';

export interface LoginRule {
  /** Failures without any wait. */
  readonly free: number;
  /** The window the failures are counted in. */
  readonly windowSeconds: number;
  /** The longest wait. */
  readonly maxWaitSeconds: number;
}

export const LOGIN_SIDES = ['pair', 'account', 'addr'] as const;
export type LoginSide = (typeof LOGIN_SIDES)[number];

export const LOGIN_RULES = {
  pair: { free: 5, windowSeconds: 24 * 3600, maxWaitSeconds: 15 * 60 },
  account: { free: 50, windowSeconds: 24 * 3600, maxWaitSeconds: 15 * 60 },
  addr: { free: 20, windowSeconds: 3600, maxWaitSeconds: 15 * 60 },
} as const satisfies Record<LoginSide, LoginRule>;

/**
 * How long a successful login makes its address known to the account (exempt
 * from the all-addresses count). Three weeks: a memory counter's timer holds
 * at most 24.8 days.
 */
export const KNOWN_ADDRESS_SECONDS = 21 * 24 * 3600;

/** The wait after the `n`th failure in the window: none while free, then 1 s, 2 s, 4 s… up to the cap. */
export function waitAfter(n: number, rule: LoginRule): number {
  if (n <= rule.free) return 0;
  return Math.min(rule.maxWaitSeconds, 2 ** (n - rule.free - 1));
}

/** An attempt counted before its password is verified. */
export interface LoginAttempt {
  /** The password was right: the count of this account from this address is cleared. */
  succeeded(): Promise<void>;
  /** Nothing was verified (an error on the way): the attempt is given back. */
  abandon(): Promise<void>;
}

const FOREVER = 1e9;

export class LoginThrottle {
  private readonly counts: Record<LoginSide, RateLimiterAbstract>;
  private readonly gates: Record<LoginSide, RateLimiterAbstract>;
  private readonly known: RateLimiterAbstract;

  constructor(make: LimiterFactory) {
    const per = <T>(f: (side: LoginSide) => T): Record<LoginSide, T> => ({ pair: f('pair'), account: f('account'), addr: f('addr') });
    this.counts = per((side) => make(`login-count:${side}`, { points: FOREVER, seconds: LOGIN_RULES[side].windowSeconds }));
    // One point: the first to take it passes, the others wait out its duration (given at each take).
    this.gates = per((side) => make(`login-gate:${side}`, { points: 1, seconds: 1 }));
    this.known = make('login-known', { points: FOREVER, seconds: KNOWN_ADDRESS_SECONDS });
  }

  /** Counts an attempt at this account from this address, or refuses it (nothing counted). */
  async attempt(account: string, addr: string): Promise<Result<LoginAttempt, Refusal>> {
    const name = account.toLowerCase();
    const keys: Record<LoginSide, string> = { pair: JSON.stringify([name, addr]), account: name, addr };
    const known = await this.isKnown(keys.pair);
    const sides = LOGIN_SIDES.filter((s) => !(s === 'account' && known));
    const counted = await Promise.all(sides.map((s) => this.count(s, keys[s])));
    const gated = sides.flatMap((s, i) => (counted[i]! > LOGIN_RULES[s].free ? [{ side: s, wait: waitAfter(counted[i]!, LOGIN_RULES[s]) }] : []));
    const taken = await Promise.all(gated.map((g) => this.takeGate(g.side, keys[g.side], g.wait)));
    const held = gated.filter((_, i) => taken[i] === 0).map((g) => g.side);
    const giveBack = async (clear: readonly LoginSide[]): Promise<void> => {
      await Promise.allSettled([
        ...held.map((s) => this.gates[s].delete(keys[s])),
        ...sides.map((s) => (clear.includes(s) ? this.counts[s].delete(keys[s]) : this.counts[s].reward(keys[s], 1))),
      ]);
    };
    const refused = gated.map((g, i) => ({ side: g.side, wait: taken[i]! })).filter((g) => g.wait > 0);
    if (refused.length > 0) {
      await giveBack([]);
      const worst = refused.reduce((a, b) => (b.wait > a.wait ? b : a));
      const whose = worst.side === 'addr' ? 'from this address' : 'for this account';
      return {
        ok: false,
        error: {
          code: 'auth.throttled',
          message: `Too many wrong passwords ${whose}: try again in ${Math.ceil(worst.wait / 1000)} s`,
          retryAfterMs: worst.wait,
        },
      };
    }
    return ok({
      succeeded: async () => {
        await giveBack(['pair']);
        await this.known.set(keys.pair, 1, KNOWN_ADDRESS_SECONDS).catch(() => undefined);
      },
      abandon: () => giveBack([]),
    });
  }

  /** The count with this attempt; 0 (free) when the counters are out of reach: the throttle never stops the club. */
  private async count(side: LoginSide, k: string): Promise<number> {
    try {
      return (await this.counts[side].consume(k)).consumedPoints;
    } catch {
      return 0;
    }
  }

  /** 0 when taken (for `wait` seconds), else the ms before it may be. */
  private async takeGate(side: LoginSide, k: string, wait: number): Promise<number> {
    try {
      await this.gates[side].consume(k, 1, { customDuration: wait });
      return 0;
    } catch (e) {
      return e instanceof RateLimiterRes ? Math.max(1, e.msBeforeNext) : 0;
    }
  }

  private async isKnown(pair: string): Promise<boolean> {
    try {
      return ((await this.known.get(pair))?.consumedPoints ?? 0) > 0;
    } catch {
      return false;
    }
  }
}
