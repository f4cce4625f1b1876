/**
 * The club `npm run chaos` breaks: three nodes (testing/cluster.ts) on a
 * fresh PostgreSQL schema and a Redis server of its own (never the shared
 * one), each node reaching Redis through a TCP proxy of its own (to cut one
 * node alone) and PostgreSQL through one proxy (to cut or freeze the
 * database), HAProxy in front. Everything it starts, it stops.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { startHaproxy } from '../../src/cluster/haproxy.ts';
import { TEST_DATABASE_URL } from '../../src/store/fixtures.ts';
import { startCluster, type TestCluster } from '../../src/testing/cluster.ts';
import { fileURLToPath } from 'node:url';
import { freePort, SERVER_NODE_ARGS } from '../../src/testing/server-process.ts';
import { startTcpProxy, type TcpProxy } from '../../src/testing/tcp-proxy.ts';
import type { Fault } from './schedule.ts';

export interface ChaosClubOptions {
  /** Where the fresh schema is made (DATABASE_URL; default the test database). */
  readonly databaseUrl?: string;
  /** HAProxy's port (default a free one). */
  readonly port?: number;
  /** The nodes' ports (default free ones). */
  readonly nodePorts?: readonly number[];
  /** The Redis server's port (default a free one). */
  readonly redisPort?: number;
  /** Progress lines. */
  readonly log?: (line: string) => void;
}

export interface ChaosClub {
  readonly cluster: TestCluster;
  /** HAProxy's address: where the players go. */
  readonly front: string;
  readonly ids: readonly string[];
  /** The club's own Redis server's port (what a diagnosis asks: who listens to a game's channel). */
  readonly redisPort: number;
  /** The nodes the tool has stopped and not started again (killed, stopped, or frozen). */
  readonly down: Set<string>;
  /** Applies a fault, holds it, undoes it; resolves once the club is whole again. Returns what it saw (the duplicate's fate). */
  inject(f: Fault): Promise<string | null>;
  close(): Promise<void>;
}

async function startRedis(port: number): Promise<ChildProcess> {
  const p = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const end = Date.now() + 10_000;
  for (;;) {
    const c = new Redis(`redis://127.0.0.1:${port}`, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    c.on('error', () => undefined);
    try {
      await c.connect();
      await c.ping();
      c.disconnect();
      return p;
    } catch {
      c.disconnect();
    }
    if (p.exitCode !== null || Date.now() > end) throw new Error(`redis-server did not start on port ${port}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function stop(p: ChildProcess | null, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  if (!p || p.exitCode !== null || p.signalCode !== null) return;
  const dead = new Promise((r) => p.once('exit', r));
  p.kill('SIGCONT');
  p.kill(signal);
  await dead;
}

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startChaosClub(o: ChaosClubOptions = {}): Promise<ChaosClub> {
  const log = o.log ?? (() => undefined);
  const redisPort = o.redisPort ?? (await freePort());
  let redis: ChildProcess | null = await startRedis(redisPort);
  const ids = ['n1', 'n2', 'n3'];
  const redisProxies = new Map<string, TcpProxy>();
  for (const id of ids) redisProxies.set(id, await startTcpProxy('127.0.0.1', redisPort));
  const base = new URL(o.databaseUrl ?? TEST_DATABASE_URL);
  const pgProxy = await startTcpProxy(base.hostname, Number(base.port || 5432));
  let cluster: TestCluster | null = null;
  let haproxy: ChildProcess | null = null;
  let front = '';
  const dir = mkdtempSync(join(tmpdir(), 'youzai-chaos-'));
  const extra = new Set<ChildProcess>();
  const closeAll = async () => {
    for (const p of extra) await stop(p);
    await stop(haproxy);
    // The schema and the key prefix go with the cluster: the services must answer for that.
    await pgProxy.resume().catch(() => undefined);
    for (const p of redisProxies.values()) await p.resume().catch(() => undefined);
    if (!redis || redis.exitCode !== null) redis = await startRedis(redisPort).catch(() => null);
    await cluster?.close().catch((e: unknown) => log(`closing the cluster: ${(e as Error).message}`));
    for (const p of redisProxies.values()) await p.close();
    await pgProxy.close();
    await stop(redis);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    cluster = await startCluster({
      nodes: ids.length,
      redisUrl: `redis://127.0.0.1:${redisPort}`,
      databaseBase: base.toString(),
      ...(o.nodePorts ? { ports: o.nodePorts } : {}),
      // Load from one address (the tool's): the quotas would refuse it; the limits are tested elsewhere.
      env: { LIMITS: 'off', HTTP_RATE: '100000', TRUST_PROXY: '1' },
      nodeEnv: (id) => ({ REDIS_URL: `redis://127.0.0.1:${redisProxies.get(id)!.port}` }),
      databaseUrl: (url) => {
        const u = new URL(url);
        u.hostname = '127.0.0.1';
        u.port = String(pgProxy.port);
        return u.toString();
      },
    });
    const port = o.port ?? (await freePort());
    front = `http://127.0.0.1:${port}`;
    haproxy = await startHaproxy(
      dir,
      port,
      cluster.nodes.map((n) => ({ id: n.id, port: n.port })),
    );
    log(
      `club: HAProxy http://127.0.0.1:${port}, nodes ${cluster.nodes.map((n) => `${n.id}:${n.port}`).join(' ')}, Redis :${redisPort}, PostgreSQL through :${pgProxy.port}`,
    );
  } catch (e) {
    await closeAll();
    throw e;
  }
  const c = cluster;
  const down = new Set<string>();
  const restart = async (id: string) => {
    // A node restarted after a crash waits for its former claim to run out (at most the TTL).
    for (let attempt = 0; ; attempt++) {
      try {
        await c.start(id);
        break;
      } catch (e) {
        if (attempt >= 3) throw e;
        await sleep(1000);
      }
    }
    down.delete(id);
  };
  return {
    cluster: c,
    front,
    ids,
    redisPort,
    down,
    async inject(f) {
      switch (f.kind) {
        case 'sigkill':
        case 'sigterm': {
          down.add(f.node);
          await c.kill(f.node, f.kind === 'sigkill' ? 'SIGKILL' : 'SIGTERM');
          await sleep(f.holdMs);
          await restart(f.node);
          return null;
        }
        case 'sigstop': {
          down.add(f.node);
          c.signal(f.node, 'SIGSTOP');
          await sleep(f.holdMs);
          c.signal(f.node, 'SIGCONT');
          down.delete(f.node);
          // Frozen past its lease, its id may have been claimed by nobody: it registers again and goes on; had it exited, start it.
          await sleep(1500);
          const p = c.node(f.node).proc;
          if (!p || p.exitCode !== null) await restart(f.node);
          return null;
        }
        case 'redis-restart': {
          await stop(redis);
          await sleep(f.holdMs);
          redis = await startRedis(redisPort);
          return null;
        }
        case 'redis-cut': {
          const p = redisProxies.get(f.node)!;
          await p.cut();
          await sleep(f.holdMs);
          await p.resume();
          return null;
        }
        case 'pg-cut': {
          await pgProxy.cut();
          await sleep(f.holdMs);
          await pgProxy.resume();
          return null;
        }
        case 'pg-freeze': {
          // Connections open, nothing passes (new ones too, where the proxy can); then the connections are reset.
          const frozen = pgProxy as TcpProxy & { freeze?: () => void };
          if (frozen.freeze) frozen.freeze();
          else frozen.stall();
          await sleep(f.holdMs);
          await pgProxy.cut();
          await pgProxy.resume();
          return null;
        }
        case 'duplicate': {
          // A second process given a live node's id: it must refuse to start (exit 1), never take the id over.
          const n = c.node(f.node);
          const port = await freePort();
          const p = spawn(process.execPath, [...SERVER_NODE_ARGS, '--import', 'tsx', 'packages/server/src/main.ts'], {
            cwd: ROOT,
            env: {
              ...process.env,
              PORT: String(port),
              HOST: '127.0.0.1',
              NODE_ID: n.id,
              REDIS_URL: c.redisUrl,
              REDIS_PREFIX: c.prefix,
              DATABASE_URL: c.databaseUrl,
              LIMITS: 'off',
            },
            stdio: ['ignore', 'pipe', 'pipe'],
          });
          extra.add(p);
          let out = '';
          p.stdout!.on('data', (d: Buffer) => (out += d.toString()));
          p.stderr!.on('data', (d: Buffer) => (out += d.toString()));
          const exited = new Promise<number | null>((r) => p.once('exit', (code) => r(code)));
          // Its start is slow on a busy machine (the refusal comes after one wait of the TTL): it is judged by what it did.
          const fate = await Promise.race([exited.then((code) => `exit ${code}`), sleep(90_000).then(() => 'still starting after 90 s')]);
          const started = out.includes('is running at');
          await stop(p);
          extra.delete(p);
          if (fate === 'exit 1' && /in use by another node/.test(out) && !started) return 'refused';
          return started ? 'started' : `${fate}: ${out.slice(-300)}`;
        }
      }
    },
    close: closeAll,
  };
}
