/**
 * The floor of bench:floor (floor.bench.ts): the least a server must do for
 * a move of bench:server, and nothing of the club. Two WebSockets per game
 * (`ws`, no compression, as the club's), a move frame read and parsed, its
 * ply and seat checked, an ack and the move's event frame written to the
 * mover (corked: one write) and the event frame to the opponent. With
 * FLOOR_STORE=sqlite the move is first made durable as the club's SQLite
 * store makes it (a thread of its own, better-sqlite3, WAL with
 * synchronous=FULL, the club's group commit paced at 2 ms, the turn's writes
 * crossing as one flat array), but as one small row in `moves` only: no game
 * row rewritten, no snapshot. No rules, clocks, referee, bus or lists.
 *
 * Env: PORT, FLOOR_STORE (none|sqlite), FLOOR_DIR (the SQLite file's folder), FLOOR_COMMIT_MS (2: at most one
 * commit per this many ms), FLOOR_SYNC (FULL, the club's default, or NORMAL).
 * Prints "floor server on PORT" once listening; GET /moves answers the moves
 * accepted so far.
 */
import { createServer } from 'node:http';
import { join } from 'node:path';
import type { Duplex } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { WebSocketServer, type WebSocket } from 'ws';

const PORT = Number(process.env.PORT ?? 0);
const STORE = process.env.FLOOR_STORE ?? 'none';

interface Game {
  readonly id: string;
  readonly seats: [WebSocket | null, WebSocket | null];
  /** Each seat's TCP socket, corked while the mover's two frames are written (the club corks per turn). */
  readonly tcp: [Duplex | null, Duplex | null];
  ply: number;
  /** Each side's clock, ms: written into the event as the club's is, not run. */
  readonly clock: [number, number];
}

const games = new Map<string, Game>();
let accepted = 0;

/** A position as long as the club's move events carry (each event names the position after the move). */
const FEN = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';

/** Frames of the club's shape: the ack names the request, the event frame the game, its version and the move's facts. */
function eventsFrame(g: Game, uci: string): string {
  return JSON.stringify({
    t: 'events',
    game: g.id,
    v: g.ply,
    events: [{ type: 'move', ply: g.ply, uci, fen: FEN, check: false, clock: { ms: g.clock, at: Date.now() }, capture: null, firstMoveDeadline: null }],
  });
}

function deliver(g: Game, seat: 0 | 1, id: number, uci: string): void {
  const events = eventsFrame(g, uci);
  const mover = g.seats[seat];
  const tcp = g.tcp[seat];
  if (mover && tcp) {
    tcp.cork();
    mover.send(`{"t":"ack","id":${id}}`);
    mover.send(events);
    tcp.uncork();
  }
  g.seats[1 - seat]?.send(events);
}

// The store: a thread of its own, a turn's writes crossing together as one flat array, answered after the commit.
type Pending = () => void;
const waiting = new Map<number, Pending>();
let nextWrite = 1;
let turn: unknown[] = [];
let worker: Worker | null = null;
if (STORE === 'sqlite') {
  worker = new Worker(new URL('./floor-store.mjs', import.meta.url), {
    workerData: {
      path: join(process.env.FLOOR_DIR ?? '.', 'floor.sqlite'),
      commitEveryMs: Number(process.env.FLOOR_COMMIT_MS ?? 2),
      synchronous: process.env.FLOOR_SYNC === 'NORMAL' ? 'NORMAL' : 'FULL',
    },
  });
  worker.on('message', (done: number[]) => {
    for (const id of done) {
      const f = waiting.get(id);
      waiting.delete(id);
      f?.();
    }
  });
  worker.on('error', (e) => {
    console.error('the store thread failed:', e);
    process.exit(1);
  });
}
function write(gameId: string, ply: number, uci: string, clockMs: number, then: Pending): void {
  const id = nextWrite++;
  waiting.set(id, then);
  if (turn.length === 0) setImmediate(flush);
  turn.push(id, gameId, ply, uci, Date.now(), clockMs);
}
function flush(): void {
  const batch = turn;
  turn = [];
  worker!.postMessage(batch);
}

const http = createServer((req, res) => {
  if (req.url === '/moves') {
    res.end(String(accepted));
    return;
  }
  res.statusCode = 404;
  res.end();
});
const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
http.on('upgrade', (req, socket, head) => {
  const q = new URL(req.url ?? '/', 'http://x').searchParams;
  const gameId = q.get('g');
  const seat = Number(q.get('s')) as 0 | 1;
  if (!gameId || (seat !== 0 && seat !== 1)) {
    socket.destroy();
    return;
  }
  wss.handleUpgrade(req, socket, head, (ws) => {
    let g = games.get(gameId);
    if (!g) {
      g = { id: gameId, seats: [null, null], tcp: [null, null], ply: 0, clock: [600_000, 600_000] };
      games.set(gameId, g);
    }
    const game = g;
    game.seats[seat] = ws;
    game.tcp[seat] = socket;
    ws.on('message', (data) => {
      let m: { t?: unknown; id?: unknown; ply?: unknown; uci?: unknown };
      try {
        m = JSON.parse(String(data)) as typeof m;
      } catch {
        ws.send('{"t":"error","code":"frame.bad-json"}');
        return;
      }
      if (m.t !== 'move' || typeof m.id !== 'number' || typeof m.uci !== 'string' || m.ply !== game.ply) {
        ws.send(`{"t":"error","id":${Number(m.id) || 0},"code":"move.stale"}`);
        return;
      }
      if (game.ply % 2 !== seat) {
        ws.send(`{"t":"error","id":${m.id},"code":"move.not-your-turn"}`);
        return;
      }
      const id = m.id;
      const uci = m.uci;
      game.ply++;
      game.clock[seat] += 5000 - 1000;
      accepted++;
      if (worker) write(game.id, game.ply, uci, game.clock[seat], () => deliver(game, seat, id, uci));
      else deliver(game, seat, id, uci);
    });
    ws.on('close', () => {
      if (game.seats[seat] === ws) game.seats[seat] = null;
    });
    ws.send('{"t":"hello"}');
  });
});
http.listen(PORT, '127.0.0.1', () => {
  console.log(`floor server on ${(http.address() as { port: number }).port}`);
});
