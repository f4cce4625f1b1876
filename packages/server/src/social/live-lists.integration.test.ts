/**
 * "My games" and the players one follows change live, over the socket
 * (real HTTP and WebSocket, memory store and bus, fake time): a game that
 * starts, a correspondence move that changes whose turn it is, a game that
 * ends; a followed player coming and going, and their games starting and
 * ending. The same frames cross nodes on Redis (notify.cluster.test.ts).
 */
import type { AddressInfo } from 'node:net';
import type { ServerMessage } from '@youzai/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../app.ts';
import { MemoryBus } from '../bus/bus.ts';
import { FakeTime } from '../service/time.ts';
import { memoryStore } from '../store/memory/store.ts';
import { TestClient } from '../testing/client.ts';

type Msg<T extends ServerMessage['t']> = Extract<ServerMessage, { t: T }>;
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

async function player(prefix: string, connect = true): Promise<Player> {
  const c = new TestClient(base) as Player;
  c.userId = (await c.http('POST', '/api/session')).json.user.id;
  c.name = `${prefix}${n++}`;
  expect((await c.http('POST', '/api/register', { username: c.name, password: 'a long pass phrase' })).json.ok).toBe(true);
  if (connect) await c.connect();
  return c;
}

const myGame = (game: string, over: boolean, yourTurn?: boolean) => (m: ServerMessage) =>
  m.t === 'my-game' && m.game.id === game && m.over === over && (yourTurn === undefined || m.game.yourTurn === yourTurn);
const followed = (user: string, what: { online?: boolean; game?: string; over?: boolean }) => (m: ServerMessage) =>
  m.t === 'followed' &&
  m.user === user &&
  (what.online === undefined || m.online === what.online) &&
  (what.game === undefined || m.game?.id === what.game) &&
  (what.over === undefined || m.over === what.over);

describe('my games, live', () => {
  it('a correspondence game: started, each move turns the turn on both players’ sockets, ended', async () => {
    const [alice, bob] = [await player('mg'), await player('mg')];
    const c = await alice.http('POST', '/api/games', {
      variant: 'xiangqi',
      color: 'first',
      clock: { kind: 'correspondence', days: 2 },
      opponent: { type: 'user', username: bob.name },
    });
    expect(c.status).toBe(201);
    const game = c.json.id as string;
    expect((await bob.http('POST', `/api/games/${game}/join`, {})).json.ok).toBe(true);
    const started = (await alice.waitFor(myGame(game, false, true))) as Msg<'my-game'>;
    expect(started.game).toMatchObject({ players: [alice.name, bob.name], correspondence: true, turn: 'first' });
    await bob.waitFor(myGame(game, false, false));
    expect((await alice.http('POST', `/api/games/${game}/move`, { uci: 'h3e3', ply: 0 })).json.ok).toBe(true);
    const turned = (await bob.waitFor(myGame(game, false, true))) as Msg<'my-game'>;
    expect(turned.game).toMatchObject({ plies: 1, turn: 'second' });
    expect((await bob.http('POST', `/api/games/${game}/resign`)).json.ok).toBe(true);
    for (const p of [alice, bob]) await p.waitFor(myGame(game, true));
    alice.close();
    bob.close();
  });

  it('a live game is told when it starts and ends, not at each move', async () => {
    const [alice, bob] = [await player('lg'), await player('lg')];
    const made = await alice.http('POST', '/api/games', {
      variant: 'xiangqi',
      color: 'first',
      clock: { kind: 'fischer', minutes: 5, increment: 3 },
      opponent: { type: 'invite' },
    });
    const game = made.json.id as string;
    await bob.http('POST', `/api/games/${game}/join`, { token: String(made.json.invite).split('/').pop() });
    await alice.waitFor(myGame(game, false));
    expect((await alice.http('POST', `/api/games/${game}/move`, { uci: 'h3e3', ply: 0 })).json.ok).toBe(true);
    expect((await alice.http('POST', `/api/games/${game}/resign`)).json.ok).toBe(true);
    await bob.waitFor(myGame(game, true));
    // Between start and end, nothing: the move was not told on the players' own topics.
    expect(bob.received.filter((m) => m.t === 'my-game' && m.game.id === game).map((m) => (m as Msg<'my-game'>).over)).toEqual([false, true]);
    alice.close();
    bob.close();
  });
});

describe('the players you follow, live', () => {
  it('a snapshot on following-sub, then who comes and goes and what they start and finish', async () => {
    const [carol, alice, bob] = [await player('fw'), await player('fw', false), await player('fw', false)];
    for (const who of [alice, bob]) expect((await carol.http('POST', `/api/users/${who.name}/follow`, {})).json.follows).toBe(true);
    const ack = await carol.request({ t: 'following-sub' }, 1);
    expect(ack).toMatchObject({ t: 'ack', id: 1 });
    const snap = carol.received.find((m) => m.t === 'following') as Msg<'following'>;
    expect(snap.users.map((u) => [u.name, u.online])).toEqual([
      [alice.name, false],
      [bob.name, false],
    ]);

    await alice.connect();
    await carol.waitFor(followed(alice.userId, { online: true }));
    // A second socket of Alice's, closed: she is still online, nothing is told.
    const tab2 = new TestClient(base);
    tab2.cookie = alice.cookie;
    await tab2.connect();
    tab2.close();

    const made = await alice.http('POST', '/api/games', {
      variant: 'janggi',
      color: 'first',
      clock: { kind: 'fischer', minutes: 10, increment: 5 },
      opponent: { type: 'invite' },
    });
    const game = made.json.id as string;
    await bob.http('POST', `/api/games/${game}/join`, { token: String(made.json.invite).split('/').pop() });
    // Both are followed: each one's start is told (with the game, to watch).
    const a = (await carol.waitFor(followed(alice.userId, { game, over: false }))) as Msg<'followed'>;
    expect(a.game).toMatchObject({ variant: 'janggi', players: [alice.name, bob.name], yourTurn: false });
    await carol.waitFor(followed(bob.userId, { game, over: false }));
    expect((await alice.http('POST', `/api/games/${game}/resign`)).json.ok).toBe(true);
    await carol.waitFor(followed(alice.userId, { game, over: true }));

    alice.close();
    await carol.waitFor(followed(alice.userId, { online: false }));
    expect(carol.received.filter(followed(alice.userId, { online: false }))).toHaveLength(1);

    // Unsubscribed: Alice's return is no longer heard.
    expect(await carol.request({ t: 'following-unsub' }, 2)).toMatchObject({ t: 'ack', id: 2 });
    await alice.connect();
    await carol.request({ t: 'ping' }, 3);
    expect(carol.received.filter(followed(alice.userId, { online: true }))).toHaveLength(1);
    alice.close();
    carol.close();
  });
});
