/**
 * Quotas hold club-wide: two nodes (child processes on real Redis and
 * PostgreSQL) count one player's invitations, challenges, one address's
 * waiting games, and one account's wrong passwords (sent in turn or at once), together, in Redis under
 * the club's key prefix.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMIT_RULES, OPEN_RULES } from '../limits/rules.ts';
import { LOGIN_RULES } from '../limits/login.ts';
import { TestClient } from '../testing/client.ts';
import { startCluster, type TestCluster } from '../testing/cluster.ts';
import { testRedis } from '../testing/redis.ts';

let club: TestCluster;

beforeAll(async () => {
  club = await startCluster({ nodes: 2 });
});
afterAll(async () => club?.close());

const INVITE = { variant: 'xiangqi', color: 'first', clock: { kind: 'fischer', minutes: 5, increment: 0 }, opponent: { type: 'invite' } };

/** The same player (one cookie) on node `i`. */
function on(i: number, cookie: string): TestClient {
  const c = new TestClient(club.nodes[i]!.base);
  c.cookie = cookie;
  return c;
}

describe('limits across nodes', () => {
  it('one account’s open sockets are counted on both nodes together (issue 31, item 6)', async () => {
    const owner = new TestClient(club.nodes[0]!.base);
    await owner.http('POST', '/api/session');
    const cap = OPEN_RULES['player-socket'].addr;
    const open: TestClient[] = [];
    try {
      for (let i = 0; i < cap; i++) open.push(await on(i % 2, owner.cookie).connect());
      // Either node refuses the next one; a place freed on one node is free on the other.
      for (const i of [0, 1]) await expect(on(i, owner.cookie).connect()).rejects.toThrow(/429/);
      open.shift()!.close();
      let back: TestClient | null = null;
      for (let t = 0; t < 50 && !back; t++) {
        await new Promise((r) => setTimeout(r, 20 * t));
        back = await on(1, owner.cookie)
          .connect()
          .catch(() => null);
      }
      expect(back).not.toBeNull();
      if (back) open.push(back);
    } finally {
      for (const c of open) c.close();
    }
  });

  it('a player’s invitations are counted on both nodes together, in Redis', async () => {
    const first = new TestClient(club.nodes[0]!.base);
    const friend = new TestClient(club.nodes[1]!.base);
    await first.http('POST', '/api/session');
    await friend.http('POST', '/api/session');
    const quota = LIMIT_RULES.invite.user.points;
    for (let i = 0; i < quota; i++) {
      const r = await on(i % 2, first.cookie).http('POST', '/api/games', INVITE);
      expect(r.status, `invitation ${i}`).toBe(201);
      // Taken at once, so that the few waiting at once (a cap of its own) are never reached.
      expect((await friend.http('POST', `/api/games/${r.json.id}/join`, { token: String(r.json.invite).split('/').pop() })).status).toBe(200);
    }
    // Either node refuses the next one.
    for (const i of [0, 1]) {
      const r = await on(i, first.cookie).http('POST', '/api/games', INVITE);
      expect([r.status, r.json.code], `node ${i}`).toEqual([429, 'limit.invite']);
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    const redis = await testRedis(club.prefix, club.redisUrl);
    try {
      expect((await redis.client.keys(`${club.prefix}rl:invite:user:*`)).length).toBe(1);
    } finally {
      await redis.close();
    }
  });

  it('a player’s challenges by name are counted on both nodes together, in Redis', async () => {
    const challenger = new TestClient(club.nodes[0]!.base);
    const target = new TestClient(club.nodes[1]!.base);
    await challenger.http('POST', '/api/session');
    await target.http('POST', '/api/session');
    const name = `ct${process.pid % 100000}`;
    expect((await target.http('POST', '/api/register', { username: name, password: 'a long pass phrase' })).status).toBe(200);
    const CHALLENGE = { ...INVITE, opponent: { type: 'user', username: name } };
    const quota = LIMIT_RULES.challenge.user.points;
    for (let i = 0; i < quota; i++) {
      const node = on(i % 2, challenger.cookie);
      const r = await node.http('POST', '/api/games', CHALLENGE);
      expect(r.status, `challenge ${i}`).toBe(201);
      // Withdrawn at once, so that the few waiting at once (a cap of its own) are never reached.
      expect((await node.http('POST', `/api/games/${r.json.id}/decline`)).status).toBe(200);
    }
    for (const i of [0, 1]) {
      const r = await on(i, challenger.cookie).http('POST', '/api/games', CHALLENGE);
      expect([r.status, r.json.code], `node ${i}`).toEqual([429, 'limit.challenge']);
    }
    const redis = await testRedis(club.prefix, club.redisUrl);
    try {
      expect((await redis.client.keys(`${club.prefix}rl:challenge:user:*`)).length).toBe(1);
    } finally {
      await redis.close();
    }
  });

  it('an address’s games waiting for an opponent are counted on both nodes together, in Redis', async () => {
    const cap = OPEN_RULES.waiting.addr;
    const perPlayer = 5;
    const guests: string[] = [];
    for (let i = 0; i < Math.ceil(cap / perPlayer) + 1; i++) {
      const g = new TestClient(club.nodes[i % 2]!.base);
      await g.http('POST', '/api/session');
      guests.push(g.cookie);
    }
    // The cap filled by several guests, alternating nodes.
    for (let i = 0; i < cap; i++) {
      const r = await on(i % 2, guests[Math.floor(i / perPlayer)]!).http('POST', '/api/games', INVITE);
      expect(r.status, `invitation ${i}`).toBe(201);
    }
    // A fresh guest is refused on either node.
    for (const i of [0, 1]) {
      const r = await on(i, guests.at(-1)!).http('POST', '/api/games', INVITE);
      expect([r.status, r.json.code], `node ${i}`).toEqual([429, 'limit.open-waiting']);
    }
    const redis = await testRedis(club.prefix, club.redisUrl);
    try {
      expect(await redis.client.zcard(`${club.prefix}open:waiting:127.0.0.1`)).toBe(cap);
    } finally {
      await redis.close();
    }
  });

  it('wrong passwords tried on both nodes lock the account on both', async () => {
    const owner = new TestClient(club.nodes[0]!.base);
    await owner.http('POST', '/api/session');
    const name = `lk${process.pid % 100000}`;
    expect((await owner.http('POST', '/api/register', { username: name, password: 'a long pass phrase' })).status).toBe(200);
    // Failures alternate between the nodes; a lock met on either is waited out, so the waits grow (1 s, 2 s, then 4 s).
    let failures = 0;
    for (let i = 0; failures < LOGIN_RULES.pair.free + 3; i++) {
      const r = await new TestClient(club.nodes[i % 2]!.base).http('POST', '/api/login', { username: name, password: `wrong guess ${i}` });
      if (r.status === 429) {
        expect(failures, 'locked only after the free failures').toBeGreaterThan(LOGIN_RULES.pair.free);
        await new Promise((res) => setTimeout(res, Number(r.headers.get('retry-after')) * 1000 + 100));
      } else {
        expect(r.status).toBe(401);
        failures++;
      }
    }
    for (const i of [0, 1]) {
      const r = await new TestClient(club.nodes[i]!.base).http('POST', '/api/login', { username: name, password: 'a long pass phrase' });
      expect([r.status, r.json.code], `node ${i}`).toEqual([429, 'auth.throttled']);
    }
  });

  it('30 wrong passwords sent at once to both nodes: each counted in Redis before it is checked, so few are checked', async () => {
    const owner = new TestClient(club.nodes[0]!.base);
    await owner.http('POST', '/api/session');
    const name = `pl${process.pid % 100000}`;
    expect((await owner.http('POST', '/api/register', { username: name, password: 'a long pass phrase' })).status).toBe(200);
    const rs = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        new TestClient(club.nodes[i % 2]!.base).http('POST', '/api/login', { username: name, password: `wrong guess ${i}` }),
      ),
    );
    const statuses = rs.map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(LOGIN_RULES.pair.free + 1);
    expect(statuses.filter((s) => s !== 401).every((s) => s === 429)).toBe(true);
  });
});
