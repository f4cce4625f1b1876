/**
 * npm run bench:server: simulated players over real WebSockets on loopback
 * play random legal games of all three kinds against the real server (run
 * as its own process, SQLite by default, PostgreSQL with BENCH_STORE=postgres).
 * Prints concurrent games, moves per second, p50/p99 move round trip (send →
 * ack) and memory per game. Nothing here is a test: the figures are printed.
 *
 * Env: BENCH_GAMES (5000), BENCH_SECONDS (30), THINK_MS (mean think time per
 * move, 2000: 5000 games / 2 s = 2,500 moves/s), BENCH_STORE (sqlite|postgres).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import WebSocket from 'ws';
import { VARIANTS, VARIANT_KEYS, legalUcis, parseFen, parseUci, type Position, type VariantKey } from '@youzai/rules';
import { percentile, startBenchServer } from '../src/testing/server-process.ts';

const GAMES = Number(process.env.BENCH_GAMES ?? 5000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const THINK = Number(process.env.THINK_MS ?? 2000);
const STORE = process.env.BENCH_STORE ?? 'sqlite';
const VARIANT_CYCLE: readonly VariantKey[] = VARIANT_KEYS;

class Http {
  cookie = '';
  constructor(private readonly base: string) {}
  async call(method: string, path: string, body?: unknown): Promise<any> {
    const res = await fetch(this.base + path, {
      method,
      headers: { ...(this.cookie ? { cookie: this.cookie } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const set = res.headers.get('set-cookie');
    if (set) this.cookie = set.split(';')[0]!;
    return res.json();
  }
}

/** One simulated player: a session, a socket, its games. */
class Player {
  ws!: WebSocket;
  http: Http;
  nextId = 1;
  pending = new Map<number, number>();
  constructor(
    base: string,
    readonly bench: Bench,
  ) {
    this.http = new Http(base);
  }
  async open(): Promise<void> {
    await this.http.call('POST', '/api/session');
    this.ws = new WebSocket(`${this.bench.base.replace('http', 'ws')}/ws`, { headers: { cookie: this.http.cookie } });
    await new Promise((r) => this.ws.once('open', r));
    this.ws.on('message', (d) => this.bench.onMessage(this, JSON.parse(String(d))));
  }
  send(m: Record<string, unknown>): number {
    const id = this.nextId++;
    this.ws.send(JSON.stringify({ ...m, id }));
    return id;
  }
}

interface Table {
  id: string;
  variant: VariantKey;
  pos: Position;
  players: [Player, Player];
  ply: number;
  over: boolean;
}

class Bench {
  tables = new Map<string, Table>();
  rtts: number[] = [];
  moves = 0;
  errors = new Map<string, number>();
  ended = 0;
  measuring = false;
  stopping = false;
  /** Until the whole field is set up, only the untimed first moves are played, at once. */
  go = false;
  constructor(readonly base: string) {}

  onMessage(p: Player, m: any): void {
    if (m.t === 'ack' || m.t === 'error') {
      const sent = p.pending.get(m.id);
      if (sent !== undefined) {
        p.pending.delete(m.id);
        if (m.t === 'ack' && this.measuring) {
          this.rtts.push(performance.now() - sent);
          this.moves++;
        }
      }
      if (m.t === 'error') this.errors.set(m.code, (this.errors.get(m.code) ?? 0) + 1);
      return;
    }
    if (m.t !== 'events') return;
    const t = this.tables.get(m.game);
    if (!t) return;
    // Both players hear every event: follow the game once, through the first seat's socket.
    if (p !== t.players[0]) return;
    let moved = false;
    for (const e of m.events) {
      if (e.type === 'move') {
        const mv = parseUci(t.pos, e.uci);
        if (mv.ok) t.pos.make(mv.value);
        t.ply = e.ply;
        moved = true;
      } else if (e.type === 'end') t.over = true;
    }
    if (t.over) {
      this.ended++;
      this.tables.delete(t.id);
      if (!this.stopping) void this.newTable(t.players, t.variant);
    } else if (moved) this.schedule(t);
  }

  schedule(t: Table): void {
    if (t.over || this.stopping) return;
    const mover = t.players[t.pos.turn]!;
    const moves = legalUcis(t.pos);
    if (moves.length === 0) return;
    const uci = moves[Math.floor(Math.random() * moves.length)]!;
    const ply = t.ply;
    if (!this.go && ply >= 2) return;
    setTimeout(
      () => {
        if (t.over || this.stopping) return;
        const id = mover.send({ t: 'move', game: t.id, uci, ply });
        mover.pending.set(id, performance.now());
      },
      ply < 2 ? 0 : THINK * (0.5 + Math.random()),
    );
  }

  async newTable(players: [Player, Player], variant: VariantKey): Promise<void> {
    const created = await players[0].http.call('POST', '/api/games', {
      variant,
      color: 'first',
      clock: { kind: 'fischer', minutes: 10, increment: 5 },
      opponent: { type: 'invite' },
    });
    if (!created.ok) throw new Error(JSON.stringify(created));
    await players[1].http.call('POST', `/api/games/${created.id}/join`, { token: String(created.invite).split('/').pop() });
    const pos = parseFen(VARIANTS[variant], VARIANTS[variant].startFen);
    if (!pos.ok) throw new Error('fen');
    const t: Table = { id: created.id, variant, pos: pos.value, players, ply: 0, over: false };
    this.tables.set(t.id, t);
    players[0].send({ t: 'sub', game: t.id });
    players[1].send({ t: 'sub', game: t.id });
    this.schedule(t);
  }
}

async function main(): Promise<void> {
  const { base, server, dispose } = await startBenchServer(STORE);
  const bench = new Bench(base);
  const stats = async (q = '') =>
    (await new Http(base).call('GET', `/api/stats${q}`)) as {
      memory: { rss: number; heapUsed: number };
      live: number;
      eventLoopDelayMs: { p50: number; p99: number; max: number };
      moveServiceMs: { count: number; p50: number; p99: number };
    };
  try {
    const before = await stats();
    console.log(`store: ${STORE}; setting up ${GAMES} games (${GAMES * 2} players, one socket each)...`);
    const t0 = performance.now();
    const BATCH = 100;
    for (let i = 0; i < GAMES; i += BATCH) {
      await Promise.all(
        Array.from({ length: Math.min(BATCH, GAMES - i) }, async (_, k) => {
          const a = new Player(base, bench),
            b = new Player(base, bench);
          await Promise.all([a.open(), b.open()]);
          await bench.newTable([a, b], VARIANT_CYCLE[(i + k) % 3]!);
        }),
      );
    }
    console.log(`setup took ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    bench.go = true;
    for (const t of bench.tables.values()) if (t.ply >= 2) bench.schedule(t);
    await new Promise((r) => setTimeout(r, 3000)); // let the first moves settle
    await stats('?reset');
    const clientLoop = monitorEventLoopDelay({ resolution: 10 });
    clientLoop.enable();
    bench.measuring = true;
    const start = performance.now();
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    bench.measuring = false;
    const elapsed = (performance.now() - start) / 1000;
    const after = await stats();
    bench.stopping = true;
    const perGame = (after.memory.rss - before.memory.rss) / Math.max(1, after.live);
    console.log(`concurrent games: ${after.live} live at the end (${bench.ended} ended and were replaced during the run)`);
    console.log(`moves per second: ${(bench.moves / elapsed).toFixed(0)} (${bench.moves} moves in ${elapsed.toFixed(1)} s)`);
    console.log(`move round trip (send → ack, all players): p50 ${percentile(bench.rtts, 50).toFixed(1)} ms, p99 ${percentile(bench.rtts, 99).toFixed(1)} ms`);
    console.log(
      `server memory: rss ${(after.memory.rss / 2 ** 20).toFixed(0)} MiB, heap ${(after.memory.heapUsed / 2 ** 20).toFixed(0)} MiB; per live game (rss delta incl. its two sockets and sessions): ${(perGame / 1024).toFixed(1)} KiB`,
    );
    clientLoop.disable();
    console.log(
      `bench client event-loop delay (adds to the round trip): p50 ${(clientLoop.percentile(50) / 1e6).toFixed(1)} ms, p99 ${(clientLoop.percentile(99) / 1e6).toFixed(1)} ms, max ${(clientLoop.max / 1e6).toFixed(1)} ms`,
    );
    const ms = after.moveServiceMs;
    console.log(
      `server-side time per accepted move (queue, rules, durable write, broadcast): p50 ${ms.p50.toFixed(1)} ms, p99 ${ms.p99.toFixed(1)} ms over ${ms.count} moves`,
    );
    const d = after.eventLoopDelayMs;
    console.log(`server event-loop delay during the run: p50 ${d.p50.toFixed(1)} ms, p99 ${d.p99.toFixed(1)} ms, max ${d.max.toFixed(1)} ms`);
    if (bench.errors.size) console.log(`errors: ${JSON.stringify(Object.fromEntries(bench.errors))}`);
  } catch (e) {
    // A run that broke says so, and fails: its figures would mean nothing.
    console.error('bench:server failed:', e);
    process.exitCode = 1;
  } finally {
    server.kill(process.env.BENCH_NODE_ARGS ? 'SIGINT' : 'SIGKILL');
    await new Promise((r) => setTimeout(r, process.env.BENCH_NODE_ARGS ? 3000 : 0));
    await dispose();
    process.exit();
  }
}

void main();
