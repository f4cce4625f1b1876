/** Recent chat lines in Redis, so a reader on any node gets the lines written on every node. */
import type { ChatLine } from '@youzai/protocol';
import type { ChatHistory } from '../chat/chat.ts';
import type { RedisLink } from './redis.ts';

/** A chat nobody wrote in for a day is forgotten (rooms close long before; games end). */
const IDLE_MS = 24 * 3600_000;

export class RedisChatHistory implements ChatHistory {
  constructor(private readonly link: RedisLink) {}

  push(key: string, line: ChatLine, keep: number): void {
    const k = this.link.key(`chatlog:${key}`);
    this.link.client
      .multi()
      .rpush(k, JSON.stringify(line))
      .ltrim(k, -keep, -1)
      .pexpire(k, IDLE_MS)
      .exec()
      .catch(() => undefined);
  }

  async read(key: string): Promise<ChatLine[]> {
    return (await this.link.client.lrange(this.link.key(`chatlog:${key}`), 0, -1)).map((l) => JSON.parse(l) as ChatLine);
  }

  forget(key: string): void {
    this.link.client.del(this.link.key(`chatlog:${key}`)).catch(() => undefined);
  }
}
