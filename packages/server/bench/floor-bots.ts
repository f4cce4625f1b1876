/**
 * One worker process of bench:floor (floor.bench.ts): a share of the games, two sockets each, playing moves
 * after bench:server's think time (mean THINK_MS, uniform from half to one and a half of it; the first two plies
 * at once). Measured between `measure` and `report`: each move's round trip (send → ack).
 */
import WebSocket from 'ws';
import { LatencyHistogram, type HistogramData } from '../src/testing/latency-histogram.ts';

export type ToFloorBots =
  | { type: 'setup'; port: number; games: number; first: number; thinkMs: number; localAddress?: string }
  | { type: 'go' }
  | { type: 'measure' }
  | { type: 'report' };
export type FromFloorBots =
  | { type: 'ready'; games: number }
  | { type: 'report'; rtt: HistogramData; moves: number; errors: number }
  | { type: 'failed'; error: string };

/** Moves as the club's games play them (any four squares: the floor checks no rules). */
const UCIS = ['h2e2', 'h9g7', 'b0c2', 'b9c7', 'a0a1', 'i9i8', 'c3c4', 'g6g5'];

interface Table {
  readonly id: string;
  readonly sockets: [WebSocket, WebSocket];
  ply: number;
  sent: number;
}

let thinkMs = 2000;
let go = false;
let measuring = false;
let moves = 0;
let errors = 0;
const rtt = new LatencyHistogram();
const tables: Table[] = [];

function open(port: number, id: string, seat: 0 | 1, localAddress?: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws?g=${id}&s=${seat}`, {
      perMessageDeflate: false,
      handshakeTimeout: 30_000,
      ...(localAddress ? { localAddress } : {}),
    });
    ws.once('error', reject);
    ws.once('message', () => resolve(ws));
  });
}

function schedule(t: Table): void {
  if (!go && t.ply >= 2) return;
  const ply = t.ply;
  setTimeout(
    () => {
      t.sent = performance.now();
      t.sockets[(ply % 2) as 0 | 1].send(JSON.stringify({ t: 'move', game: t.id, uci: UCIS[ply % UCIS.length], ply, id: ply + 1 }));
    },
    ply < 2 ? 0 : thinkMs * (0.5 + Math.random()),
  );
}

function follow(t: Table, seat: 0 | 1): void {
  t.sockets[seat].on('message', (d) => {
    const text = String(d);
    if (text.startsWith('{"t":"ack"')) {
      if (measuring) {
        rtt.record(performance.now() - t.sent);
        moves++;
      }
      return;
    }
    if (text.startsWith('{"t":"error"')) {
      errors++;
      return;
    }
    // The event frame: the player to move next reads it and plays.
    const m = JSON.parse(text) as { t: string; v: number };
    if (m.t !== 'events' || m.v % 2 !== seat) return;
    t.ply = m.v;
    schedule(t);
  });
}

async function setup(port: number, games: number, first: number, localAddress?: string): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < games) {
      const id = `g${first + next++}`;
      const a = await open(port, id, 0, localAddress);
      const b = await open(port, id, 1, localAddress);
      const t: Table = { id, sockets: [a, b], ply: 0, sent: 0 };
      follow(t, 0);
      follow(t, 1);
      tables.push(t);
      schedule(t);
    }
  };
  await Promise.all(Array.from({ length: 50 }, lane));
  process.send!({ type: 'ready', games: tables.length } satisfies FromFloorBots);
}

process.on('message', (m: ToFloorBots) => {
  switch (m.type) {
    case 'setup':
      thinkMs = m.thinkMs;
      setup(m.port, m.games, m.first, m.localAddress).catch((e: unknown) =>
        process.send!({ type: 'failed', error: String(e) } satisfies FromFloorBots, () => process.exit(1)),
      );
      break;
    case 'go':
      go = true;
      for (const t of tables) if (t.ply >= 2) schedule(t);
      break;
    case 'measure':
      measuring = true;
      break;
    case 'report':
      measuring = false;
      process.send!({ type: 'report', rtt: rtt.toData(), moves, errors } satisfies FromFloorBots);
      break;
  }
});
process.on('disconnect', () => process.exit(0));
