/**
 * The lobby's seeks and pool places for a club of several nodes, in Redis,
 * so that every node sees one lobby (the rules are Lobby's, in lobby/).
 *
 * - Seeks: the hash `seeks` (id → seek and owner). Taking a seek is one HDEL:
 *   of two nodes accepting it at once, exactly one removes it and pairs.
 * - Pools: the hash `pool` (user → their place). A pairing takes both places
 *   in one script, only if both are still as read, so each pairing is
 *   decided exactly once, whichever node the players are on.
 */
import type { PoolEntry } from '../lobby/pools.ts';
import type { LobbyState, SeekEntry } from '../lobby/state.ts';
import type { RedisLink } from './redis.ts';

const CANCEL = `
local v = redis.call('HGET', KEYS[1], ARGV[1])
if not v then return 0 end
if cjson.decode(v).owner.id ~= ARGV[2] then return 0 end
redis.call('HDEL', KEYS[1], ARGV[1])
return 1`;

/** Takes both pool places if both are still exactly as read; else neither. */
const TAKE_PAIR = `
if redis.call('HGET', KEYS[1], ARGV[1]) == ARGV[2] and redis.call('HGET', KEYS[1], ARGV[3]) == ARGV[4] then
  redis.call('HDEL', KEYS[1], ARGV[1], ARGV[3])
  return 1
end
return 0`;

export class RedisLobbyState implements LobbyState {
  constructor(private readonly link: RedisLink) {}

  async seeks(): Promise<SeekEntry[]> {
    return (await this.link.client.hvals(this.key('seeks'))).map((v) => JSON.parse(v) as SeekEntry);
  }

  async addSeek(e: SeekEntry): Promise<void> {
    await this.link.client.hset(this.key('seeks'), e.seek.id, JSON.stringify(e));
  }

  async takeSeek(id: string): Promise<boolean> {
    return (await this.link.client.hdel(this.key('seeks'), id)) === 1;
  }

  async cancelSeek(id: string, ownerId: string): Promise<boolean> {
    return (await this.link.client.eval(CANCEL, 1, this.key('seeks'), id, ownerId)) === 1;
  }

  async places(): Promise<PoolEntry[]> {
    return (await this.link.client.hvals(this.key('pool'))).map((v) => JSON.parse(v) as PoolEntry);
  }

  async setPlace(e: PoolEntry): Promise<void> {
    await this.link.client.hset(this.key('pool'), e.user.id, JSON.stringify(e));
  }

  async restorePlace(e: PoolEntry): Promise<void> {
    await this.link.client.hsetnx(this.key('pool'), e.user.id, JSON.stringify(e));
  }

  async removePlace(userId: string): Promise<boolean> {
    return (await this.link.client.hdel(this.key('pool'), userId)) === 1;
  }

  // The text compared is the entry as written: JSON.parse then JSON.stringify gives back the same text.
  async takePair(a: PoolEntry, b: PoolEntry): Promise<boolean> {
    const took = await this.link.client.eval(TAKE_PAIR, 1, this.key('pool'), a.user.id, JSON.stringify(a), b.user.id, JSON.stringify(b));
    return took === 1;
  }

  private key(name: string): string {
    return this.link.key(name);
  }
}
