/**
 * Notifications cross nodes (two child-process nodes on real Redis and
 * PostgreSQL): a challenge made on node 1 rings the target's socket on
 * node 2; the answer given on node 2 (the game decided on node 1) reaches
 * the challenger's socket on node 2, and the stored bell is the same on both.
 * A room's challenge (the room in Redis) ends on one node and the target's
 * bell item on the other says so. A followed player's coming, going and
 * games, and a player's own games, are heard on the other node too.
 */
import type { ServerMessage } from '@youzai/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../testing/client.ts';
import { startCluster, type TestCluster } from '../testing/cluster.ts';

let club: TestCluster;

beforeAll(async () => {
  club = await startCluster({ nodes: 2 });
}, 240_000);
afterAll(async () => club?.close());

/** A registered player whose HTTP requests go to node `http` and whose socket is on node `ws`. */
async function player(name: string, http: number, ws: number): Promise<{ api: TestClient; sock: TestClient; id: string }> {
  const api = new TestClient(club.nodes[http]!.base);
  const id = (await api.http('POST', '/api/session')).json.user.id as string;
  expect((await api.http('POST', '/api/register', { username: name, password: 'a long pass phrase' })).json.ok).toBe(true);
  const sock = new TestClient(club.nodes[ws]!.base);
  sock.cookie = api.cookie;
  await sock.connect();
  return { api, sock, id };
}

const notice = (kind: string, game: string, state: string) => (m: ServerMessage) =>
  m.t === 'notification' && m.notification.kind === kind && m.notification.data.game === game && m.notification.data.state === state;

describe('notifications across nodes', () => {
  it('a challenge made on node 1 rings on node 2; its answer crosses back', async () => {
    const tag = `n${process.pid % 10000}`;
    const alice = await player(`${tag}a`, 0, 1);
    const bob = await player(`${tag}b`, 1, 1);
    const made = await alice.api.http('POST', '/api/games', {
      variant: 'janggi',
      color: 'first',
      clock: { kind: 'fischer', minutes: 10, increment: 5 },
      opponent: { type: 'user', username: `${tag}b` },
    });
    expect(made.status).toBe(201);
    const game = made.json.id as string;
    // The game was made (and is decided) on node 1; Bob's socket is on node 2.
    await bob.sock.waitFor(notice('challenge', game, 'open'), 10_000);
    // Node 2 reads the same stored bell.
    expect((await bob.api.http('GET', '/api/notifications')).json).toMatchObject({ unread: 1, notifications: [{ id: `challenge:${game}` }] });
    // Declined on node 2; the game is decided on node 1; the challenger's socket (node 2) hears it.
    expect((await bob.api.http('POST', `/api/games/${game}/decline`, { reason: 'variant' })).json.ok).toBe(true);
    const answer = await alice.sock.waitFor(notice('challenge-answer', game, 'declined'), 10_000);
    expect(answer).toMatchObject({ notification: { data: { reason: 'variant', from: { id: bob.id } } }, unread: 1 });
    // Marked read on node 1: the socket on node 2 hears it.
    const readOn1 = new TestClient(club.nodes[0]!.base);
    readOn1.cookie = alice.api.cookie;
    expect((await readOn1.http('POST', '/api/notifications/read', { ids: [`challenge:${game}`] })).json).toMatchObject({ changed: 1, unread: 0 });
    await alice.sock.waitFor((m) => m.t === 'notifications-read' && m.unread === 0, 10_000);
    for (const c of [alice.sock, bob.sock]) c.close();
  }, 60_000);

  it('a room challenge withdrawn by its author leaving (node 1) closes the target’s bell item (node 2)', async () => {
    const tag = `r${process.pid % 10000}`;
    const alice = await player(`${tag}a`, 0, 0);
    const bob = await player(`${tag}b`, 1, 1);
    const room = (await alice.api.http('POST', '/api/rooms', {})).json.id as string;
    expect(await alice.sock.request({ t: 'room-join', room }, 1)).toMatchObject({ t: 'ack' });
    expect(await bob.sock.request({ t: 'room-join', room }, 1)).toMatchObject({ t: 'ack' });
    const terms = { variant: 'xiangqi', clock: { kind: 'fischer', minutes: 5, increment: 3 }, rated: false, color: 'first' };
    const is = (id: string, state: string) => (m: ServerMessage) =>
      m.t === 'notification' && m.notification.id === `room:${id}` && m.notification.data.state === state;
    const first = (await alice.sock.request({ t: 'room-challenge', room, to: bob.id, ...terms }, 2)) as Extract<ServerMessage, { t: 'ack' }>;
    await bob.sock.waitFor(is(first.challenge!, 'open'), 10_000);
    // Declined on node 2: the notification there says so.
    expect(await bob.sock.request({ t: 'room-decline', room, challenge: first.challenge! }, 2)).toMatchObject({ t: 'ack' });
    await bob.sock.waitFor(is(first.challenge!, 'declined'), 10_000);
    const second = (await alice.sock.request({ t: 'room-challenge', room, to: bob.id, ...terms }, 3)) as Extract<ServerMessage, { t: 'ack' }>;
    await bob.sock.waitFor(is(second.challenge!, 'open'), 10_000);
    // Alice leaves on node 1 (the Redis script drops her challenges there); Bob's bell on node 2 hears it.
    alice.sock.close();
    await bob.sock.waitFor(is(second.challenge!, 'withdrawn'), 10_000);
    const stored = (await bob.api.http('GET', '/api/notifications')).json;
    expect(stored.unread).toBe(0);
    expect(stored.notifications.find((n: { id: string }) => n.id === `room:${second.challenge}`).data.state).toBe('withdrawn');
    bob.sock.close();
  }, 60_000);

  it('the players you follow and your games, live across nodes', async () => {
    const tag = `f${process.pid % 10000}`;
    const carol = await player(`${tag}c`, 1, 1);
    const alice = await player(`${tag}a`, 0, 0);
    alice.sock.close();
    const bob = await player(`${tag}b`, 0, 1);
    expect((await carol.api.http('POST', `/api/users/${tag}a/follow`, {})).json.follows).toBe(true);
    // Alice's socket closed on node 1 a moment ago; the snapshot may or may not have seen it go, the next frames tell.
    expect(await carol.sock.request({ t: 'following-sub' }, 1)).toMatchObject({ t: 'ack' });
    const from = carol.sock.received.length;
    const heard = (pred: (m: ServerMessage) => boolean) => carol.sock.waitFor(pred, 10_000, from);
    await alice.sock.connect();
    await heard((m) => m.t === 'followed' && m.user === alice.id && m.online === true);
    const made = await alice.api.http('POST', '/api/games', {
      variant: 'xiangqi',
      color: 'first',
      clock: { kind: 'correspondence', days: 1 },
      opponent: { type: 'user', username: `${tag}b` },
    });
    const game = made.json.id as string;
    // Accepted on node 2; the game is decided on node 1; Carol (node 2) and Bob's socket (node 2) hear it.
    expect((await bob.api.http('POST', `/api/games/${game}/join`, {})).json.ok).toBe(true);
    await heard((m) => m.t === 'followed' && m.user === alice.id && m.game?.id === game && m.over === false);
    await bob.sock.waitFor((m) => m.t === 'my-game' && m.game.id === game && !m.game.yourTurn, 10_000);
    expect((await alice.api.http('POST', `/api/games/${game}/move`, { uci: 'h3e3', ply: 0 })).json.ok).toBe(true);
    await bob.sock.waitFor((m) => m.t === 'my-game' && m.game.id === game && m.game.yourTurn, 10_000);
    alice.sock.close();
    await heard((m) => m.t === 'followed' && m.user === alice.id && m.online === false);
    for (const c of [bob.sock, carol.sock]) c.close();
  }, 60_000);
});
