/**
 * npm run bench:cluster: the club on three nodes (child processes, Redis,
 * PostgreSQL) against one node (PostgreSQL) under the same load, then a
 * failover. Nothing here is a test: the figures are printed.
 *
 * 1. Load: BENCH_GAMES games (200) on each side, each move after THINK_MS
 *    (1000, ±50%), for BENCH_SECONDS (20) on each side. On three nodes each
 *    game is created on one node and its players' sockets are on the two
 *    others, so every move is forwarded to the owner and every event relayed
 *    (the worst case). One node and the three are both up, and the load
 *    alternates between them in BENCH_ROUNDS (4) rounds, 1-3 then 3-1: a
 *    machine shared with other work loads both sides alike, not whichever
 *    ran when it was busy. Prints moves/s and p50/p99 move round trip
 *    (send → ack), and the ratios.
 * 2. Failover: FAILOVER_GAMES games (200) all decided by one node, their
 *    players on the two others; that node is killed (SIGKILL) with a move
 *    in flight in every game. Prints the time from the kill until each game
 *    accepts a move again (p50/p99/max; the death is noticed when its 3 s
 *    lease runs out) and the acknowledged moves lost (must be 0).
 *
 * After the load, each node's own figures (/api/stats): event-loop delay,
 * the time a move takes where it is decided (queue, rules, the PostgreSQL
 * write, the publish), and for forwarded actions the time of each hop. With
 * BENCH_PROBE=1 the bench also counts the Redis commands of the club per
 * move (MONITOR, on the club's key prefix) and samples, during each load,
 * a Redis PING and a PostgreSQL commit of its own every 20 ms, to tell the
 * services' latency from the nodes'.
 *
 * Ports: NODE_PORTS=a,b,c (the three nodes) and BENCH_PORT (the one node)
 * from the environment; free ones otherwise.
 */
import { readdirSync, readFileSync } from 'node:fs';
import WebSocket from 'ws';
import { Redis } from 'ioredis';
import pg from 'pg';
import { VARIANTS, legalUcis, parseFen, parseUci, type Position } from '@youzai/rules';
import { tempSchema } from '../src/store/fixtures.ts';
import { portsFromEnv, startCluster } from '../src/testing/cluster.ts';
import { cpuOfUs } from '../src/testing/processes.ts';
import { TEST_REDIS_URL } from '../src/testing/redis.ts';
import { percentile, startBenchServer } from '../src/testing/server-process.ts';

const GAMES = Number(process.env.BENCH_GAMES ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const THINK = Number(process.env.THINK_MS ?? 1000);
const FAILOVER_GAMES = Number(process.env.FAILOVER_GAMES ?? 200);
const PROBE = Boolean(process.env.BENCH_PROBE);
/** The load alternates between 1 node and 3 nodes this many times (BENCH_SECONDS each in all). */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 4));
/** Ports from the environment (default free ones): NODE_PORTS=a,b,c for the three nodes, BENCH_PORT for the one node. */
const NODE_PORTS = portsFromEnv('NODE_PORTS');
const BENCH_PORT = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : undefined;

/** A socket with a session: requests by id, answers awaited. */
class Client {
  cookie = '';
  ws!: WebSocket;
  private next = 1;
  private readonly waiting = new Map<number, (m: { t: string; code?: string }) => void>();
  constructor(private base: string) {}
  async http(method: string, path: string, body?: unknown): Promise<any> {
    const res = await fetch(this.base + path, {
      method,
      headers: { ...(this.cookie ? { cookie: this.cookie } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const set = res.headers.get('set-cookie');
    if (set) this.cookie = set.split(';')[0]!;
    return res.json();
  }
  async connect(base = this.base): Promise<void> {
    this.ws = new WebSocket(`${base.replace('http', 'ws')}/ws`, { headers: { cookie: this.cookie } });
    this.ws.on('message', (d) => {
      const m = JSON.parse(String(d));
      if ((m.t === 'ack' || m.t === 'error') && typeof m.id === 'number') {
        this.waiting.get(m.id)?.(m);
        this.waiting.delete(m.id);
      }
    });
    this.ws.on('error', () => undefined);
    await new Promise((r, j) => {
      this.ws.once('open', r);
      this.ws.once('error', j);
    });
  }
  request(m: Record<string, unknown>, timeoutMs = 10_000): Promise<{ t: string; code?: string }> {
    const id = this.next++;
    return new Promise((resolve) => {
      const t = setTimeout(() => {
        this.waiting.delete(id);
        resolve({ t: 'error', code: 'bench.timeout' });
      }, timeoutMs);
      this.waiting.set(id, (a) => {
        clearTimeout(t);
        resolve(a);
      });
      if (this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify({ ...m, id }));
      else {
        clearTimeout(t);
        this.waiting.delete(id);
        resolve({ t: 'error', code: 'bench.closed' });
      }
    });
  }
}

interface Table {
  id: string;
  players: [Client, Client];
  pos: Position;
  ply: number;
  acked: string[];
  /** A move was refused: the table stops playing. */
  done?: boolean;
}

async function table(create: string, sockets: [string, string]): Promise<Table> {
  const a = new Client(create);
  const b = new Client(create);
  const created = await a.http('POST', '/api/games', {
    variant: 'xiangqi',
    color: 'first',
    clock: { kind: 'fischer', minutes: 30, increment: 5 },
    opponent: { type: 'invite' },
  });
  if (!created.ok) throw new Error(JSON.stringify(created));
  await b.http('POST', '/api/session');
  const j = await b.http('POST', `/api/games/${created.id}/join`, { token: String(created.invite).split('/').pop() });
  if (!j.ok) throw new Error(JSON.stringify(j));
  await a.connect(sockets[0]);
  await b.connect(sockets[1]);
  const pos = parseFen(VARIANTS.xiangqi, VARIANTS.xiangqi.startFen);
  if (!pos.ok) throw new Error('fen');
  return { id: created.id, players: [a, b], pos: pos.value, ply: 0, acked: [] };
}

/** Plays the table's next move (a random legal one); resolves with the round trip, or null when refused. */
async function step(t: Table): Promise<number | null> {
  const moves = legalUcis(t.pos);
  if (moves.length === 0) return null;
  const uci = moves[Math.floor(Math.random() * moves.length)]!;
  const started = performance.now();
  const r = await t.players[t.ply % 2]!.request({ t: 'move', game: t.id, uci, ply: t.ply });
  if (r.t !== 'ack') return null;
  const mv = parseUci(t.pos, uci);
  if (mv.ok) t.pos.play(mv.value);
  t.ply++;
  t.acked.push(uci);
  return performance.now() - started;
}

/** Plays every table for `seconds` (a table whose move was refused stops); the round trips of the moves acknowledged. */
async function load(tables: Table[], seconds: number, out: { rtts: number[]; refused: number }): Promise<void> {
  const end = Date.now() + seconds * 1000;
  await Promise.all(
    tables.map(async (t, i) => {
      await new Promise((r) => setTimeout(r, (i * THINK) / tables.length));
      while (!t.done && Date.now() < end) {
        const rtt = await step(t);
        if (rtt === null) {
          out.refused++;
          t.done = true;
          return;
        }
        out.rtts.push(rtt);
        await new Promise((r) => setTimeout(r, Math.min(THINK * (0.5 + Math.random()), Math.max(0, end - Date.now()))));
      }
    }),
  );
}

const fmt = (x: number) => x.toFixed(1);

/**
 * Each table's first two moves (one per side), not counted: a game whose first moves wait too long is aborted,
 * and the side built first waits while the other is built.
 */
async function opening(tables: Table[]): Promise<void> {
  await Promise.all(
    tables.map(async (t) => {
      for (let k = 0; k < 2; k++) if ((await step(t)) === null) t.done = true;
    }),
  );
  const stopped = tables.filter((t) => t.done).length;
  if (stopped) console.log(`  ${stopped} of ${tables.length} tables refused an opening move: they sit out`);
}

type Ms = { count: number; p50: number; p99: number; max?: number };
const line = (m: Ms) => `p50 ${m.p50.toFixed(1)} p99 ${m.p99.toFixed(1)}${m.max !== undefined ? ` max ${m.max.toFixed(1)}` : ''} ms (${m.count})`;

/** Each node's own figures since the last reset (and resets them). */
async function nodeStats(bases: string[], print = true): Promise<void> {
  for (const [i, base] of bases.entries()) {
    const s = (await (await fetch(`${base}/api/stats?reset`)).json()) as {
      eventLoopDelayMs: { p50: number; p99: number; max: number };
      moveServiceMs: Ms;
      forwardMs?: { call: Ms; out: Ms; serve: Ms; back: Ms };
    };
    const f = s.forwardMs;
    if (print)
      console.log(
        `  node ${i + 1}: event-loop delay p99 ${s.eventLoopDelayMs.p99.toFixed(1)} max ${s.eventLoopDelayMs.max.toFixed(1)} ms; move decided here ${line(s.moveServiceMs)}` +
          (f && (f.call.count || f.serve.count)
            ? `; forwarded: call ${line(f.call)}, request hop ${line(f.out)}, served ${line(f.serve)}, answer hop ${line(f.back)}`
            : ''),
      );
  }
}

/** CPU seconds used so far by each process named (/proc), and by the whole machine (busy, all cores). */
function cpuTicks(pids: Record<string, number[]>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [name, ps] of Object.entries(pids)) out[name] = cpuOfUs(ps) / 1e6;
  const all = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.split(/\s+/).slice(1).map(Number);
  out.machine = (all.reduce((a, b) => a + b, 0) - all[3]! - all[4]!) / 100;
  return out;
}

/** Pids of the services and of this bench (the nodes are added by the caller). */
function servicePids(): Record<string, number[]> {
  const byName: Record<string, number[]> = { redis: [], postgres: [], haproxy: [] };
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const comm = readFileSync(`/proc/${d}/comm`, 'utf8').trim();
      if (comm.startsWith('redis-server')) byName.redis!.push(Number(d));
      else if (comm.startsWith('postgres')) byName.postgres!.push(Number(d));
    } catch {
      // gone
    }
  }
  return { bench: [process.pid], redis: byName.redis!, postgres: byName.postgres! };
}

/** BENCH_PROBE: while a side's load runs, a Redis PING and a PostgreSQL commit every 20 ms, its processes' CPU, and (MONITOR) the club's Redis commands. */
class Probe {
  private pings: number[] = [];
  private commits: number[] = [];
  private readonly counts = new Map<string, number>();
  private cpu: Record<string, number> = {};
  private seconds = 0;
  private monitor: Redis | null = null;
  private counting = false;

  private constructor(
    private readonly redis: Redis,
    private readonly db: pg.Client,
    private readonly pids: Record<string, number[]>,
  ) {}

  static async open(prefix: string | null, nodePids: number[]): Promise<Probe | null> {
    if (!PROBE) return null;
    const redis = new Redis(TEST_REDIS_URL);
    const db = new pg.Client({ connectionString: PROBE_DB!.url });
    await db.connect();
    await db.query('CREATE TABLE IF NOT EXISTS probe (x int)');
    const p = new Probe(redis, db, { ...servicePids(), ...Object.fromEntries(nodePids.map((pid, i) => [`node${i + 1}`, [pid]])) });
    if (prefix) {
      p.monitor = await redis.duplicate().monitor();
      p.monitor.on('monitor', (_t: string, args: string[]) => {
        if (!p.counting || !args.some((a) => a.startsWith(prefix))) return;
        const c = args[0]!.toLowerCase();
        p.counts.set(c, (p.counts.get(c) ?? 0) + 1);
      });
    }
    return p;
  }

  /** Samples while `during` runs. */
  async around(during: Promise<void>): Promise<void> {
    const cpu0 = cpuTicks(this.pids);
    const t0 = performance.now();
    let on = true;
    this.counting = true;
    const loop = (async () => {
      while (on) {
        let t = performance.now();
        await this.redis.ping();
        this.pings.push(performance.now() - t);
        t = performance.now();
        await this.db.query('INSERT INTO probe VALUES (1)');
        this.commits.push(performance.now() - t);
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    await during;
    on = false;
    this.counting = false;
    await loop;
    const cpu1 = cpuTicks(this.pids);
    for (const k of Object.keys(cpu1)) this.cpu[k] = (this.cpu[k] ?? 0) + cpu1[k]! - cpu0[k]!;
    this.seconds += (performance.now() - t0) / 1000;
  }

  async close(moves: number): Promise<void> {
    this.monitor?.disconnect();
    this.redis.disconnect();
    await this.db.end();
    const use = Object.keys(this.cpu).map((k) => `${k} ${((100 * this.cpu[k]!) / this.seconds).toFixed(0)}%`);
    console.log(
      `  probe: CPU during the load (100% = one core): ${use.join(', ')}; load average now ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`,
    );
    console.log(
      `  probe: Redis PING p50 ${percentile(this.pings, 50).toFixed(2)} p99 ${percentile(this.pings, 99).toFixed(2)} ms; PostgreSQL commit p50 ${percentile(this.commits, 50).toFixed(2)} p99 ${percentile(this.commits, 99).toFixed(2)} ms`,
    );
    if (this.monitor) {
      const total = [...this.counts.values()].reduce((a, b) => a + b, 0);
      const by = [...this.counts].sort((a, b) => b[1] - a[1]).map(([c, n]) => `${c} ${(n / moves).toFixed(2)}`);
      console.log(`  probe: Redis commands of the club per move, those run by scripts included ${(total / moves).toFixed(2)} (${by.join(', ')})`);
    }
  }
}

let PROBE_DB: Awaited<ReturnType<typeof tempSchema>> | null = null;

async function main(): Promise<void> {
  console.log(
    `bench:cluster: ${GAMES} games, a move every ~${THINK} ms per game, ${SECONDS} s on each side in ${ROUNDS} alternated rounds; failover with ${FAILOVER_GAMES} games`,
  );

  // 1 node (PostgreSQL, no Redis) and 3 nodes, both up: the load alternates between them in ROUNDS, so that
  // whatever else the machine runs meanwhile weighs on both alike.
  if (PROBE) PROBE_DB = await tempSchema();
  const one = await startBenchServer('postgres', BENCH_PORT ? { port: BENCH_PORT } : {});
  const oneTables: Table[] = [];
  for (let i = 0; i < GAMES; i++) oneTables.push(await table(one.base, [one.base, one.base]));
  await opening(oneTables);
  // 3 nodes: created on node i, sockets on the two others.
  const club = await startCluster({ nodes: 3, env: { LIMITS: 'off', STATS_CONTROL: '1' }, ...(NODE_PORTS ? { ports: NODE_PORTS } : {}) }).catch(
    async (e: unknown) => {
      one.server.kill('SIGKILL');
      await one.dispose();
      throw e;
    },
  );
  try {
    const b = club.nodes.map((n) => n.base);
    const tables: Table[] = [];
    for (let i = 0; i < GAMES; i++) tables.push(await table(b[i % 3]!, [b[(i + 1) % 3]!, b[(i + 2) % 3]!]));
    await opening(tables);
    await nodeStats([one.base], false);
    await nodeStats(b, false);
    const probe1 = await Probe.open(null, [one.server.pid!]);
    const probe3 = await Probe.open(
      club.prefix,
      club.nodes.map((n) => n.proc!.pid!),
    );
    const single = { rtts: [] as number[], refused: 0 };
    const three = { rtts: [] as number[], refused: 0 };
    const round = SECONDS / ROUNDS;
    const run = async (which: 1 | 3): Promise<void> => {
      const during = which === 1 ? load(oneTables, round, single) : load(tables, round, three);
      const p = which === 1 ? probe1 : probe3;
      await (p ? p.around(during) : during);
    };
    for (let r = 0; r < ROUNDS; r++) {
      // 1-3, 3-1, 1-3...: neither side always follows the other.
      if (r % 2 === 0) {
        await run(1);
        await run(3);
      } else {
        await run(3);
        await run(1);
      }
    }
    const fig = (x: { rtts: number[]; refused: number }) => ({
      movesPerS: x.rtts.length / SECONDS,
      p50: percentile(x.rtts, 50),
      p99: percentile(x.rtts, 99),
      refused: x.refused,
    });
    const s1 = fig(single);
    const s3 = fig(three);
    console.log(`1 node:   ${fmt(s1.movesPerS)} moves/s, move round trip p50 ${fmt(s1.p50)} ms, p99 ${fmt(s1.p99)} ms (refused ${s1.refused})`);
    await probe1?.close(single.rtts.length);
    await nodeStats([one.base]);
    console.log(
      `3 nodes:  ${fmt(s3.movesPerS)} moves/s, move round trip p50 ${fmt(s3.p50)} ms, p99 ${fmt(s3.p99)} ms (refused ${s3.refused}; every move forwarded to another node)`,
    );
    await probe3?.close(three.rtts.length);
    await nodeStats(b);
    console.log(
      `ratio 3 nodes / 1 node: moves/s ${(s3.movesPerS / s1.movesPerS).toFixed(2)}, p50 ${(s3.p50 / s1.p50).toFixed(2)}, p99 ${(s3.p99 / s1.p99).toFixed(2)} (target p99 < 2)`,
    );
    for (const t of [...oneTables, ...tables]) for (const p of t.players) p.ws.close();
    one.server.kill('SIGKILL');
    await one.dispose();
    await PROBE_DB?.dispose();

    // Failover: every game decided by n1, players on n2 and n3.
    const games: Table[] = [];
    for (let i = 0; i < FAILOVER_GAMES; i++) games.push(await table(b[0]!, [b[1]!, b[2]!]));
    /** Plays the next move until one is acknowledged; a move refused may have been applied (its answer lost): the store says. */
    const advance = async (t: Table): Promise<void> => {
      for (;;) {
        const before = t.ply;
        if ((await step(t)) !== null) return;
        const stored = (await new Client(b[1]!).http('GET', `/api/games/${t.id}.json`)).moves as { uci: string }[];
        if (stored.length > before) {
          const uci = stored[before]!.uci;
          const mv = parseUci(t.pos, uci);
          if (mv.ok) t.pos.play(mv.value);
          t.ply++;
          t.acked.push(uci);
        } else await new Promise((r) => setTimeout(r, 100));
      }
    };
    for (const t of games) for (let k = 0; k < 2; k++) await advance(t);
    const inflight = games.map((t) => step(t));
    const killedAt = performance.now();
    await club.kill('n1');
    await Promise.all(inflight);
    const back: number[] = [];
    await Promise.all(
      games.map(async (t) => {
        // The move in flight may have been applied before the kill: that does not count as accepted after it.
        const before = t.ply;
        await advance(t);
        while (t.ply <= before) await advance(t);
        back.push(performance.now() - killedAt);
      }),
    );
    let lost = 0;
    let twice = 0;
    for (const t of games) {
      const stored = ((await new Client(b[2]!).http('GET', `/api/games/${t.id}.json`)).moves as { uci: string }[]).map((m) => m.uci);
      for (const [i, u] of t.acked.entries()) if (stored[i] !== u) lost++;
      if (stored.length > t.acked.length) twice += stored.length - t.acked.length;
      for (const p of t.players) p.ws.close();
    }
    console.log(
      `failover: ${games.length} games of the killed node accept a move again after p50 ${fmt(percentile(back, 50))} ms, p99 ${fmt(percentile(back, 99))} ms, max ${fmt(Math.max(...back))} ms from the kill ` +
        `(death noticed when its 3 s lease ends; target p99 < 5 s after that); acknowledged moves lost: ${lost}; moves stored beyond those acknowledged: ${twice}`,
    );
  } finally {
    await club.close();
  }
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
