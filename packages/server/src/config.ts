/**
 * The node's configuration, read once from the environment and checked
 * before anything opens: a bad value stops the start with a message that
 * names the variable and says what it takes. `describeConfig` is what the
 * start-up prints: every setting, with passwords and tokens left out.
 */
import { err, ok, type Result, type RuleError } from '@youzai/rules';
import { readMode, type ModeEnv, type NodeMode } from './cluster/config.ts';
import { parseOrigins } from './http/origin.ts';
import { LOOPBACK_PROXIES, parseTrustedProxies } from './limits/address.ts';
import { LOG_LEVELS, type LogLevel } from './observe/log.ts';

export interface Config {
  readonly port: number;
  readonly host: string;
  readonly publicUrl: string;
  /** ORIGINS: other public origins of the club (docs/security.md). */
  readonly origins: readonly string[];
  readonly mode: NodeMode;
  readonly databaseUrl: string | null;
  readonly dataDir: string;
  readonly sqliteSync: 'FULL' | 'NORMAL';
  /** STORE_TIMEOUT_MS: the bound on each store call (null: the default, 5000). */
  readonly storeTimeoutMs: number | null;
  readonly webDir: string | null;
  readonly httpRate: number | null;
  readonly engineWorkers: number | null;
  /** SOCKET_PROCESSES: processes holding the WebSockets (ws/tier/); 0: the node holds them. */
  readonly socketProcesses: number;
  /** ANALYSIS_NODES: the engine's nodes per position in finished games' analyses and fair-play reports (null: the default, 300,000). */
  readonly analysisNodes: number | null;
  readonly logLevel: LogLevel;
  readonly metricsPort: number | null;
  readonly metricsHost: string;
  readonly metricsToken: string | null;
  /** SIGTERM: the longest the node takes to close before it exits anyway. */
  readonly shutdownMs: number;
  /** Account names that may open the operator's pages. */
  readonly admins: readonly string[];
  /** LIMITS=off: no quotas (benchmarks only; docs/security.md). */
  readonly limitsOff: boolean;
  /** STATS_CONTROL=1: /api/stats honours ?reset and ?gc (benchmarks only; docs/operations.md). */
  readonly statsControl: boolean;
  /** TRUST_PROXY=1 (or TRUSTED_PROXIES set): behind a proxy, the client's address is the last in X-Forwarded-For. */
  readonly trustProxy: boolean;
  /** Whose X-Forwarded-For is believed (TRUSTED_PROXIES; loopback alone when only TRUST_PROXY=1 is set); empty without a proxy. */
  readonly trustedProxies: readonly string[];
  /** TOURNAMENT_MIN_RATED_GAMES: counted rated games an account needs to create a listed tournament (null: the default, 5). */
  readonly tournamentMinRatedGames: number | null;
  /** TEST_CLOCK=1: the node's time may be moved forward over HTTP (tests only; never with NODE_ENV=production). */
  readonly testClock: boolean;
}

export type ConfigEnv = ModeEnv & { readonly [name: string]: string | undefined };

/** A METRICS_TOKEN shorter than this is refused (it guards a page that names every node and game count). */
export const MIN_TOKEN_LENGTH = 16;

function port(env: ConfigEnv, name: string, fallback: number | null): Result<number | null, RuleError<'config.bad-value'>> {
  const raw = env[name];
  if (raw === undefined || raw === '') return ok(fallback);
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < 0 || n > 65535) return err('config.bad-value', `${name} must be a port number 0-65535 (got ${JSON.stringify(raw)})`);
  return ok(n);
}

function positive(env: ConfigEnv, name: string, max: number): Result<number | null, RuleError<'config.bad-value'>> {
  const raw = env[name];
  if (raw === undefined || raw === '') return ok(null);
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0 || n > max)
    return err('config.bad-value', `${name} must be a number above 0 and at most ${max} (got ${JSON.stringify(raw)})`);
  return ok(n);
}

export function readConfig(env: ConfigEnv, host?: string): Result<Config, RuleError> {
  const mode = readMode(env, host);
  if (!mode.ok) return mode;
  const p = port(env, 'PORT', 8080);
  if (!p.ok) return p;
  const mp = port(env, 'METRICS_PORT', null);
  if (!mp.ok) return mp;
  if (mp.value !== null && mp.value === p.value) return err('config.bad-value', `METRICS_PORT must differ from PORT (both ${p.value})`);
  const rate = positive(env, 'HTTP_RATE', 1e9);
  if (!rate.ok) return rate;
  const workers = positive(env, 'ENGINE_WORKERS', 256);
  if (!workers.ok) return workers;
  if (workers.value !== null && !Number.isInteger(workers.value))
    return err('config.bad-value', `ENGINE_WORKERS must be a whole number (got ${env.ENGINE_WORKERS})`);
  const socketProcesses = env.SOCKET_PROCESSES;
  if (socketProcesses !== undefined && socketProcesses !== '' && !(/^\d+$/.test(socketProcesses) && Number(socketProcesses) <= 64))
    return err('config.bad-value', `SOCKET_PROCESSES must be a whole number 0-64 (got ${JSON.stringify(socketProcesses)})`);
  const nodes = env.ANALYSIS_NODES;
  if (nodes !== undefined && nodes !== '' && !(/^\d+$/.test(nodes) && Number(nodes) >= 1000 && Number(nodes) <= 100_000_000))
    return err('config.bad-value', `ANALYSIS_NODES must be a whole number 1000-100000000 (got ${JSON.stringify(nodes)})`);
  const shutdown = positive(env, 'SHUTDOWN_TIMEOUT_MS', 600_000);
  if (!shutdown.ok) return shutdown;
  const level = (env.LOG_LEVEL ?? 'info').toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(level))
    return err('config.bad-value', `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got ${JSON.stringify(env.LOG_LEVEL)})`);
  const sync = (env.SQLITE_SYNC ?? 'FULL').toUpperCase();
  if (sync !== 'FULL' && sync !== 'NORMAL') return err('config.bad-value', `SQLITE_SYNC must be FULL or NORMAL (got ${JSON.stringify(env.SQLITE_SYNC)})`);
  const storeTimeout = positive(env, 'STORE_TIMEOUT_MS', 600_000);
  if (!storeTimeout.ok) return storeTimeout;
  const token = env.METRICS_TOKEN || null;
  if (token !== null && token.length < MIN_TOKEN_LENGTH)
    return err('config.bad-value', `METRICS_TOKEN must be at least ${MIN_TOKEN_LENGTH} characters (got ${token.length})`);
  const databaseUrl = env.DATABASE_URL || null;
  if (databaseUrl !== null && !/^postgres(ql)?:\/\//.test(databaseUrl))
    return err('config.bad-value', 'DATABASE_URL must be a PostgreSQL URL (postgres://user:password@host:5432/db); leave it unset for SQLite');
  const publicUrl = env.PUBLIC_URL || `http://localhost:${p.value}`;
  try {
    const u = new URL(publicUrl);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error();
  } catch {
    return err('config.bad-value', `PUBLIC_URL must be an http:// or https:// URL (got ${JSON.stringify(env.PUBLIC_URL)})`);
  }
  const origins = parseOrigins(env.ORIGINS);
  if (!origins.ok) return origins;
  const limits = (env.LIMITS ?? '').toLowerCase();
  if (limits !== '' && limits !== 'on' && limits !== 'off') return err('config.bad-value', `LIMITS must be on or off (got ${JSON.stringify(env.LIMITS)})`);
  const proxy = (env.TRUST_PROXY ?? '').toLowerCase();
  if (!['', '0', '1', 'false', 'true'].includes(proxy)) return err('config.bad-value', `TRUST_PROXY must be 1 or 0 (got ${JSON.stringify(env.TRUST_PROXY)})`);
  const proxyList = (env.TRUSTED_PROXIES ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (proxyList.length && (proxy === '0' || proxy === 'false'))
    return err('config.bad-value', 'TRUSTED_PROXIES names proxies whose X-Forwarded-For is believed: it cannot go with TRUST_PROXY=0');
  const proxies = parseTrustedProxies(proxyList);
  if (!proxies.ok) return proxies;
  const trustProxy = proxy === '1' || proxy === 'true' || proxyList.length > 0;
  const statsControl = (env.STATS_CONTROL ?? '').toLowerCase();
  if (!['', '0', '1', 'false', 'true'].includes(statsControl))
    return err('config.bad-value', `STATS_CONTROL must be 1 or 0 (got ${JSON.stringify(env.STATS_CONTROL)})`);
  const testClock = (env.TEST_CLOCK ?? '').toLowerCase();
  if (!['', '0', '1', 'false', 'true'].includes(testClock)) return err('config.bad-value', `TEST_CLOCK must be 1 or 0 (got ${JSON.stringify(env.TEST_CLOCK)})`);
  const testClockOn = testClock === '1' || testClock === 'true';
  // Anyone could move a real club's clocks and deadlines forward: a test facility only.
  if (testClockOn && env.NODE_ENV === 'production')
    return err('config.bad-value', 'TEST_CLOCK=1 lets anyone move the server’s time forward: it is for tests, never with NODE_ENV=production');
  const minGames = env.TOURNAMENT_MIN_RATED_GAMES;
  if (minGames !== undefined && minGames !== '' && !(/^\d+$/.test(minGames) && Number(minGames) <= 1000))
    return err('config.bad-value', `TOURNAMENT_MIN_RATED_GAMES must be a whole number 0-1000 (got ${JSON.stringify(minGames)})`);
  const admins = (env.ADMINS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return ok({
    port: p.value ?? 8080,
    host: env.HOST || '0.0.0.0',
    publicUrl,
    origins: origins.value,
    mode: mode.value,
    databaseUrl,
    dataDir: env.DATA_DIR || 'data',
    sqliteSync: sync,
    storeTimeoutMs: storeTimeout.value,
    webDir: env.WEB_DIR || null,
    httpRate: rate.value,
    engineWorkers: workers.value,
    socketProcesses: socketProcesses ? Number(socketProcesses) : 0,
    analysisNodes: nodes ? Number(nodes) : null,
    logLevel: level as LogLevel,
    metricsPort: mp.value,
    metricsHost: env.METRICS_HOST || env.HOST || '0.0.0.0',
    metricsToken: token,
    shutdownMs: shutdown.value ?? 10_000,
    admins,
    limitsOff: limits === 'off',
    statsControl: statsControl === '1' || statsControl === 'true',
    trustProxy,
    trustedProxies: trustProxy ? (proxyList.length ? proxyList : LOOPBACK_PROXIES) : [],
    tournamentMinRatedGames: minGames ? Number(minGames) : null,
    testClock: testClockOn,
  });
}

/** A URL with its password (and any token in its query) left out. */
export function withoutSecrets(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    for (const k of [...u.searchParams.keys()]) if (/pass|token|secret|key/i.test(k)) u.searchParams.set(k, '***');
    return u.toString();
  } catch {
    return '(not a URL)';
  }
}

/** What the start-up prints: every setting, no secret. */
export function describeConfig(c: Config): Record<string, unknown> {
  return {
    node: c.mode.node,
    mode: c.mode.kind === 'cluster' ? 'cluster' : 'single',
    listen: `${c.host}:${c.port}`,
    publicUrl: c.publicUrl,
    origins: c.origins,
    store: c.databaseUrl ? `postgresql ${withoutSecrets(c.databaseUrl)}` : `sqlite ${c.dataDir} (synchronous=${c.sqliteSync})`,
    storeTimeoutMs: c.storeTimeoutMs ?? 'default',
    ...(c.mode.kind === 'cluster' ? { redis: withoutSecrets(c.mode.redisUrl), redisPrefix: c.mode.prefix } : {}),
    httpRate: c.httpRate ?? 'default',
    limits: c.limitsOff ? 'off' : 'on',
    trustProxy: c.trustProxy ? `X-Forwarded-For from ${c.trustedProxies.join(', ')}` : false,
    engineWorkers: c.engineWorkers ?? 'default',
    socketProcesses: c.socketProcesses,
    analysisNodes: c.analysisNodes ?? 'default',
    logLevel: c.logLevel,
    metrics:
      c.metricsPort !== null
        ? `port ${c.metricsHost}:${c.metricsPort}${c.metricsToken ? ' with token' : ''}`
        : c.metricsToken
          ? 'GET /metrics with token'
          : 'off (set METRICS_PORT or METRICS_TOKEN)',
    shutdownMs: c.shutdownMs,
    admins: c.admins.length,
    tournamentMinRatedGames: c.tournamentMinRatedGames ?? 'default',
    ...(c.testClock ? { testClock: 'on: POST /api/test/clock moves time forward (tests only)' } : {}),
  };
}
