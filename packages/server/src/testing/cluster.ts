/**
 * A club of several nodes for tests and benchmarks: each node is the real
 * server as `npm start` runs it (its own process), all on one PostgreSQL
 * schema of their own and one Redis key prefix of their own (deleted after).
 * Nodes can be killed (SIGKILL), frozen (SIGSTOP), thawed (SIGCONT),
 * stopped (SIGTERM) and started again.
 */
import type { ChildProcess } from 'node:child_process';
import { tempSchema } from '../store/fixtures.ts';
import { TEST_REDIS_URL, testRedis, uniquePrefix } from './redis.ts';
import { freePort, startServerProcess } from './server-process.ts';

export interface TestNode {
  readonly id: string;
  readonly port: number;
  readonly base: string;
  proc: ChildProcess | null;
  /** Everything the node printed (for diagnosing a failure). */
  log: string;
}

export interface TestCluster {
  readonly nodes: TestNode[];
  readonly prefix: string;
  readonly redisUrl: string;
  readonly databaseUrl: string;
  node(id: string): TestNode;
  kill(id: string, signal?: NodeJS.Signals): Promise<void>;
  signal(id: string, signal: NodeJS.Signals): void;
  start(id: string): Promise<void>;
  close(): Promise<void>;
}

export interface ClusterOptions {
  readonly nodes?: number;
  readonly redisUrl?: string;
  /** More environment for every node (HTTP_RATE, WEB_DIR...). */
  readonly env?: Record<string, string>;
  /** The database address the nodes are given, from the test schema's (an outage test puts a proxy between). */
  readonly databaseUrl?: (url: string) => string;
  /** The database server the fresh schema is made in (default the test database). */
  readonly databaseBase?: string;
  /** Each node's port, in order (default free ports); see portsFromEnv. */
  readonly ports?: readonly number[];
  /** More environment for one node (its own Redis address, through a proxy of its own). */
  readonly nodeEnv?: (id: string) => Record<string, string>;
}

/** Ports named in the environment (`NODE_PORTS=9001,9002,9003`), or none: the nodes take free ones. */
export function portsFromEnv(name = 'NODE_PORTS', env: NodeJS.ProcessEnv = process.env): number[] | undefined {
  const raw = env[name];
  if (!raw) return undefined;
  const ports = raw.split(',').map((x) => Number(x.trim()));
  if (ports.some((p) => !Number.isInteger(p) || p <= 0 || p > 65535)) throw new Error(`${name}: a comma-separated list of ports, not ${raw}`);
  return ports;
}

export async function startCluster(opts: ClusterOptions = {}): Promise<TestCluster> {
  const schema = await tempSchema(opts.databaseBase);
  const prefix = uniquePrefix();
  const redisUrl = opts.redisUrl ?? TEST_REDIS_URL;
  const count = opts.nodes ?? 3;
  const nodes: TestNode[] = [];
  for (let i = 0; i < count; i++) {
    const port = opts.ports?.[i] ?? (await freePort());
    nodes.push({ id: `n${i + 1}`, port, base: `http://127.0.0.1:${port}`, proc: null, log: '' });
  }
  const envOf = (n: TestNode): Record<string, string> => ({
    NODE_ID: n.id,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: prefix,
    DATABASE_URL: opts.databaseUrl ? opts.databaseUrl(schema.url) : schema.url,
    HTTP_RATE: '100000',
    ENGINE_WORKERS: '1',
    ...opts.env,
    ...opts.nodeEnv?.(n.id),
  });
  const start = async (n: TestNode): Promise<void> => {
    // Several nodes start at once on a busy machine: give them longer than one.
    // BENCH_NODE_ARGS: more Node flags for every node (e.g. --cpu-prof), as for the benchmarks' single server.
    const extraArgs = process.env.BENCH_NODE_ARGS ? process.env.BENCH_NODE_ARGS.split(' ') : [];
    n.proc = await startServerProcess(n.port, envOf(n), { quiet: false, startTimeoutMs: 180_000, extraArgs });
    n.proc.stdout?.on('data', (d: Buffer) => (n.log += d.toString()));
    n.proc.stderr?.on('data', (d: Buffer) => (n.log += d.toString()));
  };
  // The first node migrates the schema; the others start together.
  await start(nodes[0]!);
  await Promise.all(nodes.slice(1).map(start));
  const byId = (id: string): TestNode => {
    const n = nodes.find((x) => x.id === id);
    if (!n) throw new Error(`no node ${id}`);
    return n;
  };
  return {
    nodes,
    prefix,
    redisUrl,
    databaseUrl: schema.url,
    node: byId,
    async kill(id, signal = 'SIGKILL') {
      const n = byId(id);
      const p = n.proc;
      if (!p || p.exitCode !== null) return;
      const dead = new Promise((r) => p.once('exit', r));
      p.kill(signal);
      await dead;
      n.proc = null;
    },
    signal(id, signal) {
      byId(id).proc?.kill(signal);
    },
    async start(id) {
      await start(byId(id));
    },
    async close() {
      await Promise.all(
        nodes.map(async (n) => {
          const p = n.proc;
          if (!p || p.exitCode !== null) return;
          p.kill('SIGCONT');
          const dead = new Promise((r) => p.once('exit', r));
          p.kill('SIGKILL');
          await dead;
        }),
      );
      const r = await testRedis(prefix, redisUrl);
      await r.dispose();
      await schema.dispose();
    },
  };
}
