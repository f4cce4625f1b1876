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
  const ids = ['n1', 'n2', 'n3'];
  const services = await startServices(o, ids);
  const { cluster, haproxy, front } = await startNodes(services, ids, o, log);
  const down = new Set<string>();
  return {
    cluster,
    front,
    ids,
    redisPort: services.redisPort,
    down,
    inject: (f) => injectFault(f, { cluster, services, down }),
    close: () => closeClub(services, cluster, haproxy, log),
  };
}

/** What lies under the nodes: the club's own Redis, a proxy to it per node, one proxy to PostgreSQL, a folder; and processes started for a fault. */
interface Services {
  /** Replaced when a fault restarts it; null once it would not start again. */
  redis: ChildProcess | null;
  readonly redisPort: number;
  readonly redisProxies: ReadonlyMap<string, TcpProxy>;
  /** The database server the fresh schema is made on. */
  readonly databaseBase: URL;
  readonly pgProxy: TcpProxy;
  readonly dir: string;
  /** A duplicate node while its fault lasts. */
  readonly extra: Set<ChildProcess>;
}

async function startServices(o: ChaosClubOptions, ids: readonly string[]): Promise<Services> {
  const redisPort = o.redisPort ?? (await freePort());
  const redis = await startRedis(redisPort);
  const redisProxies = new Map<string, TcpProxy>();
  for (const id of ids) redisProxies.set(id, await startTcpProxy('127.0.0.1', redisPort));
  const databaseBase = new URL(o.databaseUrl ?? TEST_DATABASE_URL);
  const pgProxy = await startTcpProxy(databaseBase.hostname, Number(databaseBase.port || 5432));
  const dir = mkdtempSync(join(tmpdir(), 'youzai-chaos-'));
  return { redis, redisPort, redisProxies, databaseBase, pgProxy, dir, extra: new Set() };
}

/** The three nodes, each reaching Redis through its own proxy and PostgreSQL through the shared one, and HAProxy in front; on a failure everything is stopped. */
async function startNodes(
  s: Services,
  ids: readonly string[],
  o: ChaosClubOptions,
  log: (line: string) => void,
): Promise<{ cluster: TestCluster; haproxy: ChildProcess; front: string }> {
  let cluster: TestCluster | null = null;
  let haproxy: ChildProcess | null = null;
  try {
    cluster = await startCluster({
      nodes: ids.length,
      redisUrl: `redis://127.0.0.1:${s.redisPort}`,
      databaseBase: s.databaseBase.toString(),
      ...(o.nodePorts ? { ports: o.nodePorts } : {}),
      // Load from one address (the tool's): the quotas would refuse it; the limits are tested elsewhere.
      env: { LIMITS: 'off', HTTP_RATE: '100000', TRUST_PROXY: '1' },
      nodeEnv: (id) => ({ REDIS_URL: `redis://127.0.0.1:${s.redisProxies.get(id)!.port}` }),
      databaseUrl: (url) => {
        const u = new URL(url);
        u.hostname = '127.0.0.1';
        u.port = String(s.pgProxy.port);
        return u.toString();
      },
    });
    const port = o.port ?? (await freePort());
    haproxy = await startHaproxy(
      s.dir,
      port,
      cluster.nodes.map((n) => ({ id: n.id, port: n.port })),
    );
    log(
      `club: HAProxy http://127.0.0.1:${port}, nodes ${cluster.nodes.map((n) => `${n.id}:${n.port}`).join(' ')}, Redis :${s.redisPort}, PostgreSQL through :${s.pgProxy.port}`,
    );
    return { cluster, haproxy, front: `http://127.0.0.1:${port}` };
  } catch (e) {
    await closeClub(s, cluster, haproxy, log);
    throw e;
  }
}

async function closeClub(s: Services, cluster: TestCluster | null, haproxy: ChildProcess | null, log: (line: string) => void): Promise<void> {
  for (const p of s.extra) await stop(p);
  await stop(haproxy);
  // The schema and the key prefix go with the cluster: the services must answer for that.
  await s.pgProxy.resume().catch(() => undefined);
  for (const p of s.redisProxies.values()) await p.resume().catch(() => undefined);
  if (!s.redis || s.redis.exitCode !== null) s.redis = await startRedis(s.redisPort).catch(() => null);
  await cluster?.close().catch((e: unknown) => log(`closing the cluster: ${(e as Error).message}`));
  for (const p of s.redisProxies.values()) await p.close();
  await s.pgProxy.close();
  await stop(s.redis);
  rmSync(s.dir, { recursive: true, force: true });
}

/** A node started again after a fault; one restarted after a crash waits for its former claim to run out (at most the TTL). */
async function restart(c: TestCluster, down: Set<string>, id: string): Promise<void> {
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
}

/** Applies a fault, holds it, undoes it; resolves once the club is whole again, with what it saw (the duplicate's fate). */
async function injectFault(
  f: Fault,
  { cluster: c, services: s, down }: { cluster: TestCluster; services: Services; down: Set<string> },
): Promise<string | null> {
  switch (f.kind) {
    case 'sigkill':
    case 'sigterm': {
      down.add(f.node);
      await c.kill(f.node, f.kind === 'sigkill' ? 'SIGKILL' : 'SIGTERM');
      await sleep(f.holdMs);
      await restart(c, down, f.node);
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
      if (!p || p.exitCode !== null) await restart(c, down, f.node);
      return null;
    }
    case 'redis-restart': {
      await stop(s.redis);
      await sleep(f.holdMs);
      s.redis = await startRedis(s.redisPort);
      return null;
    }
    case 'redis-cut': {
      const p = s.redisProxies.get(f.node)!;
      await p.cut();
      await sleep(f.holdMs);
      await p.resume();
      return null;
    }
    case 'pg-cut': {
      await s.pgProxy.cut();
      await sleep(f.holdMs);
      await s.pgProxy.resume();
      return null;
    }
    case 'pg-freeze': {
      // Connections open, nothing passes (new ones too, where the proxy can); then the connections are reset.
      const frozen = s.pgProxy as TcpProxy & { freeze?: () => void };
      if (frozen.freeze) frozen.freeze();
      else frozen.stall();
      await sleep(f.holdMs);
      await s.pgProxy.cut();
      await s.pgProxy.resume();
      return null;
    }
    case 'duplicate':
      return startDuplicate(c, s.extra, f.node);
  }
}

/** A second process given a live node's id: it must refuse to start (exit 1), never take the id over. Says what it did. */
async function startDuplicate(c: TestCluster, extra: Set<ChildProcess>, node: string): Promise<string> {
  const n = c.node(node);
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
