/**
 * What a feature of the socket sees: the connection's side of it (who, from
 * where, send, listen; the club's services are the feature's own), and the shape of a feature,
 * so that the connection (socket.ts) dispatches each message by its type to
 * the feature that registered it and knows none of them (as lila-ws has one
 * small actor per kind of client).
 */
import type { ClientMessage, Identity, ServerMessage } from '@youzai/protocol';
import type { Sessions } from '../auth/sessions.ts';
import type { Bus } from '../bus/bus.ts';
import type { Chat } from '../chat/chat.ts';
import type { OriginPolicy } from '../http/origin.ts';
import type { TrustedProxies } from '../limits/address.ts';
import type { Limits } from '../limits/limits.ts';
import type { Presence } from '../lobby/presence.ts';
import type { Logger } from '../observe/log.ts';
import type { Metrics } from '../observe/metrics.ts';
import type { MoveCost } from '../observe/move-cost.ts';
import type { Clock, Timers } from '../service/time.ts';

/**
 * What the connection itself needs: admission (origins, sessions, caps on
 * open sockets), the frame rate, the bus, presence and mutes. A feature's
 * services are given to the feature when it is made (features.ts).
 */
export interface SocketDeps {
  /** Frames per second and burst per socket (default 20 and 40); `strikes`: refused frames before the socket is closed (30; the fuzzer lifts it to reach the decoders). */
  readonly frameRate?: { readonly perSecond: number; readonly burst: number; readonly strikes?: number };
  /** The club's own origins: an upgrade from another page (another site, another port) is refused. */
  readonly origins: OriginPolicy;
  /** The caps on open sockets per address and per account. */
  readonly limits: Limits;
  /** Behind a proxy: the client's address is the last in X-Forwarded-For, believed only from these peers (null: nobody's). */
  readonly trustedProxies: TrustedProxies | null;
  readonly sessions: Sessions;
  readonly clock: Clock;
  /** Timers on the same time as `clock` (coalesced announcements); the system's by default. */
  readonly timers?: Timers;
  readonly bus: Bus;
  /** Who is online: a socket with a session counts its user in. */
  readonly presence: Presence;
  /** Mutes: a chat line from an author this user muted is not sent to them. */
  readonly chat: Chat;
  /** Socket openings and closings and failures. */
  readonly log?: Logger;
  /** Messages by type and errors by code. */
  readonly metrics?: Metrics;
  /** CPU per stage of the moves (decoding frames), for /api/stats. */
  readonly moveCost?: MoveCost;
}

/** The request id a frame came with, echoed by its answer. */
export type FrameId = { id?: number };

/** A connection as its features see it. */
export interface SocketConnection {
  readonly user: Identity | null;
  /** The client's address, as quotas count it. */
  readonly addr: string;
  /** The socket has closed: nothing more is started for it. */
  readonly closed: boolean;
  send(m: ServerMessage): void;
  sendRaw(text: string): void;
  /** Hears a bus topic; `coalesced`: the topic's frames reach this socket at most once a second (ws/coalesced.ts). */
  listen(topic: string, coalesced?: boolean): void;
  unlisten(topic: string): void;
  /** Whether this socket hears `topic`. */
  hears(topic: string): boolean;
  joinLobby(): void;
  leaveLobby(): void;
  /** The connection's lag as measured here; what a move is forgiven comes from it, never from the client. */
  lagMs(): number;
  /** Sends a ping to measure the round trip, unless one is already out (or, with `ifOlderThanMs`, one came back since). */
  measure(ifOlderThanMs?: number): void;
  /**
   * The connection's state for one feature (`key`: the feature's own
   * object), made on first use; its `close` runs when the socket closes.
   */
  part<T extends SocketPart>(key: object, make: () => T): T;
}

/** A feature's state on one connection. */
export interface SocketPart {
  close(): void;
}

/** One feature of the socket: the message types it answers, and what it does with them. */
export interface SocketFeature {
  readonly name: string;
  readonly types: readonly ClientMessage['t'][];
  handle(c: SocketConnection, m: ClientMessage, id: FrameId): Promise<void>;
  /** A bus message on one of the socket's topics that is neither a frame nor the connection's own: true when taken. */
  heard?(c: SocketConnection, m: unknown): boolean;
}

/** A feature over the messages of `types`, its handler typed by them. */
export function socketFeature<T extends ClientMessage['t']>(
  name: string,
  types: readonly T[],
  handle: (c: SocketConnection, m: Extract<ClientMessage, { t: T }>, id: FrameId) => Promise<void>,
  heard?: (c: SocketConnection, m: unknown) => boolean,
): SocketFeature {
  return { name, types, handle: (c, m, id) => handle(c, m as Extract<ClientMessage, { t: T }>, id), ...(heard ? { heard } : {}) };
}

/** The dispatch table: each message type to the one feature that registered it (a type claimed twice is a programmer's mistake). */
export function dispatchTable(features: readonly SocketFeature[]): ReadonlyMap<string, SocketFeature> {
  const table = new Map<string, SocketFeature>();
  for (const f of features)
    for (const t of f.types) {
      const other = table.get(t);
      if (other) throw new Error(`socket message '${t}' is registered by both ${other.name} and ${f.name}`);
      table.set(t, f);
    }
  return table;
}

/** The answer to a message without a session where one is needed. */
export const AUTH_REQUIRED = { code: 'auth.required', message: 'Open the site first to get a session' } as const;

export const idOf = (m: ClientMessage): FrameId => (m.id !== undefined ? { id: m.id } : {});
