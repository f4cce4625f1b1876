/**
 * Redis for tests: the machine's shared server (TEST_REDIS_URL overrides),
 * each test under a key prefix of its own, deleted afterwards. Never
 * FLUSHDB: others use the same Redis.
 */
import { randomBytes } from 'node:crypto';
import { connectRedis, deletePrefix, type RedisLink } from '../cluster/redis.ts';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export const uniquePrefix = (): string => `yzt:${process.pid}:${randomBytes(4).toString('hex')}:`;

/** A connection under a fresh prefix; `dispose` deletes the prefix's keys and disconnects. */
export async function testRedis(prefix = uniquePrefix(), url = TEST_REDIS_URL): Promise<RedisLink & { dispose(): Promise<void> }> {
  const link = await connectRedis(url, prefix);
  return {
    ...link,
    async dispose() {
      await deletePrefix(link.client, prefix).catch(() => undefined);
      await link.close();
    },
  };
}

/** A test file's connections, disposed together: `club(n)` gives `n` under one fresh prefix, as the nodes of one club. */
export class TestLinks {
  private readonly links: Awaited<ReturnType<typeof testRedis>>[] = [];

  async club(nodes: number): Promise<RedisLink[]> {
    const first = await testRedis();
    const made = [first];
    for (let i = 1; i < nodes; i++) made.push(await testRedis(first.prefix));
    this.links.push(...made);
    return made;
  }

  /**
   * A state port's adapters, for one suite to run on both: each gives two
   * handles on one fresh state, as two nodes of a club (in memory, one object;
   * in Redis, two connections under one fresh prefix).
   */
  pairs<S>(memory: () => S, redis: (link: RedisLink) => S): [string, () => Promise<[S, S]>][] {
    const one = async (): Promise<[S, S]> => {
      const s = memory();
      return [s, s];
    };
    const two = async (): Promise<[S, S]> => {
      const [a, b] = await this.club(2);
      return [redis(a!), redis(b!)];
    };
    return [
      ['memory', one],
      ['redis', two],
    ];
  }

  async dispose(): Promise<void> {
    for (const l of this.links.splice(0)) await l.dispose();
  }
}

/** Resolves when `pred` holds (polled), or rejects after `ms`. */
export async function eventually(pred: () => boolean | Promise<boolean>, ms = 5000, what = 'condition'): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    if (await pred()) return;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
