/**
 * npm run bench:lobby: many lobby clients over real WebSockets on loopback,
 * against the real server (its own process, SQLite by default, PostgreSQL
 * with BENCH_STORE=postgres). Every client subscribes to the lobby and
 * receives the counters and every seek update, while a few of them create
 * seeks and others accept them. Prints the messages per second delivered to
 * the clients, the p50/p99 time from sending seek-accept to BOTH players
 * having their `paired` message, and the server's memory per connection.
 * Nothing here is a test: the figures are printed.
 *
 * Env: BENCH_CLIENTS (10000), BENCH_SECONDS (30), SEEK_RATE (seeks created
 * and accepted per second, 20), BENCH_ACTIVE (clients that seek and accept,
 * 200), BENCH_STORE (sqlite|postgres).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import WebSocket from 'ws';
import { percentile, startBenchServer } from '../src/testing/server-process.ts';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const SEEK_RATE = Number(process.env.SEEK_RATE ?? 20);
const ACTIVE = Math.min(CLIENTS, Number(process.env.BENCH_ACTIVE ?? 200));
const STORE = process.env.BENCH_STORE ?? 'sqlite';

async function session(base: string): Promise<string> {
  const res = await fetch(`${base}/api/session`, { method: 'POST' });
  await res.arrayBuffer();
  return (res.headers.get('set-cookie') ?? '').split(';')[0]!;
}

/** Aggregate counts of what all clients received. */
const received = { all: 0, counters: 0, seeks: 0 };
let counting = false;

/** A lobby client. Passive ones only count; active ones read their frames and seek or accept. */
class Client {
  ws!: WebSocket;
  nextId = 1;
  /** Seek ids this active client has seen announced and not removed. */
  readonly visible = new Set<string>();
  onPaired: ((game: string) => void) | null = null;
  onAck = new Map<number, (m: any) => void>();

  constructor(readonly active: boolean) {}

  async open(base: string, cookie: string): Promise<void> {
    this.ws = new WebSocket(`${base.replace('http', 'ws')}/ws`, { headers: { cookie } });
    let ready: (() => void) | null = null;
    const snapshot = new Promise<void>((resolve) => (ready = resolve));
    this.ws.on('message', (d: Buffer) => {
      if (counting) {
        received.all++;
        // Classified without parsing: 10,000 copies of each frame arrive.
        const head = d.toString('latin1', 0, 15);
        if (head === '{"t":"counters"') received.counters++;
        else if (head.startsWith('{"t":"seeks"')) received.seeks++;
      }
      if (ready && d.toString('latin1', 0, 12) === '{"t":"lobby"') {
        ready();
        ready = null;
      }
      if (this.active) this.read(JSON.parse(String(d)));
    });
    await new Promise<void>((resolve, reject) => {
      this.ws.once('open', () => resolve());
      this.ws.once('error', reject);
    });
    this.send({ t: 'lobby-sub' });
    await snapshot;
  }

  send(m: Record<string, unknown>, onAck?: (m: any) => void): void {
    const id = this.nextId++;
    if (onAck) this.onAck.set(id, onAck);
    this.ws.send(JSON.stringify({ ...m, id }));
  }

  private read(m: any): void {
    if ((m.t === 'ack' || m.t === 'error') && m.id !== undefined) {
      const f = this.onAck.get(m.id);
      this.onAck.delete(m.id);
      f?.(m);
    } else if (m.t === 'seeks') {
      for (const s of m.add) this.visible.add(s.id);
      for (const id of m.remove) this.visible.delete(id);
    } else if (m.t === 'lobby') {
      for (const s of m.seeks) this.visible.add(s.id);
    } else if (m.t === 'paired') {
      this.onPaired?.(m.game);
    }
  }
}

interface Stats {
  memory: { rss: number; heapUsed: number };
  eventLoopDelayMs: { p50: number; p99: number; max: number };
}

async function main(): Promise<void> {
  const { base, server, dispose } = await startBenchServer(STORE);
  const stats = async (q = '') => (await (await fetch(`${base}/api/stats${q}`)).json()) as Stats;
  try {
    console.log(`store: ${STORE}; connecting ${CLIENTS} lobby clients (${ACTIVE} of them seek and accept)...`);
    const { clients, before, connected } = await connectClients(base, stats);
    const rounds = new SeekRounds(clients.slice(0, ACTIVE));
    const run = await runRounds(rounds, stats);
    printFigures(rounds, run, { before, connected });
    for (const c of clients) c.ws.terminate();
  } finally {
    server.kill(process.env.BENCH_NODE_ARGS ? 'SIGINT' : 'SIGKILL');
    await new Promise((r) => setTimeout(r, process.env.BENCH_NODE_ARGS ? 3000 : 0));
    await dispose();
    process.exit(0);
  }
}

/** Sessions first (guests: casual seeks), then the sockets, so the memory delta (`before` → `connected`) is the sockets'. */
async function connectClients(base: string, stats: () => Promise<Stats>): Promise<{ clients: Client[]; before: Stats; connected: Stats }> {
  const t0 = performance.now();
  const cookies: string[] = [];
  for (let i = 0; i < CLIENTS; i += 200) cookies.push(...(await Promise.all(Array.from({ length: Math.min(200, CLIENTS - i) }, () => session(base)))));
  if (global.gc) global.gc();
  await new Promise((r) => setTimeout(r, 500));
  const before = await stats();
  const clients: Client[] = [];
  for (let i = 0; i < CLIENTS; i += 200) {
    const batch = Array.from({ length: Math.min(200, CLIENTS - i) }, (_, k) => new Client(i + k < ACTIVE));
    await Promise.all(batch.map((c, k) => c.open(base, cookies[i + k]!)));
    clients.push(...batch);
  }
  console.log(`setup took ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  await new Promise((r) => setTimeout(r, 2000)); // let the counters settle
  const connected = await stats();
  return { clients, before, connected };
}

/** The seek-and-accept rounds among the active clients, and what they measured. */
class SeekRounds {
  readonly latencies: number[] = [];
  /** From seek-create sent to the seek reaching the acceptor's lobby stream. */
  readonly visibility: number[] = [];
  skipped = 0;
  abandoned = 0;
  readonly errors = new Map<string, number>();
  created = 0;
  accepted = 0;
  private readonly busy = new Set<Client>();

  constructor(private readonly active: readonly Client[]) {}

  private pick(): Client | null {
    for (let tries = 0; tries < 20; tries++) {
      const c = this.active[Math.floor(Math.random() * this.active.length)]!;
      if (!this.busy.has(c)) return c;
    }
    return null;
  }

  private fail(m: any): void {
    if (m.t === 'error') this.errors.set(m.code, (this.errors.get(m.code) ?? 0) + 1);
  }

  /** One round: A posts a seek; B, once it sees it, accepts; both must hear `paired`. */
  round(measure: boolean): void {
    const { busy } = this;
    const a = this.pick();
    if (!a) {
      this.skipped++;
      return;
    }
    busy.add(a);
    const sent = performance.now();
    a.send({ t: 'seek-create', variant: 'xiangqi', clock: { kind: 'fischer', minutes: 5, increment: 3 } }, (ack) => {
      if (ack.t !== 'ack') {
        this.fail(ack);
        busy.delete(a);
        return;
      }
      this.created++;
      const seekId: string = ack.seek;
      let b: Client | null = null;
      for (let tries = 0; tries < 20 && !b; tries++) {
        const c = this.pick();
        if (c && c !== a) b = c;
      }
      if (!b) {
        a.send({ t: 'seek-cancel', seek: seekId });
        busy.delete(a);
        return;
      }
      const acceptor = b;
      busy.add(acceptor);
      // Accept what the lobby shows: wait until the seek reached the acceptor.
      const wait = (n: number): void => {
        if (acceptor.visible.has(seekId)) {
          if (measure) this.visibility.push(performance.now() - sent);
          this.accept(a, acceptor, seekId, measure);
        } else if (n > 1000) {
          this.abandoned++;
          a.send({ t: 'seek-cancel', seek: seekId });
          busy.delete(a);
          busy.delete(acceptor);
        } else setTimeout(() => wait(n + 1), 2);
      };
      wait(0);
    });
  }

  /** The acceptor takes a's seek; the round ends when both have heard `paired` for the same game. */
  private accept(a: Client, acceptor: Client, seekId: string, measure: boolean): void {
    const { busy } = this;
    let start = 0;
    let heard = 0;
    let game: string | null = null;
    const done = (g: string) => {
      if (game !== null && g !== game) return;
      game = g;
      if (++heard < 2) return;
      if (measure) this.latencies.push(performance.now() - start);
      a.onPaired = acceptor.onPaired = null;
      busy.delete(a);
      busy.delete(acceptor);
    };
    a.onPaired = done;
    acceptor.onPaired = done;
    start = performance.now();
    acceptor.send({ t: 'seek-accept', seek: seekId }, (r) => {
      if (r.t === 'ack') this.accepted++;
      else {
        this.fail(r);
        a.onPaired = acceptor.onPaired = null;
        busy.delete(a);
        busy.delete(acceptor);
      }
    });
  }
}

interface Run {
  readonly elapsed: number;
  /** The server's stats at the end of the window. */
  readonly after: Stats;
  /** This process's event-loop delay during the window. */
  readonly clientLoop: ReturnType<typeof monitorEventLoopDelay>;
}

/** SEEK_RATE rounds a second for BENCH_SECONDS, every frame counted meanwhile. */
async function runRounds(rounds: SeekRounds, stats: (q?: string) => Promise<Stats>): Promise<Run> {
  await stats('?reset');
  const clientLoop = monitorEventLoopDelay({ resolution: 10 });
  clientLoop.enable();
  counting = true;
  let measuring = true;
  const start = performance.now();
  // Catches up when this process's loop was late, so the rate holds.
  let started = 0;
  const timer = setInterval(() => {
    while (started < ((performance.now() - start) / 1000) * SEEK_RATE) {
      started++;
      rounds.round(measuring);
    }
  }, 1000 / SEEK_RATE);
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  const elapsed = (performance.now() - start) / 1000;
  counting = false;
  measuring = false;
  clearInterval(timer);
  const after = await stats();
  clientLoop.disable();
  return { elapsed, after, clientLoop };
}

function printFigures(r: SeekRounds, { elapsed, after, clientLoop }: Run, { before, connected }: { before: Stats; connected: Stats }): void {
  const perConn = (connected.memory.rss - before.memory.rss) / CLIENTS;
  const perConnHeap = (connected.memory.heapUsed - before.memory.heapUsed) / CLIENTS;
  console.log(`lobby clients: ${CLIENTS} connected, all subscribed to the lobby`);
  console.log(
    `seeks: ${r.created} created, ${r.accepted} accepted in ${elapsed.toFixed(1)} s (target ${SEEK_RATE}/s; ${r.skipped} rounds skipped with every active client busy, ${r.abandoned} seeks never seen within ~2 s)`,
  );
  console.log(
    `messages delivered to clients: ${(received.all / elapsed).toFixed(0)} per second (${received.all} in ${elapsed.toFixed(1)} s; ${received.seeks} seek updates, ${received.counters} counters)`,
  );
  console.log(
    `seek-create → the seek in another client's lobby stream: p50 ${percentile(r.visibility, 50).toFixed(1)} ms, p99 ${percentile(r.visibility, 99).toFixed(1)} ms`,
  );
  console.log(
    `accept → both players have the game: p50 ${percentile(r.latencies, 50).toFixed(1)} ms, p99 ${percentile(r.latencies, 99).toFixed(1)} ms, max ${percentile(r.latencies, 100).toFixed(1)} ms (${r.latencies.length} pairings)`,
  );
  console.log(
    `server memory per connection (socket, session lookup done, lobby subscription): rss ${(perConn / 1024).toFixed(1)} KiB, heap ${(perConnHeap / 1024).toFixed(1)} KiB; ` +
      `rss ${(after.memory.rss / 2 ** 20).toFixed(0)} MiB at the end`,
  );
  const d = after.eventLoopDelayMs;
  console.log(`server event-loop delay during the run: p50 ${d.p50.toFixed(1)} ms, p99 ${d.p99.toFixed(1)} ms, max ${d.max.toFixed(1)} ms`);
  console.log(
    `bench client event-loop delay (adds to the latency): p50 ${(clientLoop.percentile(50) / 1e6).toFixed(1)} ms, p99 ${(clientLoop.percentile(99) / 1e6).toFixed(1)} ms`,
  );
  if (r.errors.size) console.log(`errors: ${JSON.stringify(Object.fromEntries(r.errors))}`);
}

void main();
