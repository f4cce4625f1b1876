/**
 * What the quotas and the login throttle share: a refusal (the code, a
 * message and the wait) and the factory of rate limiters, in Redis or in
 * memory (limits.ts makes it).
 */
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RuleError } from '@youzai/rules';
import type { Quota } from './rules.ts';

/** A refused take: `limit.<kind>`, a message, and the wait before the next may succeed. */
export interface Refusal extends RuleError {
  readonly retryAfterMs: number;
}

/** Makes a limiter of `points` per `seconds` under a key prefix, in Redis or memory. */
export type LimiterFactory = (name: string, quota: Quota) => RateLimiterAbstract;
