/**
 * The steady load of `npm run chaos`, and what it observes: tables of two
 * players (guests) playing random legal moves through HAProxy, a spectator
 * of each table on a node of its own, lobby sockets on every node, a chat
 * line now and then. Every socket reconnects by itself (players through
 * HAProxy, spectators to their node) and catches up with `sub {since}`;
 * every frame of every game each socket receives is recorded, in order.
 * A table's game ends after a number of plies (the side to move resigns,
 * or stops moving until its flag falls), then the table starts another.
 */
import WebSocket from 'ws';
import { VARIANTS, legalUcis, parseFen, parseUci, type Position } from '@youzai/rules';

/** One frame of one game as a socket received it. */
export interface Seen {
  readonly v: number;
  /** Events other than connections (an empty list: a frame of connections only). */
  readonly kinds: readonly string[];
  /** A full state (`game`), with its status. */
  readonly full?: string;
  readonly at: number;
}

/** A socket's record of one game. */
export interface Watch {
  readonly who: string;
  readonly game: string;
  /** The last version held (as a client following docs/API.md holds it). */
  v: number;
  /** Frames whose version jumped past v + 1 (a hole the client would have to resync for). */
  gaps: { from: number; to: number; at: number }[];
  /** Full states heard (the first, and each catch-up that answered with the state). */
  states: number;
  /** Versions that carried an `end`, and whether a full state said finished. */
  ends: Set<number>;
  endedFull: boolean;
}

export interface MoveRecord {
  readonly ply: number;
  readonly uci: string;
  /** When it was first sent (wall clock, the nodes' too). */
  readonly firstSent: number;
  acked: boolean;
  /** Each answer that was not an acknowledgement: when it came and its code (the report shows them for a move charged too much). */
  readonly refusals?: { at: number; code: string }[];
}

export interface Table {
  readonly n: number;
  game: string;
  players: [Sock, Sock];
  spectator: Sock;
  pos: Position;
  ply: number;
  moves: MoveRecord[];
  /** Every game this table played, with its moves and how it meant to end. */
  readonly history: { game: string; moves: MoveRecord[]; watches: Watch[]; cookies: string[] }[];
  stopping: boolean;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A socket with a session; reconnects to `base` (a function: a spectator's node may be down) and re-subscribes its games from the last version held. */
export class Sock {
  cookie = '';
  private ws: WebSocket | null = null;
  private next = 1;
  private readonly waiting = new Map<number, (m: { t: string; code?: string }) => void>();
  readonly watches = new Map<string, Watch>();
  private closed = false;
  lobby = false;
  /** Lobby frames heard. */
  lobbyFrames = 0;

  constructor(
    private readonly base: () => string,
    readonly who: string,
  ) {}

  async http(method: string, path: string, body?: unknown, base = this.base()): Promise<{ status: number; json: any }> {
    const res = await fetch(base + path, {
      method,
      headers: { ...(this.cookie ? { cookie: this.cookie } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(10_000),
    });
    const set = res.headers.get('set-cookie');
    if (set) this.cookie = set.split(';')[0]!;
    return { status: res.status, json: await res.json().catch(() => null) };
  }

  /** Keeps a socket open until close(). */
  async open(): Promise<void> {
    while (!this.closed) {
      try {
        await this.connectOnce();
        return;
      } catch {
        await sleep(300);
      }
    }
  }

  private connectOnce(): Promise<void> {
    const ws = new WebSocket(`${this.base().replace('http', 'ws')}/ws`, { headers: this.cookie ? { cookie: this.cookie } : {}, handshakeTimeout: 3000 });
    ws.on('message', (d) => this.receive(String(d)));
    ws.on('error', () => undefined);
    return new Promise((resolve, reject) => {
      ws.once('open', () => {
        this.ws = ws;
        ws.on('close', () => {
          if (this.ws === ws) this.ws = null;
          for (const [id, w] of this.waiting) {
            this.waiting.delete(id);
            w({ t: 'error', code: 'chaos.closed' });
          }
          if (!this.closed) void this.reopen();
        });
        // Catch up on every game from the last version held, and hear the lobby again.
        for (const w of this.watches.values()) this.send({ t: 'sub', game: w.game, ...(w.v >= 0 ? { since: w.v } : {}), id: this.next++ });
        if (this.lobby) this.send({ t: 'lobby-sub', id: this.next++ });
        resolve();
      });
      ws.once('error', reject);
      ws.once('unexpected-response', () => reject(new Error('refused')));
    });
  }

  private async reopen(): Promise<void> {
    await sleep(300);
    await this.open();
  }

  watch(game: string): void {
    const w: Watch = { who: this.who, game, v: -1, gaps: [], states: 0, ends: new Set(), endedFull: false };
    this.watches.set(game, w);
    this.send({ t: 'sub', game, id: this.next++ });
  }

  unwatch(game: string): void {
    this.watches.delete(game);
    this.send({ t: 'unsub', game, id: this.next++ });
  }

  private send(m: Record<string, unknown>): boolean {
    if (this.ws?.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(m));
    return true;
  }

  request(m: Record<string, unknown>, timeoutMs = 8000): Promise<{ t: string; code?: string }> {
    const id = this.next++;
    return new Promise((resolve) => {
      const t = setTimeout(() => {
        this.waiting.delete(id);
        resolve({ t: 'error', code: 'chaos.timeout' });
      }, timeoutMs);
      this.waiting.set(id, (a) => {
        clearTimeout(t);
        resolve(a);
      });
      if (!this.send({ ...m, id })) {
        clearTimeout(t);
        this.waiting.delete(id);
        resolve({ t: 'error', code: 'chaos.closed' });
      }
    });
  }

  private receive(text: string): void {
    let m: any;
    try {
      m = JSON.parse(text);
    } catch {
      return;
    }
    if ((m.t === 'ack' || m.t === 'error') && typeof m.id === 'number') {
      const w = this.waiting.get(m.id);
      if (w) {
        this.waiting.delete(m.id);
        w(m);
      }
      return;
    }
    if (m.t === 'lobby' || m.t === 'seeks' || m.t === 'counters') this.lobbyFrames++;
    const w = typeof m.game === 'string' ? this.watches.get(m.game) : undefined;
    if (!w) return;
    if (m.t === 'game') {
      w.states++;
      // A full state: the client holds that version from now on.
      if (typeof m.v === 'number' && m.v >= w.v) w.v = m.v;
      if (m.view?.status === 'finished' || m.view?.status === 'aborted') w.endedFull = true;
      return;
    }
    if (m.t !== 'events' || typeof m.v !== 'number') return;
    const kinds = (m.events as { type: string }[]).map((e) => e.type).filter((k) => k !== 'connection');
    // Connection events keep the version (docs/API.md).
    if (kinds.length === 0) return;
    if (m.v <= w.v) return;
    if (w.v >= 0 && m.v !== w.v + 1) {
      w.gaps.push({ from: w.v, to: m.v, at: Date.now() });
      // As the web client does: ask for the state again.
      this.send({ t: 'sub', game: w.game, since: w.v, id: this.next++ });
      return;
    }
    w.v = m.v;
    if (kinds.includes('end')) w.ends.add(m.v);
  }

  close(): void {
    this.closed = true;
    this.ws?.close();
  }
}

export interface LoadOptions {
  /** HAProxy. */
  readonly front: string;
  /** Each node's address (the spectators and lobby sockets go straight to one). */
  readonly nodes: readonly string[];
  readonly tables: number;
  /** Seeded numbers (the moves, the lengths of games, the think times). */
  readonly random: () => number;
  readonly log?: (line: string) => void;
}

export interface Load {
  readonly tables: Table[];
  readonly lobby: Sock[];
  counts: { acked: number; refused: number; chat: number; chatRefused: number; games: number };
  /** Stops starting games and moves; resolves when every table's loop has ended. */
  stop(): Promise<void>;
  close(): void;
}

const CLOCK = { kind: 'fischer', minutes: 0.25, increment: 1 } as const;

async function retry<T>(what: () => Promise<T | null>, tries = 40): Promise<T | null> {
  for (let i = 0; i < tries; i++) {
    try {
      const r = await what();
      if (r !== null) return r;
    } catch {
      // a fault under way
    }
    await sleep(500);
  }
  return null;
}

export async function startLoad(o: LoadOptions): Promise<Load> {
  const run: Run = { counts: { acked: 0, refused: 0, chat: 0, chatRefused: 0, games: 0 }, random: o.random, running: true };
  const lobby: Sock[] = [];
  for (const [i, base] of o.nodes.entries()) {
    const s = new Sock(() => base, `lobby@${i + 1}`);
    s.lobby = true;
    await s.open();
    lobby.push(s);
  }
  const tables: Table[] = [];
  for (let i = 0; i < o.tables; i++) tables.push(await openTable(i, o));
  const loops = tables.map((t) => play(t, run).catch((e: unknown) => o.log?.(`table ${t.n}: ${(e as Error).message}`)));
  return {
    tables,
    lobby,
    counts: run.counts,
    async stop() {
      run.running = false;
      await Promise.all(loops);
    },
    close() {
      for (const t of tables) for (const s of [...t.players, t.spectator]) s.close();
      for (const s of lobby) s.close();
    },
  };
}

/** What the tables' loops share: the tallies, the seeded numbers, and whether the run goes on. */
interface Run {
  readonly counts: Load['counts'];
  readonly random: () => number;
  running: boolean;
}

/** Table i: two players through HAProxy and a spectator on node i (round robin), each with a session and an open socket. */
async function openTable(i: number, o: LoadOptions): Promise<Table> {
  const spectatorNode = o.nodes[i % o.nodes.length]!;
  const t: Table = {
    n: i,
    game: '',
    players: [new Sock(() => o.front, `t${i}.first`), new Sock(() => o.front, `t${i}.second`)],
    spectator: new Sock(() => spectatorNode, `t${i}.spectator@${(i % o.nodes.length) + 1}`),
    pos: null as unknown as Position,
    ply: 0,
    moves: [],
    history: [],
    stopping: false,
  };
  for (const s of [...t.players, t.spectator]) {
    await retry(async () => ((await s.http('POST', '/api/session')).status === 200 ? true : null));
    await s.open();
  }
  return t;
}

/** A table's loop: game after game, each of a seeded length and end, until the run stops. */
async function play(t: Table, run: Run): Promise<void> {
  const r = run.random;
  while (run.running) {
    if (!(await newGame(t, run.counts))) {
      await sleep(1000);
      continue;
    }
    const length = 16 + Math.floor(r() * 30);
    const resign = r() < 0.6;
    await playGame(t, run, length, resign);
    // The game is over (or the run is): the next one at this table.
    if (!run.running) return;
  }
}

/** A new game at a table: made and joined through HAProxy, both players' sockets there, the spectator on its node. */
async function newGame(t: Table, counts: Load['counts']): Promise<boolean> {
  const [a, b] = t.players;
  const made = await retry(async () => {
    const c = await a.http('POST', '/api/games', { variant: 'xiangqi', color: 'first', clock: CLOCK, opponent: { type: 'invite' } });
    return c.json?.ok ? c.json : null;
  });
  if (!made) return false;
  const joined = await retry(async () => {
    const j = await b.http('POST', `/api/games/${made.id}/join`, { token: String(made.invite).split('/').pop() });
    if (j.json?.ok) return true;
    // Joined already (the answer was lost)?
    const g = await b.http('GET', `/api/games/${made.id}`);
    return g.json?.status === 'active' ? true : null;
  });
  if (!joined) return false;
  t.game = made.id;
  const pos = parseFen(VARIANTS.xiangqi, VARIANTS.xiangqi.startFen);
  if (!pos.ok) throw new Error('fen');
  t.pos = pos.value;
  t.ply = 0;
  t.moves = [];
  for (const s of [a, b, t.spectator]) {
    // A socket watches at most 32 games: the ended ones it saw end are let go (their records stay in the history).
    for (const w of [...s.watches.values()]) if (w.ends.size > 0 || w.endedFull) s.unwatch(w.game);
    s.watch(made.id);
  }
  t.history.push({ game: made.id, moves: t.moves, watches: [a, b, t.spectator].map((s) => s.watches.get(made.id)!), cookies: [a.cookie, b.cookie] });
  counts.games++;
  return true;
}

/** One game, until it ends (or the run does): random legal moves, then the end it was given at `length` plies; a chat line now and then. */
async function playGame(t: Table, run: Run, length: number, resign: boolean): Promise<void> {
  const r = run.random;
  let over = false;
  while (run.running && !over) {
    const legal = legalUcis(t.pos);
    if (legal.length === 0) break;
    if (t.ply >= length) {
      if (await endGame(t, run, resign)) break;
      continue;
    }
    await sleep(300 + Math.floor(r() * 700));
    const uci = legal[Math.floor(r() * legal.length)]!;
    const sent = await sendMove(t, run, uci);
    if (sent === 'stopped') return;
    over = sent === 'over';
    // Now and then a line in the players' chat.
    if (r() < 0.05) {
      const c = await t.players[t.ply % 2]!.request({ t: 'chat', game: t.game, channel: 'players', text: `ply ${t.ply}` });
      if (c.t === 'ack') run.counts.chat++;
      else run.counts.chatRefused++;
    }
  }
}

/** The side to move resigns, or stops moving until its flag falls (15 s and what the increments added); true once the game is over. */
async function endGame(t: Table, run: Run, resign: boolean): Promise<boolean> {
  if (resign) {
    const res = await t.players[t.ply % 2]!.request({ t: 'resign', game: t.game });
    if (res.t === 'ack') return true;
    if ((await reconcile(t)) !== 'active') return true;
    await sleep(500);
    return false;
  }
  const s = await retry(async () => {
    const x = await stored(t);
    return x && x.status !== 'active' ? x : null;
  }, 120);
  return s !== null || !run.running;
}

/**
 * Sends a move until it is played: acknowledged, or found applied in the store though its answer was lost.
 * 'over': the store says the game ended meanwhile; 'stopped': the run stopped while it was refused.
 */
async function sendMove(t: Table, run: Run, uci: string): Promise<'played' | 'over' | 'stopped'> {
  const rec: MoveRecord = { ply: t.ply, uci, firstSent: Date.now(), acked: false, refusals: [] };
  t.moves.push(rec);
  for (;;) {
    const a = await t.players[t.ply % 2]!.request({ t: 'move', game: t.game, uci, ply: t.ply });
    if (a.t === 'ack') {
      rec.acked = true;
      run.counts.acked++;
      const mv = parseUci(t.pos, uci);
      if (mv.ok) t.pos.play(mv.value);
      t.ply++;
      return 'played';
    }
    run.counts.refused++;
    rec.refusals?.push({ at: Date.now(), code: a.code ?? a.t });
    await sleep(a.code === 'server.unavailable' || a.code === 'server.storage' || a.code?.startsWith('chaos.') ? 500 : 100);
    const before = t.ply;
    const status = await reconcile(t);
    if (status !== 'active' && status !== null) return 'over';
    // Applied after all (its answer was lost), or the store cannot say yet: try again with the same move.
    if (t.ply > before) return 'played';
    if (!run.running) return 'stopped';
  }
}

/** The stored moves, through HAProxy (null while it cannot say). */
async function stored(t: Table): Promise<{ moves: string[]; status: string } | null> {
  return retry(async () => {
    const g = await t.players[0].http('GET', `/api/games/${t.game}.json`);
    return g.status === 200 && Array.isArray(g.json?.moves) ? { moves: g.json.moves.map((m: { uci: string }) => m.uci), status: String(g.json.status) } : null;
  }, 20);
}

/** Brings the table's copy in line with the store after an answer that did not come. */
async function reconcile(t: Table): Promise<string | null> {
  const s = await stored(t);
  if (!s) return null;
  while (t.ply < s.moves.length) {
    const uci = s.moves[t.ply]!;
    const rec = t.moves.find((m) => m.ply === t.ply);
    // Applied though unanswered: ours if we sent it (the check of moves applied twice compares them).
    if (!rec) t.moves.push({ ply: t.ply, uci, firstSent: 0, acked: false });
    const mv = parseUci(t.pos, uci);
    if (mv.ok) t.pos.play(mv.value);
    t.ply++;
  }
  return s.status;
}
