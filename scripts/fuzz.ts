/**
 * npm run fuzz [-- total]: sends generated socket frames and HTTP bodies
 * (1,000,000 by default: 70 % frames, 30 % bodies, every route) to a server
 * and prints crashes (must be 0), unexpected 5xx, socket server.error
 * answers, and the server's memory before and after.
 *
 * Without FUZZ_URL the server runs in a child process of its own (this script
 * with --serve), so that it and the fuzzer each have a core: a memory store,
 * the fuzz-only configuration (rates, quotas and the socket's strike limit
 * lifted, so that every input reaches a decoder: docs/security.md
 * "Fuzzing"). Its uncaught exceptions and unhandled rejections are counted
 * as crashes, and so is its dying. FUZZ_URL=http://host:port fuzzes a running
 * server instead (its limits apply: run it with high limits).
 *
 * FUZZ_SEED repeats a run; FUZZ_FRAMES is the frames' share (0.7); FUZZ_SOCKETS, FUZZ_CONNECTIONS, FUZZ_PIPELINING
 * change how many sockets and connections carry the inputs.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createApp } from '../packages/server/src/app.ts';
import { ROUTES } from '../packages/server/src/assembly/routes.ts';
import { MemoryBus } from '../packages/server/src/bus/bus.ts';
import { systemClock, systemTimers } from '../packages/server/src/service/time.ts';
import { memoryStore } from '../packages/server/src/store/memory/store.ts';
import { fuzz } from '../packages/server/src/testing/fuzz.ts';

if (process.argv.includes('--serve')) {
  // The server under test. Every crash is told to the parent on stdout, one line each.
  const crash = (what: string) => (e: unknown) => console.log(`FUZZ-CRASH ${what}: ${String((e as Error)?.stack ?? e).replace(/\n/g, ' | ')}`);
  process.on('uncaughtException', crash('uncaught exception'));
  process.on('unhandledRejection', crash('unhandled rejection'));
  const app = await createApp({
    store: memoryStore(),
    bus: new MemoryBus(),
    clock: systemClock,
    timers: systemTimers,
    publicUrl: 'http://localhost',
    // The fuzz-only configuration: nothing refuses an input before its decoder (docs/security.md "Fuzzing").
    httpRate: 1_000_000_000,
    socketRate: { perSecond: 1_000_000_000, burst: 1_000_000_000, strikes: Number.POSITIVE_INFINITY },
    limits: 'off',
    directTournaments: false,
  });
  await new Promise<void>((r) => app.server.listen(0, '127.0.0.1', r));
  console.log(`FUZZ-LISTENING ${(app.server.address() as AddressInfo).port}`);
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
  // Asked before "memory after" is read: what is garbage is not counted.
  process.on('SIGUSR2', () => (globalThis as { gc?: () => void }).gc?.());
} else {
  await main();
}

/** A process's CPU time (user + system) from /proc, where there is one. */
function cpuSeconds(pid: number): string {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return `${((Number(fields[11]) + Number(fields[12])) / 100).toFixed(0)} s`;
  } catch {
    return 'unknown';
  }
}

async function main(): Promise<void> {
  const total = Number(process.argv[2] ?? 1_000_000);
  let crashes = 0;
  const crashed = (what: string) => {
    crashes++;
    if (crashes <= 20) console.error(`CRASH ${what}`);
  };
  process.on('uncaughtException', (e) => crashed(`(fuzzer, uncaught exception): ${String(e)}`));
  process.on('unhandledRejection', (e) => crashed(`(fuzzer, unhandled rejection): ${String(e)}`));

  let base = process.env.FUZZ_URL ?? '';
  let child: ReturnType<typeof spawn> | null = null;
  let ended = false;
  if (!base) {
    child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', fileURLToPath(import.meta.url), '--serve'], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' },
    });
    const lines = createInterface({ input: child.stdout! });
    base = await new Promise<string>((resolve, reject) => {
      lines.on('line', (l) => {
        if (l.startsWith('FUZZ-LISTENING ')) resolve(`http://127.0.0.1:${l.split(' ')[1]}`);
        else if (l.startsWith('FUZZ-CRASH ')) crashed(l.slice('FUZZ-CRASH '.length));
      });
      child!.once('exit', (code, signal) => {
        if (!ended) crashed(`the server died (exit ${code}, signal ${signal})`);
        reject(new Error('the server died'));
      });
    });
  }

  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
  async function memory(): Promise<string> {
    const s = (await (await fetch(`${base}/api/stats`)).json()) as { memory?: { rss: number; heapUsed: number } };
    return s.memory ? `rss ${mb(s.memory.rss)}, heap ${mb(s.memory.heapUsed)}` : 'unknown';
  }

  const before = await memory();
  const started = Date.now();
  let last = 0;
  const env = (k: string) => (process.env[k] ? Number(process.env[k]) : undefined);
  const share = env('FUZZ_FRAMES') ?? 0.7;
  const report = await fuzz({
    base,
    routes: ROUTES,
    frames: Math.ceil(total * share),
    bodies: total - Math.ceil(total * share),
    sockets: env('FUZZ_SOCKETS') ?? 8,
    connections: env('FUZZ_CONNECTIONS') ?? 8,
    pipelining: env('FUZZ_PIPELINING') ?? 16,
    seed: env('FUZZ_SEED') ?? Date.now() % 1_000_000,
    progress: (r) => {
      if (Date.now() - last < 10_000) return;
      last = Date.now();
      const s = (Date.now() - started) / 1000;
      console.log(
        `… ${r.frames.toLocaleString()} frames, ${r.bodies.toLocaleString()} bodies (${s.toFixed(0)} s, ${((r.frames + r.bodies) / s).toFixed(0)}/s)`,
      );
    },
  });
  const seconds = (Date.now() - started) / 1000;
  // The server collects its garbage (it runs with --expose-gc) before "after" is read.
  child?.kill('SIGUSR2');
  await new Promise((r) => setTimeout(r, 2000));
  const after = await memory().catch(() => 'the server does not answer');
  const cpu = `fuzzer ${(process.cpuUsage().user / 1e6 + process.cpuUsage().system / 1e6).toFixed(0)} s${child?.pid ? `, server ${cpuSeconds(child.pid)}` : ''}`;
  const fivexx = [...report.unexpected5xx.values()].reduce((a, b) => a + b, 0);
  console.log(
    `\nsent ${(report.frames + report.bodies).toLocaleString()} inputs (${report.frames.toLocaleString()} frames, ${report.bodies.toLocaleString()} bodies) in ${seconds.toFixed(0)} s (${((report.frames + report.bodies) / seconds).toFixed(0)}/s)`,
  );
  console.log(`crashes: ${crashes + report.transportErrors}${report.transportErrors ? ` (${report.transportErrors} unanswered)` : ''}`);
  console.log(`unexpected 5xx: ${fivexx}`);
  for (const [k, n] of report.unexpected5xx) console.log(`  ${k}: ${n}`);
  console.log(`socket server.error answers: ${report.serverErrors}`);
  for (const s of report.samples) console.log(`  e.g. ${s}`);
  console.log(`cpu time: ${cpu}`);
  console.log(`server memory before: ${before}`);
  console.log(`server memory after:  ${after}`);
  ended = true;
  child?.kill('SIGTERM');
  process.exit(crashes + report.transportErrors + fivexx + report.serverErrors === 0 ? 0 : 1);
}
