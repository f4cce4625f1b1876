/**
 * npm start: the club's server. Environment:
 *   PORT (8080), HOST (0.0.0.0), DATA_DIR (data; the SQLite file lives there),
 *   DATABASE_URL (PostgreSQL instead of SQLite), REDIS_URL (one node of several: needs DATABASE_URL; docs/deploy.md),
 *   NODE_ID (this node's name in a club of several; default host:port), REDIS_PREFIX (key prefix, default "yz:"),
 *   WEB_DIR (packages/web/dist: the built web client),
 *   PUBLIC_URL (links in invitations and exports; default http://localhost:PORT),
 *   ORIGINS (other public origins of the club, comma-separated: pages there may post and open sockets; docs/security.md),
 *   HTTP_RATE (requests per second per address, default 50),
 *   ENGINE_WORKERS (engine worker threads for the computer opponent; default: cores - 1).
 */
import { EnginePool, chooseMove } from '@youzai/engine';
import { VARIANTS, legalUcis, parseFen, type VariantKey } from '@youzai/rules';
import { fileURLToPath } from 'node:url';
import { createApp } from './app.ts';
import { MemoryBus, type Bus } from './bus/bus.ts';
import { openClub, type Club } from './cluster/club.ts';
import { parseOrigins } from './http/origin.ts';
import { readMode } from './cluster/config.ts';
import { systemClock, systemTimers } from './service/time.ts';
import { openStore } from './store/open.ts';
import { loadSchedule } from './tournaments/schedule.ts';

// A server keeps serving: a stray rejection is logged, never fatal.
process.on('unhandledRejection', (e) => console.error('unhandled rejection:', e));

async function main(): Promise<void> {
  const env = process.env;
  const port = Number(env.PORT ?? 8080);
  const host = env.HOST ?? '0.0.0.0';
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${port}`;
  const origins = parseOrigins(env.ORIGINS);
  if (!origins.ok) {
    console.error(`Youzai cannot start: ${origins.error.message} [${origins.error.code}]`);
    process.exit(2);
  }
  const mode = readMode(env);
  if (!mode.ok) {
    console.error(`Youzai cannot start: ${mode.error.message} [${mode.error.code}]`);
    process.exit(2);
  }
  const club: Club | null =
    mode.value.kind === 'cluster' ? await openClub({ node: mode.value.node, redisUrl: mode.value.redisUrl, prefix: mode.value.prefix }) : null;
  const store = await openStore({
    ...(env.DATABASE_URL ? { DATABASE_URL: env.DATABASE_URL } : {}),
    ...(env.DATA_DIR ? { DATA_DIR: env.DATA_DIR } : {}),
    ...(env.SQLITE_SYNC ? { SQLITE_SYNC: env.SQLITE_SYNC } : {}),
  });
  const bus: Bus = club ? club.bus : new MemoryBus();
  const pool = new EnginePool(env.ENGINE_WORKERS ? { size: Number(env.ENGINE_WORKERS) } : {});
  const engine = async (req: {
    gameId: string;
    variant: VariantKey;
    fen: string;
    level: number;
    clock: { remainingMs: number; incrementMs: number };
    avoid: readonly string[];
  }) => (await chooseMove(pool, req)).uci;
  // Solo-board hints: full strength (level 8's skill and depth) for 0.7 s, restricted to our legal moves.
  const analyse = async (req: { userId: string; variant: VariantKey; fen: string }) => {
    const pos = parseFen(VARIANTS[req.variant], req.fen);
    const legalMoves = pos.ok ? legalUcis(pos.value) : [];
    const m = await pool.bestMove({ gameId: `analysis:${req.userId}`, variant: req.variant, fen: req.fen, level: 8, legalMoves, movetimeMs: 700 });
    const score = m.score ? (m.score.kind === 'cp' ? { cp: m.score.value } : { mate: m.score.value }) : null;
    return { bestmove: m.uci, score, depth: m.depth ?? null };
  };
  // Finished games' analyses: one line per position at full strength, depth 16 or 1 s, behind every live computer game.
  const evaluate = async (req: { key: string; variant: VariantKey; fen: string; legalMoves: readonly string[] }) => {
    const a = await pool.analyse({
      gameId: req.key,
      variant: req.variant,
      fen: req.fen,
      legalMoves: req.legalMoves,
      multipv: 1,
      depth: 16,
      movetimeMs: 1000,
      background: true,
    });
    const line = a.lines[0];
    if (!line) return null;
    return { score: line.score.kind === 'cp' ? { cp: line.score.value } : { mate: line.score.value }, pv: line.pv, depth: line.depth };
  };
  const app = await createApp({
    store,
    bus,
    clock: systemClock,
    timers: systemTimers,
    publicUrl,
    origins: origins.value,
    secureCookies: publicUrl.startsWith('https:'),
    ...(env.HTTP_RATE ? { httpRate: Number(env.HTTP_RATE) } : {}),
    engine,
    analyse,
    evaluate,
    webDir: env.WEB_DIR ?? fileURLToPath(new URL('../../web/dist', import.meta.url)),
    node: mode.value.node,
    // The club's scheduled tournaments (docs/API.md, Tournaments).
    ...(env.TOURNAMENTS_FILE ? { tournamentSchedule: loadSchedule(env.TOURNAMENTS_FILE) } : {}),
    ...(club ? { club } : {}),
  });
  await club?.start();
  await app.clubGames?.start();
  // With several nodes a game is loaded by the node that owns it, not by every node at start.
  const recovered = club ? 0 : await app.games.recover();
  await new Promise<void>((resolve) => app.server.listen(port, host, resolve));
  console.log(
    `Youzai is running at ${publicUrl} (${env.DATABASE_URL ? 'PostgreSQL' : `SQLite in ${env.DATA_DIR ?? 'data'}`}; ` +
      `${club ? `node ${mode.value.node} of a club on Redis` : 'one node'}; ${recovered} unfinished games resumed)`,
  );
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    // Several nodes: the games go to the other nodes at once, before the sockets close (their clients reconnect elsewhere).
    if (app.clubGames) console.log(`handed ${await app.clubGames.handover()} games over`);
    await app.close();
    await pool.close();
    if (club) await club.close();
    else await bus.close();
    await store.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
