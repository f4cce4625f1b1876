/**
 * The club's presence on real Redis (a key prefix of its own): one node's
 * view of who is online anywhere, asked for many users at once.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Presence } from '../lobby/presence.ts';
import { testRedis } from '../testing/redis.ts';
import type { NodeRegistry } from './nodes.ts';
import { ClubPresence } from './presence.ts';

const links: { dispose(): Promise<void> }[] = [];
afterEach(async () => {
  for (const l of links.splice(0)) await l.dispose();
});

/** Node `member` of a club whose live members are `alive`. */
async function node(member: string, alive: () => string[]) {
  const link = await testRedis();
  links.push(link);
  const nodes = { member, alive: async () => alive() } as unknown as NodeRegistry;
  const local = new Presence();
  const club = new ClubPresence(link, nodes, local);
  await club.refresh(true);
  return { link, local, club };
}

describe('club presence', () => {
  it('answers which of many users are online on this node or another live one, in one call, and forgets a dead node', async () => {
    let live = ['a|1', 'b|1', 'c|1'];
    const { link, local, club } = await node('a|1', () => live);
    local.connect('u-here');
    await link.client.sadd(link.key('online:b|1'), 'u-b', 'u-both');
    await link.client.sadd(link.key('online:c|1'), 'u-c', 'u-both');
    // A node no longer alive: its set does not count.
    await link.client.sadd(link.key('online:d|1'), 'u-dead');
    const ids = ['u-here', 'u-b', 'u-c', 'u-both', 'u-dead', 'u-none'];
    expect([...(await club.onlineAmong(ids))].sort()).toEqual(['u-b', 'u-both', 'u-c', 'u-here']);
    // The same answer as asking one by one.
    for (const id of ids) expect(await club.isOnline(id)).toBe(['u-b', 'u-both', 'u-c', 'u-here'].includes(id));
    live = ['a|1', 'c|1'];
    await club.refresh();
    expect([...(await club.onlineAmong(ids))].sort()).toEqual(['u-both', 'u-c', 'u-here']);
    expect((await club.onlineAmong([])).size).toBe(0);
  });

  it('asks about thousands of users in chunks and finds each', async () => {
    const { link, club } = await node('a|1', () => ['a|1', 'b|1']);
    const ids = Array.from({ length: 4500 }, (_, i) => `u${i}`);
    const present = ids.filter((_, i) => i % 3 === 0);
    await link.client.sadd(link.key('online:b|1'), ...present);
    const on = await club.onlineAmong(ids);
    expect(on.size).toBe(present.length);
    expect(present.every((id) => on.has(id))).toBe(true);
  });
});
