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

/** Those of ARGV in any of the sets KEYS. */
const AMONG = `
local out = {}
for _, id in ipairs(ARGV) do
  for _, k in ipairs(KEYS) do
    if redis.call('SISMEMBER', k, id) == 1 then out[#out + 1] = id break end
  end
end
return out`;

/** Users asked about in one script call: bounds the time Redis spends on one call. */
const AMONG_CHUNK = 2000;

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

  /**
   * Which of `userIds` have a socket open on any live node: those of this
   * node at once, the others in one Redis call per 2,000 (the tournament
   * director asks about every player of an arena each second).
   */
  async onlineAmong(userIds: readonly string[]): Promise<Set<string>> {
    const on = new Set<string>();
    const rest: string[] = [];
    for (const id of userIds) {
      if (this.local.isOnline(id)) on.add(id);
      else rest.push(id);
    }
    const keys = this.live.map((m) => this.setOf(m));
    if (keys.length === 0) return on;
    for (let i = 0; i < rest.length; i += AMONG_CHUNK) {
      const found = (await this.link.client.eval(AMONG, keys.length, ...keys, ...rest.slice(i, i + AMONG_CHUNK))) as string[];
      for (const id of found) on.add(id);
    }
    return on;
  }

  /** Forgets what a dead member held. */
  async forget(member: string): Promise<void> {
    await this.link.client.del(this.setOf(member));
  }

  private setOf(member: string): string {
    return this.link.key(`online:${member}`);
  }
}
