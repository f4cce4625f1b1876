/**
 * PostgreSQL unreachable in the middle of a game (cut by a proxy between the
 * nodes and the shared database, which is never touched): the nodes say so
 * (/health 503 naming the database; a move answers a server.storage code, not a
 * 500), nothing acknowledged is lost, and play resumes by itself when the
 * database is reachable again. Frozen (the proxy's freeze(): connections open,
 * nothing passing, new connections taken and never answered): a move is answered within the store's bound
 * (STORE_TIMEOUT_MS), not after the outage, and is stored once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../testing/client.ts';
import { startCluster, type TestCluster } from '../testing/cluster.ts';
import { eventually } from '../testing/redis.ts';
import { startTcpProxy, type TcpProxy } from '../testing/tcp-proxy.ts';

const MOVES = ['h3e3', 'h10g8', 'b1c3', 'b10c8', 'i1i2', 'i10i9'];
/** Far longer than the store's bound here (1 s): a move not answered by then waits for the outage. */
const NO_ANSWER_MS = 10_000;
let proxy: TcpProxy;
let club: TestCluster;

beforeAll(async () => {
  proxy = await startTcpProxy('127.0.0.1', 5432);
  club = await startCluster({
    nodes: 2,
    env: { STORE_TIMEOUT_MS: '1000' },
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

  it('PostgreSQL frozen: a move is answered server.storage within the bound, then played once when the database answers', async () => {
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
    const move = async (ply: number) => await [a, b][ply % 2]!.http('POST', `/api/games/${id}/move`, { uci: MOVES[ply], ply });
    for (let ply = 0; ply < 2; ply++) expect((await move(ply)).json).toEqual({ ok: true });

    proxy.freeze();
    const answer = await Promise.race([move(2), new Promise<'no answer'>((r) => setTimeout(() => r('no answer'), NO_ANSWER_MS).unref())]);
    expect(answer).not.toBe('no answer');
    if (answer === 'no answer') return;
    expect(answer.status).toBe(503);
    expect(answer.json).toMatchObject({ ok: false, code: 'server.storage', message: expect.stringMatching(/did not answer in time/) });

    // The database answers again. The player plays the move again until it is taken (or found played).
    await proxy.resume();
    await eventually(
      async () => {
        const r = await move(2);
        return r.json.ok === true || r.json.code === 'game.stale';
      },
      20_000,
      'ply 2 stored',
    );
    expect((await move(3)).json).toEqual({ ok: true });
    const stored = (await a.http('GET', `/api/games/${id}.json`)).json.moves.map((m: { uci: string }) => m.uci);
    expect(stored).toEqual(MOVES.slice(0, 4));
  });
});
