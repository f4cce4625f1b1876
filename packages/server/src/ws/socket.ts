/**
 * The WebSocket endpoint (/ws). Each frame is decoded once into the closed
 * set of client messages; anything else gets an error code. A flooding
 * connection is rate-limited, then closed. A player acts only for the seat
 * its session holds; everyone may watch.
 */
import { storageFailure } from '../store/failure.ts';
import { isKick } from '../moderation/moderation.ts';
import { LagMeter } from './lag.ts';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { UserRow } from '../store/types.ts';
import { WebSocketServer, type WebSocket } from 'ws';
import {
  MAX_FRAME_BYTES,
  PROTOCOL_VERSION,
  decodeClientMessage,
  type ClientMessage,
  type FollowedPlayer,
  type Identity,
  type ServerMessage,
} from '@youzai/protocol';
import type { Side } from '@youzai/rules';
import { COOKIE, identityOf, isSessionEnded, type Sessions } from '../auth/sessions.ts';
import { clientAddress, type TrustedProxies } from '../limits/address.ts';
import { SocketPlaces } from './socket-places.ts';
import type { Limits } from '../limits/limits.ts';
import type { Bus } from '../bus/bus.ts';
import { LOBBY_TOPIC, gameChatTopic, userTopic } from '../bus/topics.ts';
import { isAuthored, type Chat } from '../chat/chat.ts';
import { Bucket, parseCookies } from '../http/util.ts';
import type { LobbyPort } from '../lobby/lobby.ts';
import type { Presence } from '../lobby/presence.ts';
import type { RoomsPort } from '../rooms/rooms.ts';
import { topicOf, type PlayerAction } from '../service/game-service.ts';
import type { GamesPort } from '../service/games-port.ts';
import { actFor, drawAction, takebackAction } from '../service/player-action.ts';
import { HttpError } from '../http/util.ts';
import { checkOrigin, type OriginPolicy } from '../http/origin.ts';
import { systemTimers, type Clock, type Timers } from '../service/time.ts';
import { COALESCE_EVERY_MS, CoalescedTopics, stampNow } from './coalesced.ts';
import { Fanout, type FanoutMember } from './fanout.ts';
import { TurnCorks, type Corkable } from './corks.ts';
import { dispatchSocial, isSocial, isUnfollow, unfollowOne, type SocialConnection } from './social.ts';
import type { Notifier } from '../social/notifier.ts';
import type { Logger } from '../observe/log.ts';
import type { Metrics } from '../observe/metrics.ts';
import type { MoveCost } from '../observe/move-cost.ts';
import type { AnalysisBoards, BoardClient } from '../analysis/board.ts';

export interface SocketDeps {
  /** Frames per second and burst per socket (default 20 and 40); `strikes`: refused frames before the socket is closed (30; the fuzzer lifts it to reach the decoders). */
  readonly frameRate?: { readonly perSecond: number; readonly burst: number; readonly strikes?: number };
  /** The club's own origins: an upgrade from another page (another site, another port) is refused. */
  readonly origins: OriginPolicy;
  /** The club's quotas (chat lines, seeks, challenges, draw offers). */
  readonly limits: Limits;
  /** Behind a proxy: the client's address is the last in X-Forwarded-For, believed only from these peers (null: nobody's). */
  readonly trustedProxies: TrustedProxies | null;
  readonly sessions: Sessions;
  readonly games: GamesPort;
  readonly clock: Clock;
  /** Timers on the same time as `clock` (coalesced announcements); the system's by default. */
  readonly timers?: Timers;
  readonly bus: Bus;
  readonly presence: Presence;
  readonly lobby: LobbyPort;
  readonly rooms: RoomsPort;
  readonly chat: Chat;
  /** Notifications (a room challenge to a named member rings their bell). */
  readonly notifier?: Notifier;
  /** Whether this visitor may read a tournament's news and chat (a private one: its link holders, players and creator). */
  readonly tournamentAccess: (tournament: string, userId: string | null, invite: string | null) => Promise<boolean>;
  /** The players `userId` follows (social/activity.ts); `heard` gets their ids before the rest is read. */
  readonly following?: (userId: string, heard: (ids: readonly string[]) => void) => Promise<FollowedPlayer[]>;
  /** Whether `userId` blocked `otherId` (their challenges are refused). */
  readonly blocks?: (userId: string, otherId: string) => Promise<boolean>;
  /** Whether an account is a bot (the Bot API): bots do not use the lobby's seeks and quick pairing. */
  readonly isBot?: (userId: string) => Promise<boolean>;
  /** Socket openings and closings, game actions (moves at debug level) and failures. */
  readonly log?: Logger;
  /** Messages by type and errors by code. */
  readonly metrics?: Metrics;
  /** CPU per stage of the moves (decoding frames, sending answers), for /api/stats. */
  readonly moveCost?: MoveCost;
  /** The analysis board's running evaluations; absent: board-start is refused with server.no-engine. */
  readonly boards?: AnalysisBoards;
}

export interface SocketHub {
  readonly count: () => number;
  /** Lobby frames still going out to the lobby's sockets. */
  readonly lobbyBacklog: () => number;
  close(): void;
}

/** Messages per second allowed, and the burst. */
const RATE = 20;
const BURST = 40;
/** Rejected messages (rate or decode) before the connection is closed. */
const STRIKES = 30;
const HEARTBEAT_MS = 30_000;

class Connection implements SocialConnection, FanoutMember {
  private readonly subs = new Map<string, () => void>();
  /** Other bus topics this socket hears (lobby, rooms, game chats, its user's own). */
  private readonly topics = new Map<string, () => void>();
  /** Rooms this socket is in. */
  readonly rooms = new Set<string>();
  /** The topics of the players this socket follows live (`following-sub`). */
  readonly followed = new Set<string>();
  private readonly bucket: Bucket;
  private strikes = 0;
  private closed = false;
  /** The connection's lag as measured here; what a move is forgiven comes from it, never from the client. */
  private readonly lag: LagMeter;
  alive = true;
  /** This tab's analysis board session, as the boards know it (made on its first board-start). */
  private board: BoardClient | null = null;

  constructor(
    private readonly ws: WebSocket,
    readonly user: Identity | null,
    /** The session's id: when it ends (logout), this socket closes. */
    private readonly session: string | null,
    /** The client's address, as quotas count it. */
    readonly addr: string,
    readonly deps: SocketDeps,
    private readonly lobby: Fanout,
    /** The node's coalesced topics (tournaments: at most one announcement a second). */
    private readonly coalesced: CoalescedTopics,
    /** The socket under `ws`, and the node's corks: this turn's frames to it leave in one write. */
    private readonly socket: Corkable,
    private readonly corks: TurnCorks,
  ) {
    this.bucket = new Bucket(deps.frameRate?.perSecond ?? RATE, deps.frameRate?.burst ?? BURST, deps.clock.now());
    ws.on('message', (data, isBinary) => void this.onFrame(data as Buffer, isBinary));
    ws.on('close', () => this.cleanup());
    ws.on('error', () => this.cleanup());
    this.lag = new LagMeter(() => deps.clock.now());
    ws.on('pong', () => {
      this.alive = true;
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
      else if (isUnfollow(m)) unfollowOne(this, m.unfollow);
      // Logged out (on any node): nothing more is done in this session's name.
      else if (isSessionEnded(m)) {
        if (m.sessionEnded === this.session) this.ws.close(SESSION_ENDED, 'session ended');
      } else if (isAuthored(m) && !(me !== undefined && this.deps.chat.isMuted(me, m.from))) this.sendRaw(m.frame);
    });
    this.topics.set(topic, off);
  }

  unlisten(topic: string): void {
    this.topics.get(topic)?.();
    this.topics.delete(topic);
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

  private async onFrame(data: Buffer, isBinary: boolean): Promise<void> {
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
    const decoded = decodeClientMessage(data.toString('utf8'));
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
    if (isSocial(m)) return dispatchSocial(this, m, id);
    switch (m.t) {
      case 'ping':
        return this.send({ t: 'pong', ...id, now: this.deps.clock.now() });
      case 'sub':
        return this.subscribe(m.game, m.since, id);
      case 'unsub': {
        this.unsubscribe(m.game);
        return this.send({ t: 'ack', ...id });
      }
      case 'board-start':
        return this.boardStart(m, id);
      case 'board-stop':
        if (this.board) this.deps.boards?.stop(this.board);
        return this.send({ t: 'ack', ...id });
      default: {
        if (!this.user) return this.send({ t: 'error', ...id, game: m.game, code: 'auth.required', message: 'Open the site first to get a session' });
        const action: PlayerAction =
          m.t === 'move'
            ? { type: 'move', uci: m.uci, ply: m.ply, lagMs: this.lag.lagMs() }
            : m.t === 'draw'
              ? drawAction(m.op)
              : m.t === 'takeback'
                ? takebackAction(m.op)
                : { type: m.t };
        if (action.type === 'draw-offer') {
          const q = await this.deps.limits.take('draw', { user: this.user.id, addr: this.addr });
          if (!q.ok) return this.send({ t: 'error', ...id, game: m.game, code: q.error.code, message: q.error.message });
        }
        const r = await actFor(this.deps.games, m.game, this.user.id, action);
        const line = { user: this.user.id, game: m.game, t: m.t, ...(r.ok ? {} : { code: r.error.code }) };
        // Moves are many: one line each at debug level; the rarer actions and every refusal at info.
        if (r.ok && m.t === 'move') this.deps.log?.debug(line, 'socket action');
        else this.deps.log?.info(line, 'socket action');
        if (r.ok) {
          const cost = this.deps.moveCost;
          const t = cost?.start() ?? 0;
          this.send({ t: 'ack', ...id });
          // A fresh round trip after each move, for the next one.
          if (m.t === 'move') this.measure();
          cost?.end('fanout', t);
          return;
        }
        this.send({ t: 'error', ...id, game: m.game, code: r.error.code, message: r.error.message });
        // A stale or illegal move is answered with the current state too.
        if (r.state) this.send({ t: 'game', game: m.game, v: r.state.v, view: r.state.view, you: r.state.you });
      }
    }
  }

  private async boardStart(m: Extract<ClientMessage, { t: 'board-start' }>, id: { id?: number }): Promise<void> {
    if (!this.user) return this.send({ t: 'error', ...id, code: 'auth.required', message: 'Open the site first to get a session' });
    const boards = this.deps.boards;
    if (!boards) return this.send({ t: 'error', ...id, code: 'server.no-engine', message: 'The engine is not available on this server' });
    const q = await this.deps.limits.take('board', { user: this.user.id, addr: this.addr });
    if (!q.ok) return this.send({ t: 'error', ...id, code: q.error.code, message: q.error.message });
    if (this.closed) return;
    this.board ??= { userId: this.user.id, send: (f) => this.send(f) };
    const r = await boards.start(this.board, { variant: m.variant, fen: m.fen, multipv: m.multipv });
    if (!r.ok) return this.send({ t: 'error', ...id, code: r.error.code, message: r.error.message });
    // Closed while the checks ran: the session just started has no one to hear it.
    if (this.closed) boards.stop(this.board);
    else this.send({ t: 'ack', ...id });
  }

  private async sendState(game: string): Promise<{ v: number; you: Side | null } | null> {
    const s = await this.deps.games.view(game, this.user?.id);
    if (!s) return null;
    this.send({ t: 'game', game, v: s.v, view: s.view, you: s.you });
    return { v: s.v, you: s.you };
  }

  private async subscribe(game: string, since: number | undefined, id: { id?: number }): Promise<void> {
    if (this.subs.has(game)) this.unsubscribe(game);
    if (this.subs.size >= 32) return this.send({ t: 'error', ...id, game, code: 'protocol.too-many-subscriptions', message: 'Watch at most 32 games at once' });
    // Subscribe first and hold frames until the snapshot is out, so no event falls between.
    const sub: Watch = { held: [], sentV: -1, again: false };
    const off = this.deps.games.subscribe(
      game,
      (frame) => {
        if (sub.held) sub.held.push(frame);
        else {
          const v = versionOf(frame);
          if (Number.isFinite(v) && sub.sentV >= 0 && v > sub.sentV + 1) {
            // A hole (frames lost with the bus, heard again before the word to catch up): the missed frames first, this one after.
            void this.catchUp(game, sub, off);
            if (sub.held) {
              (sub.held as string[]).push(frame);
              return;
            }
          }
          // Frames without a version (watcher counts) leave it as it is.
          if (Number.isFinite(v)) sub.sentV = Math.max(sub.sentV, v);
          this.sendRaw(frame);
        }
      },
      () => void this.catchUp(game, sub, off),
    );
    this.subs.set(game, off);
    // Several nodes: the subscription must be in place in Redis before the state is read.
    await this.deps.bus.whenSubscribed?.(topicOf(game));
    let caughtUp = false;
    let seat: Side | null | undefined;
    try {
      if (since !== undefined) {
        const missed = await this.deps.games.since(game, since);
        if (missed) {
          for (const f of missed) this.send({ t: 'events', game, v: f.v, events: f.events, now: f.at });
          sub.sentV = missed.length ? missed[missed.length - 1]!.v : since;
          caughtUp = true;
        }
      }
      if (!caughtUp) {
        const state = await this.sendState(game);
        if (state === null) {
          this.unsubscribe(game);
          return this.send({ t: 'error', ...id, game, code: 'game.not-found', message: 'No such game' });
        }
        sub.sentV = state.v;
        seat = state.you;
      }
    } catch (e) {
      // The club cannot answer now (a failover, Redis coming back): the subscription stays, and the state follows once it can.
      sub.held = null;
      if (since !== undefined && sub.sentV < since) sub.sentV = since;
      void this.catchUp(game, sub, off);
      throw e;
    }
    this.release(sub);
    if (sub.again) {
      sub.again = false;
      void this.catchUp(game, sub, off);
    }
    this.send({ t: 'ack', ...id });
    // A reader without a session watches too: counted as a spectator (user '' has no seat).
    void this.deps.games.presence(game, this.user?.id ?? '', 1);
    // Catching up means the game is live here, so its seat costs nothing to look up.
    if (seat === undefined) seat = this.user ? await this.deps.games.seat(game, this.user.id) : null;
    await this.joinGameChat(game, seat);
  }

  /** Sends the frames held while the state was read: those after what was sent (the others were in it). */
  private release(sub: Watch): void {
    const held = sub.held ?? [];
    sub.held = null;
    for (const f of held) {
      const v = versionOf(f);
      if (v > sub.sentV) {
        if (Number.isFinite(v)) sub.sentV = v;
        this.sendRaw(f);
      }
    }
  }

  /**
   * Frames of `game` may have been missed (the bus was lost for a while, or
   * their publisher could not reach Redis): what came after the last version
   * sent is sent now (the missed frames, or the full state), in order. The
   * frames heard meanwhile are held until then, through the retries (a
   * second apart) while the club cannot answer yet: a frame let through
   * before the catch-up would show the client a hole.
   */
  private async catchUp(game: string, sub: Watch, off: () => void): Promise<void> {
    const gone = () => this.closed || this.subs.get(game) !== off;
    if (gone()) return;
    if (sub.held) {
      // Reading the state already, or catching up: once more after it.
      sub.again = true;
      return;
    }
    sub.held = [];
    for (let tries = 0; ; tries++) {
      sub.again = false;
      let done = false;
      try {
        const missed = await this.deps.games.since(game, sub.sentV);
        if (missed) {
          for (const f of missed) if (f.v > sub.sentV) this.send({ t: 'events', game, v: f.v, events: f.events, now: f.at });
          if (missed.length) sub.sentV = Math.max(sub.sentV, missed[missed.length - 1]!.v);
          done = true;
        } else {
          const s = await this.deps.games.view(game, this.user?.id);
          if (s && s.v > sub.sentV) {
            this.send({ t: 'game', game, v: s.v, view: s.view, you: s.you });
            sub.sentV = s.v;
          }
          done = s !== null;
        }
      } catch {
        // The club cannot answer yet (Redis still coming back): again a second later.
      }
      if (gone() || (done && !sub.again) || tries >= CATCH_UP_TRIES) break;
      if (!done) await new Promise<void>((r) => (this.deps.timers ?? systemTimers).at(this.deps.clock.now() + 1000, r));
    }
    if (!gone()) this.release(sub);
  }

  /** Players hear the players' chat, everyone else the spectators'; recent lines first. */
  private async joinGameChat(game: string, seat: Side | null | undefined): Promise<void> {
    if (seat === undefined || !this.subs.has(game)) return;
    const channel = seat === null ? 'spectators' : 'players';
    this.listen(gameChatTopic(game, channel));
    const lines = await this.deps.chat.recent({ game, channel }, this.user?.id);
    if (lines.length) this.send({ t: 'chat-log', game, channel, lines });
  }

  private unsubscribe(game: string): void {
    const off = this.subs.get(game);
    if (!off) return;
    off();
    this.subs.delete(game);
    this.unlisten(gameChatTopic(game, 'players'));
    this.unlisten(gameChatTopic(game, 'spectators'));
    void this.deps.games.presence(game, this.user?.id ?? '', -1);
  }

  cleanup(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.board) this.deps.boards?.stop(this.board);
    for (const g of [...this.subs.keys()]) this.unsubscribe(g);
    for (const off of this.topics.values()) off();
    this.topics.clear();
    this.lobby.delete(this);
    if (!this.user) return;
    for (const r of this.rooms) void Promise.resolve(this.deps.rooms.leave(r, this.user.id)).catch(() => undefined);
    this.rooms.clear();
    this.deps.presence.disconnect(this.user.id);
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

  /** Sends a ping to measure the round trip, unless one is already out. */
  private measure(): void {
    if (this.ws.readyState !== this.ws.OPEN || !this.lag.start()) return;
    try {
      this.corks.hold(this.socket);
      this.ws.ping();
    } catch {
      // Closing: nothing to measure.
    }
  }
}

const idOf = (m: ClientMessage): { id?: number } => (m.id !== undefined ? { id: m.id } : {});
const gameOf = (m: ClientMessage): string | undefined => ('game' in m && typeof m.game === 'string' ? m.game : undefined);

/** Close code of a socket whose session ended (logout): the client reconnects with whatever session it has now. */
export const SESSION_ENDED = 4001;

/** The id of a frame not decoded (refused before decoding, or binary): the top-level `id`, when there is one. */
export function peekId(data: Buffer): { id?: number } {
  if (data.length > MAX_FRAME_BYTES) return {};
  try {
    const v: unknown = JSON.parse(data.toString('utf8'));
    const id = typeof v === 'object' && v !== null ? (v as { id?: unknown }).id : undefined;
    return typeof id === 'number' && Number.isSafeInteger(id) && id >= 0 ? { id } : {};
  } catch {
    return {};
  }
}

/** Module-level, so the listener keeps nothing of the upgrade alive. The 'close' that follows an error does the cleanup. */
function ignoreSocketError(): void {}

/** A game watched by a socket: the last version sent, and the frames held while a state is read (null: none read now). */
interface Watch {
  held: string[] | null;
  sentV: number;
  /** Told to catch up while reading: once more after. */
  again: boolean;
}

/** How many times (a second apart) a catch-up is tried while the club cannot answer; the held frames go out after. */
const CATCH_UP_TRIES = 30;

function versionOf(frame: string): number {
  const m = /"v":(\d+)/.exec(frame);
  return m ? Number(m[1]) : Infinity;
}

export function attachSockets(server: Server, deps: SocketDeps): SocketHub {
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
    if (place) {
      const release = () => void places.release(place.value).catch(() => undefined);
      if (socket.destroyed) {
        release();
        return;
      }
      socket.once('close', release);
    }
    wss.handleUpgrade(req, socket, head, (ws) => accept(ws, socket, found?.user ?? null, found?.session ?? null, addr));
  };
  // Apart from the upgrade's scope: the socket's listeners live as long as it does, and a closure there would keep
  // the upgrade request (its headers) and the buffer it was read into for as long (~3 KiB a socket).
  const accept = (ws: WebSocket, socket: Corkable, user: UserRow | null, session: string | null, addr: string) => {
    const c = new Connection(ws, user ? identityOf(user) : null, session, addr, deps, lobby, coalesced, socket, corks);
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
    },
  };
}
