/**
 * A dead node's games get a new owner within a second or two of its death
 * being seen, idle ones included (nobody moves, so no request takes them):
 * two nodes in this process on one Redis (a prefix of their own) and one
 * in-memory store, on fake time. The leader's sweep must not forget the
 * dead member before the reapers have found its games through it.
 */
import type { Identity } from '@youzai/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { GameService } from '../service/game-service.ts';
import { FakeTime } from '../service/time.ts';
import { memoryStore } from '../store/memory/store.ts';
import type { Store } from '../store/types.ts';
import { eventually, TEST_REDIS_URL, testRedis, uniquePrefix } from '../testing/redis.ts';
import { openClub, type Club } from './club.ts';
import { ClubGames, QUIET_MS } from './games.ts';

const alice: Identity = { id: 'ua', name: 'alice', guest: false };
const bob: Identity = { id: 'ub', name: 'bob', guest: false };

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn().catch(() => undefined);
});

/** One node: its club link, its GameService and its ClubGames, on the shared fake time. */
async function node(name: string, prefix: string, store: Store, time: FakeTime) {
  const club: Club = await openClub({ node: name, redisUrl: TEST_REDIS_URL, prefix, clock: time, timers: time });
  let games: ClubGames | null = null;
  const local = new GameService({
    store,
    bus: club.bus,
    clock: time,
    timers: time,
    mayOwn: (id) => games?.mayOwn(id) ?? false,
    fenceOnLoad: true,
    onLost: (id) => games?.lost(id),
  });
  games = new ClubGames({ link: club.link, bus: club.bus, nodes: club.nodes, store, local, isLeader: () => club.leader.isLeader, clock: time, timers: time });
  const g = games;
  /** The node dies (its key gone at once, as after a SIGTERM or an expiry): nothing of it runs any more. */
  const kill = async () => {
    g.close();
    await local.close();
    await club.close();
  };
  let dead = false;
  cleanup.push(async () => {
    if (!dead) await kill();
  });
  return {
    club,
    local,
    games: g,
    kill: async () => {
      dead = true;
      await kill();
    },
  };
}

/** Moves the fake time a second at a time, giving Redis up to a real second to answer after each, until `pred` holds: the fake seconds it took. */
async function secondsUntil(time: FakeTime, pred: () => Promise<boolean>, max: number): Promise<number> {
  if (await pred()) return 0;
  for (let s = 1; s <= max; s++) {
    time.advance(1000);
    const held = await eventually(pred, 1000).then(
      () => true,
      () => false,
    );
    if (held) return s;
  }
  return Number.POSITIVE_INFINITY;
}

describe('a dead node’s games', () => {
  it('an idle game of a dead node is taken by a live one at the next sweep, and the member is forgotten once it owns nothing', async () => {
    const prefix = uniquePrefix();
    const redis = await testRedis(prefix);
    cleanup.push(() => redis.dispose());
    const time = new FakeTime();
    const store = memoryStore();
    const a = await node('a', prefix, store, time);
    await a.club.start();
    await eventually(() => a.club.leader.isLeader, 3000, 'a leads');
    const b = await node('b', prefix, store, time);
    await b.club.start();
    await a.games.start();
    await b.games.start();
    // The leader's first database sweep is behind us (the next is 15 s away): only the reapers can find the game.
    time.advance(1000);
    await new Promise((r) => setTimeout(r, 150));

    const c = await b.games.create(alice, {
      variant: 'xiangqi',
      color: 'first',
      clock: { kind: 'fischer', minutes: 5, increment: 0 },
      opponent: { type: 'invite' },
      rated: false,
    });
    if (!c.ok) throw new Error(c.error.message);
    const id = c.value.id;
    expect((await b.games.join(id, bob, c.value.inviteToken!)).ok).toBe(true);
    expect(await a.games.ownerOf(id)).toBe('b');
    const bMember = b.club.nodes.member;

    await b.kill();
    const took = await secondsUntil(time, async () => (await a.games.ownerOf(id)) === 'a' && a.local.holds(id), 5);
    expect(took).toBeLessThanOrEqual(2);
    // Once its games are taken the dead member leaves the registry (and its list of games with it).
    await secondsUntil(time, async () => !(await redis.client.zrange(redis.key('nodes'), 0, -1)).includes(bMember), 3);
    expect(await redis.client.zrange(redis.key('nodes'), 0, -1)).not.toContain(bMember);
    expect(await redis.client.exists(redis.key(`owned:${bMember}`))).toBe(0);
  });
});

describe('a quiet node', () => {
  it('a node not heard for QUIET_MS is quiet to the others (before its lease lapses), never to itself; heard again, it is not', async () => {
    const prefix = uniquePrefix();
    const redis = await testRedis(prefix);
    cleanup.push(() => redis.dispose());
    const time = new FakeTime();
    const store = memoryStore();
    const a = await node('a', prefix, store, time);
    const b = await node('b', prefix, store, time);
    await a.club.start();
    await b.club.start();
    await a.games.start();
    await b.games.start();
    const bMember = b.club.nodes.member;
    // Beats every 500 ms: b is heard, so not quiet.
    for (let i = 0; i < 4; i++) {
      time.advance(500);
      await new Promise((r) => setTimeout(r, 20));
    }
    // Its last beat (sent at the clock's time now) may still be on its way through Redis on a busy machine.
    await eventually(async () => a.games.heardAt(bMember) === time.now(), 2000, "b's last beat heard");
    expect(a.games.quiet(bMember)).toBe(false);
    time.advance(400);
    expect(a.games.quiet(bMember)).toBe(false);
    // b stops (frozen): a second and a half without a beat and it is quiet, though its lease (3 s) still holds.
    b.games.close();
    time.advance(QUIET_MS + 100);
    expect(a.games.quiet(bMember)).toBe(true);
    expect(a.games.quiet(a.club.nodes.member)).toBe(false);
    expect(await a.club.nodes.isAlive(bMember)).toBe(true);
    // Back (SIGCONT): heard at its next beat.
    await b.games.start();
    time.advance(500);
    await eventually(async () => !a.games.quiet(bMember), 2000, 'b heard again');
  });
});
