/**
 * One club on three nodes (child processes on real Redis and PostgreSQL):
 * health names each node; a seek posted on one node is seen and accepted on
 * another; quick pairing pairs players waiting on different nodes, once;
 * room members on different nodes see each other and chat; a mute holds on
 * every node; the counters are the same on every node.
 */
import type { ServerMessage } from '@youzai/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../testing/client.ts';
import { startCluster, type TestCluster } from '../testing/cluster.ts';
import { eventually } from '../testing/redis.ts';

type Msg<T extends ServerMessage['t']> = Extract<ServerMessage, { t: T }>;
const is =
  <T extends ServerMessage['t']>(t: T, pred: (m: Msg<T>) => boolean = () => true) =>
  (m: ServerMessage): boolean =>
    m.t === t && pred(m as Msg<T>);

let club: TestCluster;
let reg = 0;

beforeAll(async () => {
  club = await startCluster({ nodes: 3 });
});
afterAll(async () => club?.close());

/** A visitor of node `i`: a guest, or an account when `register`. */
async function visitor(i: number, register = false): Promise<TestClient & { userId: string; name: string }> {
  const c = new TestClient(club.nodes[i]!.base) as TestClient & { userId: string; name: string };
  const me = (await c.http('POST', '/api/session')).json.user;
  c.userId = me.id;
  c.name = me.name;
  if (register) {
    c.name = `c${process.pid % 10000}_${reg++}`;
    expect((await c.http('POST', '/api/register', { username: c.name, password: 'a long pass phrase' })).json.ok).toBe(true);
  }
  await c.connect();
  return c;
}

describe('one club on three nodes', () => {
  it('each node answers /health with its id', async () => {
    for (const n of club.nodes) {
      const r = await new TestClient(n.base).http('GET', '/health');
      expect(r.status).toBe(200);
      expect(r.json).toEqual({ ok: true, node: n.id });
    }
  });

  it('a seek posted on node 1 is seen on node 3 and accepted on node 2; both players are told', async () => {
    const [alice, bob, carol] = [await visitor(0), await visitor(1), await visitor(2)];
    for (const [i, c] of [alice, bob, carol].entries()) expect(await c.request({ t: 'lobby-sub' }, 1 + i)).toMatchObject({ t: 'ack' });
    const ack = await alice.request({ t: 'seek-create', variant: 'xiangqi', clock: { kind: 'fischer', minutes: 5, increment: 3 }, color: 'first' }, 10);
    const id = (ack as Msg<'ack'>).seek!;
    expect(id).toBeTruthy();
    await carol.waitFor(is('seeks', (m) => m.add.some((s) => s.id === id)));
    expect((await new TestClient(club.nodes[2]!.base).http('GET', '/api/lobby')).json.seeks.map((s: { id: string }) => s.id)).toContain(id);
    // Two acceptors on two nodes at once: exactly one game.
    const [r1, r2] = await Promise.all([bob.request({ t: 'seek-accept', seek: id }, 11), carol.request({ t: 'seek-accept', seek: id }, 12)]);
    expect([r1.t, r2.t].sort()).toEqual(['ack', 'error']);
    const winner = r1.t === 'ack' ? bob : carol;
    const pa = (await alice.waitFor(is('paired'))) as Msg<'paired'>;
    const pw = (await winner.waitFor(is('paired'))) as Msg<'paired'>;
    expect(pa).toMatchObject({ side: 'first', opponent: { id: winner.userId }, via: 'seek' });
    expect(pw).toMatchObject({ game: pa.game, side: 'second', opponent: { id: alice.userId } });
    await bob.waitFor(is('seeks', (m) => m.remove.includes(id)));
    for (const c of [alice, bob, carol]) c.close();
  });

  it('quick pairing pairs two players waiting on different nodes, once', async () => {
    const [a, b] = [await visitor(0), await visitor(2)];
    expect(await a.request({ t: 'pool-join', pool: 'janggi-5+3' }, 1)).toMatchObject({ t: 'ack' });
    expect(await b.request({ t: 'pool-join', pool: 'janggi-5+3' }, 1)).toMatchObject({ t: 'ack' });
    const pa = (await a.waitFor(is('paired'), 10_000)) as Msg<'paired'>;
    const pb = (await b.waitFor(is('paired'), 10_000)) as Msg<'paired'>;
    expect(pa.game).toBe(pb.game);
    expect(pa.opponent.id).toBe(b.userId);
    expect(pa.via).toBe('pool');
    expect([pa.side, pb.side].sort()).toEqual(['first', 'second']);
    await new Promise((r) => setTimeout(r, 1500));
    expect(a.received.filter((m) => m.t === 'paired')).toHaveLength(1);
    expect(b.received.filter((m) => m.t === 'paired')).toHaveLength(1);
    a.close();
    b.close();
  });

  it('a room: members on three nodes see each other, chat, and a mute hides a line on every node', async () => {
    const [owner, guest2, guest3] = [await visitor(0, true), await visitor(1, true), await visitor(2, true)];
    const created = await owner.http('POST', '/api/rooms', { name: 'Cụm' });
    expect(created.status).toBe(201);
    const room = created.json.room.id as string;
    for (const [i, c] of [owner, guest2, guest3].entries()) expect(await c.request({ t: 'room-join', room }, 20 + i)).toMatchObject({ t: 'ack' });
    await owner.waitFor(is('room-members', (m) => m.members.length === 3));
    expect(await guest2.request({ t: 'room-chat', room, text: 'xin chào từ nút 2' }, 30)).toMatchObject({ t: 'ack' });
    for (const c of [owner, guest3]) await c.waitFor(is('chat', (m) => 'room' in m && m.text === 'xin chào từ nút 2'));
    // A late joiner on another node gets the line in the room's log.
    const late = await visitor(2, true);
    expect(await late.request({ t: 'room-join', room }, 40)).toMatchObject({ t: 'ack' });
    await late.waitFor(is('chat-log', (m) => m.lines.some((l) => l.text === 'xin chào từ nút 2')));
    // guest3 mutes guest2 (on node 3); guest3 also listens on node 1: the mute holds there too.
    const guest3b = new TestClient(club.nodes[0]!.base);
    guest3b.cookie = guest3.cookie;
    await guest3b.connect();
    expect(await guest3b.request({ t: 'room-join', room }, 1)).toMatchObject({ t: 'ack' });
    expect(await guest3.request({ t: 'mute', user: guest2.userId }, 41)).toMatchObject({ t: 'ack' });
    await new Promise((r) => setTimeout(r, 200));
    expect(await guest2.request({ t: 'room-chat', room, text: 'muted line' }, 31)).toMatchObject({ t: 'ack' });
    expect(await owner.request({ t: 'room-chat', room, text: 'after' }, 32)).toMatchObject({ t: 'ack' });
    for (const c of [guest3, guest3b]) await c.waitFor(is('chat', (m) => m.text === 'after'));
    expect(guest3.received.some((m) => m.t === 'chat' && m.text === 'muted line')).toBe(false);
    expect(guest3b.received.some((m) => m.t === 'chat' && m.text === 'muted line')).toBe(false);
    await owner.waitFor(is('chat', (m) => m.text === 'muted line'));
    // One chat pace per player in the club (issue 26, E): guest3, writing through node 3 and node 1 at once, gets a burst of 3 in all.
    const burst = await Promise.all([0, 1, 2, 3, 4, 5].map((i) => (i % 2 ? guest3b : guest3).request({ t: 'room-chat', room, text: `burst ${i}` }, 60 + i)));
    expect(burst.filter((m) => m.t === 'ack')).toHaveLength(3);
    expect(burst.filter((m) => m.t === 'error' && m.code === 'chat.rate-limited')).toHaveLength(3);
    // A challenge across nodes starts a game for both.
    const ch = await owner.request(
      { t: 'room-challenge', room, variant: 'xiangqi', clock: { kind: 'fischer', minutes: 3, increment: 2 }, to: guest3.userId },
      50,
    );
    await guest3.waitFor(is('room-challenges', (m) => m.challenges.length === 1));
    expect(await guest3.request({ t: 'room-accept', room, challenge: (ch as Msg<'ack'>).challenge! }, 51)).toMatchObject({ t: 'ack' });
    const p = (await owner.waitFor(is('paired'))) as Msg<'paired'>;
    expect(p.via).toBe('room');
    await guest2.waitFor(is('room-games', (m) => m.games.some((g) => g.id === p.game)));
    // guest2 leaves: the others on other nodes see it.
    guest2.close();
    await owner.waitFor(is('room-members', (m) => !m.members.some((x) => x.id === guest2.userId)));
    for (const c of [owner, guest3, guest3b, late]) c.close();
  });

  it('the counters are the same on every node', async () => {
    const [a, b, c] = [await visitor(0), await visitor(1), await visitor(2)];
    expect(await a.request({ t: 'pool-join', pool: 'sittuyin-10+5' }, 1)).toMatchObject({ t: 'ack' });
    const read = async () =>
      Promise.all(club.nodes.map(async (n) => (await new TestClient(n.base).http('GET', '/api/lobby')).json.counters as { online: number; seeking: number }));
    // Everyone else has left by now: these three are online, one of them seeking.
    await eventually(async () => (await read()).every((x) => x.online === 3 && x.seeking === 1), 10_000, 'counters 3/1 on every node');
    const all = await read();
    expect(all).toEqual([all[0], all[0], all[0]]);
    for (const x of [a, b, c]) x.close();
    await eventually(async () => (await read()).every((x) => x.online === 0 && x.seeking === 0), 10_000, 'counters 0/0 on every node');
  });
});
