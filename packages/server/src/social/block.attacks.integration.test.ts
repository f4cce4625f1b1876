/**
 * Issue 31, item 8, attacked as the review did: a blocked player who followed
 * the blocker kept following and heard the blocker come online and start
 * games. Blocking now ends the follows both ways, at once on live sockets
 * too, and a blocked player cannot follow the blocker again
 * (`social.blocked-by`). Real HTTP and WebSocket, memory store and bus.
 */
import type { AddressInfo } from 'node:net';
import type { ServerMessage } from '@youzai/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../app.ts';
import { MemoryBus } from '../bus/bus.ts';
import { FakeTime } from '../service/time.ts';
import { memoryStore } from '../store/memory/store.ts';
import { TestClient } from '../testing/client.ts';

type Player = TestClient & { name: string; userId: string };

const time = new FakeTime();
let app: App;
let base: string;
let n = 0;

beforeAll(async () => {
  app = await createApp({ store: memoryStore(), bus: new MemoryBus(), clock: time, timers: time, publicUrl: 'http://test', httpRate: 10_000 });
  await new Promise<void>((r) => app.server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => app?.close());

async function player(prefix: string): Promise<Player> {
  const c = new TestClient(base) as Player;
  c.userId = (await c.http('POST', '/api/session')).json.user.id;
  c.name = `${prefix}${n++}`;
  expect((await c.http('POST', '/api/register', { username: c.name, password: 'a long pass phrase' })).json.ok).toBe(true);
  await c.connect();
  return c;
}

const heardOf = (c: TestClient, user: string) => c.received.filter((m: ServerMessage) => m.t === 'followed' && m.user === user);

describe('a block ends follows (issue 31, item 8)', () => {
  it('the blocked follower stops hearing the blocker, loses the follow and cannot follow again', async () => {
    const [alice, bob] = [await player('bk'), await player('bk')];
    // Each follows the other; Bob listens live to Alice.
    expect((await bob.http('POST', `/api/users/${alice.name}/follow`, {})).json.follows).toBe(true);
    expect((await alice.http('POST', `/api/users/${bob.name}/follow`, {})).json.follows).toBe(true);
    expect(await bob.request({ t: 'following-sub' }, 1)).toMatchObject({ t: 'ack', id: 1 });

    expect((await alice.http('POST', `/api/users/${bob.name}/block`, {})).json.blocks).toBe(true);
    // Both follows are gone.
    expect((await bob.http('GET', '/api/me/following')).json.users).toEqual([]);
    expect((await alice.http('GET', '/api/me/following')).json.users).toEqual([]);
    expect((await alice.http('GET', `/api/users/${bob.name}/relation`)).json).toMatchObject({ follows: false, followedBy: false, blocks: true });

    // Bob's socket that listened before the block hears nothing of Alice any more.
    alice.close();
    await alice.connect();
    const made = await alice.http('POST', '/api/games', {
      variant: 'xiangqi',
      color: 'first',
      clock: { kind: 'fischer', minutes: 5, increment: 3 },
      opponent: { type: 'computer', level: 1 },
    });
    expect(made.status).toBe(201);
    await bob.request({ t: 'ping' }, 2);
    expect(heardOf(bob, alice.userId)).toEqual([]);

    // Following again is refused, with a stable code; a new subscription lists nothing.
    const again = await bob.http('POST', `/api/users/${alice.name}/follow`, { on: true });
    expect(again.status).toBe(400);
    expect(again.json.code).toBe('social.blocked-by');
    expect((await bob.http('GET', '/api/me/following')).json.users).toEqual([]);
    // Unfollowing stays allowed (idempotent).
    expect((await bob.http('POST', `/api/users/${alice.name}/follow`, { on: false })).json.follows).toBe(false);

    // Once unblocked, Bob may follow again.
    expect((await alice.http('POST', `/api/users/${bob.name}/block`, { on: false })).json.blocks).toBe(false);
    expect((await bob.http('POST', `/api/users/${alice.name}/follow`, {})).json.follows).toBe(true);
    alice.close();
    bob.close();
  });
});
