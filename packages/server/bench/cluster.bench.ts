/**
 * npm run bench:cluster: the club on three nodes (child processes, Redis,
 * PostgreSQL) against one node (PostgreSQL) under the same load, then a
 * failover. Nothing here is a test: the figures are printed.
 *
 * 1. Load: BENCH_GAMES games (200), each move after THINK_MS (1000, ±50%),
 *    for BENCH_SECONDS (20). On three nodes each game is created on one node
 *    and its players' sockets are on the two others, so every move is
 *    forwarded to the owner and every event relayed (the worst case).
 *    Prints moves/s and p50/p99 move round trip (send → ack), and the ratios.
 * 2. Failover: FAILOVER_GAMES games (200) all decided by one node, their
 *    players on the two others; that node is killed (SIGKILL) with a move
 *    in flight in every game. Prints the time from the kill until each game
 *    accepts a move again (p50/p99/max; the death is noticed when its 3 s
 *    lease runs out) and the acknowledged moves lost (must be 0).
 */
import WebSocket from 'ws';
import { VARIANTS, legalUcis, parseFen, parseUci, type Position } from '@youzai/rules';
import { startCluster } from '../src/testing/cluster.ts';
import { percentile, startBenchServer } from '../src/testing/server-process.ts';

const GAMES = Number(process.env.BENCH_GAMES ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const THINK = Number(process.env.THINK_MS ?? 1000);
const FAILOVER_GAMES = Number(process.env.FAILOVER_GAMES ?? 200);

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

async function load(tables: Table[]): Promise<{ movesPerS: number; p50: number; p99: number; refused: number }> {
  const rtts: number[] = [];
  let refused = 0;
  let stop = false;
  const end = Date.now() + SECONDS * 1000;
  await Promise.all(
    tables.map(async (t, i) => {
      await new Promise((r) => setTimeout(r, (i * THINK) / tables.length));
      while (!stop && Date.now() < end) {
        const rtt = await step(t);
        if (rtt === null) {
          refused++;
          return;
        }
        rtts.push(rtt);
        await new Promise((r) => setTimeout(r, THINK * (0.5 + Math.random())));
      }
    }),
  );
  stop = true;
  return { movesPerS: rtts.length / SECONDS, p50: percentile(rtts, 50), p99: percentile(rtts, 99), refused };
}

const fmt = (x: number) => x.toFixed(1);

async function main(): Promise<void> {
  console.log(`bench:cluster: ${GAMES} games, a move every ~${THINK} ms per game, ${SECONDS} s; failover with ${FAILOVER_GAMES} games`);

  // 1 node (PostgreSQL, no Redis).
  const one = await startBenchServer('postgres');
  const oneTables: Table[] = [];
  for (let i = 0; i < GAMES; i++) oneTables.push(await table(one.base, [one.base, one.base]));
  const single = await load(oneTables);
  for (const t of oneTables) for (const p of t.players) p.ws.close();
  one.server.kill('SIGKILL');
  await one.dispose();
  console.log(`1 node:   ${fmt(single.movesPerS)} moves/s, move round trip p50 ${fmt(single.p50)} ms, p99 ${fmt(single.p99)} ms (refused ${single.refused})`);

  // 3 nodes: created on node i, sockets on the two others.
  const club = await startCluster({ nodes: 3, env: { LIMITS: 'off' } });
  try {
    const b = club.nodes.map((n) => n.base);
    const tables: Table[] = [];
    for (let i = 0; i < GAMES; i++) tables.push(await table(b[i % 3]!, [b[(i + 1) % 3]!, b[(i + 2) % 3]!]));
    const three = await load(tables);
    for (const t of tables) for (const p of t.players) p.ws.close();
    console.log(
      `3 nodes:  ${fmt(three.movesPerS)} moves/s, move round trip p50 ${fmt(three.p50)} ms, p99 ${fmt(three.p99)} ms (refused ${three.refused}; every move forwarded to another node)`,
    );
    console.log(
      `ratio 3 nodes / 1 node: moves/s ${(three.movesPerS / single.movesPerS).toFixed(2)}, p50 ${(three.p50 / single.p50).toFixed(2)}, p99 ${(three.p99 / single.p99).toFixed(2)} (target p99 < 2)`,
    );

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
