/**
 * npx tsx packages/server/src/store/store.bench.ts [seconds] [rate]
 *
 * saveGame throughput and latency, one move per save, ~1 KB of game data:
 *  - open loop: saves are issued at a fixed rate (default 2,500/s) over
 *    500 games, one writer per game; latency runs from when a save was due,
 *    so a stalled generator counts against the store (no coordinated omission);
 *  - closed loop: 200 games save back to back; the best the store can do.
 * Also the event loop's delay (p99), since better-sqlite3 blocks it while a
 * batch commits. PostgreSQL is measured when TEST_DATABASE_URL (or the local
 * test server) answers. BENCH_ONLY=sqlite or BENCH_ONLY=postgres runs one
 * back end. The machine is noisy: this is a measurement, not a test; run it
 * a few times, and mind `uptime`.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { game, move, postgresAvailable, tempDir, tempSchema } from './fixtures.ts';
import type { SaveBatcherOptions } from './postgres/saves.ts';
import { postgresStore } from './postgres/store.ts';
import { sqliteStore, type SqliteStoreOptions } from './sqlite/store.ts';
import { threadedSqliteStore } from './sqlite/threaded.ts';
import type { GameRow, Store } from './types.ts';

const SECONDS = Number(process.argv[2] ?? 10);
const RATE = Number(process.argv[3] ?? 2500);

const snapshot = (plies: number) => ({
  setup: { variant: 'xiangqi', fen: 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1', rated: true, tc: { initial: 300_000, inc: 3000 } },
  seats: [
    { userId: 'u123456789ab', name: 'Alice' },
    { userId: 'u987654321cd', name: 'Bob' },
  ],
  clock: { ms: [287_000 - plies, 291_000 - plies], running: plies % 2, since: Date.now() },
  counters: { sinceCapture: plies % 40, repetition: [] as number[] },
  offers: { draw: null, takeback: null },
  history: Array.from({ length: 24 }, (_, i) => `h2e${i % 10}`),
});

interface Result {
  saves: number;
  seconds: number;
  latencies: number[];
  loopP99: number;
}

/** One writer per game: a game's next save waits for its previous one. */
class Games {
  readonly rows: GameRow[];
  readonly busy: boolean[];
  constructor(n: number) {
    this.rows = Array.from({ length: n }, (_, i) => game(`b${i}`, { data: snapshot(0) }));
    this.busy = this.rows.map(() => false);
  }
  async create(store: Store): Promise<void> {
    await Promise.all(this.rows.map((g) => store.createGame(g)));
  }
  async save(store: Store, i: number): Promise<void> {
    const g = this.rows[i]!;
    this.busy[i] = true;
    const row: GameRow = { ...g, plies: g.plies + 1, version: g.version + 1, updatedAt: Date.now(), data: snapshot(g.plies + 1) };
    await store.saveGame(row, g.version, [move(g.id, row.plies)]);
    this.rows[i] = row;
    this.busy[i] = false;
  }
}

async function openLoop(store: Store, rate: number, seconds: number): Promise<Result> {
  const games = new Games(500);
  await games.create(store);
  const latencies: number[] = [];
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  const start = performance.now();
  const total = Math.floor(rate * seconds);
  let issued = 0;
  let next = 0;
  const inflight = new Set<Promise<void>>();
  while (issued < total) {
    const due = Math.min(total, Math.floor(((performance.now() - start) * rate) / 1000));
    for (; issued < due; issued++) {
      const dueAt = start + (issued * 1000) / rate;
      let i = next;
      while (games.busy[i]) {
        i = (i + 1) % games.rows.length;
        if (i === next) break;
      }
      // Every game is waiting for the store: what is due stays due (and its latency grows).
      if (games.busy[i]) break;
      next = (i + 1) % games.rows.length;
      const p = games.save(store, i).then(() => {
        latencies.push(performance.now() - dueAt);
        inflight.delete(p);
      });
      inflight.add(p);
    }
    await new Promise((r) => setTimeout(r, 1));
  }
  await Promise.all(inflight);
  loop.disable();
  return { saves: total, seconds: (performance.now() - start) / 1000, latencies, loopP99: loop.percentile(99) / 1e6 };
}

async function closedLoop(store: Store, writers: number, seconds: number): Promise<Result> {
  const games = new Games(writers);
  await games.create(store);
  const latencies: number[] = [];
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  const start = performance.now();
  const end = start + seconds * 1000;
  await Promise.all(
    games.rows.map(async (_, i) => {
      while (performance.now() < end) {
        const t = performance.now();
        await games.save(store, i);
        latencies.push(performance.now() - t);
      }
    }),
  );
  loop.disable();
  return { saves: latencies.length, seconds: (performance.now() - start) / 1000, latencies, loopP99: loop.percentile(99) / 1e6 };
}

function report(name: string, r: Result, extra = ''): void {
  const s = [...r.latencies].sort((a, b) => a - b);
  const q = (p: number) => (s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? NaN).toFixed(2);
  console.log(
    `${name.padEnd(44)} ${Math.round(r.saves / r.seconds)
      .toString()
      .padStart(
        6,
      )}/s  p50 ${q(0.5).padStart(6)}  p99 ${q(0.99).padStart(6)}  max ${(s.at(-1) ?? NaN).toFixed(1).padStart(6)} ms  loop p99 ${r.loopP99.toFixed(1)} ms${extra}`,
  );
}

async function threaded(name: string, options: SqliteStoreOptions, run: (s: Store) => Promise<Result>): Promise<void> {
  const tmp = tempDir();
  const store = threadedSqliteStore(`${tmp.dir}/bench.sqlite3`, options);
  await store.migrate();
  report(name, await run(store));
  await store.close();
  tmp.dispose();
}

async function sqlite(name: string, options: SqliteStoreOptions, run: (s: Store) => Promise<Result>): Promise<void> {
  const tmp = tempDir();
  const store = sqliteStore(`${tmp.dir}/bench.sqlite3`, options);
  await store.migrate();
  const before = { ...store.stats };
  const r = await run(store);
  const batches = store.stats.batches - before.batches;
  const writes = store.stats.writes - before.writes;
  report(name, r, `  (${batches} commits, ${(writes / batches).toFixed(1)} writes each)`);
  await store.close();
  tmp.dispose();
}

async function postgres(name: string, max: number, run: (s: Store) => Promise<Result>, options: SaveBatcherOptions = {}): Promise<void> {
  const schema = await tempSchema();
  const store = postgresStore(schema.url, { max, ...options });
  await store.migrate();
  const before = { ...store.stats };
  const r = await run(store);
  const statements = store.stats.statements - before.statements;
  report(name, r, `  (${statements} statements, ${((store.stats.saves - before.saves) / statements).toFixed(1)} saves each)`);
  await store.close();
  await schema.dispose();
}

const open = (s: Store) => openLoop(s, RATE, SECONDS);
const closed = (s: Store) => closedLoop(s, 200, Math.min(SECONDS, 5));
const ONLY = process.env.BENCH_ONLY;
console.log(`saveGame, ${SECONDS} s at ${RATE}/s (open loop) and 200 writers back to back (closed loop)\n`);
if (ONLY !== 'postgres') {
  await sqlite(`SQLite FULL, open loop ${RATE}/s`, {}, open);
  await sqlite(`SQLite NORMAL, open loop ${RATE}/s`, { synchronous: 'NORMAL' }, open);
  await sqlite(`SQLite FULL, 2 ms window, open loop ${RATE}/s`, { batchWindowMs: 2 }, open);
  await sqlite('SQLite FULL, closed loop', {}, closed);
  await sqlite('SQLite NORMAL, closed loop', { synchronous: 'NORMAL' }, closed);
  await sqlite('SQLite FULL, no group commit, closed loop', { maxBatch: 1 }, closed);
  await threaded(`SQLite FULL on a worker thread, open loop ${RATE}/s`, {}, open);
  await threaded('SQLite FULL on a worker thread, closed loop', {}, closed);
}
if (ONLY !== 'sqlite') {
  if (await postgresAvailable()) {
    await postgres(`PostgreSQL pool 10, open loop ${RATE}/s`, 10, open);
    await postgres('PostgreSQL pool 10, closed loop', 10, closed);
    await postgres('PostgreSQL pool 10, no batching, closed loop', 10, closed, { maxBatch: 1, maxInflight: 10 });
  } else {
    console.log('PostgreSQL: not reachable, skipped');
  }
}
