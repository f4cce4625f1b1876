/**
 * The WebSocket endpoint (/ws). Each frame is decoded once into the closed
 * set of client messages; anything else gets an error code. A flooding
 * connection is rate-limited, then closed. A player acts only for the seat
 * its session holds; everyone may watch. A client that pings (the current
 * web client, every 5 s) and then goes silent is closed within seconds
 * (silence.ts); the heartbeat below ends any other peer that stops
 * answering WebSocket pings.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { MAX_FRAME_BYTES, PROTOCOL_VERSION, decodeClientMessage, type ClientMessage, type Identity, type ServerMessage } from '@youzai/protocol';
import { WebSocketServer } from 'ws';
import { COOKIE, identityOf, isSessionEnded } from '../auth/sessions.ts';
import { LOBBY_TOPIC, userTopic } from '../bus/topics.ts';
import { isAuthored } from '../chat/chat.ts';
import { checkOrigin } from '../http/origin.ts';
import { Bucket, HttpError, parseCookies } from '../http/util.ts';
import { clientAddress } from '../limits/address.ts';
import { isKick } from '../moderation/moderation.ts';
import { systemTimers } from '../service/time.ts';
import { storageFailure } from '../store/failure.ts';
import type { UserRow } from '../store/types.ts';
import { COALESCE_EVERY_MS, CoalescedTopics, stampNow } from './coalesced.ts';
import { dispatchTable, idOf, type SocketConnection, type SocketDeps, type SocketFeature, type SocketPart } from './connection.ts';
import { TurnCorks, type Corkable } from './corks.ts';
import { Fanout, type FanoutMember } from './fanout.ts';
import { LagMeter } from './lag.ts';
import { SilenceWatch } from './silence.ts';
import { SocketPlaces } from './socket-places.ts';
import type { SocketTier } from './tier/tier.ts';

export type { SocketDeps } from './connection.ts';

export interface SocketHub {
  readonly count: () => number;
  /** Lobby frames still going out to the lobby's sockets. */
  readonly lobbyBacklog: () => number;
  close(): void;
}

/**
 * What a connection uses of its WebSocket: `ws`'s own, in this process, or one a socket process holds
 * (tier/tier.ts `RemotePeer`). A text frame may come as a string (from a socket process) or as bytes.
 */
export interface PeerSocket {
  readonly readyState: number;
  readonly OPEN: number;
  send(data: string | Uint8Array, opts?: { binary?: boolean }): void;
  ping(): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
  on(event: 'message', fn: (data: Buffer | string, isBinary: boolean) => void): unknown;
  on(event: 'close', fn: (code: number) => void): unknown;
  on(event: 'error' | 'pong', fn: () => void): unknown;
}

/** A peer in a socket process has no socket here to cork: its process sends each turn's frames together. */
const NOT_CORKED: Corkable = { cork() {}, uncork() {} };

/** Messages per second allowed, and the burst. */
const RATE = 20;
const BURST = 40;
/** Rejected messages (rate or decode) before the connection is closed. */
const STRIKES = 30;
const HEARTBEAT_MS = 30_000;

/**
 * One socket: its frames decoded, rate-limited and dispatched by type to the
 * feature that registered it (connection.ts); the bus topics it hears, its
 * session, its lag, and each feature's state on it. It knows no feature.
 */
class Connection implements SocketConnection, FanoutMember {
  /** Bus topics this socket hears (lobby, rooms, game chats, its user's own). */
  private readonly topics = new Map<string, () => void>();
  /** Each feature's state on this socket, by the feature's key. */
  private readonly parts = new Map<object, SocketPart>();
  private readonly bucket: Bucket;
  private strikes = 0;
  closed = false;
  /** The connection's lag as measured here; what a move is forgiven comes from it, never from the client. */
  private readonly lag: LagMeter;
  alive = true;
  /** Started by the client's first `ping` (a current client pings every 5 s): a link silent past SILENCE_MS is closed. */
  private silence: SilenceWatch | null = null;

  constructor(
    private readonly ws: PeerSocket,
    readonly user: Identity | null,
    /** The session's id: when it ends (logout), this socket closes. */
    private readonly session: string | null,
    /** The client's address, as quotas count it. */
    readonly addr: string,
    private readonly deps: SocketDeps,
    private readonly lobby: Fanout,
    /** The node's coalesced topics (tournaments: at most one announcement a second). */
    private readonly coalesced: CoalescedTopics,
    /** The socket under `ws`, and the node's corks: this turn's frames to it leave in one write. */
    private readonly socket: Corkable,
    private readonly corks: TurnCorks,
    private readonly features: ReadonlyMap<string, SocketFeature>,
  ) {
    this.bucket = new Bucket(deps.frameRate?.perSecond ?? RATE, deps.frameRate?.burst ?? BURST, deps.clock.now());
    ws.on('message', (data, isBinary) => void this.onFrame(data, isBinary));
    ws.on('close', () => this.cleanup());
    ws.on('error', () => this.cleanup());
    this.lag = new LagMeter(() => deps.clock.now());
    ws.on('pong', () => {
      this.alive = true;
      this.silence?.heard();
      this.lag.pong();
    });
    this.measure();
    if (user) {
      this.listen(userTopic(user.id));
      deps.presence.connect(user.id);
      this.send({ t: 'welcome', protocol: PROTOCOL_VERSION, user, now: deps.clock.now() });
    }
  }

  /** Hears a bus topic: frames as they are, chat lines unless this user muted their author; `coalesced`: at most one frame a second. */
  listen(topic: string, coalesced = false): void {
    if (this.topics.has(topic)) return;
    const me = this.user?.id;
    const off = (coalesced ? this.coalesced : this.deps.bus).subscribe(topic, (m) => {
      if (typeof m === 'string') this.sendRaw(m);
      else if (isKick(m)) this.ws.close(4003, m.kick);
      // Logged out (on any node): nothing more is done in this session's name.
      else if (isSessionEnded(m)) {
        if (m.sessionEnded === this.session) this.ws.close(SESSION_ENDED, 'session ended');
      } else if (isAuthored(m)) {
        if (!(me !== undefined && this.deps.chat.isMuted(me, m.from))) this.sendRaw(m.frame);
      } else for (const f of this.features.values()) if (f.heard?.(this, m)) break;
    });
    this.topics.set(topic, off);
  }

  unlisten(topic: string): void {
    this.topics.get(topic)?.();
    this.topics.delete(topic);
  }

  hears(topic: string): boolean {
    return this.topics.has(topic);
  }

  part<T extends SocketPart>(key: object, make: () => T): T {
    let p = this.parts.get(key);
    if (!p) {
      p = make();
      this.parts.set(key, p);
    }
    return p as T;
  }

  lagMs(): number {
    return this.lag.lagMs();
  }

  /** The lobby reaches its thousands of sockets through the node's one fan-out, not a bus subscription each. */
  joinLobby(): void {
    this.lobby.add(this);
  }

  leaveLobby(): void {
    this.lobby.delete(this);
  }

  send(m: ServerMessage): void {
    if (m.t === 'error') this.deps.metrics?.error(m.code, 'ws');
    this.sendRaw(JSON.stringify(m));
  }

  sendRaw(text: string): void {
    if (this.ws.readyState !== this.ws.OPEN) return;
    this.corks.hold(this.socket);
    this.ws.send(text);
  }

  /** A frame encoded once for many sockets; sent as text. */
  sendBuffer(frame: Buffer): void {
    if (this.ws.readyState !== this.ws.OPEN) return;
    this.corks.hold(this.socket);
    this.ws.send(frame, { binary: false });
  }

  private strike(): boolean {
    if (++this.strikes >= (this.deps.frameRate?.strikes ?? STRIKES)) {
      this.ws.close(1008, 'too many bad or excess messages');
      return true;
    }
    return false;
  }

  private async onFrame(data: Buffer | string, isBinary: boolean): Promise<void> {
    // Any frame says the link is up, even one refused below.
    this.silence?.heard();
    // Every refusal answers the id of the frame it refuses: a client waiting on that id must not hang.
    if (!this.bucket.take(this.deps.clock.now())) {
      if (!this.strike()) this.send({ t: 'error', ...peekId(data), code: 'rate-limited', message: `At most ${RATE} messages per second` });
      return;
    }
    if (isBinary) {
      if (!this.strike()) this.send({ t: 'error', ...peekId(data), code: 'protocol.malformed', message: 'Send text frames holding JSON' });
      return;
    }
    const cost = this.deps.moveCost;
    const t = cost?.start() ?? 0;
    const decoded = decodeClientMessage(typeof data === 'string' ? data : data.toString('utf8'));
    cost?.end('decode', t);
    if (!decoded.ok) {
      if (!this.strike()) this.send({ t: 'error', code: decoded.code, message: decoded.message, ...(decoded.id !== undefined ? { id: decoded.id } : {}) });
      return;
    }
    try {
      await this.dispatch(decoded.value);
    } catch (e) {
      // A service out of reach (several nodes: Redis, or a game's node during a failover) says so with its own code.
      if (e instanceof HttpError) return this.send({ t: 'error', ...idOf(decoded.value), code: e.code, message: e.message });
      const failure = storageFailure(e);
      if (failure) return this.send({ t: 'error', ...idOf(decoded.value), code: failure.code, message: failure.message });
      this.deps.log?.error({ err: e, user: this.user?.id, t: decoded.value.t, game: gameOf(decoded.value) }, 'socket action failed');
      this.send({ t: 'error', ...idOf(decoded.value), code: 'server.error', message: 'Something went wrong on our side' });
    }
  }

  private async dispatch(m: ClientMessage): Promise<void> {
    const id = idOf(m);
    this.deps.metrics?.socketActions.inc({ type: m.t });
    if (m.t === 'ping') {
      if (!this.silence && !this.closed) this.watchSilence();
      return this.send({ t: 'pong', ...id, now: this.deps.clock.now() });
    }
    const feature = this.features.get(m.t);
    // The decoder knows every type a feature answers (features.test.ts); one without a feature here is a server built without it.
    if (!feature) return this.send({ t: 'error', ...id, code: 'protocol.unknown-type', message: `This server does not answer ${m.t}` });
    return feature.handle(this, m, id);
  }

  /** A client that pings is expected to go on: silent past SILENCE_MS (a WebSocket ping unanswered too), it is ended, as a close would end it. */
  private watchSilence(): void {
    this.silence = new SilenceWatch({
      clock: this.deps.clock,
      timers: this.deps.timers ?? systemTimers,
      probe: () => this.measure(),
      lost: () => {
        this.deps.log?.info({ user: this.user?.id }, 'socket silent: closed');
        // No closing handshake: the link is gone, and ws.close() would wait 30 s for an answer before 'close'.
        this.ws.terminate();
      },
    });
  }

  cleanup(): void {
    if (this.closed) return;
    this.closed = true;
    this.silence?.stop();
    for (const p of this.parts.values()) p.close();
    for (const off of this.topics.values()) off();
    this.topics.clear();
    this.lobby.delete(this);
    if (!this.user) return;
    this.deps.presence.disconnect(this.user.id);
  }

  terminate(): void {
    this.ws.terminate();
  }

  ping(): void {
    if (!this.alive) {
      this.ws.terminate();
      return;
    }
    this.alive = false;
    this.lag.start();
    this.corks.hold(this.socket);
    this.ws.ping();
  }

  /** Sends a ping to measure the round trip, unless one is already out (or, with `ifOlderThanMs`, one came back since). */
  measure(ifOlderThanMs?: number): void {
    if (ifOlderThanMs !== undefined && !this.lag.stale(ifOlderThanMs)) return;
    if (this.ws.readyState !== this.ws.OPEN || !this.lag.start()) return;
    try {
      this.corks.hold(this.socket);
      this.ws.ping();
    } catch {
      // Closing: nothing to measure.
    }
  }
}

const gameOf = (m: ClientMessage): string | undefined => ('game' in m && typeof m.game === 'string' ? m.game : undefined);

/** Close code of a socket whose session ended (logout): the client reconnects with whatever session it has now. */
export const SESSION_ENDED = 4001;

/** The id of a frame not decoded (refused before decoding, or binary): the top-level `id`, when there is one. */
export function peekId(data: Buffer | string): { id?: number } {
  if (data.length > MAX_FRAME_BYTES) return {};
  try {
    const v: unknown = JSON.parse(typeof data === 'string' ? data : data.toString('utf8'));
    const id = typeof v === 'object' && v !== null ? (v as { id?: unknown }).id : undefined;
    return typeof id === 'number' && Number.isSafeInteger(id) && id >= 0 ? { id } : {};
  } catch {
    return {};
  }
}

/** Module-level, so the listener keeps nothing of the upgrade alive. The 'close' that follows an error does the cleanup. */
function ignoreSocketError(): void {}

/** The socket endpoint on `server`, answering the messages of `features` (ws/features.ts lists the club's). */
export function attachSockets(server: Server, deps: SocketDeps, features: readonly SocketFeature[], tier: SocketTier | null = null): SocketHub {
  const table = dispatchTable(features);
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  const conns = new Set<Connection>();
  const lobby = new Fanout(deps.bus, LOBBY_TOPIC);
  const corks = new TurnCorks();
  const timers = deps.timers ?? systemTimers;
  // Each coalesced frame says when it was sent: a watcher (and the benchmark) sees the second it belongs to.
  const coalesced = new CoalescedTopics(deps.bus, { now: () => deps.clock.now(), at: (at, fn) => timers.at(at, fn) }, COALESCE_EVERY_MS, stampNow);
  const places = new SocketPlaces(deps.limits.open);
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    // Node's HTTP server takes its error listener off an upgrading socket: a peer that resets during the session read
    // below would otherwise throw ECONNRESET as an uncaught exception and end the process.
    socket.on('error', ignoreSocketError);
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/ws') {
      socket.end('HTTP/1.1 404 Not Found\r\n\r\n');
      return;
    }
    // Another site's page would act with the visitor's cookie: refused before the session is even read.
    const origin = checkOrigin(req, deps.origins);
    if (!origin.ok) {
      const body = JSON.stringify({ ok: false, code: origin.error.code, message: origin.error.message });
      socket.end(
        `HTTP/1.1 403 Forbidden\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
      );
      return;
    }
    void upgrade(req, socket, head);
  });
  const upgrade = async (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const found = await deps.sessions.resolveSession(parseCookies(req.headers.cookie).get(COOKIE)).catch(() => null);
    const addr = clientAddress(req, deps.trustedProxies);
    // Open sockets are capped per address and per account (issue 31, item 6): refused before the upgrade.
    const place = await places.take(addr, found?.user.id ?? null).catch(() => null);
    if (place && !place.ok) {
      const body = JSON.stringify({ ok: false, code: place.error.code, message: place.error.message });
      socket.end(
        `HTTP/1.1 429 Too Many Requests\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
      );
      return;
    }
    // Given back when the connection ends, upgraded or not (a failed handshake closes it too). A peer that left while
    // the place was being taken (a page navigating away during a slow session read) closed before this listener:
    // given back at once, else the place would be held, and renewed, for good.
    const release = place ? () => void places.release(place.value).catch(() => undefined) : null;
    if (socket.destroyed) {
      release?.();
      return;
    }
    // With socket processes, one of them completes the handshake and holds the socket; the place goes back when it closes.
    if (tier) {
      tier.hand(req, socket, head, (peer) => {
        if (!peer) return release?.();
        if (release) peer.once('close', release);
        accept(peer, NOT_CORKED, found?.user ?? null, found?.session ?? null, addr);
      });
      return;
    }
    if (release) socket.once('close', release);
    wss.handleUpgrade(req, socket, head, (ws) => accept(ws, socket, found?.user ?? null, found?.session ?? null, addr));
  };
  // Apart from the upgrade's scope: the socket's listeners live as long as it does, and a closure there would keep
  // the upgrade request (its headers) and the buffer it was read into for as long (~3 KiB a socket).
  const accept = (ws: PeerSocket, socket: Corkable, user: UserRow | null, session: string | null, addr: string) => {
    const c = new Connection(ws, user ? identityOf(user) : null, session, addr, deps, lobby, coalesced, socket, corks, table);
    conns.add(c);
    const userId = user?.id;
    deps.log?.info({ user: userId }, 'socket opened');
    ws.on('close', (code) => {
      conns.delete(c);
      deps.log?.info({ user: userId, code }, 'socket closed');
    });
  };
  // Heartbeat in slices: each second pings the connections of one slice, so
  // 10,000 sockets never get 10,000 pings in one event-loop turn.
  // On the real clock: it guards against hung peers, whose pongs take real time (a test's jump would cut every socket).
  const SLICES = HEARTBEAT_MS / 1000;
  let tick = 0;
  const beat = setInterval(() => {
    const slice = tick++ % SLICES;
    let i = 0;
    for (const c of conns) if (i++ % SLICES === slice) c.ping();
    places.renew(slice, SLICES);
  }, 1000);
  beat.unref();
  return {
    count: () => conns.size,
    lobbyBacklog: () => lobby.backlog,
    close() {
      clearInterval(beat);
      lobby.close();
      for (const ws of wss.clients) ws.terminate();
      wss.close();
      // A socket process's connections end with the tier (its owner closes it).
      for (const c of conns) c.terminate();
    },
  };
}
