/**
 * PostgreSQL unreachable in the middle of a game (cut by a proxy between the
 * nodes and the shared database, which is never touched): the nodes say so
 * (/health 503 naming the database; a move answers a server.storage code, not a
 * 500), nothing acknowledged is lost, and play resumes by itself when the
 * database is reachable again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../testing/client.ts';
import { startCluster, type TestCluster } from '../testing/cluster.ts';
import { eventually } from '../testing/redis.ts';
import { startTcpProxy, type TcpProxy } from '../testing/tcp-proxy.ts';

const MOVES = ['h3e3', 'h10g8', 'b1c3', 'b10c8', 'i1i2', 'i10i9'];
let proxy: TcpProxy;
let club: TestCluster;

beforeAll(async () => {
  proxy = await startTcpProxy('127.0.0.1', 5432);
  club = await startCluster({
    nodes: 2,
    databaseUrl: (url) => {
      const u = new URL(url);
      u.hostname = '127.0.0.1';
      u.port = String(proxy.port);
      return u.toString();
    },
  });
});
afterAll(async () => {
  await proxy?.resume().catch(() => undefined);
  await club?.close();
  await proxy?.close();
});

describe('PostgreSQL unreachable mid-game', () => {
  it('nodes report it, refuse moves clearly, lose nothing, and resume by themselves', async () => {
    const [a, b] = [new TestClient(club.nodes[0]!.base), new TestClient(club.nodes[1]!.base)];
    await a.http('POST', '/api/session');
    await b.http('POST', '/api/session');
    const created = await a.http('POST', '/api/games', {
      variant: 'xiangqi',
      color: 'first',
      clock: { kind: 'fischer', minutes: 10, increment: 5 },
      opponent: { type: 'invite' },
    });
    const id = created.json.id as string;
    expect((await b.http('POST', `/api/games/${id}/join`, { token: String(created.json.invite).split('/').pop() })).json.ok).toBe(true);
    const acked: string[] = [];
    const move = async (ply: number) => await [a, b][ply % 2]!.http('POST', `/api/games/${id}/move`, { uci: MOVES[ply], ply });
    for (let ply = 0; ply < 2; ply++) {
      expect((await move(ply)).json).toEqual({ ok: true });
      acked.push(MOVES[ply]!);
    }

    await proxy.cut();
    for (const n of club.nodes) {
      await eventually(async () => (await new TestClient(n.base).http('GET', '/health')).status === 503, 15_000, `${n.id} to report the database down`);
      const h = await new TestClient(n.base).http('GET', '/health');
      expect(h.json).toMatchObject({ ok: false, node: n.id, reason: expect.stringMatching(/database/i) });
    }
    const refused = await move(2);
    expect(refused.status).toBe(503);
    expect(refused.json).toMatchObject({ ok: false, code: expect.stringMatching(/^server\.storage/) });

    await proxy.resume();
    for (const n of club.nodes) {
      await eventually(async () => (await new TestClient(n.base).http('GET', '/health')).status === 200, 20_000, `${n.id} to report the database back`);
    }
    // Play resumes: the refused move is played again, and the next.
    for (let ply = 2; ply < 4; ply++) {
      await eventually(async () => (await move(ply)).json.ok === true, 20_000, `ply ${ply} accepted`);
      acked.push(MOVES[ply]!);
    }
    const stored = (await a.http('GET', `/api/games/${id}.json`)).json.moves.map((m: { uci: string }) => m.uci);
    expect(stored).toEqual(acked);
  });
});
