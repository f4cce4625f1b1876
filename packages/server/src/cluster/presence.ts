/**
 * Who is online in the whole club. Each node keeps its own sockets (the
 * local Presence) and mirrors its users into a Redis set of its own,
 * `online:<node|incarnation>`; a user is online while any live node's set
 * holds them. A dead node's set stops counting as soon as the node is dead
 * (its set is read only for live members) and is deleted by the sweep.
 */
import type { Presence } from '../lobby/presence.ts';
import type { NodeRegistry } from './nodes.ts';
import type { RedisLink } from './redis.ts';

const COUNT = `
if #KEYS == 0 then return 0 end
return #redis.call('SUNION', unpack(KEYS))`;

const ANY = `
for _, k in ipairs(KEYS) do if redis.call('SISMEMBER', k, ARGV[1]) == 1 then return 1 end end
return 0`;

export class ClubPresence {
  /** Live members, refreshed at each `refresh()` (the node's beat). */
  private live: string[] = [];

  constructor(
    private readonly link: RedisLink,
    private readonly nodes: NodeRegistry,
    readonly local: Presence,
  ) {
    local.listen({
      arrived: (id) => void this.link.client.sadd(this.setOf(this.nodes.member), id).catch(() => undefined),
      left: (id) => void this.link.client.srem(this.setOf(this.nodes.member), id).catch(() => undefined),
    });
  }

  /** Writes every local user again (after this node registered anew), and re-reads who is alive. */
  async refresh(full = false): Promise<void> {
    if (full) {
      const users = this.local.users();
      if (users.length) await this.link.client.sadd(this.setOf(this.nodes.member), ...users);
    }
    this.live = await this.nodes.alive();
    if (!this.live.includes(this.nodes.member)) this.live.push(this.nodes.member);
  }

  /** Distinct users online in the club. */
  async count(): Promise<number> {
    const keys = this.live.map((m) => this.setOf(m));
    return (await this.link.client.eval(COUNT, keys.length, ...keys)) as number;
  }

  /** Whether `userId` has a socket open on any live node. */
  async isOnline(userId: string): Promise<boolean> {
    if (this.local.isOnline(userId)) return true;
    const keys = this.live.map((m) => this.setOf(m));
    return (await this.link.client.eval(ANY, keys.length, ...keys, userId)) === 1;
  }

  /** Forgets what a dead member held. */
  async forget(member: string): Promise<void> {
    await this.link.client.del(this.setOf(member));
  }

  private setOf(member: string): string {
    return this.link.key(`online:${member}`);
  }
}
