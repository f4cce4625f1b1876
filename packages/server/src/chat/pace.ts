/**
 * The chat's pace per author, "1 line per second, bursts of 3, per player
 * across all chats": a token bucket per author, in this node's memory for a
 * club of one node, in Redis for a club of several, so that a player with a
 * socket on each node still has one bucket. Taking a token is atomic (a Lua
 * script): lines sent at once through several nodes cannot all find the
 * bucket full.
 *
 * The time is the caller's (`now`), never Redis's: a test moves it, and a
 * node's clock a little off another's only shifts a refill. A bucket's key
 * expires once it would be full again (a relative PEXPIRE), so idle authors
 * leave nothing behind. While Redis is out of reach each node paces in its own
 * memory (as the quotas' insurance limiter does): chat never stops for it.
 */
import type { Redis } from 'ioredis';

export interface PaceRule {
  /** Tokens refilled per second. */
  readonly perSecond: number;
  /** The bucket's size: the burst allowed. */
  readonly burst: number;
}

/** Where the buckets live. */
export interface ChatPace {
  /** Takes a token of `author`'s bucket at `now`; false (nothing taken) when it holds less than one. */
  take(author: string, now: number, rule: PaceRule): Promise<boolean>;
}

/** Milliseconds until an empty bucket is full again. */
const refillMs = (rule: PaceRule): number => Math.ceil((rule.burst / rule.perSecond) * 1000);

export class MemoryPace implements ChatPace {
  private readonly buckets = new Map<string, { tokens: number; last: number }>();

  async take(author: string, now: number, rule: PaceRule): Promise<boolean> {
    // Buckets are kept across reconnections (reconnecting must not reset the limit); full ones are dropped when many.
    if (this.buckets.size > 10_000) {
      for (const [k, v] of this.buckets) if (now - v.last > refillMs(rule)) this.buckets.delete(k);
    }
    let b = this.buckets.get(author);
    if (!b) {
      b = { tokens: rule.burst, last: now };
      this.buckets.set(author, b);
    }
    b.tokens = Math.min(rule.burst, b.tokens + (Math.max(0, now - b.last) / 1000) * rule.perSecond);
    b.last = Math.max(b.last, now);
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    return true;
  }
}

/** KEYS[1] the bucket (hash: tokens, last); ARGV now, perSecond, burst, refillMs. 1: taken; 0: empty. */
const TAKE = `
local now = tonumber(ARGV[1])
local rate = tonumber(ARGV[2])
local burst = tonumber(ARGV[3])
local b = redis.call('HMGET', KEYS[1], 'tokens', 'last')
local tokens = tonumber(b[1]) or burst
local last = tonumber(b[2]) or now
tokens = math.min(burst, tokens + math.max(0, now - last) / 1000 * rate)
last = math.max(last, now)
local taken = 0
if tokens >= 1 then
  tokens = tokens - 1
  taken = 1
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'last', tostring(last))
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return taken`;

export class RedisPace implements ChatPace {
  private readonly insurance = new MemoryPace();

  /** Keys `<prefix>chat:pace:<author>`. */
  constructor(
    private readonly client: Redis,
    private readonly prefix: string,
  ) {}

  async take(author: string, now: number, rule: PaceRule): Promise<boolean> {
    try {
      const r = await this.client.eval(
        TAKE,
        1,
        `${this.prefix}chat:pace:${author}`,
        String(now),
        String(rule.perSecond),
        String(rule.burst),
        String(refillMs(rule)),
      );
      return r === 1;
    } catch {
      return this.insurance.take(author, now, rule);
    }
  }
}
