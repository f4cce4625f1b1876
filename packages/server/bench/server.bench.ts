/**
 * npm run bench:server: simulated players over real WebSockets on loopback
 * play random legal games of all three kinds against the real server (run
 * as its own process, SQLite by default, PostgreSQL with BENCH_STORE=postgres).
 * The players live in BENCH_WORKERS forked processes (server-bots.ts), each
 * holding a share of the games and connecting from its own loopback address
 * (127.0.0.2, .3...: ~28,000 ephemeral ports each), so 10,000 and 20,000
 * games can be set up; their round-trip histograms are merged here.
 *
 * Prints concurrent games, moves per second, the move round trip (send →
 * ack) percentiles, memory per game — the slope of the server's RSS between
 * two game counts (BENCH_SLOPE_FROM games and all of them, both read after a
 * full collection), which leaves out the process's fixed overhead —, and the
 * tail's diagnostics: the server's event-loop delay, its GC pauses by kind,
 * and the group commit's batch sizes and times. A run that fails (setup, a
 * worker, the server, a socket lost) exits non-zero.
 *
 * Env: BENCH_GAMES (5000), BENCH_SECONDS (30), THINK_MS (mean think time per
 * move, 2000: 5000 games / 2 s = 2,500 moves/s), BENCH_STORE (sqlite|postgres),
 * BENCH_WORKERS (one per 2,500 games), BENCH_SLOPE_FROM (a third of the games),
 * BENCH_HEAP_SNAPSHOTS (a folder: the server writes a heap snapshot there at
 * each of the two game counts and after the run; `scripts/heap-diff.ts` tells
 * what one more game holds, and what the moves played added),
 * BENCH_SOCKET_PROCESSES (the server's SOCKET_PROCESSES, ws/tier/: by default 0
 * while the server may hold every socket itself, else one per 7,500 games).
 *
 * 10,000 games: `BENCH_GAMES=10000 npm run bench:server` (5,000 moves/s asked).
 * One process here may hold 20,000 descriptors, so the server holds its
 * sockets in socket processes, and the players are spread over four workers.
 * The headline CPU per move is then the node's and its socket processes'.
 */
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LatencyHistogram } from '../src/testing/latency-histogram.ts';
import { childrenOf, cpuOfUs } from '../src/testing/processes.ts';
import { startBenchServer } from '../src/testing/server-process.ts';
import type { FromServerBots, ServerBotsConfig, ServerBotsReport, ToServerBots } from './server-bots.ts';
import type { MoveCostFigures } from '../src/observe/move-cost.ts';

const GAMES = Number(process.env.BENCH_GAMES ?? 5000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const THINK = Number(process.env.THINK_MS ?? 2000);
const STORE = process.env.BENCH_STORE ?? 'sqlite';
const WORKERS = Math.max(1, Number(process.env.BENCH_WORKERS ?? Math.ceil(GAMES / 2500)));
const SLOPE_FROM = Math.min(GAMES, Math.max(0, Number(process.env.BENCH_SLOPE_FROM ?? Math.floor(GAMES / 3))));
/** Open descriptors allowed to the server and the workers (a socket is one; 20,000 games are 40,000 on each side). */
const NOFILE = 1 << 20;
const SNAPSHOTS = process.env.BENCH_HEAP_SNAPSHOTS;
/** Descriptors one process may hold here (soft and hard; it cannot be raised): 10,000 games' 20,000 sockets do not fit in one. */
const ONE_PROCESS_SOCKETS = 19_800;
const SOCKET_PROCESSES =
  process.env.BENCH_SOCKET_PROCESSES !== undefined
    ? Number(process.env.BENCH_SOCKET_PROCESSES)
    : 2 * GAMES + 200 <= ONE_PROCESS_SOCKETS
      ? 0
      : Math.ceil(GAMES / 7500);

interface Spread {
  count: number;
  mean: number;
  p50: number;
  p99: number;
  max: number;
}
interface Stats {
  memory: {
    rss: number;
    heapUsed: number;
    heapTotal?: number;
    external?: number;
    arrayBuffers?: number;
    young?: number;
    rssAnon?: number;
    rssFile?: number;
    rssShmem?: number;
  };
  live: number;
  eventLoopDelayMs: { samples?: number; p50: number; p90?: number; p99: number; p999?: number; max: number; mean?: number };
  moveServiceMs: { count: number; p50: number; p99: number };
  gc?: Record<string, { count: number; totalMs: number; maxMs: number }>;
  commits?: { batchSize: Spread; commitMs: Spread; writeMs: Spread } | null;
  cpu?: MoveCostFigures;
}

/** Raises a process's descriptor limit (we may, as root or below the hard limit); says what it got. */
function raiseFdLimit(pid: number): string {
  try {
    execFileSync('prlimit', [`--pid=${pid}`, `--nofile=${NOFILE}:${NOFILE}`], { stdio: 'ignore' });
  } catch {
    // Not allowed: the limit stays as it was.
  }
  try {
    return execFileSync('prlimit', [`--pid=${pid}`, '--nofile', '--output=SOFT', '--noheadings'], { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

const mib = (b: number) => `${(b / 2 ** 20).toFixed(0)} MiB`;
const kib = (b: number) => `${(b / 1024).toFixed(1)} KiB`;

async function main(): Promise<void> {
  if (SNAPSHOTS) mkdirSync(SNAPSHOTS, { recursive: true });
  const { base, server, dispose } = await startBenchServer(STORE, {
    extraArgs: ['--expose-gc', ...(SNAPSHOTS ? ['--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${SNAPSHOTS}`] : [])],
    env: { SOCKET_PROCESSES: String(SOCKET_PROCESSES) },
  });
  const run = breakage();
  server.on('exit', (code, signal) => run.fail(new Error(`the server exited (${code ?? signal})`)));
  let workers: ChildProcess[] = [];
  try {
    const serverLimit = raiseFdLimit(server.pid!);
    const socketPids = childrenOf(server.pid!);
    if (socketPids.length !== SOCKET_PROCESSES)
      throw new Error(`the server has ${socketPids.length} child processes, not its ${SOCKET_PROCESSES} socket processes`);
    const holders = SOCKET_PROCESSES === 0 ? [serverLimit] : socketPids.map(raiseFdLimit);
    // Each game is two sockets on the server: past its descriptor limit, accept() fails (EMFILE) and the run means nothing.
    const room = holders.reduce((a, l) => a + Math.max(0, Number(l) - 200), 0);
    if (room < 2 * GAMES)
      throw new Error(
        `the server's ${SOCKET_PROCESSES === 0 ? 'process' : `${SOCKET_PROCESSES} socket processes`} may open ${holders.join('/')} descriptors (prlimit could not raise them: the hard limit, and no CAP_SYS_RESOURCE): ${GAMES} games need ${2 * GAMES} sockets and ~100 more per process (set BENCH_SOCKET_PROCESSES)`,
      );
    const t0 = performance.now();
    const since = () => `${((performance.now() - t0) / 1000).toFixed(1)} s`;
    const pool = forkWorkers(base, run, since);
    workers = pool.workers;
    const workerLimits = workers.map((c) => raiseFdLimit(c.pid!));
    console.log(
      `store: ${STORE}; socket processes: ${SOCKET_PROCESSES === 0 ? 'none (the node holds its sockets)' : `${SOCKET_PROCESSES}, pids ${socketPids.join(', ')}`}; setting up ${GAMES} games (${GAMES * 2} players, one socket each) over ${WORKERS} worker processes; descriptors allowed: server ${serverLimit}, workers ${[...new Set(workerLimits)].join('/')}`,
    );
    const stats = (q = '') => readStats(base, q);
    const snapshot = () => heapSnapshot(server.pid!, stats);
    const setUp = await setUpGames(pool, stats, snapshot, since);
    const played = await play(pool, run, stats, snapshot, () => cpuOfUs(childrenOf(server.pid!)));
    printFigures(setUp, played);
    if (SOCKET_PROCESSES > 0) {
      const rss = rssOf(childrenOf(server.pid!));
      console.log(
        `socket processes' memory after the run: rss ${mib(rss)} in all, ${kib(rss / Math.max(1, played.end.live))} per live game (not in the server's figures above, which are the node's)`,
      );
    }
    const { moves, errors } = played;
    if (errors['socket-closed']) throw new Error(`${errors['socket-closed']} sockets were closed during the run: the figures miss their players`);
    if (moves === 0) throw new Error('no move was acknowledged while measuring');
  } catch (e) {
    // A run that broke says so, and fails: its figures would mean nothing.
    console.error('bench:server failed:', e);
    process.exitCode = 1;
  } finally {
    run.disarm();
    for (const w of workers) w.kill('SIGKILL');
    server.removeAllListeners('exit');
    server.kill(process.env.BENCH_NODE_ARGS ? 'SIGINT' : 'SIGKILL');
    await new Promise((r) => setTimeout(r, process.env.BENCH_NODE_ARGS ? 3000 : 0));
    await dispose();
    process.exit();
  }
}

/** Resident memory of these processes, in bytes (/proc/PID/status). */
function rssOf(pids: readonly number[]): number {
  let kb = 0;
  for (const pid of pids) {
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'latin1'))?.[1] ?? 0);
    } catch {
      // Gone.
    }
  }
  return kb * 1024;
}

/** Whatever breaks (a worker, the server) ends the run at once, as a failure: `broken` rejects then. */
interface Breakage {
  readonly broken: Promise<never>;
  fail(e: Error): void;
  /** The run is over: what exits from now on is our doing. */
  disarm(): void;
}

function breakage(): Breakage {
  let failed: ((e: Error) => void) | null = null;
  const broken = new Promise<never>((_, reject) => (failed = reject));
  broken.catch(() => undefined);
  return {
    broken,
    fail: (e) => failed?.(e),
    disarm: () => {
      failed = null;
    },
  };
}

/** The server's /api/stats; a kept-alive connection the busy server dropped resets, so it is asked again, a few times. */
async function readStats(base: string, q: string): Promise<Stats> {
  for (let attempt = 1; ; attempt++) {
    try {
      const r = await fetch(`${base}/api/stats${q}`);
      if (!r.ok) throw new Error(`/api/stats: HTTP ${r.status}`);
      return (await r.json()) as Stats;
    } catch (e) {
      if (attempt >= 4) throw e;
      await new Promise((r) => setTimeout(r, 500 * attempt));
    }
  }
}

/** Has the server write a heap snapshot, and waits until it is written (the server answers nothing meanwhile). */
async function heapSnapshot(pid: number, stats: () => Promise<Stats>): Promise<void> {
  if (!SNAPSHOTS) return;
  const files = () => readdirSync(SNAPSHOTS).filter((f) => f.endsWith('.heapsnapshot'));
  const had = files().length;
  process.kill(pid, 'SIGUSR2');
  while (files().length === had) await new Promise((r) => setTimeout(r, 200));
  let size = -1;
  for (;;) {
    await new Promise((r) => setTimeout(r, 2000));
    const newest = files()
      .map((f) => statSync(join(SNAPSHOTS, f)))
      .sort((a, b) => b.mtimeMs - a.mtimeMs)[0]!;
    if (newest.size === size) break;
    size = newest.size;
  }
  await stats();
}

/** The bench's players: BENCH_WORKERS forked processes (server-bots.ts), told what to do and asked for answers. */
interface Workers {
  readonly workers: ChildProcess[];
  /** Sends a worker a message and waits for its answer of that type (or for the run to break). */
  ask<T extends FromServerBots>(child: ChildProcess, m: ToServerBots, answer: T['type']): Promise<T>;
  /** Sets up this many more games, shared out among the workers; their answers say what they retried. */
  setup(games: number): Promise<Extract<FromServerBots, { type: 'ready' }>[]>;
  /** Games set up so far. */
  readonly first: number;
}

function forkWorkers(base: string, run: Breakage, since: () => string): Workers {
  const script = fileURLToPath(new URL('./server-bots.ts', import.meta.url));
  const workers: ChildProcess[] = [];
  const progress = new Array<number>(WORKERS).fill(0);
  let shown = 0;
  const waiting = new Map<ChildProcess, { type: string; resolve: (m: FromServerBots) => void }>();
  for (let w = 0; w < WORKERS; w++) {
    const child = fork(script, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.on('message', (m: FromServerBots) => {
      if (m.type === 'failed') run.fail(new Error(`worker ${w}: ${m.error}`));
      if (m.type === 'progress' || m.type === 'ready') {
        progress[w] = m.games;
        const all = progress.reduce((a, b) => a + b, 0);
        if (all - shown >= 1000) {
          shown = all;
          console.log(`  ${all} games set up (${since()})`);
        }
      }
      const wanted = waiting.get(child);
      if (wanted && wanted.type === m.type) {
        waiting.delete(child);
        wanted.resolve(m);
      }
    });
    child.on('exit', (code, signal) => run.fail(new Error(`worker ${w} exited (${code ?? signal})`)));
    workers.push(child);
  }
  const ask = <T extends FromServerBots>(child: ChildProcess, m: ToServerBots, answer: T['type']): Promise<T> => {
    const r = new Promise<T>((resolve) => waiting.set(child, { type: answer, resolve: resolve as (m: FromServerBots) => void }));
    child.send(m);
    return Promise.race([r, run.broken]);
  };
  const share = (n: number, w: number) => Math.floor(n / WORKERS) + (w < n % WORKERS ? 1 : 0);
  let first = 0;
  const setup = async (games: number) => {
    const from = first;
    first += games;
    let at = from;
    return Promise.all(
      workers.map((child, w) => {
        const n = share(games, w);
        const m = { type: 'setup', games: n, first: at } as const;
        at += n;
        return ask<Extract<FromServerBots, { type: 'ready' }>>(child, m, 'ready');
      }),
    );
  };
  workers.forEach((child, w) => {
    const config: ServerBotsConfig = { base, thinkMs: THINK, batch: 25, localAddress: `127.0.0.${2 + (w % 250)}` };
    child.send({ type: 'start', config } satisfies ToServerBots);
  });
  return {
    workers,
    ask,
    setup,
    get first() {
      return first;
    },
  };
}

/** The server's memory empty (`before`), at BENCH_SLOPE_FROM games (`low`) and at all of them (`high`), each after a full collection. */
interface SetUp {
  readonly before: Stats;
  readonly low: Stats | null;
  readonly high: Stats;
}

async function setUpGames(pool: Workers, stats: (q?: string) => Promise<Stats>, snapshot: () => Promise<void>, since: () => string): Promise<SetUp> {
  const before = await stats('?gc');
  // Two game counts, each read after a full collection: the slope between them is what one more game costs.
  let low: Stats | null = null;
  if (SLOPE_FROM > 0 && SLOPE_FROM < GAMES) {
    await pool.setup(SLOPE_FROM);
    await new Promise((r) => setTimeout(r, 2000));
    low = await stats('?gc');
    await snapshot();
    console.log(`  ${low.live} live: server rss ${mib(low.memory.rss)}, heap ${mib(low.memory.heapUsed)} (${since()})`);
  }
  const ready = await pool.setup(GAMES - pool.first);
  await new Promise((r) => setTimeout(r, 2000));
  const high = await stats('?gc');
  await snapshot();
  const retries: Record<string, number> = {};
  for (const r of ready) for (const [k, v] of Object.entries(r.retries)) retries[k] = (retries[k] ?? 0) + v;
  console.log(
    `setup took ${since()}: ${high.live} live; server rss ${mib(high.memory.rss)}, heap ${mib(high.memory.heapUsed)}; retried steps: ${Object.keys(retries).length ? JSON.stringify(retries) : 'none'}`,
  );
  if (high.live < GAMES) throw new Error(`only ${high.live} of ${GAMES} games are live after the setup`);
  return { before, low, high };
}

/** What the measured window saw: the workers' reports merged, and the server's stats at its end (`after`) and once play stopped (`end`). */
interface Played {
  /** The socket processes' CPU in the measured window, µs (0 without them). */
  readonly socketCpuUs: number;
  /** The bench's own worker processes' CPU in the window, µs: the clients share the machine with the server. */
  readonly clientCpuUs: number;
  readonly reports: ServerBotsReport[];
  readonly elapsed: number;
  readonly after: Stats;
  readonly end: Stats;
  readonly rtt: LatencyHistogram;
  readonly moves: number;
  readonly ended: number;
  readonly errors: Record<string, number>;
}

async function play(
  pool: Workers,
  run: Breakage,
  stats: (q?: string) => Promise<Stats>,
  snapshot: () => Promise<void>,
  socketCpu: () => number,
): Promise<Played> {
  const { workers } = pool;
  for (const w of workers) w.send({ type: 'go' } satisfies ToServerBots);
  await Promise.race([new Promise((r) => setTimeout(r, 3000)), run.broken]); // let the first moves settle
  await stats('?reset');
  const socketCpuFrom = socketCpu();
  const clientPids = workers.flatMap((w) => (w.pid !== undefined ? [w.pid] : []));
  const clientCpuFrom = cpuOfUs(clientPids);
  for (const w of workers) w.send({ type: 'measure' } satisfies ToServerBots);
  const start = performance.now();
  await Promise.race([new Promise((r) => setTimeout(r, SECONDS * 1000)), run.broken]);
  const reports = await Promise.all(workers.map((w) => pool.ask<ServerBotsReport>(w, { type: 'report' }, 'report')));
  const elapsed = (performance.now() - start) / 1000;
  const after = await stats();
  const socketCpuUs = socketCpu() - socketCpuFrom;
  const clientCpuUs = cpuOfUs(clientPids) - clientCpuFrom;
  for (const w of workers) w.send({ type: 'stop' } satisfies ToServerBots);
  const end = await stats('?gc');
  await snapshot();

  const rtt = new LatencyHistogram();
  for (const r of reports) rtt.add(r.rtt);
  const moves = reports.reduce((a, r) => a + r.moves, 0);
  const ended = reports.reduce((a, r) => a + r.ended, 0);
  const errors: Record<string, number> = {};
  for (const r of reports) for (const [k, v] of Object.entries(r.errors)) errors[k] = (errors[k] ?? 0) + v;
  return { socketCpuUs, clientCpuUs, reports, elapsed, after, end, rtt, moves, ended, errors };
}

function printFigures({ before, low, high }: SetUp, { socketCpuUs, clientCpuUs, reports, elapsed, after, end, rtt, moves, ended, errors }: Played): void {
  console.log(`concurrent games: ${after.live} live at the end (${ended} ended and were replaced during the run)`);
  console.log(`moves per second: ${(moves / elapsed).toFixed(0)} (${moves} moves in ${elapsed.toFixed(1)} s)`);
  console.log(
    `move round trip (send → ack, all players, histograms of ${WORKERS} workers merged): p50 ${rtt.percentile(50).toFixed(1)} ms, p99 ${rtt.percentile(99).toFixed(1)} ms, p99.9 ${rtt.percentile(99.9).toFixed(1)} ms, max ${rtt.max.toFixed(1)} ms`,
  );
  if (SNAPSHOTS) console.log('(heap snapshots were taken: the rss figures below include the native memory of the snapshot writer; read the heap ones)');
  if (low) {
    const n = high.live - low.live;
    const slope = (f: (m: Stats['memory']) => number) => kib((f(high.memory) - f(low.memory)) / n);
    console.log(
      `server memory per live game (slope between ${low.live} and ${high.live} live games, each read after a full GC; the process's fixed overhead left out): rss ${slope((m) => m.rss)}, of which JS heap used ${slope((m) => m.heapUsed)} (committed ${slope((m) => m.heapTotal ?? 0)}), array buffers ${slope((m) => m.arrayBuffers ?? 0)}, anonymous ${slope((m) => m.rssAnon ?? 0)}, files ${slope((m) => m.rssFile ?? 0)}, shared ${slope((m) => m.rssShmem ?? 0)}; V8's young generation (sized by the allocation rate, not by the games) ${mib(low.memory.young ?? 0)} → ${mib(high.memory.young ?? 0)}`,
    );
  }
  console.log(
    `server memory after ${elapsed.toFixed(0)} s of play (about ${(moves / Math.max(1, end.live)).toFixed(0)} plies per live game; after a full GC): rss ${mib(end.memory.rss)} (anonymous ${mib(end.memory.rssAnon ?? 0)}, files ${mib(end.memory.rssFile ?? 0)}, shared ${mib(end.memory.rssShmem ?? 0)}), heap ${mib(end.memory.heapUsed)} (committed ${mib(end.memory.heapTotal ?? 0)}), array buffers ${mib(end.memory.arrayBuffers ?? 0)}; ${kib((end.memory.rss - high.memory.rss) / Math.max(1, end.live))} rss more per game than at the setup (histories); rss delta from the empty server per live game (fixed overhead included): ${kib((end.memory.rss - before.memory.rss) / Math.max(1, end.live))}`,
  );
  const worst = (k: 'p50' | 'p99' | 'max') => Math.max(...reports.map((r) => r.loop[k]));
  console.log(
    `bench clients' event-loop delay (the worst of ${WORKERS} workers; adds to the round trip): p50 ${worst('p50').toFixed(1)} ms, p99 ${worst('p99').toFixed(1)} ms, max ${worst('max').toFixed(1)} ms`,
  );
  const ms = after.moveServiceMs;
  console.log(
    `server-side time per accepted move (queue, rules, durable write, broadcast): p50 ${ms.p50.toFixed(1)} ms, p99 ${ms.p99.toFixed(1)} ms over ${ms.count} moves`,
  );
  printServerLoop(after, elapsed);
  if (after.cpu) printCpu(after.cpu, socketCpuUs);
  console.log(
    `bench clients' CPU per acknowledged move: ${(clientCpuUs / Math.max(1, moves)).toFixed(1)} µs (${WORKERS} worker processes, user + system; on the same ${availableParallelism()} cores as the server)`,
  );
  if (Object.keys(errors).length) console.log(`errors: ${JSON.stringify(errors)}`);
}

/** The server's event loop, GC pauses and group commits during the measured window. */
function printServerLoop(after: Stats, elapsed: number): void {
  const d = after.eventLoopDelayMs;
  const opt = (x: number | undefined) => (x === undefined ? '—' : x.toFixed(1));
  console.log(
    d.samples === 0
      ? 'server event-loop delay during the run: no sample (its 10 ms timer did not fire between the two readings: the loop was saturated)'
      : `server event-loop delay during the run: p50 ${d.p50.toFixed(1)} ms, p90 ${opt(d.p90)} ms, p99 ${d.p99.toFixed(1)} ms, p99.9 ${opt(d.p999)} ms, max ${d.max.toFixed(1)} ms (${d.samples ?? '?'} samples)`,
  );
  if (after.gc) {
    const parts = Object.entries(after.gc)
      .filter(([k, g]) => g.count > 0 && k !== 'forced')
      .map(([k, g]) => `${k} ${g.count}× total ${g.totalMs.toFixed(0)} ms max ${g.maxMs.toFixed(1)} ms`);
    const total = Object.entries(after.gc).reduce((a, [k, g]) => a + (k === 'forced' ? 0 : g.totalMs), 0);
    console.log(`server GC pauses during the run: ${parts.join('; ') || 'none'} (${((100 * total) / (elapsed * 1000)).toFixed(1)}% of the time)`);
  }
  const c = after.commits;
  if (c) {
    console.log(
      `group commit during the run: ${c.batchSize.count} transactions (${(c.batchSize.count / elapsed).toFixed(0)}/s), writes per transaction mean ${c.batchSize.mean.toFixed(1)}, p50 ${c.batchSize.p50}, p99 ${c.batchSize.p99}, max ${c.batchSize.max}; transaction time (statements + fsync) p50 ${c.commitMs.p50.toFixed(1)} ms, p99 ${c.commitMs.p99.toFixed(1)} ms, max ${c.commitMs.max.toFixed(1)} ms; write submitted → committed p50 ${c.writeMs.p50.toFixed(1)} ms, p99 ${c.writeMs.p99.toFixed(1)} ms, max ${c.writeMs.max.toFixed(1)} ms`,
    );
  }
}

/** The headline (issue 19): the server's CPU per accepted move, all threads, and where it goes. */
function printCpu(c: MoveCostFigures, socketCpuUs: number): void {
  const n = Math.max(1, c.moves);
  const us = (x: number) => (x / n).toFixed(1);
  const total = c.userUs + c.systemUs;
  console.log(
    SOCKET_PROCESSES === 0
      ? `SERVER CPU PER ACCEPTED MOVE: ${us(total)} µs (user ${us(c.userUs)} + system ${us(c.systemUs)}, every thread, over ${c.moves} moves; everything the server did in the window, divided by its accepted moves)`
      : `SERVER CPU PER ACCEPTED MOVE: ${us(total + socketCpuUs)} µs (the node ${us(total)}: user ${us(c.userUs)} + system ${us(c.systemUs)}, every thread; its ${SOCKET_PROCESSES} socket processes ${us(socketCpuUs)}; over ${c.moves} moves)`,
  );
  const main = c.mainThreadUs;
  const store = c.storeThreadUs;
  // Stage sums are wall times: on a loaded machine the main thread is preempted while busy. Scaled by the
  // share of its busy time it was on the CPU, they add up to (at most) its CPU.
  const k = main !== null && c.mainBusyUs > 0 ? Math.min(1, main / c.mainBusyUs) : 1;
  const s = c.stagesUs;
  const staged = (s.decode + s.rules + s.store + s.fanout) * k;
  console.log(
    `  breakdown per move (µs): decode ${us(s.decode * k)}, rules and referee ${us(s.rules * k)}, store ${us(s.store * k)} on the main thread` +
      (store !== null ? ` + ${us(store)} on the store thread` : '') +
      `, encode and fan-out ${us(s.fanout * k)}` +
      (main !== null ? `, rest of the main thread ${us(main - staged)} (socket I/O and ws framing, timers, HTTP, promises, GC)` : '') +
      (main !== null ? `, other threads ${us(total - main - (store ?? 0))} (GC helpers, JIT, libuv)` : ''),
  );
  console.log(`  (stage wall times scaled by ${k.toFixed(2)}: the main thread's CPU over its busy time; 1.00 on an idle machine)`);
}

void main();
