/**
 * The WebSocket endpoint (/ws). Each frame is decoded once into the closed
 * set of client messages; anything else gets an error code. A flooding
 * connection is rate-limited, then closed. A player acts only for the seat
 * its session holds; everyone may watch.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { MAX_FRAME_BYTES, PROTOCOL_VERSION, decodeClientMessage, type ClientMessage, type Identity, type ServerMessage } from '@youzai/protocol';
import { COOKIE, identityOf, type Sessions } from '../auth/sessions.ts';
import { Bucket, parseCookies } from '../http/util.ts';
import type { GameService, PlayerAction } from '../service/game-service.ts';
import type { Clock } from '../service/time.ts';

export interface SocketDeps {
  readonly sessions: Sessions;
  readonly games: GameService;
  readonly clock: Clock;
}

export interface SocketHub {
  readonly count: () => number;
  close(): void;
}

/** Messages per second allowed, and the burst. */
const RATE = 20;
const BURST = 40;
/** Rejected messages (rate or decode) before the connection is closed. */
const STRIKES = 30;
const HEARTBEAT_MS = 30_000;

const DRAW: Record<string, PlayerAction['type']> = { offer: 'draw-offer', accept: 'draw-accept', decline: 'draw-decline', claim: 'draw-claim' };

class Connection {
  private readonly subs = new Map<string, () => void>();
  private readonly bucket: Bucket;
  private strikes = 0;
  alive = true;

  constructor(
    private readonly ws: WebSocket,
    private readonly user: Identity | null,
    private readonly deps: SocketDeps,
  ) {
    this.bucket = new Bucket(RATE, BURST, deps.clock.now());
    ws.on('message', (data, isBinary) => void this.onFrame(data as Buffer, isBinary));
    ws.on('close', () => this.cleanup());
    ws.on('error', () => this.cleanup());
    ws.on('pong', () => (this.alive = true));
    if (user) this.send({ t: 'welcome', protocol: PROTOCOL_VERSION, user, now: deps.clock.now() });
  }

  send(m: ServerMessage): void {
    this.sendRaw(JSON.stringify(m));
  }

  sendRaw(text: string): void {
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(text);
  }

  private strike(): boolean {
    if (++this.strikes >= STRIKES) {
      this.ws.close(1008, 'too many bad or excess messages');
      return true;
    }
    return false;
  }

  private async onFrame(data: Buffer, isBinary: boolean): Promise<void> {
    if (!this.bucket.take(this.deps.clock.now())) {
      if (!this.strike()) this.send({ t: 'error', code: 'rate-limited', message: `At most ${RATE} messages per second` });
      return;
    }
    if (isBinary) {
      if (!this.strike()) this.send({ t: 'error', code: 'protocol.malformed', message: 'Send text frames holding JSON' });
      return;
    }
    const decoded = decodeClientMessage(data.toString('utf8'));
    if (!decoded.ok) {
      if (!this.strike()) this.send({ t: 'error', code: decoded.code, message: decoded.message, ...(decoded.id !== undefined ? { id: decoded.id } : {}) });
      return;
    }
    try {
      await this.dispatch(decoded.value);
    } catch (e) {
      console.error('socket action failed', e);
      this.send({ t: 'error', ...idOf(decoded.value), code: 'server.error', message: 'Something went wrong on our side' });
    }
  }

  private async dispatch(m: ClientMessage): Promise<void> {
    const id = idOf(m);
    switch (m.t) {
      case 'ping':
        return this.send({ t: 'pong', ...id, now: this.deps.clock.now() });
      case 'sub':
        return this.subscribe(m.game, m.since, id);
      case 'unsub': {
        this.unsubscribe(m.game);
        return this.send({ t: 'ack', ...id });
      }
      default: {
        if (!this.user) return this.send({ t: 'error', ...id, game: m.game, code: 'auth.required', message: 'Open the site first to get a session' });
        const action: PlayerAction =
          m.t === 'move'
            ? { type: 'move', uci: m.uci, ply: m.ply, ...(m.lag !== undefined ? { lagMs: m.lag } : {}) }
            : m.t === 'draw'
              ? { type: DRAW[m.op]! as 'draw-offer' }
              : { type: m.t };
        const r = await this.deps.games.act(m.game, this.user.id, action);
        if (r.ok) return this.send({ t: 'ack', ...id });
        this.send({ t: 'error', ...id, game: m.game, code: r.error.code, message: r.error.message });
        // A stale or illegal move is answered with the current state too.
        if (r.error.code !== 'game.not-found' && r.error.code !== 'game.forbidden') await this.sendState(m.game);
      }
    }
  }

  private async sendState(game: string): Promise<number | null> {
    const s = await this.deps.games.view(game, this.user?.id);
    if (!s) return null;
    this.send({ t: 'game', game, v: s.v, view: s.view, you: s.you });
    return s.v;
  }

  private async subscribe(game: string, since: number | undefined, id: { id?: number }): Promise<void> {
    if (this.subs.has(game)) this.unsubscribe(game);
    if (this.subs.size >= 32) return this.send({ t: 'error', ...id, game, code: 'protocol.too-many-subscriptions', message: 'Watch at most 32 games at once' });
    // Subscribe first and hold frames until the snapshot is out, so no event falls between.
    const held: string[] = [];
    let ready = false;
    let sentV = -1;
    const off = this.deps.games.subscribe(game, (frame) => {
      if (ready) this.sendRaw(frame);
      else held.push(frame);
    });
    this.subs.set(game, off);
    let caughtUp = false;
    if (since !== undefined) {
      const missed = await this.deps.games.since(game, since);
      if (missed) {
        for (const e of missed) this.send({ t: 'event', game, v: e.v, event: e.event, now: e.at });
        sentV = missed.length ? missed[missed.length - 1]!.v : since;
        caughtUp = true;
      }
    }
    if (!caughtUp) {
      const v = await this.sendState(game);
      if (v === null) {
        this.unsubscribe(game);
        return this.send({ t: 'error', ...id, game, code: 'game.not-found', message: 'No such game' });
      }
      sentV = v;
    }
    for (const f of held) if (versionOf(f) > sentV) this.sendRaw(f);
    ready = true;
    this.send({ t: 'ack', ...id });
    if (this.user) void this.deps.games.presence(game, this.user.id, 1);
  }

  private unsubscribe(game: string): void {
    const off = this.subs.get(game);
    if (!off) return;
    off();
    this.subs.delete(game);
    if (this.user) void this.deps.games.presence(game, this.user.id, -1);
  }

  cleanup(): void {
    for (const g of [...this.subs.keys()]) this.unsubscribe(g);
  }

  ping(): void {
    if (!this.alive) {
      this.ws.terminate();
      return;
    }
    this.alive = false;
    this.ws.ping();
  }
}

const idOf = (m: ClientMessage): { id?: number } => (m.id !== undefined ? { id: m.id } : {});

function versionOf(frame: string): number {
  const m = /"v":(\d+)/.exec(frame);
  return m ? Number(m[1]) : Infinity;
}

export function attachSockets(server: Server, deps: SocketDeps): SocketHub {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  const conns = new Set<Connection>();
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/ws') {
      socket.end('HTTP/1.1 404 Not Found\r\n\r\n');
      return;
    }
    void (async () => {
      const user = await deps.sessions.resolve(parseCookies(req.headers.cookie).get(COOKIE)).catch(() => null);
      wss.handleUpgrade(req, socket, head, (ws) => {
        const c = new Connection(ws, user ? identityOf(user) : null, deps);
        conns.add(c);
        ws.on('close', () => conns.delete(c));
      });
    })();
  });
  // Heartbeat in slices: each second pings the connections of one slice, so
  // 10,000 sockets never get 10,000 pings in one event-loop turn.
  const SLICES = HEARTBEAT_MS / 1000;
  let tick = 0;
  const beat = setInterval(() => {
    const slice = tick++ % SLICES;
    let i = 0;
    for (const c of conns) if (i++ % SLICES === slice) c.ping();
  }, 1000);
  beat.unref();
  return {
    count: () => conns.size,
    close() {
      clearInterval(beat);
      for (const ws of wss.clients) ws.terminate();
      wss.close();
    },
  };
}
