/**
 * What the node and its socket processes (ws/tier/) say to each other over
 * Node's IPC channel. The node decides everything; a socket process holds the
 * TCP sockets, does the WebSocket handshake and framing, and relays frames
 * both ways. Each side sends what one turn of its event loop produced as one
 * message (an array of items): one write on the pipe per turn, not one per
 * frame. A frame the node sends to several sockets of one process in a row
 * (a game's version to its players and watchers) crosses once, with their ids.
 */

/** Node → socket process: `[SEND, ids, frame]`, `[PING, id]`, `[CLOSE, id, code, reason]`, `[TERMINATE, id]`. */
export const SEND = 0;
export const PING = 1;
export const CLOSE = 2;
export const TERMINATE = 3;
export type ToSockets =
  | [typeof SEND, number[], string | Uint8Array]
  | [typeof PING, number]
  | [typeof CLOSE, number, number, string]
  | [typeof TERMINATE, number];

/**
 * Socket process → node: the handshake done (`OPENED`) or not (`FAILED`: refused, or the peer left first),
 * a frame (`FRAME`: text as a string, binary as bytes), a pong, the close with its code.
 */
export const OPENED = 0;
export const FAILED = 1;
export const FRAME = 2;
export const PONG = 3;
export const CLOSED = 4;
export type FromSockets =
  | [typeof OPENED, number]
  | [typeof FAILED, number]
  | [typeof FRAME, number, string | Uint8Array, boolean]
  | [typeof PONG, number]
  | [typeof CLOSED, number, number];

/** Node → socket process, sent alone with the TCP socket's handle: the upgrade request the process completes. */
export interface Handover {
  readonly open: number;
  readonly url: string;
  readonly headers: Record<string, string | string[] | undefined>;
  /** Bytes the node read past the request's headers. */
  readonly head: Uint8Array;
}

export const isHandover = (m: unknown): m is Handover => typeof m === 'object' && m !== null && typeof (m as Handover).open === 'number';

/**
 * Items gathered during one turn of the event loop and delivered together once it is over (`later`: setImmediate,
 * after the poll phase has read every socket that was ready). Order is kept.
 */
export class TurnBatch<T> {
  private items: T[] = [];

  constructor(
    private readonly deliver: (items: T[]) => void,
    private readonly later: (fn: () => void) => void = setImmediate,
  ) {}

  push(item: T): void {
    if (this.items.push(item) === 1) this.later(this.flush);
  }

  /** The last item pushed this turn, if any (the node merges a frame sent to several sockets in a row). */
  last(): T | undefined {
    return this.items[this.items.length - 1];
  }

  get size(): number {
    return this.items.length;
  }

  readonly flush = (): void => {
    if (this.items.length === 0) return;
    const items = this.items;
    this.items = [];
    this.deliver(items);
  };
}

/** Queues `frame` for socket `id`: joins the previous item when it is the same frame (the same string or bytes). */
export function pushSend(batch: TurnBatch<ToSockets>, id: number, frame: string | Uint8Array): void {
  const last = batch.last();
  if (last && last[0] === SEND && last[2] === frame) last[1].push(id);
  else batch.push([SEND, [id], frame]);
}
