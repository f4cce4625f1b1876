/**
 * Redis restarted in the middle of a game (a Redis server of this test's
 * own, on a free port: never the shared one). While it is down, the nodes
 * say so (/health 503 with the reason; a move answers server.unavailable)
 * and nothing acknowledged is lost; when it is back, empty, the nodes
 * register again, take back their games, and play resumes by itself.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../testing/client.ts';
import { startCluster, type TestCluster } from '../testing/cluster.ts';
import { eventually } from '../testing/redis.ts';
import { freePort } from '../testing/server-process.ts';

const MOVES = ['h3e3', 'h10g8', 'b1c3', 'b10c8', 'i1i2', 'i10i9'];
let redisPort = 0;
let redis: ChildProcess | null = null;
let club: TestCluster;

async function startRedis(): Promise<void> {
  redis = spawn('redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  await eventually(
    async () => {
      try {
        const { Redis } = await import('ioredis');
        const c = new Redis(`redis://127.0.0.1:${redisPort}`, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
        c.on('error', () => undefined);
        await c.connect();
        await c.ping();
        c.disconnect();
        return true;
      } catch {
        return false;
      }
    },
    10_000,
    'redis-server to start',
  );
}

async function stopRedis(): Promise<void> {
  const r = redis;
  if (!r || r.exitCode !== null) return;
  const dead = new Promise((res) => r.once('exit', res));
  r.kill('SIGKILL');
  await dead;
  redis = null;
}

beforeAll(async () => {
  redisPort = await freePort();
  await startRedis();
  club = await startCluster({ nodes: 2, redisUrl: `redis://127.0.0.1:${redisPort}` });
});
afterAll(async () => {
  if (!redis) await startRedis().catch(() => undefined);
  await club?.close();
  await stopRedis();
});

describe('Redis restarted mid-game', () => {
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
    const move = async (ply: number) => (await [a, b][ply % 2]!.http('POST', `/api/games/${id}/move`, { uci: MOVES[ply], ply })).json;
    for (let ply = 0; ply < 2; ply++) {
      expect(await move(ply)).toEqual({ ok: true });
      acked.push(MOVES[ply]!);
    }

    await stopRedis();
    for (const n of club.nodes) {
      await eventually(async () => (await new TestClient(n.base).http('GET', '/health')).status === 503, 10_000, `${n.id} to report Redis down`);
      const h = await new TestClient(n.base).http('GET', '/health');
      expect(h.json).toMatchObject({ ok: false, node: n.id, reason: expect.stringMatching(/redis/i) });
    }
    const refused = await move(2);
    expect(refused).toMatchObject({ ok: false, code: 'server.unavailable' });

    await startRedis();
    for (const n of club.nodes) {
      await eventually(async () => (await new TestClient(n.base).http('GET', '/health')).status === 200, 15_000, `${n.id} to report Redis back`);
    }
    // Play resumes: the refused move is played again, and the next.
    for (let ply = 2; ply < 4; ply++) {
      await eventually(async () => (await move(ply)).ok === true, 15_000, `ply ${ply} accepted`);
      acked.push(MOVES[ply]!);
    }
    const stored = (await a.http('GET', `/api/games/${id}.json`)).json.moves.map((m: { uci: string }) => m.uci);
    expect(stored).toEqual(acked);
    // The game is owned again (the node that held it re-registers and takes it back within a beat).
    await eventually(async () => /^n[12]$/.test(String((await a.http('GET', `/api/games/${id}`)).json.owner)), 5_000, 'an owner again');
  });
});
