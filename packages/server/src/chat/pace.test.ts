/**
 * The chat's pace per author, one suite on this node's memory and on Redis
 * (a key prefix of its own), fake time; then two nodes' chats over one Redis
 * prefix: a player writing through both has one burst, not one per node
 * (issue 26, E).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryBus } from '../bus/bus.ts';
import { FakeTime } from '../service/time.ts';
import { memoryStore } from '../store/memory/store.ts';
import { player } from '../testing/social.ts';
import { testRedis } from '../testing/redis.ts';
import { Chat, DEFAULT_CHAT_RULES } from './chat.ts';
import { type ChatPace, MemoryPace, RedisPace } from './pace.ts';

let redis: Awaited<ReturnType<typeof testRedis>>;
let other: Awaited<ReturnType<typeof testRedis>>;
beforeAll(async () => {
  redis = await testRedis();
  // A second connection under the same prefix: another node of the same club.
  other = await testRedis(redis.prefix);
});
afterAll(async () => {
  await other?.dispose();
  await redis?.dispose();
});

const rule = { perSecond: DEFAULT_CHAT_RULES.perSecond, burst: DEFAULT_CHAT_RULES.burst };

const adapters: [string, () => ChatPace][] = [
  ['memory', () => new MemoryPace()],
  ['redis', () => new RedisPace(redis.client, redis.prefix)],
];

describe.each(adapters)('chat pace (%s)', (_name, make) => {
  it('a burst of 3, then one line a second; each author has their own bucket; a clock that steps back refills nothing', async () => {
    const pace = make();
    const time = new FakeTime();
    const author = `a${Math.random()}`;
    const taken: boolean[] = [];
    for (let i = 0; i < 4; i++) taken.push(await pace.take(author, time.now(), rule));
    expect(taken).toEqual([true, true, true, false]);
    expect(await pace.take(`${author}-other`, time.now(), rule)).toBe(true);
    time.advance(999);
    expect(await pace.take(author, time.now(), rule)).toBe(false);
    time.advance(1);
    expect(await pace.take(author, time.now(), rule)).toBe(true);
    expect(await pace.take(author, time.now(), rule)).toBe(false);
    expect(await pace.take(author, time.now() - 5_000, rule)).toBe(false);
    time.advance(10_000);
    const later: boolean[] = [];
    for (let i = 0; i < 4; i++) later.push(await pace.take(author, time.now(), rule));
    expect(later).toEqual([true, true, true, false]);
  });
});

describe('chat pace across nodes (issue 26, E)', () => {
  it('one player writing through two nodes gets 3 lines in a burst in all, then one a second', async () => {
    const time = new FakeTime();
    const store = memoryStore();
    const alice = player('alice');
    const node = (link: typeof redis) => new Chat({ store, bus: new MemoryBus(), clock: time, pace: new RedisPace(link.client, link.prefix) });
    const nodes = [node(redis), node(other)];
    const target = { game: 'game0001', channel: 'spectators' } as const;
    const accepted = async (n: number): Promise<number> => {
      let ok = 0;
      for (let i = 0; i < n; i++) if ((await nodes[i % 2]!.post(alice, target, `line ${i}`)).ok) ok++;
      return ok;
    };
    expect(await accepted(6)).toBe(3);
    // Sent at once through both nodes: still none past the burst.
    const parallel = await Promise.all(nodes.map((c) => c.post(alice, target, 'at once')));
    expect(parallel.filter((r) => r.ok)).toEqual([]);
    time.advance(1_000);
    expect(await accepted(4)).toBe(1);
  });
});
