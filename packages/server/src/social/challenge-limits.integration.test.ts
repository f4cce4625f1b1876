/**
 * Challenges take the club's shared quota (limits/rules.ts, kind
 * `challenge`, rate-limiter-flexible): by name over HTTP and to a room's
 * member over the socket count together, per player and per address, and a
 * refusal is coded, explained and costs nothing. The same quota in Redis,
 * across nodes, is in cluster/limits.cluster.test.ts.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../app.ts';
import { MemoryBus } from '../bus/bus.ts';
import { systemClock, systemTimers } from '../service/time.ts';
import { memoryStore } from '../store/memory/store.ts';
import { TestClient } from '../testing/client.ts';

type Player = TestClient & { name: string; userId: string };

let app: App;
let base: string;
let n = 0;

beforeAll(async () => {
  app = await createApp({
    store: memoryStore(),
    bus: new MemoryBus(),
    clock: systemClock,
    timers: systemTimers,
    publicUrl: 'http://club.test',
    httpRate: 10_000,
    // Small quotas so the test reaches them: 3 per player, 5 per address (every client here shares 127.0.0.1).
    limits: { challenge: { user: { points: 3, seconds: 600 }, addr: { points: 5, seconds: 600 }, what: 'challenges' } },
  });
  await new Promise<void>((r) => app.server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => app?.close());

async function player(prefix: string): Promise<Player> {
  const c = new TestClient(base) as Player;
  c.userId = (await c.http('POST', '/api/session')).json.user.id;
  c.name = `${prefix}${n++}`;
  expect((await c.http('POST', '/api/register', { username: c.name, password: 'a long pass phrase' })).json.ok).toBe(true);
  return c;
}

const CLOCK = { kind: 'fischer', minutes: 5, increment: 3 } as const;
const challenge = (from: TestClient, to: Player) =>
  from.http('POST', '/api/games', { variant: 'xiangqi', color: 'first', clock: CLOCK, opponent: { type: 'user', username: to.name } });

describe('challenge quotas (the shared limiter)', () => {
  it('by name and in a room count together per player; then the address caps every player behind it', async () => {
    const [alice, bob, carol] = [await player('qa'), await player('qb'), await player('qc')];
    // Two by name, each withdrawn at once (the cap of games waiting at once is another rule).
    for (let i = 0; i < 2; i++) {
      const r = await challenge(alice, bob);
      expect(r.status, `challenge ${i}`).toBe(201);
      expect((await alice.http('POST', `/api/games/${r.json.id}/decline`)).json.ok).toBe(true);
    }
    // The third, to a member of a room over the socket, takes the same quota.
    const room: string = (await alice.http('POST', '/api/rooms', {})).json.id;
    await alice.connect();
    await bob.connect();
    expect(await alice.request({ t: 'room-join', room }, 1)).toMatchObject({ t: 'ack' });
    expect(await bob.request({ t: 'room-join', room }, 1)).toMatchObject({ t: 'ack' });
    const inRoom = { t: 'room-challenge', room, to: bob.userId, variant: 'xiangqi', clock: CLOCK };
    expect(await alice.request(inRoom, 2)).toMatchObject({ t: 'ack' });
    // Alice's fourth is refused, in the room and by name alike.
    expect(await alice.request(inRoom, 3)).toMatchObject({ t: 'error', id: 3, code: 'limit.challenge' });
    const refused = await challenge(alice, carol);
    expect([refused.status, refused.json.code]).toEqual([429, 'limit.challenge']);
    expect(refused.json.message).toMatch(/^At most 3 challenges in 10 minutes: try again in /);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Nothing was created for the refused ones: Carol has no challenge waiting.
    expect((await carol.http('GET', '/api/challenges')).json.challenges ?? []).toEqual([]);

    // The address has 5: Alice took 3 (her refusals took nothing), Bob takes 2 more, then the address is spent for Carol too.
    for (let i = 0; i < 2; i++) {
      const r = await challenge(bob, carol);
      expect(r.status, `bob's challenge ${i}`).toBe(201);
      expect((await bob.http('POST', `/api/games/${r.json.id}/decline`)).json.ok).toBe(true);
    }
    const fromAddress = await challenge(carol, bob);
    expect([fromAddress.status, fromAddress.json.code]).toEqual([429, 'limit.challenge']);
    expect(fromAddress.json.message).toContain('from one address');
    alice.close();
    bob.close();
  });
});
