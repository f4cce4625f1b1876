/**
 * One worker process of `npm run bench:tournament` (forked by
 * tournament.bench.ts): a share of the arena's players and spectators,
 * each a guest with its own session and WebSocket, as the browser has.
 *
 * A player joins the arena over HTTP, watches it (tour-sub) and plays the
 * games the director gives it ('paired' via tournament): it follows the
 * game over the socket, answers each of its turns after a think time with
 * a random legal move from the rules library, and resigns on its turn once
 * the game has reached a length it drew at random (BENCH_PLIES), so that
 * games end and free their players for the next pairing, as in an arena.
 * A spectator only watches, and reads the view at every announcement, as
 * the tournament page does.
 *
 * Measured between the parent's `measure` and `report`: the time from a
 * game's end (its `end` event, on this player's socket) to the player's
 * next `paired`; the time from the arena's start to each early joiner's
 * first `paired` (and from joining, for one who joined it running); the announcements each watcher hears (`tournament`
 * frames, by arrival time); moves acknowledged; the spectators' view reads.
 */
import WebSocket from 'ws';
import { VARIANTS, legalUcis, parseFen, type VariantKey } from '@youzai/rules';

export interface BotsConfig {
  readonly base: string;
  readonly variant: VariantKey;
  /** Index of this worker's first player (names are unique club-wide). */
  readonly first: number;
  readonly players: number;
  readonly spectators: number;
  readonly thinkMs: number;
  readonly plies: readonly [number, number];
  /** Players set up at once. */
  readonly batch: number;
}

/** The arena to join, and when it starts (epoch ms): a player who joined before waits for it. */
export interface Arena {
  readonly tournament: string;
  readonly startsAt: number;
}

/** start: sessions and sockets, then 'connected'; join: every player joins and watches, then 'ready'. */
export type ToBots = { type: 'start'; config: BotsConfig } | { type: 'join'; arena: Arena } | { type: 'measure' } | { type: 'report' } | { type: 'exit' };

export interface BotsReport {
  readonly type: 'report';
  /** End of a game → next pairing, ms, for every game that ended while measuring and was followed by a pairing. */
  readonly repaired: number[];
  /** Players free at the report (ended while measuring, not paired again): how long they had waited, ms. */
  readonly stillWaiting: number[];
  /** The arena's start → first pairing, ms, for each player who joined before the start. */
  readonly startPairing: number[];
  /** Players who joined before the start and were never paired by the report: how long since the start, ms. */
  readonly startUnpaired: number[];
  /** Join → first pairing, ms, for each player who joined the arena running. */
  readonly joinPairing: number[];
  /** Per watcher, by the server's time of sending (`now`) and by arrival here (which adds this process's and the network's delays). */
  readonly watchers: { heard: number; maxPerSecond: number; minGapMs: number; shortGaps: number; maxPerSecondArrived: number; minGapArrivedMs: number }[];
  /** Frees that waited over 2 s (paired late, or still free at the report): who, which game had ended, and when (epoch ms). */
  readonly late: { user: string; game: string; freedAt: number; pairedAt: number | null; waited: number }[];
  readonly moves: number;
  readonly games: number;
  readonly viewReads: number[];
  readonly viewBytes: number;
  readonly errors: Record<string, number>;
}

type Msg = Record<string, any>;

class Client {
  cookie = '';
  ws!: WebSocket;
  private nextId = 1;
  constructor(readonly base: string) {}

  async http(method: string, path: string, body?: unknown): Promise<{ status: number; json: Msg; bytes: number }> {
    // A kept-alive connection the loaded server closed meanwhile resets: the request is sent again (counted).
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.once(method, path, body);
      } catch (e) {
        if (attempt >= 3) throw e;
        count('http-retried');
        await new Promise((r) => setTimeout(r, 200 * attempt));
      }
    }
  }

  private async once(method: string, path: string, body?: unknown): Promise<{ status: number; json: Msg; bytes: number }> {
    const res = await fetch(this.base + path, {
      method,
      headers: { ...(this.cookie ? { cookie: this.cookie } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const set = res.headers.get('set-cookie');
    if (set) this.cookie = set.split(';')[0]!;
    const text = await res.text();
    return { status: res.status, json: JSON.parse(text) as Msg, bytes: text.length };
  }

  async connect(onMessage: (m: Msg) => void): Promise<void> {
    this.ws = new WebSocket(`${this.base.replace(/^http/, 'ws')}/ws`, { headers: { cookie: this.cookie } });
    this.ws.on('message', (d) => onMessage(JSON.parse(String(d)) as Msg));
    await new Promise<void>((resolve, reject) => {
      this.ws.once('open', () => resolve());
      this.ws.once('error', reject);
    });
  }

  send(m: Msg): number {
    const id = this.nextId++;
    this.ws.send(JSON.stringify({ ...m, id }));
    return id;
  }
}

let cfg: BotsConfig;
let arena: Arena;
let measuring = false;
const repaired: number[] = [];
const late: BotsReport['late'][number][] = [];
const startPairing: number[] = [];
const joinPairing: number[] = [];
const viewReads: number[] = [];
let viewBytes = 0;
let moves = 0;
let games = 0;
const errors: Record<string, number> = {};
const count = (code: string) => (errors[code] = (errors[code] ?? 0) + 1);

/** The most of `times` (sorted) in any window of 1 s, the shortest gap between two, and the gaps under 1 s. */
function perSecond(times: readonly number[]): { most: number; minGap: number; short: number } {
  let most = 0;
  let minGap = Number.POSITIVE_INFINITY;
  let short = 0;
  for (let i = 0, j = 0; i < times.length; i++) {
    while (times[i]! - times[j]! >= 1000) j++;
    most = Math.max(most, i - j + 1);
    if (i === 0) continue;
    const gap = times[i]! - times[i - 1]!;
    minGap = Math.min(minGap, gap);
    if (gap < 1000) short++;
  }
  return { most, minGap, short };
}

/** A watcher's announcements while measuring: when the server sent each (its `now`) and when it arrived here. */
class Watcher {
  readonly sent: number[] = [];
  readonly arrived: number[] = [];
  hear(m: Msg): void {
    if (!measuring) return;
    this.arrived.push(performance.now());
    this.sent.push(typeof m.now === 'number' ? m.now : Number.NaN);
  }
  figures(): BotsReport['watchers'][number] {
    const sent = perSecond(this.sent);
    const arrived = perSecond(this.arrived);
    return {
      heard: this.sent.length,
      maxPerSecond: sent.most,
      minGapMs: sent.minGap,
      shortGaps: sent.short,
      maxPerSecondArrived: arrived.most,
      minGapArrivedMs: arrived.minGap,
    };
  }
}

class Player {
  readonly c: Client;
  readonly watcher = new Watcher();
  /** When this player's last game ended (its `end` event), while it waits for the next pairing. */
  freeSince: number | null = null;
  freeCounted = false;
  /** The same instant, epoch ms (to set beside the server's trace), and the game that had ended. */
  freedAt = 0;
  endedGame = '';
  userId = '';
  joinedAt = 0;
  game: { id: string; color: 0 | 1; fen: string; ply: number; over: boolean; target: number; timer: NodeJS.Timeout | null } | null = null;
  private readonly moveIds = new Set<number>();

  constructor(readonly n: number) {
    this.c = new Client(cfg.base);
  }

  async open(): Promise<void> {
    const r = await this.c.http('POST', '/api/session');
    this.userId = String(r.json.user?.id ?? '');
    await this.c.connect((m) => this.onMessage(m));
  }

  async join(): Promise<void> {
    this.c.send({ t: 'tour-sub', tournament: arena.tournament });
    this.joinedAt = Date.now();
    const r = await this.c.http('POST', `/api/tournaments/${arena.tournament}/join`, {});
    // A join sent again after a reset may find the first one done.
    if (!r.json.ok && r.json.code !== 'tournament.already-joined') throw new Error(`join refused: ${JSON.stringify(r.json)}`);
  }

  onMessage(m: Msg): void {
    switch (m.t) {
      case 'tournament':
        this.watcher.hear(m);
        return;
      case 'paired':
        // The side is named on the wire ('first' | 'second'); the rules' positions count turns 0 and 1.
        if (m.via === 'tournament') this.paired(m.game as string, m.side === 'second' ? 1 : 0);
        return;
      case 'game':
        if (this.game?.id === m.game) this.update(m.view.fen as string, m.view.ply as number, m.view.status === 'finished' || m.view.status === 'aborted');
        return;
      case 'events': {
        const g = this.game;
        if (!g || g.id !== m.game) return;
        let fen = g.fen;
        let ply = g.ply;
        let over = false;
        for (const e of m.events as Msg[]) {
          if (e.type === 'move') {
            fen = e.fen as string;
            ply = e.ply as number;
          } else if (e.type === 'end') over = true;
        }
        this.update(fen, ply, over);
        return;
      }
      case 'ack':
        if (this.moveIds.delete(m.id as number) && measuring) moves++;
        return;
      case 'error':
        this.moveIds.delete(m.id as number);
        return void count(m.code as string);
    }
  }

  private paired(id: string, color: 0 | 1): void {
    const now = performance.now();
    if (this.freeSince !== null && this.freeCounted) {
      repaired.push(now - this.freeSince);
      if (now - this.freeSince > 2000)
        late.push({ user: this.userId, game: this.endedGame, freedAt: this.freedAt, pairedAt: Date.now(), waited: now - this.freeSince });
    } else if (this.freeSince === null && this.joinedAt > 0 && !this.game) {
      if (this.joinedAt < arena.startsAt) startPairing.push(Date.now() - arena.startsAt);
      else joinPairing.push(Date.now() - this.joinedAt);
    }
    this.freeSince = null;
    if (this.game?.timer) clearTimeout(this.game.timer);
    const [lo, hi] = cfg.plies;
    this.game = { id, color, fen: VARIANTS[cfg.variant].startFen, ply: 0, over: false, target: lo + Math.floor(Math.random() * (hi - lo + 1)), timer: null };
    if (measuring) games++;
    this.c.send({ t: 'sub', game: id });
  }

  private update(fen: string, ply: number, over: boolean): void {
    const g = this.game!;
    if (g.over) return;
    if (ply >= g.ply) {
      g.fen = fen;
      g.ply = ply;
    }
    if (over) {
      g.over = true;
      if (g.timer) clearTimeout(g.timer);
      this.freeSince = performance.now();
      this.freeCounted = measuring;
      this.freedAt = Date.now();
      this.endedGame = g.id;
      this.c.send({ t: 'unsub', game: g.id });
      return;
    }
    const pos = parseFen(VARIANTS[cfg.variant], g.fen);
    if (!pos.ok || pos.value.turn !== g.color || g.timer) return;
    // The first moves are quick (a first move is due soon); then a think time around BENCH_THINK_MS.
    const wait = g.ply < 2 ? 50 + Math.random() * 200 : cfg.thinkMs * (0.5 + Math.random());
    g.timer = setTimeout(() => {
      g.timer = null;
      if (g.over || this.game !== g) return;
      const now = parseFen(VARIANTS[cfg.variant], g.fen);
      if (!now.ok || now.value.turn !== g.color) return;
      if (g.ply >= g.target) {
        this.c.send({ t: 'resign', game: g.id });
        return;
      }
      const ucis = legalUcis(now.value);
      if (ucis.length === 0) return;
      this.moveIds.add(this.c.send({ t: 'move', game: g.id, uci: ucis[Math.floor(Math.random() * ucis.length)]!, ply: g.ply }));
    }, wait);
  }
}

class Spectator {
  readonly c: Client;
  readonly watcher = new Watcher();
  private reading = false;
  constructor() {
    this.c = new Client(cfg.base);
  }
  async open(): Promise<void> {
    await this.c.http('POST', '/api/session');
    await this.c.connect((m) => {
      if (m.t !== 'tournament') return;
      this.watcher.hear(m);
      void this.read();
    });
  }
  watch(): void {
    this.c.send({ t: 'tour-sub', tournament: arena.tournament });
  }
  /** The page's read after an announcement (the standings, the games). */
  private async read(): Promise<void> {
    if (this.reading) return;
    this.reading = true;
    const t = performance.now();
    const r = await this.c.http('GET', `/api/tournaments/${arena.tournament}`).catch(() => null);
    this.reading = false;
    if (!r?.json.ok) return void count('view-read-failed');
    if (measuring) {
      viewReads.push(performance.now() - t);
      viewBytes = r.bytes;
    }
  }
}

const players: Player[] = [];
const spectators: Spectator[] = [];

async function start(config: BotsConfig): Promise<void> {
  cfg = config;
  for (let i = 0; i < cfg.spectators; i++) spectators.push(new Spectator());
  await Promise.all(spectators.map((s) => s.open()));
  for (let i = 0; i < cfg.players; i += cfg.batch) {
    const batch = Array.from({ length: Math.min(cfg.batch, cfg.players - i) }, (_, k) => new Player(cfg.first + i + k));
    await Promise.all(batch.map((p) => p.open()));
    players.push(...batch);
  }
  process.send!({ type: 'connected' });
}

async function join(a: Arena): Promise<void> {
  arena = a;
  for (const s of spectators) s.watch();
  for (let i = 0; i < players.length; i += cfg.batch) {
    await Promise.all(players.slice(i, i + cfg.batch).map((p) => p.join()));
    process.send!({ type: 'joined', n: Math.min(players.length, i + cfg.batch) });
  }
  process.send!({ type: 'ready' });
}

function report(): BotsReport {
  measuring = false;
  const now = performance.now();
  return {
    type: 'report',
    repaired,
    stillWaiting: players.filter((p) => p.freeSince !== null && p.freeCounted).map((p) => now - p.freeSince!),
    late: [
      ...late,
      ...players
        .filter((p) => p.freeSince !== null && p.freeCounted && now - p.freeSince > 2000)
        .map((p) => ({ user: p.userId, game: p.endedGame, freedAt: p.freedAt, pairedAt: null, waited: now - p.freeSince! })),
    ],
    startPairing,
    startUnpaired: players.filter((p) => p.joinedAt > 0 && p.joinedAt < arena.startsAt && !p.game).map(() => Date.now() - arena.startsAt),
    joinPairing,
    watchers: [...players, ...spectators].map((w) => w.watcher.figures()),
    moves,
    games,
    viewReads,
    viewBytes,
    errors,
  };
}

process.on('message', (m: ToBots) => {
  const failed = (e: unknown) => process.send!({ type: 'failed', error: `${String(e)} ${String((e as { cause?: unknown }).cause ?? '')}` });
  if (m.type === 'start') void start(m.config).catch(failed);
  else if (m.type === 'join') void join(m.arena).catch(failed);
  else if (m.type === 'measure') measuring = true;
  else if (m.type === 'report') process.send!(report());
  else if (m.type === 'exit') process.exit(0);
});
