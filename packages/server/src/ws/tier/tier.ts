/**
 * The socket tier (SOCKET_PROCESSES, issue 29): the node hands each admitted
 * WebSocket upgrade, with its TCP socket, to one of its socket processes
 * (process.ts), the one holding the fewest, and from then on speaks to the
 * connection through a `RemotePeer`, which the socket layer (socket.ts) uses
 * as it uses a `ws` WebSocket. The node keeps deciding everything: sessions,
 * caps, rate limits, decoding, games; what leaves it is the sockets
 * themselves, so their descriptors (one process may hold 20,000 here) and
 * the WebSocket framing and system calls are spread over processes. This is
 * lila-ws's split, on one machine, over a pipe instead of Redis.
 *
 * A socket process that dies takes its connections with it: each of its
 * peers closes (1006), as a dropped link would, and a new process takes its
 * place. The clients reconnect and catch up; nothing the node acknowledged
 * depends on a socket process, since a move is written before its ack.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { systemClock, systemTimers, type Clock, type Timers } from '../../service/time.ts';
import { CLOSE, CLOSED, FAILED, FRAME, OPENED, PING, PONG, TERMINATE, TurnBatch, pushSend, type FromSockets, type Handover, type ToSockets } from './wire.ts';

const OPEN = 1;
const CLOSING = 2;
const CLOSED_STATE = 3;

/** A WebSocket held by a socket process, as the node sees it: what socket.ts uses of `ws`'s WebSocket. */
export class RemotePeer extends EventEmitter {
  readonly OPEN = OPEN;
  readyState = OPEN;

  constructor(
    readonly id: number,
    private readonly batch: TurnBatch<ToSockets>,
  ) {
    super();
  }

  send(frame: string | Uint8Array, _opts?: { binary?: boolean }): void {
    if (this.readyState !== OPEN) return;
    pushSend(this.batch, this.id, frame);
  }

  /** Nothing once closing, as `ws` does. */
  ping(): void {
    if (this.readyState !== OPEN) return;
    this.batch.push([PING, this.id]);
  }

  close(code = 1000, reason = ''): void {
    if (this.readyState !== OPEN) return;
    this.readyState = CLOSING;
    this.batch.push([CLOSE, this.id, code, reason]);
  }

  terminate(): void {
    if (this.readyState === CLOSED_STATE) return;
    this.readyState = CLOSING;
    this.batch.push([TERMINATE, this.id]);
  }

  /** The socket process says the connection closed (or died with it). */
  closed(code: number): void {
    if (this.readyState === CLOSED_STATE) return;
    this.readyState = CLOSED_STATE;
    this.emit('close', code);
  }
}

export interface SocketTierOptions {
  readonly processes: number;
  /** The largest frame a client may send (the socket processes refuse bigger ones, as `ws` does in one process). */
  readonly maxPayload: number;
  /** The processes' program (tests: one that fails); process.ts by default. */
  readonly entry?: string;
  /** The time a process that could not start waits on before it is started again (the system's by default). */
  readonly clock?: Clock;
  readonly timers?: Timers;
  /** A socket process died (not at close): said for the operator's log. */
  readonly onDeath?: (info: { pid: number | undefined; code: number | null; signal: string | null; sockets: number }) => void;
}

/** One socket process and the connections it holds. */
class SocketProcess {
  readonly peers = new Map<number, RemotePeer>();
  readonly opening = new Map<number, (peer: RemotePeer | null) => void>();
  readonly batch: TurnBatch<ToSockets>;
  readonly ready: Promise<void>;
  isReady = false;
  dead = false;

  constructor(
    readonly child: ChildProcess,
    onExit: (p: SocketProcess, code: number | null, signal: string | null, lost: number) => void,
  ) {
    this.batch = new TurnBatch<ToSockets>((items) => {
      if (!this.dead && child.connected) child.send(items);
    });
    let failed: (e: Error) => void = () => undefined;
    this.ready = new Promise((resolve, reject) => {
      failed = reject;
      child.once('error', reject);
      child.on('message', (m: unknown) => {
        if (m === 'ready') {
          this.isReady = true;
          resolve();
        } else if (Array.isArray(m)) this.heard(m as FromSockets[]);
      });
    });
    this.ready.catch(() => undefined);
    child.once('exit', (code, signal) => {
      // Gone before it could take a socket (it could not start): the node's start fails, saying so.
      if (!this.isReady) failed(new Error(`a socket process exited before it was ready (${code ?? signal})`));
      this.dead = true;
      for (const settle of this.opening.values()) settle(null);
      this.opening.clear();
      const lost = [...this.peers.values()];
      this.peers.clear();
      for (const p of lost) p.closed(1006);
      onExit(this, code, signal, lost.length);
    });
  }

  get load(): number {
    return this.peers.size + this.opening.size;
  }

  private heard(items: FromSockets[]): void {
    for (const item of items) {
      const id = item[1];
      switch (item[0]) {
        case OPENED: {
          const settle = this.opening.get(id);
          this.opening.delete(id);
          const peer = new RemotePeer(id, this.batch);
          this.peers.set(id, peer);
          if (settle) settle(peer);
          else peer.terminate();
          break;
        }
        case FAILED:
          this.opening.get(id)?.(null);
          this.opening.delete(id);
          break;
        case FRAME: {
          const data = item[2];
          this.peers.get(id)?.emit('message', typeof data === 'string' ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength), item[3]);
          break;
        }
        case PONG:
          this.peers.get(id)?.emit('pong');
          break;
        case CLOSED: {
          const peer = this.peers.get(id);
          this.peers.delete(id);
          peer?.closed(item[2]);
          break;
        }
      }
    }
  }
}

/**
 * Takes a socket out of its HTTP server's count, as Node does when it sends a server's socket to a child, but
 * without Node's bookkeeping for it: that has the server ask each child about its sockets when it closes, and wait
 * forever once every child has exited (`net.Server.close` with no worker left to answer). The node counts its
 * connections itself.
 */
function detachFromServer(socket: Duplex): void {
  const s = socket as Duplex & { server?: { _connections: number } | null; _server?: unknown };
  if (!s.server) return;
  s.server._connections--;
  s.server = null;
  s._server = null;
}

const BOOT = fileURLToPath(new URL('./process.ts', import.meta.url));
/** How long a socket process that could not start waits before it is started again. */
export const RESTART_AFTER_FAILED_START_MS = 1000;

export class SocketTier {
  private readonly procs: SocketProcess[] = [];
  private nextId = 1;
  private closing = false;

  private constructor(private readonly opts: SocketTierOptions) {}

  /** Starts the socket processes; resolves once each is ready to take connections. */
  static async start(opts: SocketTierOptions): Promise<SocketTier> {
    const tier = new SocketTier(opts);
    for (let i = 0; i < opts.processes; i++) tier.procs.push(tier.spawn());
    try {
      await Promise.all(tier.procs.map((p) => p.ready));
    } catch (e) {
      // Nothing is left behind: the others stopped, none started again.
      await tier.close();
      throw e;
    }
    return tier;
  }

  private spawn(): SocketProcess {
    const child = fork(this.opts.entry ?? BOOT, [], {
      // Its own flags, not the node's (a profile, a heap size): it runs TypeScript through tsx, as the store's thread does.
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, YZ_SOCKET_MAX_PAYLOAD: String(this.opts.maxPayload) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      serialization: 'advanced',
    });
    return new SocketProcess(child, (p, code, signal, lost) => {
      const at = this.procs.indexOf(p);
      if (at < 0 || this.closing) return;
      this.opts.onDeath?.({ pid: p.child.pid, code, signal, sockets: lost });
      const again = () => {
        if (!this.closing) this.procs[at] = this.spawn();
      };
      // One that could not even start is not started again at once: a broken install would spin.
      if (p.isReady) again();
      else {
        const { clock = systemClock, timers = systemTimers } = this.opts;
        timers.at(clock.now() + RESTART_AFTER_FAILED_START_MS, again);
      }
    });
  }

  /** Connections held by each process (its gauge, and the tests'). */
  loads(): number[] {
    return this.procs.map((p) => p.peers.size);
  }

  /** The processes' ids (the benchmark adds their CPU to the node's). */
  pids(): number[] {
    return this.procs.flatMap((p) => (p.child.pid !== undefined ? [p.child.pid] : []));
  }

  /**
   * Hands an admitted upgrade to the least loaded live process; `opened` is called with its peer once the handshake
   * is done, or with null when it was not (refused by the handshake, the client gone, the process dead). It is called
   * while the process's message is read, before any frame that came after it, so a listener attached then hears them all.
   */
  hand(req: IncomingMessage, socket: Duplex, head: Buffer, opened: (peer: RemotePeer | null) => void): void {
    let best: SocketProcess | null = null;
    for (const p of this.procs) if (p.isReady && !p.dead && (best === null || p.load < best.load)) best = p;
    if (!best || this.closing || socket.destroyed) {
      socket.destroy();
      opened(null);
      return;
    }
    const p = best;
    const id = this.nextId++;
    const handover: Handover = { open: id, url: req.url ?? '/', headers: req.headers, head };
    p.opening.set(id, opened);
    detachFromServer(socket);
    // This turn's frames to the process go first: they are for sockets it already holds.
    p.batch.flush();
    p.child.send(handover, socket as never, (e) => {
      if (!e || !p.opening.has(id)) return;
      p.opening.delete(id);
      socket.destroy();
      opened(null);
    });
  }

  /** Stops the processes: their sockets close with them. */
  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(
      this.procs.map(
        (p) =>
          new Promise<void>((resolve) => {
            if (p.dead) return resolve();
            p.child.once('exit', () => resolve());
            p.child.kill('SIGTERM');
          }),
      ),
    );
  }
}
