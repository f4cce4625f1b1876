/**
 * Who decides each live game: `owner:<game>` → `node|incarnation` in Redis.
 * A lease is valid while that incarnation is alive (its node key), so a
 * node renews one key, not one per game. Taking a game is one script:
 * nobody owns it, or its owner is dead, and the taker writes itself; a live
 * owner keeps it. The games of each owner are also listed (`owned:<member>`)
 * so that the others find a dead node's games, and a stopping node its own.
 *
 * The lease says who should decide; the database says who may write. A
 * node that takes a game fences it (writes it at the next version) before
 * deciding anything, so that writes of the former owner are refused
 * (GameService, `fenceOnLoad`).
 */
import type { RedisLink } from './redis.ts';

/** Returns 'mine' (already), 'taken' (now mine), or the live owner's member. */
const CLAIM = `
local cur = redis.call('GET', KEYS[1])
if cur == ARGV[1] then return 'mine' end
if cur then
  local sep = string.find(cur, '|', 1, true)
  if redis.call('GET', ARGV[2] .. string.sub(cur, 1, sep - 1)) == string.sub(cur, sep + 1) then return cur end
  redis.call('SREM', ARGV[3] .. cur, ARGV[4])
end
redis.call('SET', KEYS[1], ARGV[1])
redis.call('SADD', ARGV[3] .. ARGV[1], ARGV[4])
return 'taken'`;

/** The owner's member if alive, else false. */
const OWNER = `
local cur = redis.call('GET', KEYS[1])
if not cur then return false end
local sep = string.find(cur, '|', 1, true)
if redis.call('GET', ARGV[1] .. string.sub(cur, 1, sep - 1)) == string.sub(cur, sep + 1) then return cur end
return false`;

const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
redis.call('SREM', ARGV[2] .. ARGV[1], ARGV[3])
return 1`;

export type Claim = { readonly ok: true; readonly fresh: boolean } | { readonly ok: false; readonly owner: string };

export class Ownership {
  constructor(
    private readonly link: RedisLink,
    private readonly me: () => string,
  ) {}

  /** The member deciding `gameId` now (null: nobody alive). */
  async owner(gameId: string): Promise<string | null> {
    const r = await this.link.client.eval(OWNER, 1, this.k(`owner:${gameId}`), this.k('node:'));
    return typeof r === 'string' ? r : null;
  }

  /** Takes `gameId` unless a live node owns it. `fresh`: it was not ours already (fence it before deciding). */
  async claim(gameId: string): Promise<Claim> {
    const r = (await this.link.client.eval(CLAIM, 1, this.k(`owner:${gameId}`), this.me(), this.k('node:'), this.k('owned:'), gameId)) as string;
    if (r === 'mine') return { ok: true, fresh: false };
    if (r === 'taken') return { ok: true, fresh: true };
    return { ok: false, owner: r };
  }

  /** Gives a game up (it ended, or this node is stopping). */
  async release(gameId: string, member = this.me()): Promise<void> {
    await this.link.client.eval(RELEASE, 1, this.k(`owner:${gameId}`), member, this.k('owned:'), gameId);
  }

  /** Games listed as owned by `member` (a dead node's, or our own). */
  async ownedBy(member: string): Promise<string[]> {
    return this.link.client.smembers(this.k(`owned:${member}`));
  }

  /** Forgets a dead member's list once nothing is left in it. */
  async forgetIfEmpty(member: string): Promise<boolean> {
    const key = this.k(`owned:${member}`);
    if ((await this.link.client.scard(key)) > 0) return false;
    await this.link.client.del(key);
    return true;
  }

  private k(name: string): string {
    return this.link.key(name);
  }
}
