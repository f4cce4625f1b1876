/**
 * npm run bench:floor: what bench:server's load costs a server that does the least a move needs (floor-server.ts:
 * two WebSockets per game, a frame parsed, an ack and an event frame written to the mover, one to the opponent;
 * with FLOOR_STORE=sqlite the move first made durable as one row, through the club's group commit, on a thread
 * of its own; FLOOR_COMMIT_MS, 2 as the club's: at most one commit per this many ms; FLOOR_SYNC=NORMAL: no fsync per commit), under the same load as bench:server: BENCH_GAMES games (5,000), a move per game every THINK_MS on
 * average (2,000: 2,500 moves/s), players in forked workers (floor-bots.ts) on loopback, the server as its own
 * process with the club's V8 flags. Measures BENCH_SECONDS (30) after 3 s of play.
 *
 * Prints the server's CPU per accepted move (user + system, every thread, from /proc), moves per second and the
 * round trip's p50 and p99: the floor under issue 29's target of 200 µs per move (docs/server.md, "The floor").
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LatencyHistogram } from '../src/testing/latency-histogram.ts';
import { cpuOfUs } from '../src/testing/processes.ts';
import { SERVER_NODE_ARGS, freePort } from '../src/testing/server-process.ts';
import type { FromFloorBots, ToFloorBots } from './floor-bots.ts';

const GAMES = Number(process.env.BENCH_GAMES ?? 5000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const THINK = Number(process.env.THINK_MS ?? 2000);
const STORE = process.env.FLOOR_STORE ?? 'none';
const WORKERS = Math.max(1, Math.ceil(GAMES / 2500));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'floor-'));
  const port = await freePort();
  const server = spawn(process.execPath, [...SERVER_NODE_ARGS, '--import', 'tsx', fileURLToPath(new URL('./floor-server.ts', import.meta.url))], {
    env: { ...process.env, PORT: String(port), FLOOR_STORE: STORE, FLOOR_DIR: dir },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const workers: ChildProcess[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('exit', (code) => reject(new Error(`the floor server exited (${code})`)));
      server.stdout!.on('data', (d: Buffer) => {
        if (String(d).includes('floor server on')) resolve();
      });
    });
    const waiting = new Map<ChildProcess, (m: FromFloorBots) => void>();
    const ask = (w: ChildProcess, m: ToFloorBots) =>
      new Promise<FromFloorBots>((r) => {
        waiting.set(w, r);
        w.send(m);
      });
    for (let i = 0; i < WORKERS; i++) {
      const w = fork(fileURLToPath(new URL('./floor-bots.ts', import.meta.url)), [], {
        execArgv: ['--import', 'tsx'],
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      w.on('message', (m: FromFloorBots) => {
        if (m.type === 'failed') {
          console.error(`worker ${i} failed: ${m.error}`);
          process.exit(1);
        }
        const r = waiting.get(w);
        waiting.delete(w);
        r?.(m);
      });
      workers.push(w);
    }
    const share = Math.ceil(GAMES / WORKERS);
    const t0 = performance.now();
    await Promise.all(
      workers.map((w, i) =>
        ask(w, { type: 'setup', port, games: Math.min(share, GAMES - i * share), first: i * share, thinkMs: THINK, localAddress: `127.0.0.${2 + i}` }),
      ),
    );
    console.log(
      `floor server (store: ${STORE === 'sqlite' ? `SQLite, one row per move, synchronous=${process.env.FLOOR_SYNC === 'NORMAL' ? 'NORMAL' : 'FULL'}, at most one commit per ${process.env.FLOOR_COMMIT_MS ?? 2} ms` : 'none'}): ${GAMES} games set up over ${WORKERS} workers in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    for (const w of workers) w.send({ type: 'go' } satisfies ToFloorBots);
    await sleep(3000);
    const cpuFrom = cpuOfUs([server.pid!]);
    const clientFrom = cpuOfUs(workers.map((w) => w.pid!));
    for (const w of workers) w.send({ type: 'measure' } satisfies ToFloorBots);
    const start = performance.now();
    await sleep(SECONDS * 1000);
    const reports = (await Promise.all(workers.map((w) => ask(w, { type: 'report' })))) as Extract<FromFloorBots, { type: 'report' }>[];
    const elapsed = (performance.now() - start) / 1000;
    const cpu = cpuOfUs([server.pid!]) - cpuFrom;
    const clientCpu = cpuOfUs(workers.map((w) => w.pid!)) - clientFrom;
    const rtt = new LatencyHistogram();
    for (const r of reports) rtt.add(r.rtt);
    const moves = reports.reduce((a, r) => a + r.moves, 0);
    const errors = reports.reduce((a, r) => a + r.errors, 0);
    if (moves === 0) throw new Error('no move was acknowledged while measuring');
    console.log(`moves per second: ${(moves / elapsed).toFixed(0)} (${moves} moves in ${elapsed.toFixed(1)} s, ${errors} refused)`);
    console.log(`move round trip (send → ack): p50 ${rtt.percentile(50).toFixed(1)} ms, p99 ${rtt.percentile(99).toFixed(1)} ms, max ${rtt.max.toFixed(1)} ms`);
    console.log(`clients' CPU per acknowledged move: ${(clientCpu / moves).toFixed(1)} µs`);
    console.log(`floor server CPU per accepted move: ${(cpu / moves).toFixed(1)} µs (user + system, every thread)`);
  } finally {
    for (const w of workers) w.kill('SIGKILL');
    server.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error('bench:floor failed:', e);
    process.exit(1);
  },
);
