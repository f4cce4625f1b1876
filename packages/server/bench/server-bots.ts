/**
 * One worker process of `npm run bench:server` (forked by server.bench.ts):
 * a share of the games, both players of each (a guest session and a
 * WebSocket apiece), playing random legal moves after a think time. The
 * moves come from lines of random legal moves made once, when the worker
 * starts (LINES_PER_VARIANT per variant): a game follows one, so the
 * clients spend no move generation on the move's path (at 10,000 games
 * they share the server's two cores, issue 29).
 * One process cannot hold 20,000 sockets (its descriptors, and one event
 * loop for all the acknowledgements); several each hold a part.
 *
 * Setup survives a loaded server: each step (session, socket, game, join)
 * is retried with a growing backoff, and a step that still fails after
 * that fails the run (the parent exits non-zero).
 *
 * Measured between the parent's `measure` and `report`: each move's round
 * trip (send → ack) into a histogram the parent merges with the others'.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import WebSocket from 'ws';
import { VARIANTS, VARIANT_KEYS, legalUcis, parseFen, parseUci, type VariantKey } from '@youzai/rules';
import { LatencyHistogram, type HistogramData } from '../src/testing/latency-histogram.ts';

export interface ServerBotsConfig {
  readonly base: string;
  readonly thinkMs: number;
  /** Games set up at once. */
  readonly batch: number;
  /** Source address of this worker's connections (127.0.0.x: each has its own ~28,000 ephemeral ports). */
  readonly localAddress?: string;
}

/**
 * start: the configuration; setup: `games` more games (their variants cycle from index `first` of the whole field),
 * then 'ready' (setup may come several times: the parent reads the server's memory between two game counts).
 */
export type ToServerBots =
  | { type: 'start'; config: ServerBotsConfig }
  | { type: 'setup'; games: number; first: number }
  | { type: 'go' }
  | { type: 'measure' }
  | { type: 'report' }
  | { type: 'stop' };

export interface ServerBotsReport {
  readonly type: 'report';
  readonly rtt: HistogramData;
  readonly moves: number;
  readonly ended: number;
  readonly errors: Record<string, number>;
  /** This process's event-loop delay while measuring, ms (adds to its round trips). */
  readonly loop: { readonly p50: number; readonly p99: number; readonly max: number };
}

export type FromServerBots =
  | { type: 'progress'; games: number }
  | { type: 'ready'; games: number; retries: Record<string, number> }
  | ServerBotsReport
  | { type: 'failed'; error: string };

type Msg = Record<string, any>;

const retries: Record<string, number> = {};
const errors: Record<string, number> = {};
const count = (o: Record<string, number>, k: string) => (o[k] = (o[k] ?? 0) + 1);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Tries `step` up to 8 times, waiting 0.25, 0.5, 1, 2, 4, 4, 4 s (with jitter) between tries; the last error is thrown. */
async function retried<T>(what: string, step: (attempt: number) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step(attempt);
    } catch (e) {
      if (attempt >= 8) throw new Error(`${what} failed ${attempt} times: ${e instanceof Error ? e.message : String(e)}`);
      count(retries, what);
      await sleep(Math.min(4000, 250 * 2 ** (attempt - 1)) * (0.5 + Math.random()));
    }
  }
}

let cfg: ServerBotsConfig;

class Player {
  cookie = '';
  ws!: WebSocket;
  private nextId = 1;
  readonly pending = new Map<number, number>();
  /** The first seat of its games: the one whose socket follows them. */
  follows = false;

  async http(method: string, path: string, body?: unknown): Promise<Msg> {
    const res = await fetch(cfg.base + path, {
      method,
      headers: { ...(this.cookie ? { cookie: this.cookie } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(30_000),
    });
    const set = res.headers.get('set-cookie');
    if (set) this.cookie = set.split(';')[0]!;
    const text = await res.text();
    if (res.status >= 500) throw new Error(`${method} ${path}: HTTP ${res.status} ${text.slice(0, 200)}`);
    return JSON.parse(text) as Msg;
  }

  async open(): Promise<void> {
    await retried('session', async () => {
      const r = await this.http('POST', '/api/session');
      if (!r.ok) throw new Error(JSON.stringify(r));
    });
    await retried('socket', () => this.connect());
  }

  private connect(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const ws = new WebSocket(`${cfg.base.replace(/^http/, 'ws')}/ws`, {
        headers: { cookie: this.cookie },
        handshakeTimeout: 30_000,
        // As a browser that does not offer compression would: the server keeps no zlib state for it either way.
        perMessageDeflate: false,
        ...(cfg.localAddress ? { localAddress: cfg.localAddress } : {}),
      });
      const fail = (e: unknown) => {
        ws.removeAllListeners();
        ws.on('error', () => undefined);
        ws.terminate();
        reject(e instanceof Error ? e : new Error(String(e)));
      };
      ws.once('error', fail);
      ws.once('unexpected-response', (_req, res) => fail(new Error(`upgrade refused: HTTP ${res.statusCode}`)));
      ws.once('open', () => {
        ws.removeAllListeners();
        this.ws = ws;
        ws.on('message', (d) => {
          const text = String(d);
          // Both players hear every event; a game is followed through its first seat's socket only (onMessage).
          if (!this.follows && text.startsWith('{"t":"events"')) return;
          onMessage(this, JSON.parse(text) as Msg);
        });
        // A socket lost during the run is an error of the run, not a silent gap in the figures.
        ws.on('close', () => {
          if (!stopping) count(errors, 'socket-closed');
        });
        ws.on('error', () => count(errors, 'socket-error'));
        resolve();
      });
    });
  }

  send(m: Msg): number {
    const id = this.nextId++;
    this.ws.send(JSON.stringify({ ...m, id }));
    return id;
  }
}

/** Lines of random legal moves from each variant's start, made once: a game plays one (a line's end: a mate or a stalemate). */
const LINES_PER_VARIANT = 16;
const LINE_PLIES = 300;
const lines = new Map<VariantKey, string[][]>();

function linesOf(variant: VariantKey): string[][] {
  let made = lines.get(variant);
  if (made) return made;
  made = [];
  for (let n = 0; n < LINES_PER_VARIANT; n++) {
    const pos = parseFen(VARIANTS[variant], VARIANTS[variant].startFen);
    if (!pos.ok) throw new Error('fen');
    const line: string[] = [];
    while (line.length < LINE_PLIES) {
      const legal = legalUcis(pos.value);
      if (legal.length === 0) break;
      const uci = legal[Math.floor(Math.random() * legal.length)]!;
      const mv = parseUci(pos.value, uci);
      if (!mv.ok) break;
      pos.value.make(mv.value);
      line.push(uci);
    }
    made.push(line);
  }
  lines.set(variant, made);
  return made;
}

interface Table {
  id: string;
  variant: VariantKey;
  /** The moves this game plays, in order. */
  line: readonly string[];
  players: [Player, Player];
  ply: number;
  over: boolean;
}

const tables = new Map<string, Table>();
const rtt = new LatencyHistogram();
let moves = 0;
let ended = 0;
let measuring = false;
let stopping = false;
/** Until the whole field is set up, only the untimed first moves are played, at once. */
let go = false;
const loop = monitorEventLoopDelay({ resolution: 10 });

function onMessage(p: Player, m: Msg): void {
  if (m.t === 'ack' || m.t === 'error') {
    const sent = p.pending.get(m.id);
    if (sent !== undefined) {
      p.pending.delete(m.id);
      if (m.t === 'ack' && measuring) {
        rtt.record(performance.now() - sent);
        moves++;
      }
    }
    if (m.t === 'error') count(errors, String(m.code));
    return;
  }
  if (m.t !== 'events') return;
  const t = tables.get(m.game);
  if (!t) return;
  // Both players hear every event: follow the game once, through the first seat's socket.
  if (p !== t.players[0]) return;
  let moved = false;
  for (const e of m.events) {
    if (e.type === 'move') {
      // The game left its line (a takeback, a move the server changed): counted; it follows the line from this ply on.
      if (e.uci !== t.line[e.ply - 1]) count(errors, 'off-line');
      t.ply = e.ply;
      moved = true;
    } else if (e.type === 'end') t.over = true;
  }
  if (t.over) {
    ended++;
    tables.delete(t.id);
    if (!stopping)
      newTable(t.players, t.variant).catch((e: unknown) => {
        // A replacement that cannot be set up leaves one game fewer: counted, the run goes on.
        count(errors, `replace: ${e instanceof Error ? e.message.slice(0, 80) : String(e)}`);
      });
  } else if (moved) schedule(t);
}

function schedule(t: Table): void {
  if (t.over || stopping) return;
  const ply = t.ply;
  const mover = t.players[ply % 2]!;
  const uci = t.line[ply];
  if (uci === undefined) return;
  if (!go && ply >= 2) return;
  setTimeout(
    () => {
      if (t.over || stopping) return;
      const id = mover.send({ t: 'move', game: t.id, uci, ply });
      mover.pending.set(id, performance.now());
    },
    ply < 2 ? 0 : cfg.thinkMs * (0.5 + Math.random()),
  );
}

async function newTable(players: [Player, Player], variant: VariantKey): Promise<void> {
  const created = await retried('create', async () => {
    const r = await players[0].http('POST', '/api/games', {
      variant,
      color: 'first',
      clock: { kind: 'fischer', minutes: 10, increment: 5 },
      opponent: { type: 'invite' },
    });
    if (!r.ok) throw new Error(JSON.stringify(r));
    return r;
  });
  const token = String(created.invite).split('/').pop();
  await retried('join', async () => {
    const r = await players[1].http('POST', `/api/games/${created.id}/join`, { token });
    // A retried join whose first try went through (its answer lost) finds the seat taken by itself.
    if (!r.ok && r.code !== 'game.seat-taken') throw new Error(JSON.stringify(r));
  });
  const all = linesOf(variant);
  const t: Table = { id: created.id, variant, line: all[Math.floor(Math.random() * all.length)]!, players, ply: 0, over: false };
  players[0].follows = true;
  tables.set(t.id, t);
  players[0].send({ t: 'sub', game: t.id });
  players[1].send({ t: 'sub', game: t.id });
  schedule(t);
}

let setUp = 0;

async function setup(games: number, first: number): Promise<void> {
  let next = 0;
  // `batch` lanes, each setting up one game after another: a slow game holds up one lane, not a whole batch.
  const lane = async () => {
    while (next < games) {
      const i = first + next++;
      const a = new Player();
      const b = new Player();
      await Promise.all([a.open(), b.open()]);
      await newTable([a, b], VARIANT_KEYS[i % VARIANT_KEYS.length]!);
      if (++setUp % 100 === 0) process.send!({ type: 'progress', games: setUp } satisfies FromServerBots);
    }
  };
  await Promise.all(Array.from({ length: Math.min(cfg.batch, games) }, lane));
  process.send!({ type: 'ready', games: setUp, retries } satisfies FromServerBots);
}

function fail(e: unknown): void {
  process.send!({ type: 'failed', error: e instanceof Error ? (e.stack ?? e.message) : String(e) } satisfies FromServerBots, () => process.exit(1));
}

process.on('message', (m: ToServerBots) => {
  switch (m.type) {
    case 'start':
      cfg = m.config;
      break;
    case 'setup':
      setup(m.games, m.first).catch(fail);
      break;
    case 'go':
      go = true;
      for (const t of tables.values()) if (t.ply >= 2) schedule(t);
      break;
    case 'measure':
      loop.reset();
      loop.enable();
      measuring = true;
      break;
    case 'report':
      measuring = false;
      loop.disable();
      process.send!({
        type: 'report',
        rtt: rtt.toData(),
        moves,
        ended,
        errors,
        loop: { p50: loop.percentile(50) / 1e6, p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 },
      } satisfies FromServerBots);
      break;
    case 'stop':
      stopping = true;
      break;
  }
});
// The parent gone (killed, crashed): this worker goes too.
process.on('disconnect', () => process.exit(0));
