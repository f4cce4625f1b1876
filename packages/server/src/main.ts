/**
 * npm start: the club's server. Environment:
 *   PORT (8080), HOST (0.0.0.0), DATA_DIR (data; the SQLite file lives there),
 *   DATABASE_URL (PostgreSQL instead of SQLite), REDIS_URL (one node of several: needs DATABASE_URL; docs/deploy.md),
 *   NODE_ID (this node's name in a club of several; default host:port), REDIS_PREFIX (key prefix, default "yz:"),
 *   WEB_DIR (packages/web/dist: the built web client),
 *   PUBLIC_URL (links in invitations and exports; default http://localhost:PORT),
 *   ORIGINS (other public origins of the club, comma-separated: pages there may post and open sockets; docs/security.md),
 *   HTTP_RATE (requests per second per address, default 50), LIMITS=off (no quotas: benchmarks; docs/security.md),
 *   STATS_CONTROL=1 (benchmarks: /api/stats honours ?reset and ?gc from anyone; otherwise only an admin's),
 *   TRUST_PROXY=1 / TRUSTED_PROXIES (behind a proxy such as deploy/haproxy.cfg: the client's address is the last in X-Forwarded-For, believed only from those peers),
 *   TEST_CLOCK=1 (tests only, refused with NODE_ENV=production: POST /api/test/clock moves the node's time forward),
 *   ENGINE_WORKERS (engine worker threads for the computer opponent; default: cores - 1),
 *   SOCKET_PROCESSES (processes that hold the WebSockets, this one deciding: past ~9,000 live games; default 0, none),
 *   LOG_LEVEL (info; debug adds a line per move), METRICS_TOKEN (GET /metrics with this bearer token),
 *   METRICS_PORT / METRICS_HOST (/metrics on a port of its own), SHUTDOWN_TIMEOUT_MS (10000),
 *   ADMINS (account names that may open /admin/ops). docs/operations.md says more.
 */
import { EnginePool, chooseMove } from '@youzai/engine';
import { VARIANTS, legalUcis, parseFen } from '@youzai/rules';
import { rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BoardSearch } from './analysis/board.ts';
import { GAME_ANALYSIS_BUDGET, poolEvaluator } from './analysis/engine-evaluate.ts';
import { createApp, type App, type AppOptions } from './app.ts';
import { unclaimedAdmins } from './auth/admins.ts';
import { PID_FILE } from './backup/backup.ts';
import type { Analyse } from './http/deps.ts';
import { MemoryBus, type Bus } from './bus/bus.ts';
import { openClub, type Club } from './cluster/club.ts';
import { describeConfig, readConfig, type Config } from './config.ts';
import { createLogger, type Logger } from './observe/log.ts';
import { metricsServer } from './observe/metrics-http.ts';
import { Metrics } from './observe/metrics.ts';
import { ShiftedTime, systemClock, systemTimers } from './service/time.ts';
import type { ChooseMove } from './service/computer.ts';
import { openStore } from './store/open.ts';
import { loadSchedule } from './tournaments/schedule.ts';

async function main(): Promise<void> {
  const c = configOrExit();
  const node = c.mode.node;
  const metrics = new Metrics({ node, process: true });
  const log = createLogger({ node, level: c.logLevel, recent: metrics.recent });
  // A server keeps serving: a stray rejection is logged, never fatal.
  process.on('unhandledRejection', (e) => log.error({ err: e }, 'unhandled rejection'));
  log.info({ config: describeConfig(c) }, 'starting');
  const edges = await openEdges(c, log);
  const pool = new EnginePool(c.engineWorkers !== null ? { size: c.engineWorkers } : {});
  const app = await createApp({
    store: edges.store,
    bus: edges.bus,
    clock: edges.clock,
    timers: edges.timers,
    ...(edges.testClock ? { testClock: edges.testClock } : {}),
    publicUrl: c.publicUrl,
    origins: c.origins,
    secureCookies: c.publicUrl.startsWith('https:'),
    ...(c.httpRate !== null ? { httpRate: c.httpRate } : {}),
    ...(c.limitsOff ? { limits: 'off' as const } : {}),
    statsControl: c.statsControl,
    trustProxy: c.trustProxy,
    trustedProxies: c.trustedProxies,
    ...(c.socketProcesses > 0 ? { socketProcesses: c.socketProcesses } : {}),
    ...(c.tournamentMinRatedGames !== null ? { tournamentMinRatedGames: c.tournamentMinRatedGames } : {}),
    ...enginesOf(pool, metrics, c),
    webDir: c.webDir ?? fileURLToPath(new URL('../../web/dist', import.meta.url)),
    node,
    // The club's scheduled tournaments (docs/API.md, Tournaments).
    ...(process.env.TOURNAMENTS_FILE ? { tournamentSchedule: loadSchedule(process.env.TOURNAMENTS_FILE) } : {}),
    ...(edges.club ? { club: edges.club } : {}),
    metrics,
    ...(c.metricsToken ? { metricsToken: c.metricsToken } : {}),
    log,
  });
  metrics.watch({ engine: () => pool.stats() });
  const running = await startServing(c, edges, app, metrics);
  log.info({ url: c.publicUrl, recovered: running.recovered }, 'running');
  console.log(
    `Youzai is running at ${c.publicUrl} (${c.databaseUrl ? 'PostgreSQL' : `SQLite in ${c.dataDir}`}; ` +
      `${edges.club ? `node ${node} of a club on Redis` : 'one node'}; ${running.recovered} unfinished games resumed)`,
  );
  stopOnSignals(c, log, { ...edges, ...running, app, pool });
}

/** The configuration, or one line that names the bad variable and a distinct exit code, before anything opens. */
function configOrExit(): Config {
  const config = readConfig(process.env);
  if (!config.ok) {
    console.error(`Youzai cannot start: ${config.error.message} [${config.error.code}]`);
    process.exit(2);
  }
  return config.value;
}

/** Time, the club (several nodes), the store and the bus. */
async function openEdges(c: Config, log: Logger) {
  const node = c.mode.node;
  // TEST_CLOCK=1: the real time plus an offset a test moves forward (a scheduled start without the wait).
  const testClock = c.testClock ? new ShiftedTime() : null;
  const clock = testClock ?? systemClock;
  const timers = testClock ?? systemTimers;
  const club: Club | null = c.mode.kind === 'cluster' ? await openClub({ node, redisUrl: c.mode.redisUrl, prefix: c.mode.prefix, clock, timers }) : null;
  // Frozen or cut off past the TTL while another process claimed our NODE_ID: that one is the node now; this one goes.
  club?.nodes.onTaken(() => {
    log.error({ node }, `NODE_ID ${node} was claimed by another process while this one was not beating: exiting`);
    log.flush(() => process.exit(1));
  });
  const store = await openStore({
    ...(c.databaseUrl ? { DATABASE_URL: c.databaseUrl } : {}),
    DATA_DIR: c.dataDir,
    SQLITE_SYNC: c.sqliteSync,
    ...(c.storeTimeoutMs !== null ? { STORE_TIMEOUT_MS: String(c.storeTimeoutMs) } : {}),
  });
  // A name in ADMINS that no account holds is reserved (nobody may register it) until the operator claims it.
  const unclaimed = await unclaimedAdmins(store);
  if (unclaimed.length > 0)
    log.warn(
      { unclaimed },
      `ADMINS names no account holds: ${unclaimed.join(', ')}. Nobody can register them; claim each with \`npm run admin -- create <name>\` (docs/operations.md)`,
    );
  const bus: Bus = club ? club.bus : new MemoryBus();
  return { testClock, clock, timers, club, store, bus };
}
type Edges = Awaited<ReturnType<typeof openEdges>>;

/** What the engine pool does for the app: the computer's moves, solo hints, finished games' analyses and the analysis board, each timed. */
function enginesOf(pool: EnginePool, metrics: Metrics, c: Config): Pick<AppOptions, 'engine' | 'analyse' | 'evaluate' | 'boardSearch' | 'boards'> {
  const timed = async <T>(kind: string, search: () => Promise<T>): Promise<T> => {
    const end = metrics.engineSeconds.startTimer({ kind });
    try {
      return await search();
    } finally {
      end();
    }
  };
  const engine: ChooseMove = async (req) => (await timed('move', () => chooseMove(pool, req))).uci;
  // Solo-board hints: full strength (level 8's skill and depth) for 0.7 s, restricted to our legal moves.
  const analyse: Analyse = async (req) => {
    const pos = parseFen(VARIANTS[req.variant], req.fen);
    const legalMoves = pos.ok ? legalUcis(pos.value) : [];
    const m = await timed('analysis', () =>
      pool.bestMove({ gameId: `analysis:${req.userId}`, variant: req.variant, fen: req.fen, level: 8, legalMoves, movetimeMs: 700 }),
    );
    const score = m.score ? (m.score.kind === 'cp' ? { cp: m.score.value } : { mate: m.score.value }) : null;
    return { bestmove: m.uci, score, depth: m.depth ?? null };
  };
  // Finished games' analyses: a fixed node budget per position, so the verdicts do not depend on the load (engine-evaluate.ts).
  // ANALYSIS_NODES changes the budget (a small machine, or a test that only needs an analysis to finish).
  const evaluate = poolEvaluator(pool, c.analysisNodes === null ? GAME_ANALYSIS_BUDGET : { ...GAME_ANALYSIS_BUDGET, nodes: c.analysisNodes });
  // The analysis board: deepening steps on the background queue, shared round-robin by player, cancelled when the page goes.
  const boardSearch: BoardSearch = async (req) => {
    const a = await timed('board', () =>
      pool.analyse({
        gameId: req.key,
        variant: req.variant,
        fen: req.fen,
        legalMoves: req.legalMoves,
        multipv: req.multipv,
        depth: req.depth,
        movetimeMs: req.movetimeMs,
        background: true,
        signal: req.signal,
      }),
    );
    return a.lines.map((l) => ({ pv: l.pv, depth: l.depth, score: l.score.kind === 'cp' ? { cp: l.score.value } : { mate: l.score.value } }));
  };
  // Eight sessions per engine worker: each waits its turn for a step of at most 2.3 s (docs/server.md).
  return { engine, analyse, evaluate, boardSearch, boards: { maxSessions: pool.size * 8 } };
}

/** Resumes the unfinished games, opens the ports and writes the pid file; says how many games were resumed. */
async function startServing(c: Config, { club }: Edges, app: App, metrics: Metrics) {
  await club?.start();
  await app.clubGames?.start();
  // With several nodes a game is loaded by the node that owns it, not by every node at start.
  const recovered = club ? 0 : await app.games.recover();
  // One node keeps the live positions in memory: those of the games it just loaded (a club's are in Redis already).
  if (!club) await app.livePositions.restore((await Promise.all(app.games.held().map((id) => app.games.view(id)))).flatMap((g) => (g ? [g.view] : [])));
  await listen(app.server, c.port, c.host);
  const scrape = c.metricsPort !== null ? await listen(metricsServer(metrics, c.metricsToken ?? undefined), c.metricsPort, c.metricsHost) : null;
  // SQLite: says a server runs on this data folder (npm run restore refuses while it does).
  const pidFile = c.databaseUrl ? null : join(c.dataDir, PID_FILE);
  if (pidFile) writeFileSync(pidFile, String(process.pid));
  return { recovered, scrape, pidFile };
}

async function listen(server: Server, port: number, host: string): Promise<Server> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return server;
}

/** SIGINT and SIGTERM stop the node in order: refuse new work, hand over or finish the games, close everything, exit. */
function stopOnSignals(
  c: Config,
  log: Logger,
  parts: Edges & { readonly app: App; readonly pool: EnginePool; readonly scrape: Server | null; readonly pidFile: string | null },
): void {
  const { app, pool, club, bus, store, scrape, pidFile } = parts;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const started = Date.now();
    log.info({ signal, boundMs: c.shutdownMs }, 'stopping');
    // Past the bound the process ends anyway, saying so: a stuck write must not keep a node half alive.
    // On the real clock: the operator's bound on a stop that hangs, in the time the operator waits.
    const bound = setTimeout(() => {
      log.error({ afterMs: Date.now() - started }, 'stop took too long: exiting now');
      log.flush();
      process.exit(1);
    }, c.shutdownMs);
    bound.unref();
    // New requests, sockets and games are refused from here; those under way go on.
    app.drain();
    app.server.close();
    // Several nodes: the games go to the other nodes at once, before the sockets close (their clients reconnect elsewhere).
    if (app.clubGames) {
      const n = await app.clubGames.handover();
      log.info({ games: n }, `handed ${n} games over`);
    }
    // Actions already queued on each game finish, and their writes with them.
    else await app.games.drain();
    await app.close();
    scrape?.close();
    await pool.close();
    if (club) await club.close();
    else await bus.close();
    // Closing the store commits what is queued.
    await store.close();
    if (pidFile) rmSync(pidFile, { force: true });
    log.info({ tookMs: Date.now() - started }, 'stopped');
    log.flush(() => process.exit(0));
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((e: unknown) => {
  console.error('Youzai cannot start:', e);
  process.exit(1);
});
