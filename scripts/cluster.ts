/**
 * npm run cluster: a club of N nodes (default 3) and HAProxy in front, on
 * this machine, to try it. Environment: CLUSTER_NODES (3), PORT (HAProxy's,
 * 8080), NODE_PORTS (the nodes' ports, comma-separated; default the ports
 * after PORT), DATABASE_URL (default the test server's database), REDIS_URL
 * (redis://127.0.0.1:6379), REDIS_PREFIX (yz:). The web client is built
 * only when its build is missing (BUILD=1 builds it anyway, SKIP_BUILD=1
 * never: the nodes then serve the API alone if there is none).
 * Ctrl-C stops everything. Kill a node (its pid is printed) and watch its
 * games carry on elsewhere.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startHaproxy } from '../packages/server/src/cluster/haproxy.ts';
import { portsFromEnv } from '../packages/server/src/testing/cluster.ts';
import { startServerProcess } from '../packages/server/src/testing/server-process.ts';

const env = process.env;
const count = Number(env.CLUSTER_NODES ?? 3);
const port = Number(env.PORT ?? 8080);
const shared = {
  DATABASE_URL: env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  REDIS_URL: env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  REDIS_PREFIX: env.REDIS_PREFIX ?? 'yz:',
  PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${port}`,
  // Behind HAProxy (option forwardfor): limits count the players' addresses, not the proxy's.
  TRUST_PROXY: '1',
};

const built = existsSync(join(import.meta.dirname, '../packages/web/dist/index.html'));
if (env.BUILD === '1' || (!built && env.SKIP_BUILD !== '1')) {
  const build = spawn('npm', ['run', '-s', 'build'], { stdio: 'inherit' });
  await new Promise((r) => build.once('exit', r));
} else if (!built) console.log('SKIP_BUILD=1: the web client is not built; the nodes serve the API only');

const nodePorts = portsFromEnv('NODE_PORTS');
if (nodePorts && nodePorts.length !== count) throw new Error(`NODE_PORTS names ${nodePorts.length} ports for ${count} nodes (CLUSTER_NODES)`);
const nodes = Array.from({ length: count }, (_, i) => ({ id: `node${i + 1}`, port: nodePorts?.[i] ?? port + 1 + i }));
const procs: ChildProcess[] = [];
for (const n of nodes) {
  const p = await startServerProcess(n.port, { ...shared, NODE_ID: n.id, HOST: '127.0.0.1' }, { log: true });
  procs.push(p);
  console.log(`${n.id}: http://127.0.0.1:${n.port} (pid ${p.pid})`);
}
const haproxy = await startHaproxy(mkdtempSync(join(tmpdir(), 'youzai-haproxy-')), port, nodes);
console.log(`The club is at http://localhost:${port} (HAProxy, pid ${haproxy.pid}) on ${count} nodes. Ctrl-C stops it.`);

const stop = () => {
  haproxy.kill('SIGTERM');
  for (const p of procs) p.kill('SIGTERM');
  setTimeout(() => process.exit(0), 2000).unref();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
