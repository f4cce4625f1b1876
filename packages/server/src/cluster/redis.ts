/**
 * The node's Redis connections (ioredis). Commands fail at once while Redis
 * is unreachable (no offline queue): a move must get a clear
 * `server.unavailable` answer, not hang until Redis comes back. The client
 * reconnects by itself, forever, and resubscribes its channels.
 */
import { Redis, type RedisOptions } from 'ioredis';

export interface RedisLink {
  /** Commands (keys, scripts, PUBLISH). */
  readonly client: Redis;
  /** Prepended to every key and channel of this club. */
  readonly prefix: string;
  key(name: string): string;
  /** A second connection of the same settings (a subscriber needs its own). */
  duplicate(): Redis;
  /** Whether commands can be sent now. */
  readonly up: () => boolean;
  close(): Promise<void>;
}

const OPTIONS: RedisOptions = {
  enableOfflineQueue: false,
  maxRetriesPerRequest: 0,
  connectTimeout: 2000,
  // Tries again every 0.2 s at first, then every second, without end: the node comes back when Redis does.
  retryStrategy: (times) => Math.min(200 * times, 1000),
  lazyConnect: true,
};

/** Connects and waits until Redis answers (start-up fails, with the reason, when it does not). */
export async function connectRedis(url: string, prefix: string): Promise<RedisLink> {
  const client = new Redis(url, OPTIONS);
  const extra: Redis[] = [];
  // Errors are reported through `up()` and health; ioredis would otherwise print every failed reconnection.
  client.on('error', () => {});
  await client.connect();
  await client.ping();
  return {
    client,
    prefix,
    key: (name) => prefix + name,
    duplicate() {
      // The subscriber keeps an offline queue, and its commands are never given up on: a SUBSCRIBE sent while Redis is
      // out of reach, or in flight when the link drops, waits for the connection. (With the commands' own setting,
      // maxRetriesPerRequest 0, each failed reconnection flushed the queue: the topic was never subscribed, and its
      // frames were lost for good on that node. bus/redis.test.ts.)
      const d = client.duplicate({ enableOfflineQueue: true, lazyConnect: false, maxRetriesPerRequest: null });
      d.on('error', () => {});
      extra.push(d);
      return d;
    },
    up: () => client.status === 'ready',
    async close() {
      for (const c of [...extra, client]) c.disconnect();
    },
  };
}

/** Deletes every key of a prefix (tests: each uses its own prefix and cleans up; never FLUSHDB on a shared Redis). */
export async function deletePrefix(client: Redis, prefix: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
    cursor = next;
    if (keys.length) await client.unlink(...keys);
  } while (cursor !== '0');
}
