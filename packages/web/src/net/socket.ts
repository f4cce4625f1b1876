/**
 * One WebSocket to the server, reconnecting with backoff. Game subscriptions
 * are remembered with the last version seen, so after a reconnect (to any
 * node) the client asks for exactly what it missed (`sub {since}`).
 * The server's clock offset is estimated from ping/pong for smooth clocks.
 * A link that goes silent without closing is noticed by the watchdog
 * (watchdog.ts) and handled as a close: pending requests are told
 * `net.offline`, the state says reconnecting, and a new socket is opened.
 */
import type { ClientMessage, ServerMessage } from '@youzai/protocol';
import { LinkWatchdog, browserTime, type WatchdogTime } from './watchdog.ts';

export type SocketState = 'connecting' | 'open' | 'reconnecting';
type Listener = (msg: ServerMessage) => void;
/** A client frame without its request id (the socket numbers requests). */
export type Outgoing = ClientMessage extends infer M ? (M extends { id?: number } ? Omit<M, 'id'> : never) : never;

/**
 * The `sub` that catches up after a reconnect. One version may hold several
 * events (a mating move and the end) and the connection may have dropped
 * between them, so ask again for the last version held; the game drops what it has.
 */
export function resubscription(game: string, held: number): { t: 'sub'; game: string; since?: number } {
  return held > 0 ? { t: 'sub', game, since: held - 1 } : { t: 'sub', game };
}

export interface Reply {
  readonly ok: boolean;
  readonly code?: string;
  readonly message?: string;
  readonly msg: ServerMessage;
}

/** How long a connection may take to open before it is given up and tried again. */
const OPEN_WITHIN = 10_000;

export class Socket {
  private ws: WebSocket | null = null;
  private nextId = 1;
  private readonly listeners = new Set<Listener>();
  private readonly stateListeners = new Set<(s: SocketState) => void>();
  private readonly pending = new Map<number, (r: Reply) => void>();
  /** Game id → last version held (0: none yet). */
  private readonly games = new Map<string, number>();
  private lobby = false;
  private readonly rooms = new Set<string>();
  /** Tournaments watched, with a private one's link token. */
  private readonly tournaments = new Map<string, string | null>();
  private attempt = 0;
  private readonly watchdog: LinkWatchdog;
  private pingSent = new Map<number, number>();
  state: SocketState = 'connecting';
  /** serverTime ≈ Date.now() + offset. */
  offset = 0;
  private bestRtt = Infinity;

  /** Makes a session when an action needs one (the server answered auth.required); the request is then sent again. */
  onAuthRequired: (() => Promise<boolean>) | null = null;
  private readonly openWaiters: (() => void)[] = [];

  constructor(
    private readonly url: string,
    private readonly time: WatchdogTime = browserTime,
  ) {
    this.watchdog = new LinkWatchdog({ time, ping: () => this.ping(), lost: () => this.lost() });
  }

  /** Opens a new connection at once (the session changed): resolves when it is open. */
  reconnect(): Promise<void> {
    const old = this.ws;
    if (old) {
      old.onclose = null;
      old.onmessage = null;
      old.close();
      this.closed();
    }
    const opened = new Promise<void>((resolve) => this.openWaiters.push(resolve));
    this.connect();
    return opened;
  }

  connect(): void {
    const ws = new WebSocket(this.url);
    this.ws = ws;
    // On a dead link the handshake can hang for minutes, and a retried TCP connect waits ever longer: start afresh.
    const opening = this.time.setTimeout(() => this.ws === ws && ws.readyState === WebSocket.CONNECTING && this.lost(), OPEN_WITHIN);
    ws.onopen = () => {
      this.time.clearTimeout(opening);
      for (const w of this.openWaiters.splice(0)) w();
      this.attempt = 0;
      this.setState('open');
      for (const [game, v] of this.games) this.rawSend(resubscription(game, v));
      if (this.lobby) this.rawSend({ t: 'lobby-sub' });
      for (const room of this.rooms) this.rawSend({ t: 'room-join', room });
      for (const [tournament, invite] of this.tournaments) this.rawSend({ t: 'tour-sub', tournament, ...(invite ? { invite } : {}) });
      this.watchdog.start();
    };
    ws.onmessage = (e) => {
      this.watchdog.heard();
      let msg: ServerMessage;
      try {
        msg = JSON.parse(String(e.data)) as ServerMessage;
      } catch {
        return;
      }
      this.receive(msg);
    };
    ws.onclose = () => this.dropped();
  }

  /** The connection is gone: tell what waited, say so, and connect again with backoff. */
  private dropped(): void {
    this.closed();
    this.setState('reconnecting');
    const delay = Math.min(8000, 250 * 2 ** this.attempt++) * (0.75 + Math.random() * 0.5);
    this.time.setTimeout(() => this.connect(), delay);
  }

  /** The watchdog heard nothing: the browser may not notice the dead link for a minute, so leave it now. */
  private lost(): void {
    const ws = this.ws;
    if (!ws) return;
    ws.onclose = null;
    ws.onmessage = null;
    ws.onopen = null;
    ws.close();
    this.ws = null;
    this.dropped();
  }

  private closed(): void {
    this.watchdog.stop();
    // Pings of the closed socket will never be answered.
    this.pingSent.clear();
    for (const [, resolve] of this.pending)
      resolve({ ok: false, code: 'net.offline', message: 'connection lost', msg: { t: 'error', code: 'net.offline', message: 'connection lost' } });
    this.pending.clear();
  }

  private receive(msg: ServerMessage): void {
    if (msg.t === 'welcome') this.sync(msg.now, null);
    if (msg.t === 'pong' && msg.id !== undefined) this.sync(msg.now, msg.id);
    if ((msg.t === 'game' || msg.t === 'events') && this.games.has(msg.game)) {
      const held = this.games.get(msg.game) ?? 0;
      if (msg.t === 'game' || msg.v > held) this.games.set(msg.game, msg.v);
    }
    if ((msg.t === 'ack' || msg.t === 'error') && msg.id !== undefined) {
      const resolve = this.pending.get(msg.id);
      if (resolve) {
        this.pending.delete(msg.id);
        resolve(msg.t === 'ack' ? { ok: true, msg } : { ok: false, code: msg.code, message: msg.message, msg });
      }
    }
    for (const l of this.listeners) l(msg);
  }

  private sync(serverNow: number, id: number | null): void {
    const now = Date.now();
    if (id === null) {
      if (this.bestRtt === Infinity) this.offset = serverNow - now;
      return;
    }
    const sent = this.pingSent.get(id);
    this.pingSent.delete(id);
    if (sent === undefined) return;
    const rtt = now - sent;
    // The quickest round trip gives the best estimate; let it age slowly.
    this.bestRtt = Math.min(this.bestRtt * 1.1, 10_000);
    if (rtt <= this.bestRtt) {
      this.bestRtt = rtt;
      this.offset = serverNow - (sent + rtt / 2);
    }
  }

  private ping(): void {
    const id = this.nextId++;
    this.pingSent.set(id, Date.now());
    this.rawSend({ t: 'ping', id });
  }

  serverNow(): number {
    return Date.now() + this.offset;
  }

  private setState(s: SocketState): void {
    this.state = s;
    for (const l of this.stateListeners) l(s);
  }

  private rawSend(msg: Record<string, unknown>): boolean {
    if (this.ws?.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(msg));
    return true;
  }

  /** Sends a request; resolves with the server's ack or error (or `net.offline`). A first action makes the visitor a guest. */
  async request(msg: Outgoing): Promise<Reply> {
    const r = await this.send(msg);
    if (r.ok || r.code !== 'auth.required' || !this.onAuthRequired) return r;
    return (await this.onAuthRequired()) ? this.send(msg) : r;
  }

  private send(msg: Outgoing): Promise<Reply> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      if (!this.rawSend({ ...msg, id })) {
        resolve({ ok: false, code: 'net.offline', message: 'not connected', msg: { t: 'error', code: 'net.offline', message: 'not connected' } });
        return;
      }
      this.pending.set(id, resolve);
    });
  }

  on(l: Listener): () => void {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }

  onState(l: (s: SocketState) => void): () => void {
    this.stateListeners.add(l);
    return () => this.stateListeners.delete(l);
  }

  subscribe(game: string): void {
    if (this.games.has(game)) return;
    this.games.set(game, 0);
    this.rawSend({ t: 'sub', game });
  }

  unsubscribe(game: string): void {
    if (!this.games.delete(game)) return;
    this.rawSend({ t: 'unsub', game });
  }

  /** Forgets the version held, so the next sub asks for a full state. */
  resync(game: string): void {
    if (!this.games.has(game)) return;
    this.games.set(game, 0);
    this.rawSend({ t: 'sub', game });
  }

  watchLobby(on: boolean): void {
    this.lobby = on;
    this.rawSend({ t: on ? 'lobby-sub' : 'lobby-unsub' });
  }

  joinRoom(room: string): void {
    this.rooms.add(room);
    this.rawSend({ t: 'room-join', room });
  }

  leaveRoom(room: string): void {
    this.rooms.delete(room);
    this.rawSend({ t: 'room-leave', room });
  }

  /** Hears a tournament's changes and chat (again after a reconnect). */
  watchTournament(tournament: string, on: boolean, invite: string | null = null): void {
    if (on) this.tournaments.set(tournament, invite);
    else this.tournaments.delete(tournament);
    this.rawSend(on ? { t: 'tour-sub', tournament, ...(invite ? { invite } : {}) } : { t: 'tour-unsub', tournament });
  }
}
