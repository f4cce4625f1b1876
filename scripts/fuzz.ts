/**
 * npm run fuzz [-- total]: sends generated socket frames and HTTP bodies
 * (1,000,000 by default: 70 % frames, 30 % bodies, every route) to a server
 * and prints crashes (must be 0), unexpected 5xx, socket server.error
 * answers, and the server's memory before and after.
 *
 * FUZZ_URL=http://host:port fuzzes a running server (its limits apply: run it
 * with high limits); without it, a server is started here on a memory store
 * with the limits raised, so that every input reaches a decoder.
 */
import type { AddressInfo } from 'node:net';
import { ROUTES, createApp, type App } from '../packages/server/src/app.ts';
import { MemoryBus } from '../packages/server/src/bus/bus.ts';
import { systemClock, systemTimers } from '../packages/server/src/service/time.ts';
import { memoryStore } from '../packages/server/src/store/memory/store.ts';
import { fuzz } from '../packages/server/src/testing/fuzz.ts';

const total = Number(process.argv[2] ?? 1_000_000);
let crashes = 0;
process.on('uncaughtException', (e) => {
  crashes++;
  console.error('CRASH (uncaught exception):', e);
});
process.on('unhandledRejection', (e) => {
  crashes++;
  console.error('CRASH (unhandled rejection):', e);
});

let app: App | null = null;
let base = process.env.FUZZ_URL ?? '';
if (!base) {
  app = await createApp({
    store: memoryStore(),
    bus: new MemoryBus(),
    clock: systemClock,
    timers: systemTimers,
    publicUrl: 'http://localhost',
    httpRate: 1_000_000_000,
    socketRate: { perSecond: 1_000_000_000, burst: 1_000_000_000 },
    // Quotas would refuse most inputs before their decoders (docs/security.md): off, like the rates.
    limits: 'off',
    directTournaments: false,
  });
  await new Promise<void>((r) => app!.server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
async function memory(): Promise<string> {
  const s = (await (await fetch(`${base}/api/stats`)).json()) as { memory?: { rss: number; heapUsed: number } };
  return s.memory ? `rss ${mb(s.memory.rss)}, heap ${mb(s.memory.heapUsed)}` : 'unknown';
}

const before = await memory();
const started = Date.now();
let last = 0;
const report = await fuzz({
  base,
  routes: ROUTES,
  frames: Math.ceil(total * 0.7),
  bodies: Math.floor(total * 0.3),
  sockets: 8,
  seed: Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000),
  progress: (r) => {
    if (Date.now() - last < 5000) return;
    last = Date.now();
    console.log(`… ${r.frames.toLocaleString()} frames, ${r.bodies.toLocaleString()} bodies`);
  },
});
(globalThis as { gc?: () => void }).gc?.();
const after = await memory().catch(() => 'the server does not answer');
const fivexx = [...report.unexpected5xx.values()].reduce((a, b) => a + b, 0);
console.log(
  `\nsent ${(report.frames + report.bodies).toLocaleString()} inputs (${report.frames.toLocaleString()} frames, ${report.bodies.toLocaleString()} bodies) in ${((Date.now() - started) / 1000).toFixed(0)} s`,
);
console.log(`crashes: ${crashes + report.transportErrors}${report.transportErrors ? ` (${report.transportErrors} unanswered)` : ''}`);
console.log(`unexpected 5xx: ${fivexx}`);
for (const [k, n] of report.unexpected5xx) console.log(`  ${k}: ${n}`);
console.log(`socket server.error answers: ${report.serverErrors}`);
for (const s of report.samples) console.log(`  e.g. ${s}`);
console.log(`server memory before: ${before}`);
console.log(`server memory after:  ${after}`);
await app?.close();
process.exit(crashes + report.transportErrors + fivexx + report.serverErrors === 0 ? 0 : 1);
