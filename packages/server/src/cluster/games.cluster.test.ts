/**
 * Games in one club on three nodes (child processes, real Redis and
 * PostgreSQL): players and a spectator on three different nodes (the moves and
 * the spectator count reach every node); the node
 * deciding a game killed with moves in flight, then frozen (SIGSTOP) past
 * its lease and resumed, then stopped (SIGTERM): each time the game goes on
 * at another node with every acknowledged move, none applied twice.
 */
import type { ServerMessage } from '@youzai/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../testing/client.ts';
import { startCluster, type TestCluster } from '../testing/cluster.ts';
import { eventually } from '../testing/redis.ts';

type Msg<T extends ServerMessage['t']> = Extract<ServerMessage, { t: T }>;

const MOVES = ['h3e3', 'h10g8', 'b1c3', 'b10c8', 'i1i2', 'i10i9', 'a1a2', 'a10a9', 'g4g5', 'g7g6', 'c4c5', 'c7c6'];

let club: TestCluster;

beforeAll(async () => {
  club = await startCluster({ nodes: 3 });
});
afterAll(async () => club?.close());

const nodeIndex = (id: string): number => club.nodes.findIndex((n) => n.id === id);

interface Game {
  id: string;
  /** Player of the first side, then of the second. */
  players: [TestClient, TestClient];
  acked: string[];
}

/** A game between a player on node `a` and one on node `b` (by invitation), both subscribed. */
async function game(a: number, b: number, minutes = 10): Promise<Game> {
  const p1 = new TestClient(club.nodes[a]!.base);
  const p2 = new TestClient(club.nodes[b]!.base);
  await p1.http('POST', '/api/session');
  await p2.http('POST', '/api/session');
  const created = await p1.http('POST', '/api/games', {
    variant: 'xiangqi',
    color: 'first',
    clock: { kind: 'fischer', minutes, increment: 5 },
    opponent: { type: 'invite' },
  });
  expect(created.status).toBe(201);
  const id = created.json.id as string;
  expect((await p2.http('POST', `/api/games/${id}/join`, { token: String(created.json.invite).split('/').pop() })).json.ok).toBe(true);
  for (const p of [p1, p2]) {
    await p.connect();
    expect(await p.request({ t: 'sub', game: id }, 1)).toMatchObject({ t: 'ack' });
  }
  return { id, players: [p1, p2], acked: [] };
}

let rid = 100;
/** Plays the next move over the socket; true when acknowledged. */
async function play(g: Game): Promise<boolean> {
  const ply = g.acked.length;
  const r = await g.players[ply % 2]!.request({ t: 'move', game: g.id, uci: MOVES[ply], ply }, rid++).catch(() => null);
  if (r?.t !== 'ack') return false;
  g.acked.push(MOVES[ply]!);
  return true;
}

/** Plays the next move until it is acknowledged (a failover may be under way), for at most `ms`. */
async function playThrough(g: Game, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  const ply = g.acked.length;
  for (;;) {
    if (await play(g)) return;
    // It may have been applied after all (the answer was lost with a node): the stored moves say.
    const stored = await storedMoves(g.id).catch(() => null);
    if (stored && stored.length > ply) {
      expect(stored[ply]).toBe(MOVES[ply]);
      g.acked.push(MOVES[ply]!);
      return;
    }
    if (Date.now() > end) throw new Error(`ply ${ply} of ${g.id} was never accepted`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The game's moves as stored, read through a live node. */
async function storedMoves(id: string): Promise<string[]> {
  const live = club.nodes.find((n) => n.proc !== null)!;
  const r = await new TestClient(live.base).http('GET', `/api/games/${id}.json`);
  return (r.json.moves as { uci: string }[]).map((m) => m.uci);
}

async function ownerOf(id: string, via = 0): Promise<string | null> {
  const r = await new TestClient(club.nodes[via]!.base).http('GET', `/api/games/${id}`);
  return r.json.owner as string | null;
}

/** Index of a live node other than those given. */
const other = (...not: number[]): number => club.nodes.findIndex((n, i) => n.proc !== null && !not.includes(i));

describe('games across nodes', () => {
  it('players on two nodes and a spectator on a third: every move reaches everyone; every node names the same owner', async () => {
    const g = await game(0, 1);
    const spectator = new TestClient(club.nodes[2]!.base);
    await spectator.http('POST', '/api/session');
    await spectator.connect();
    expect(await spectator.request({ t: 'sub', game: g.id }, 1)).toMatchObject({ t: 'ack' });
    // The spectator on the third node is counted by the owner and the count pushed to the players on the other two.
    const watched = (m: ServerMessage, n: number) => m.t === 'spectators' && m.game === g.id && m.n === n;
    for (const p of g.players) await p.waitFor((m) => watched(m, 1), 10_000);
    for (let i = 0; i < 6; i++) expect(await play(g)).toBe(true);
    await spectator.waitFor((m) => m.t === 'events' && m.events.some((e) => e.type === 'move' && e.ply === 6), 5000);
    const seen = spectator.received
      .filter((m): m is Msg<'events'> => m.t === 'events')
      .flatMap((m) => m.events.flatMap((e) => (e.type === 'move' ? [e.uci] : [])));
    expect(seen).toEqual(MOVES.slice(0, 6));
    const owners = await Promise.all([0, 1, 2].map((i) => ownerOf(g.id, i)));
    expect(owners[0]).toMatch(/^n[123]$/);
    expect(owners).toEqual([owners[0], owners[0], owners[0]]);
    // Draw offers travel too.
    expect(await g.players[0].request({ t: 'draw', game: g.id, op: 'offer' }, 2)).toMatchObject({ t: 'ack' });
    await g.players[1].waitFor((m) => m.t === 'events' && m.events.some((e) => e.type === 'draw-offer'));
    expect(await g.players[1].request({ t: 'draw', game: g.id, op: 'decline' }, 3)).toMatchObject({ t: 'ack' });
    // The spectator leaves: the players hear the count fall.
    const from = g.players.map((p) => p.received.length);
    spectator.close();
    await Promise.all(g.players.map((p, i) => p.waitFor((m) => watched(m, 0), 10_000, from[i])));
    for (const c of g.players) c.close();
  });

  it('the owner killed with moves in flight: the games go on at other nodes with every acknowledged move, none twice', async () => {
    // Four games decided by one node, their players on the two others (their sockets survive the kill).
    const games: Game[] = [];
    for (let i = 0; i < 4; i++) {
      const g = await game(1, 2);
      games.push(g);
    }
    // A game is decided where it was created: node 2, which one of each game's players is on.
    const owner = (await ownerOf(games[0]!.id)) as string;
    const victimIdx = nodeIndex(owner);
    expect(victimIdx).toBeGreaterThanOrEqual(0);
    for (const g of games) expect(await ownerOf(g.id)).toBe(owner);
    for (const g of games) for (let i = 0; i < 4; i++) expect(await play(g)).toBe(true);
    // Moves in flight when the owner dies.
    const inflight = games.map((g) => play(g));
    await new Promise((r) => setTimeout(r, 2));
    await club.kill(owner);
    await Promise.all(inflight);
    // Clients of the dead node reconnect elsewhere; here the players were on the other nodes, except when the owner hosted them.
    for (const g of games) {
      for (const [i, p] of g.players.entries()) {
        if (p.closedWith !== null || p.base === club.node(owner).base) {
          const again = new TestClient(club.nodes[other(victimIdx)]!.base);
          again.cookie = p.cookie;
          await again.connect();
          g.players[i] = again;
        }
      }
    }
    for (const g of games) {
      await playThrough(g);
      await playThrough(g);
      const stored = await storedMoves(g.id);
      expect(stored).toEqual(g.acked);
      expect(stored).toEqual(MOVES.slice(0, stored.length));
      const newOwner = await ownerOf(g.id, other(victimIdx));
      expect(newOwner).not.toBe(owner);
      expect(newOwner).toMatch(/^n[123]$/);
    }
    await club.start(owner);
    for (const g of games) for (const p of g.players) p.close();
  });

  it('presence follows the game: the new owner learns which players are connected elsewhere; a relay node that dies takes its sockets with it', async () => {
    // Created through node 0 (which decides it); the players' sockets are on nodes 1 and 2.
    const p1 = new TestClient(club.nodes[0]!.base);
    const p2 = new TestClient(club.nodes[1]!.base);
    await p1.http('POST', '/api/session');
    await p2.http('POST', '/api/session');
    const created = await p1.http('POST', '/api/games', {
      variant: 'xiangqi',
      color: 'first',
      clock: { kind: 'fischer', minutes: 10, increment: 5 },
      opponent: { type: 'invite' },
    });
    const id = created.json.id as string;
    expect((await p2.http('POST', `/api/games/${id}/join`, { token: String(created.json.invite).split('/').pop() })).json.ok).toBe(true);
    expect(await ownerOf(id, 1)).toBe(club.nodes[0]!.id);
    const s1 = new TestClient(club.nodes[1]!.base);
    s1.cookie = p1.cookie;
    const s2 = new TestClient(club.nodes[2]!.base);
    s2.cookie = p2.cookie;
    for (const s of [s1, s2]) {
      await s.connect();
      expect(await s.request({ t: 'sub', game: id }, 1)).toMatchObject({ t: 'ack' });
    }
    const away = async (via: number): Promise<[number | null, number | null]> =>
      (await new TestClient(club.nodes[via]!.base).http('GET', `/api/games/${id}`)).json.view.disconnectedSince;
    await eventually(async () => (await away(1)).every((d) => d === null), 5000, 'both players seen connected');

    // The owner dies: the game is taken by node 1 or 2, which loads it with both seats away, then hears from the relays.
    await club.kill(club.nodes[0]!.id);
    await eventually(async () => ((await ownerOf(id, 1).catch(() => null)) ?? 'n1') !== club.nodes[0]!.id, 15_000, 'a new owner');
    await eventually(async () => /^n[23]$/.test(String(await ownerOf(id, 1))), 15_000, 'the game owned again');
    await eventually(async () => (await away(1)).every((d) => d === null), 10_000, 'both players connected again at the new owner');

    // Node 2 (p2's socket, and maybe the owner) stays; node 1 holds p1's socket: if node 1 is not the owner, kill it
    // and p1 must count as away; otherwise kill node 2 and p2 must.
    const owner = String(await ownerOf(id, 1));
    const relay = owner === club.nodes[1]!.id ? 2 : 1;
    const seat = relay === 1 ? 0 : 1;
    const via = relay === 1 ? 2 : 1;
    await club.kill(club.nodes[relay]!.id);
    await eventually(async () => (await away(via))[seat] !== null, 15_000, 'the player of the dead relay seen away');
    expect((await away(via))[1 - seat]).toBeNull();
    await club.start(club.nodes[relay]!.id);
    await club.start(club.nodes[0]!.id);
    for (const s of [s1, s2]) s.close();
  });

  it('a node frozen past its lease (SIGSTOP) loses its games; resumed (SIGCONT), it writes nothing of them', async () => {
    const g = await game(0, 2);
    const owner = (await ownerOf(g.id)) as string;
    // The players must not be on the frozen node: put them on the others.
    const idx = nodeIndex(owner);
    for (const [i, p] of g.players.entries()) {
      if (p.base === club.node(owner).base) {
        const again = new TestClient(club.nodes[other(idx)]!.base);
        again.cookie = p.cookie;
        await again.connect();
        g.players[i] = again;
      }
    }
    for (let i = 0; i < 2; i++) expect(await play(g)).toBe(true);
    // A socket on the node about to freeze sends a move: it waits in the frozen node's buffers.
    const stale = new TestClient(club.node(owner).base);
    stale.cookie = g.players[g.acked.length % 2]!.cookie;
    await stale.connect();
    club.signal(owner, 'SIGSTOP');
    stale.send({ t: 'move', game: g.id, uci: MOVES[g.acked.length], ply: g.acked.length, id: 77 });
    const via = other(idx);
    await eventually(async () => ((await ownerOf(g.id, via)) ?? owner) !== owner, 15_000, 'another node to take the game');
    for (let i = 0; i < 2; i++) await playThrough(g);
    club.signal(owner, 'SIGCONT');
    // The frozen node's move is either refused, or forwarded to the new owner and refused there as stale (its ply is past).
    const answer = await stale.waitFor((m) => 'id' in m && m.id === 77, 15_000);
    expect(answer.t).toBe('error');
    await playThrough(g);
    const stored = await storedMoves(g.id);
    expect(stored).toEqual(g.acked);
    expect(stored).toEqual(MOVES.slice(0, stored.length));
    expect(await ownerOf(g.id, idx)).not.toBe(owner);
    stale.close();
    for (const p of g.players) p.close();
  });

  it('SIGTERM: the node hands its games over at once and exits cleanly; play goes on', async () => {
    const g = await game(1, 2);
    const owner = (await ownerOf(g.id)) as string;
    const idx = nodeIndex(owner);
    for (const [i, p] of g.players.entries()) {
      if (p.base === club.node(owner).base) {
        const again = new TestClient(club.nodes[other(idx)]!.base);
        again.cookie = p.cookie;
        await again.connect();
        g.players[i] = again;
      }
    }
    for (let i = 0; i < 2; i++) expect(await play(g)).toBe(true);
    const proc = club.node(owner).proc!;
    const exited = new Promise<number | null>((r) => proc.once('exit', (code) => r(code)));
    proc.kill('SIGTERM');
    expect(await exited).toBe(0);
    club.node(owner).proc = null;
    expect(club.node(owner).log).toMatch(/handed [1-9]\d* games over/);
    const via = other(idx);
    await eventually(async () => (await ownerOf(g.id, via)) !== null, 10_000, 'the game taken');
    for (let i = 0; i < 2; i++) await playThrough(g);
    expect(await storedMoves(g.id)).toEqual(g.acked);
    await club.start(owner);
    for (const p of g.players) p.close();
  });
});
