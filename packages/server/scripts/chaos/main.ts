/**
 * npm run chaos: a seeded, reproducible fault schedule against a club of
 * three nodes on PostgreSQL and Redis behind HAProxy, under steady load,
 * then the club's promises checked from what was stored and observed.
 * Prints a table of the faults injected and the invariants, and exits 1 on
 * any violation. Environment:
 *
 *   CHAOS_MINUTES   length of the load (5)
 *   CHAOS_SEED      the schedule's seed (a fresh one, printed, when unset)
 *   CHAOS_TABLES    tables of two players (12), each with a spectator on another node
 *   DATABASE_URL    where the fresh schema is made (postgres://postgres@127.0.0.1:5432/test); dropped at the end
 *   PORT            HAProxy's port (a free one); NODE_PORTS=a,b,c the nodes' (free ones)
 *   CHAOS_REDIS_PORT the Redis server it starts (a free one; never the shared 6379)
 *   CHAOS_CLOCK_ALLOWANCE_MS  charge beyond the thinking time forgiven per move (1500)
 */
import { portsFromEnv } from '../../src/testing/cluster.ts';
import { runChaos } from './run.ts';

const env = process.env;
const minutes = Number(env.CHAOS_MINUTES ?? 5);
const seed = env.CHAOS_SEED ? Number(env.CHAOS_SEED) : Math.floor(Math.random() * 2 ** 31);
if (!(minutes > 0) || !Number.isInteger(seed)) {
  console.error('CHAOS_MINUTES must be a positive number and CHAOS_SEED an integer');
  process.exit(2);
}
const nodePorts = portsFromEnv('NODE_PORTS');
const started = Date.now();
const stamp = () => `[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s]`;

runChaos({
  seed,
  durationMs: minutes * 60_000,
  tables: Number(env.CHAOS_TABLES ?? 12),
  ...(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : {}),
  ...(env.PORT ? { port: Number(env.PORT) } : {}),
  ...(nodePorts ? { nodePorts } : {}),
  ...(env.CHAOS_REDIS_PORT ? { redisPort: Number(env.CHAOS_REDIS_PORT) } : {}),
  ...(env.CHAOS_CLOCK_ALLOWANCE_MS ? { clockAllowanceMs: Number(env.CHAOS_CLOCK_ALLOWANCE_MS) } : {}),
  log: (line) => console.log(`${stamp()} ${line}`),
}).then(
  (r) => {
    console.log(`\nnpm run chaos with CHAOS_SEED=${seed} CHAOS_MINUTES=${minutes}\n`);
    console.log(r.table);
    const bad = Object.values(r.violations).reduce((s, v) => s + v.length, 0);
    process.exit(bad ? 1 : 0);
  },
  (e: unknown) => {
    console.error(e);
    process.exit(2);
  },
);
