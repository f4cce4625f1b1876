/**
 * Which mode a node runs in, read once from the environment and checked
 * before anything opens: one node on its own (SQLite or PostgreSQL, the
 * in-memory bus), or one node of a club of several (REDIS_URL: Redis for
 * the bus, presence, the lobby and game ownership; PostgreSQL for records).
 * A misconfiguration is refused with a message that says what to set.
 */
import { hostname } from 'node:os';
import { err, ok, type Result, type RuleError } from '@youzai/rules';

export type NodeMode =
  | { readonly kind: 'single'; readonly node: string }
  | {
      readonly kind: 'cluster';
      readonly node: string;
      readonly redisUrl: string;
      readonly databaseUrl: string;
      /** Prepended to every Redis key and channel, so that several clubs (or tests) share one Redis. */
      readonly prefix: string;
    };

export interface ModeEnv {
  readonly PORT?: string | undefined;
  readonly DATABASE_URL?: string | undefined;
  readonly REDIS_URL?: string | undefined;
  readonly REDIS_PREFIX?: string | undefined;
  readonly NODE_ID?: string | undefined;
}

export type ConfigErrorCode = 'config.redis-needs-postgres' | 'config.redis-url' | 'config.node-id';

const NODE_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** The node's id: NODE_ID, or this machine's host name and the port (unique on one machine, readable in logs). */
export function nodeIdOf(env: ModeEnv, host = hostname()): string {
  return env.NODE_ID || `${host}:${env.PORT ?? 8080}`;
}

export function readMode(env: ModeEnv, host = hostname()): Result<NodeMode, RuleError<ConfigErrorCode>> {
  const node = nodeIdOf(env, host);
  if (!NODE_ID.test(node)) return err('config.node-id', `NODE_ID must be 1-64 letters, digits or . _ : - (got ${JSON.stringify(node)})`);
  if (!env.REDIS_URL) return ok({ kind: 'single', node });
  if (!env.DATABASE_URL) {
    return err(
      'config.redis-needs-postgres',
      'REDIS_URL runs this node as one of several, and they must share one database: set DATABASE_URL to a PostgreSQL server ' +
        '(the embedded SQLite file belongs to one node only), or unset REDIS_URL to run a single node on SQLite.',
    );
  }
  let url: URL;
  try {
    url = new URL(env.REDIS_URL);
  } catch {
    return err('config.redis-url', `REDIS_URL is not a URL: ${JSON.stringify(env.REDIS_URL)} (e.g. redis://127.0.0.1:6379)`);
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:')
    return err('config.redis-url', `REDIS_URL must start with redis:// or rediss:// (got ${url.protocol})`);
  if (!/^postgres(ql)?:/.test(env.DATABASE_URL)) {
    return err(
      'config.redis-needs-postgres',
      `With REDIS_URL, DATABASE_URL must be a PostgreSQL URL (postgres://...), got ${JSON.stringify(env.DATABASE_URL)}`,
    );
  }
  return ok({ kind: 'cluster', node, redisUrl: env.REDIS_URL, databaseUrl: env.DATABASE_URL, prefix: env.REDIS_PREFIX ?? 'yz:' });
}
