/**
 * A move in flight while its game changes owner (issue 26 G): it arrives at
 * one node, is relayed to the owner, the owner dies, another node takes the
 * game (its turn given back) and the move is played there seconds later.
 * The move is timed at its arrival on the first node, so the relay's wait is
 * charged to nobody. Two nodes in this process on one Redis (a prefix of
 * their own) and one in-memory store, on fake time.
 */
import type { Identity } from '@youzai/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { GameService } from '../service/game-service.ts';
import { FakeTime } from '../service/time.ts';
import { memoryStore } from '../store/memory/store.ts';
import type { Store } from '../store/types.ts';
import { eventually, TEST_REDIS_URL, testRedis, uniquePrefix } from '../testing/redis.ts';
import { openClub } from './club.ts';
import { ClubGames } from './games.ts';

const alice: Identity = { id: 'ua', name: 'alice', guest: false };
const bob: Identity = { id: 'ub', name: 'bob', guest: false };

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn().catch(() => undefined);
});

async function node(name: string, prefix: string, store: Store, time: FakeTime) {
  const club = await openClub({ node: name, redisUrl: TEST_REDIS_URL, prefix, clock: time, timers: time });
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
  let dead = false;
  const kill = async () => {
    dead = true;
    g.close();
    await local.close();
    await club.close();
  };
  cleanup.push(async () => {
    if (!dead) await kill();
  });
  return { club, local, games: g, kill };
}

describe('a move relayed while its game changes owner', () => {
  it('is timed at its arrival on the first node: the relay’s wait and the takeover are not charged', async () => {
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
    expect((await a.games.join(id, bob, c.value.inviteToken!)).ok).toBe(true);
    // Both first moves (untimed), relayed through a to b, the owner: from here alice's clock runs.
    expect(await a.games.act(id, alice.id, { type: 'move', uci: 'h3e3', ply: 0 })).toMatchObject({ ok: true });
    expect(await a.games.act(id, bob.id, { type: 'move', uci: 'h10g8', ply: 1 })).toMatchObject({ ok: true });
    expect(await a.games.ownerOf(id)).toBe('b');

    // b dies just as alice's move reaches a, which relays it to b; nobody answers until a sees b dead and takes the game.
    await b.kill();
    let answer: unknown = null;
    void a.games.act(id, alice.id, { type: 'move', uci: 'b1c3', ply: 2 }).then((r) => {
      answer = r;
    });
    for (let s = 0; s < 8 && answer === null; s++) {
      time.advance(1000);
      await eventually(async () => answer !== null, 1000).catch(() => undefined);
    }
    expect(answer).toMatchObject({ ok: true });
    expect(a.local.holds(id)).toBe(true);
    // The seconds between the move's arrival and its play on a were the club's, not alice's.
    expect((await store.moves(id)).map((m) => [m.uci, m.clockMs])).toEqual([
      ['h3e3', 300_000],
      ['h10g8', 300_000],
      ['b1c3', 300_000],
    ]);
  });
});
