/**
 * npm run bench:tournament: an arena of 1,000 players against the real
 * server (issue 16, Scale). The club runs as its own process, as
 * `npm start` runs it (SQLite in a temporary DATA_DIR; PostgreSQL with
 * BENCH_STORE=postgres), with LIMITS=off and no HTTP rate: the per-address
 * quotas would refuse 1,000 guests from one address (benchmarks only;
 * docs/security.md). An account creates a casual arena over the API; the
 * players are guests, each with its own session and WebSocket, spread over
 * BENCH_WORKERS forked processes (tournament-bots.ts). Each joins, watches
 * the arena (tour-sub) and plays the games the director gives it: a random
 * legal move after a think time, and resignation on its turn once the game
 * reached a length drawn at random (BENCH_PLIES), so that games end and
 * players are freed and paired again as in a real arena. A few pure
 * spectators watch and read the view at each announcement, as the page does.
 *
 * From the arena's start (startsAt): the delay to each player's first
 * pairing (p50/p99/max and the share within 2 s), the first pass pairing
 * everyone at once. After everyone has joined and a warm-up, it measures for BENCH_SECONDS:
 * - each time a player is freed (its game's `end` event) the delay until its
 *   next `paired`: p50/p99/max and the share within 2 s; players still
 *   free at the end count with the time they had waited;
 * - the announcements (`tournament` frames) every watcher hears: the most in
 *   any 1 s window for any watcher (the club promises at most one a second)
 *   and the shortest gap between two;
 * - moves per second, games started, the spectators' view reads;
 * - the server's CPU (from /proc) and memory, and its event-loop delay.
 * Nothing here is a test: the figures are printed.
 *
 * Env: BENCH_PLAYERS (1000), BENCH_SPECTATORS (20), BENCH_WORKERS (4),
 * BENCH_SECONDS (60), BENCH_WARMUP_SECONDS (10), BENCH_START_SECONDS (the
 * arena starts this long after it is created: players/10, at least 20),
 * BENCH_THINK_MS (3000, mean think time per move: about a 3+2 game's pace,
 * which is what loads the server besides the tournament), BENCH_PLIES (10-30: games resigned at a length in
 * this range), BENCH_VARIANT (xiangqi), BENCH_STORE (sqlite|postgres),
 * BENCH_NODE_ARGS, BENCH_SERVER_LOG (as bench:server).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { VariantKey } from '@youzai/rules';
import { cpuOfUs } from '../src/testing/processes.ts';
import { percentile, startBenchServer } from '../src/testing/server-process.ts';
import type { Arena, BotsConfig, BotsReport, ToBots } from './tournament-bots.ts';

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 1000);
const SPECTATORS = Number(process.env.BENCH_SPECTATORS ?? 20);
const WORKERS = Math.max(1, Number(process.env.BENCH_WORKERS ?? 4));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 10);
const THINK = Number(process.env.BENCH_THINK_MS ?? 3000);
const START = Number(process.env.BENCH_START_SECONDS ?? Math.max(20, Math.ceil(PLAYERS / 10)));
const PLIES = (process.env.BENCH_PLIES ?? '10-30').split('-').map(Number) as [number, number];
const VARIANT = (process.env.BENCH_VARIANT ?? 'xiangqi') as VariantKey;
const STORE = process.env.BENCH_STORE ?? 'sqlite';

async function call(base: string, cookie: { v: string }, method: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(base + path, {
    method,
    headers: { ...(cookie.v ? { cookie: cookie.v } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const set = res.headers.get('set-cookie');
  if (set) cookie.v = set.split(';')[0]!;
  return res.json();
}

function waitFor<T>(w: ChildProcess, type: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const on = (m: { type: string; error?: string }) => {
      if (m.type === 'failed') reject(new Error(m.error));
      if (m.type !== type) return;
      w.off('message', on);
      resolve(m as T);
    };
    w.on('message', on);
  });
}

const ms = (x: number) => (Number.isNaN(x) ? '—' : Number.isFinite(x) ? `${x.toFixed(0)} ms` : 'none');

interface PassTrace {
  at: number;
  ms: number;
  listMs: number;
  readMs: number;
  writeMs: number;
  createMs: number;
  free: number;
  paired: number;
  left: string[];
}

/**
 * The director's side of the measurement (its trace from /api/stats?director): how long its passes ran
 * and, for each free that waited over 2 s, when the server recorded that game's end and what the
 * passes in between did with the player.
 */
async function director(base: string, late: BotsReport['late'], from: number, to: number): Promise<void> {
  const s = (await call(base, { v: '' }, 'GET', '/api/stats?director')) as {
    director?: {
      passes: PassTrace[];
      ends: { game: string; players: string[]; toldAt: number; recordedAt: number }[];
      waits: { user: string; freeSince: number; opponentSince: number | null; pairedAt: number }[];
    };
  };
  if (!s.director) return console.log('director: no trace (the server runs without STATS_CONTROL=1)');
  const { passes, ends } = s.director;
  // The pairings made while measuring: how long each player waited for someone to meet, and then for the director.
  const waits = s.director.waits.filter((w) => w.pairedAt >= from && w.pairedAt <= to);
  const own = waits.map((w) => w.pairedAt - Math.max(w.freeSince, w.opponentSince ?? w.pairedAt));
  const alone = waits.map((w) => Math.max(0, (w.opponentSince ?? w.pairedAt) - w.freeSince));
  const ownWithin = own.filter((d) => d <= 2000).length;
  console.log(
    `director's side, ${waits.length} pairings while measuring (from the pass's start; the server's clock): nobody they may meet was free yet for p50 ${percentile(alone, 50).toFixed(0)} ms, p99 ${percentile(alone, 99).toFixed(0)} ms, max ${Math.max(0, ...alone).toFixed(0)} ms (${alone.filter((d) => d > 0).length} times over 0 ms)`,
  );
  console.log(
    `  then paired within p50 ${percentile(own, 50).toFixed(0)} ms, p99 ${percentile(own, 99).toFixed(0)} ms, max ${Math.max(0, ...own).toFixed(0)} ms; within 2 s: ${((100 * ownWithin) / Math.max(1, own.length)).toFixed(2)}%`,
  );
  const ms = passes.map((p) => p.ms);
  const gaps = passes.slice(1).map((p, i) => p.at - passes[i]!.at);
  const record = ends.map((e) => e.recordedAt - e.toldAt);
  console.log(
    `director: ${passes.length} passes traced; pass p50 ${percentile(ms, 50).toFixed(0)} ms, p99 ${percentile(ms, 99).toFixed(0)} ms, max ${Math.max(0, ...ms).toFixed(0)} ms; between passes p50 ${percentile(gaps, 50).toFixed(0)} ms, max ${Math.max(0, ...gaps).toFixed(0)} ms; end recorded p50 ${percentile(record, 50).toFixed(0)} ms, p99 ${percentile(record, 99).toFixed(0)} ms, max ${Math.max(0, ...record).toFixed(0)} ms after the game service told it`,
  );
  // Each free over 2 s, set beside the director's record of its pairing: how long of it the player had nobody they may meet.
  const match = (l: BotsReport['late'][number]) =>
    s.director!.waits.filter((x) => x.user === l.user && x.pairedAt >= l.freedAt - 1000).sort((a, b) => a.pairedAt - b.pairedAt)[0];
  if (late.length) {
    const explained = late.filter((l) => {
      const w = match(l);
      // Paired by the director within 2 s of someone they may meet being free (the bench's own wait beyond the pass adds the game's creation and delivery).
      return w !== undefined && w.opponentSince !== null && w.pairedAt - Math.max(w.freeSince, w.opponentSince) <= 2000;
    }).length;
    console.log(
      `of the ${late.length} frees over 2 s: ${explained} had nobody they may meet free (only the opponent they had just played, whom the rematch rule keeps from them for 20 s) for all but at most 2 s of it; ${late.length - explained} waited over 2 s with someone to meet`,
    );
  }
  for (const l of late) {
    const end = ends.find((e) => e.game === l.game);
    const until = l.pairedAt ?? Date.now();
    const seen = passes.filter((p) => p.at >= l.freedAt - 1000 && p.at <= until);
    const w = match(l);
    if (w)
      console.log(
        `    director: free since ${w.freeSince - l.freedAt} ms, someone to meet free since ${w.opponentSince === null ? 'never' : `${w.opponentSince - l.freedAt} ms`}, paired by the pass at ${w.pairedAt - l.freedAt} ms`,
      );
    console.log(
      `  late: ${l.user} freed ${((l.freedAt - from) / 1000).toFixed(1)} s into the measurement, waited ${l.waited.toFixed(0)} ms (${l.pairedAt === null ? 'still free' : 'paired'}); game ${l.game} end ${end ? `told ${end.toldAt - l.freedAt} ms, recorded ${end.recordedAt - l.freedAt} ms after the bench saw it` : 'not in the trace'}`,
    );
    for (const p of seen)
      console.log(
        `    pass at ${p.at - l.freedAt} ms: ${p.ms.toFixed(0)} ms (list ${p.listMs.toFixed(0)}, read ${p.readMs.toFixed(0)}, write ${p.writeMs.toFixed(0)}, create ${p.createMs.toFixed(0)}); free ${p.free}, paired ${p.paired}${p.left.includes(l.user) ? ', LEFT this player waiting' : ''}; left ${p.left.length}`,
      );
  }
}

async function main(): Promise<void> {
  const { base, server, dispose } = await startBenchServer(STORE);
  const workers: ChildProcess[] = [];
  try {
    const t0 = performance.now();
    const since = () => `${((performance.now() - t0) / 1000).toFixed(1)} s`;
    workers.push(...forkBots(since));
    await connectBots(base, workers);
    console.log(`${PLAYERS + SPECTATORS} sessions and sockets open (${since()})`);
    const arena = await createArena(base);
    await joinArena(workers, arena, since);
    const measured = await measure(base, server.pid!, workers, arena.tournament);
    printFigures(measured);
    await director(
      base,
      measured.reports.flatMap((r) => r.late),
      measured.from,
      measured.to,
    );
  } catch (e) {
    console.error('bench:tournament failed:', e);
    process.exitCode = 1;
  } finally {
    for (const w of workers) w.kill('SIGKILL');
    // With BENCH_NODE_ARGS (--cpu-prof): an orderly stop, so that the profile is written.
    server.kill(process.env.BENCH_NODE_ARGS ? 'SIGINT' : 'SIGKILL');
    await new Promise((r) => setTimeout(r, process.env.BENCH_NODE_ARGS ? 5000 : 0));
    await dispose();
    process.exit();
  }
}

/** The BENCH_WORKERS processes of players and spectators (tournament-bots.ts); their joins are counted here as they come. */
function forkBots(since: () => string): ChildProcess[] {
  const script = fileURLToPath(new URL('./tournament-bots.ts', import.meta.url));
  const joined = new Array<number>(WORKERS).fill(0);
  let shown = 0;
  return Array.from({ length: WORKERS }, (_, w) => {
    const child = fork(script, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.on('message', (m: { type: string; n?: number }) => {
      if (m.type !== 'joined') return;
      joined[w] = m.n!;
      const all = joined.reduce((a, b) => a + b, 0);
      if (all - shown >= 250 || all === PLAYERS) {
        shown = all;
        console.log(`  ${all} players joined (${since()})`);
      }
    });
    return child;
  });
}

/** Sessions and sockets first (the slow part), before the arena exists: each worker opens its share. */
async function connectBots(base: string, workers: readonly ChildProcess[]): Promise<void> {
  const share = (n: number, w: number) => Math.floor(n / WORKERS) + (w < n % WORKERS ? 1 : 0);
  let first = 0;
  await Promise.all(
    workers.map((child, w) => {
      const config: BotsConfig = {
        base,
        variant: VARIANT,
        first,
        players: share(PLAYERS, w),
        spectators: share(SPECTATORS, w),
        thinkMs: THINK,
        plies: PLIES,
        batch: 25,
      };
      first += config.players;
      const r = waitFor(child, 'connected');
      child.send({ type: 'start', config } satisfies ToBots);
      return r;
    }),
  );
}

/** An account creates the casual arena over the API. */
async function createArena(base: string): Promise<Arena> {
  const host = { v: '' };
  const reg = await call(base, host, 'POST', '/api/register', { username: 'benchhost', password: 'bench-password-1' });
  if (!reg.ok) throw new Error(`register: ${JSON.stringify(reg)}`);
  // The arena starts once the players are likely in (a late one joins it running): the first pass pairs them all at once.
  const startsAt = Date.now() + START * 1000;
  const created = await call(base, host, 'POST', '/api/tournaments', {
    name: 'Bench arena',
    kind: 'arena',
    variant: VARIANT,
    clock: { kind: 'fischer', minutes: 3, increment: 2 },
    startsAt,
    minutes: 120,
    maxPlayers: PLAYERS,
    berserk: false,
    withdrawAfterSeconds: 600,
  });
  if (!created.ok) throw new Error(`create: ${JSON.stringify(created)}`);
  const tournament = created.id as string;
  console.log(
    `bench:tournament — store ${STORE}; arena ${tournament} (${VARIANT}, 3+2, casual); ${PLAYERS} players and ${SPECTATORS} spectators over ${WORKERS} worker processes; think ${THINK} ms, games resigned after ${PLIES[0]}–${PLIES[1]} plies`,
  );
  return { tournament, startsAt };
}

/** Every player joins and every watcher subscribes; then the arena starts and warms up. */
async function joinArena(workers: readonly ChildProcess[], arena: Arena, since: () => string): Promise<void> {
  const { startsAt } = arena;
  await Promise.all(
    workers.map((child) => {
      const r = waitFor(child, 'ready');
      child.send({ type: 'join', arena } satisfies ToBots);
      return r;
    }),
  );
  const late = Date.now() - startsAt;
  console.log(
    `joined and watching (${since()}, ${late > 0 ? `${(late / 1000).toFixed(1)} s after` : `${(-late / 1000).toFixed(1)} s before`} the start); warming up ${WARMUP} s after the start`,
  );
  await new Promise((r) => setTimeout(r, Math.max(0, startsAt - Date.now()) + WARMUP * 1000));
}

/** What BENCH_SECONDS of the running arena gave: the workers' reports, the server's CPU and stats, the arena's view at the end. */
interface Measured {
  readonly reports: BotsReport[];
  readonly elapsed: number;
  /** The server's CPU, in cores. */
  readonly cpu: number;
  readonly after: { memory: { rss: number; heapUsed: number }; live: number; eventLoopDelayMs: { p50: number; p99: number; max: number } };
  readonly view: { standingsPage: { total: number }; playingCount: number };
  /** The window on the wall clock, as the director's trace counts. */
  readonly from: number;
  readonly to: number;
}

async function measure(base: string, pid: number, workers: readonly ChildProcess[], tournament: string): Promise<Measured> {
  const stats = async (q = '') => (await call(base, { v: '' }, 'GET', `/api/stats${q}`)) as Measured['after'];
  await stats('?reset');
  const cpu0 = cpuOfUs([pid]) / 1e6;
  const start = performance.now();
  const from = Date.now();
  for (const w of workers) w.send({ type: 'measure' } satisfies ToBots);
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  const to = Date.now();
  const reports = await Promise.all(
    workers.map((w) => {
      const r = waitFor<BotsReport>(w, 'report');
      w.send({ type: 'report' } satisfies ToBots);
      return r;
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  const cpu = (cpuOfUs([pid]) / 1e6 - cpu0) / elapsed;
  const after = await stats();
  const view = (await call(base, { v: '' }, 'GET', `/api/tournaments/${tournament}`)) as Measured['view'];
  return { reports, elapsed, cpu, after, view, from, to };
}

function printFigures({ reports, elapsed, cpu, after, view }: Measured): void {
  const all = <K extends keyof BotsReport>(k: K) => reports.flatMap((r) => r[k] as unknown as number[]);
  const moves = reports.reduce((a, r) => a + r.moves, 0);
  const games = reports.reduce((a, r) => a + r.games, 0);
  const reads = all('viewReads');
  const errors: Record<string, number> = {};
  for (const r of reports) for (const [k, v] of Object.entries(r.errors)) errors[k] = (errors[k] ?? 0) + v;

  console.log(`measured ${elapsed.toFixed(1)} s; standings rows ${view.standingsPage.total}, games being played ${view.playingCount} at the end`);
  printPairingDelays(all);
  printAnnouncements(
    reports.flatMap((r) => r.watchers),
    elapsed,
  );
  console.log(`moves: ${(moves / elapsed).toFixed(0)}/s (${moves} acknowledged); games started while measuring: ${(games / 2).toFixed(0)}`);
  if (SPECTATORS) {
    const bytes = reports.reduce((a, r) => Math.max(a, r.viewBytes), 0);
    console.log(
      `spectators' view reads: ${reads.length}, p50 ${ms(percentile(reads, 50))}, p99 ${ms(percentile(reads, 99))} (${(bytes / 1024).toFixed(0)} KiB each)`,
    );
  }
  const d = after.eventLoopDelayMs;
  console.log(
    `server: CPU ${(cpu * 100).toFixed(0)}% of a core; rss ${(after.memory.rss / 2 ** 20).toFixed(0)} MiB, heap ${(after.memory.heapUsed / 2 ** 20).toFixed(0)} MiB; event-loop delay p50 ${d.p50.toFixed(1)} ms, p99 ${d.p99.toFixed(1)} ms, max ${d.max.toFixed(1)} ms`,
  );
  if (Object.keys(errors).length) console.log(`errors: ${JSON.stringify(errors)}`);
}

/** The start's pairing, a late joiner's first, and each free until the next pairing. */
function printPairingDelays(all: (k: 'startPairing' | 'startUnpaired' | 'joinPairing' | 'repaired' | 'stillWaiting') => number[]): void {
  // Players never paired count with the time they had waited, as those still free do below.
  const starts = [...all('startPairing'), ...all('startUnpaired')];
  const startWithin = starts.filter((d) => d <= 2000).length;
  console.log(
    `start pairing (the arena's startsAt → each player's first pairing; ${starts.length} players joined before the start): p50 ${ms(percentile(starts, 50))}, p99 ${ms(percentile(starts, 99))}, max ${ms(Math.max(0, ...starts))}; within 2 s: ${((100 * startWithin) / Math.max(1, starts.length)).toFixed(2)}% (${starts.length - startWithin} over; ${all('startUnpaired').length} never paired)`,
  );
  const joins = all('joinPairing');
  if (joins.length)
    console.log(`first pairing of the ${joins.length} who joined it running (join → paired): p50 ${ms(percentile(joins, 50))}, max ${ms(Math.max(...joins))}`);
  const waiting = all('stillWaiting');
  const frees = [...all('repaired'), ...waiting];
  const within = frees.filter((d) => d <= 2000).length;
  console.log(
    `freed → paired again: ${frees.length} times a player was freed; p50 ${ms(percentile(frees, 50))}, p99 ${ms(percentile(frees, 99))}, max ${ms(Math.max(0, ...frees))}; within 2 s: ${((100 * within) / Math.max(1, frees.length)).toFixed(2)}% (${frees.length - within} over; ${waiting.length} still free at the end)`,
  );
}

/** The tournament frames every watcher heard: at most one a second is the club's promise. */
function printAnnouncements(watchers: BotsReport['watchers'], elapsed: number): void {
  const maxPerSecond = Math.max(0, ...watchers.map((w) => w.maxPerSecond));
  const minGap = Math.min(...watchers.map((w) => w.minGapMs));
  const gaps = watchers.reduce((a, w) => a + Math.max(0, w.heard - 1), 0);
  const short = watchers.reduce((a, w) => a + w.shortGaps, 0);
  const maxArrived = Math.max(0, ...watchers.map((w) => w.maxPerSecondArrived));
  const minGapArrived = Math.min(...watchers.map((w) => w.minGapArrivedMs));
  const heard = watchers.reduce((a, w) => a + w.heard, 0);
  console.log(
    `announcements: ${watchers.length} watchers (${PLAYERS} players, ${SPECTATORS} spectators) heard ${heard} (${(heard / watchers.length / elapsed).toFixed(2)}/s each)`,
  );
  console.log(
    `  by the server's time of sending: most in any 1 s window for any watcher ${maxPerSecond}, shortest gap ${ms(minGap)}, gaps under 1 s ${short} of ${gaps}`,
  );
  console.log(
    `  by arrival at the bench's clients (adds their own and the network's delays): most in any 1 s window ${maxArrived}, shortest gap ${ms(minGapArrived)}`,
  );
}

void main();
