/**
 * A socket process (ws/tier/): it holds the club's WebSocket connections that
 * the node hands it, each with the upgrade request the node has already
 * admitted (origin, session, caps), completes the handshake, and relays: the
 * client's frames to the node, the node's frames, pings and closes to the
 * client. It decides nothing and keeps no state but its sockets, so its death
 * costs what a dropped connection costs: the clients reconnect to the node,
 * which hands them to a live process, and catch up.
 *
 * Started by tier.ts through boot.mjs; it ends when the node's channel closes
 * (the node stopped or died).
 */
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import {
  CLOSE,
  CLOSED,
  FAILED,
  FRAME,
  OPENED,
  PING,
  PONG,
  SEND,
  TERMINATE,
  TurnBatch,
  isHandover,
  type FromSockets,
  type Handover,
  type ToSockets,
} from './wire.ts';

interface Held {
  readonly ws: WebSocket;
  readonly socket: Socket;
}

const send = process.send?.bind(process);
if (!send) throw new Error('a socket process is started by the node (ws/tier/tier.ts), with an IPC channel');

const maxPayload = Number(process.env.YZ_SOCKET_MAX_PAYLOAD) || 64 * 1024;
const wss = new WebSocketServer({ noServer: true, maxPayload });
const held = new Map<number, Held>();
const out = new TurnBatch<FromSockets>((items) => send(items));

function open(m: Handover, socket: Socket | undefined): void {
  const id = m.open;
  if (!socket) {
    out.push([FAILED, id]);
    return;
  }
  let opened = false;
  socket.on('error', () => undefined);
  // Refused by the handshake (ws answers 400 and destroys it), or gone before it: the node gives its place back.
  socket.once('close', () => {
    if (!opened) out.push([FAILED, id]);
  });
  const req = { method: 'GET', url: m.url, headers: m.headers, socket } as unknown as IncomingMessage;
  wss.handleUpgrade(req, socket, Buffer.from(m.head), (ws) => {
    opened = true;
    held.set(id, { ws, socket });
    ws.on('message', (data: Buffer, isBinary) => out.push([FRAME, id, isBinary ? data : data.toString('utf8'), isBinary]));
    ws.on('pong', () => out.push([PONG, id]));
    ws.on('error', () => undefined);
    ws.on('close', (code) => {
      held.delete(id);
      out.push([CLOSED, id, code]);
    });
    out.push([OPENED, id]);
  });
}

/** One turn's items from the node: each socket written to is corked until all are applied, so its frames leave in one write. */
function apply(items: ToSockets[]): void {
  const corked: Socket[] = [];
  const cork = (h: Held) => {
    if (h.socket.writableCorked === 0) {
      h.socket.cork();
      corked.push(h.socket);
    }
  };
  for (const item of items) {
    if (item[0] === SEND) {
      const frame = item[2];
      for (const id of item[1]) {
        const h = held.get(id);
        if (!h || h.ws.readyState !== h.ws.OPEN) continue;
        cork(h);
        h.ws.send(frame, { binary: false });
      }
      continue;
    }
    const h = held.get(item[1]);
    if (!h) continue;
    try {
      if (item[0] === PING) {
        if (h.ws.readyState !== h.ws.OPEN) continue;
        cork(h);
        h.ws.ping();
      } else if (item[0] === CLOSE) h.ws.close(item[2], item[3]);
      else if (item[0] === TERMINATE) h.ws.terminate();
    } catch {
      // Closing already: its close is on its way to the node.
    }
  }
  for (const s of corked) s.uncork();
}

process.on('message', (m: unknown, handle: unknown) => {
  if (Array.isArray(m)) apply(m as ToSockets[]);
  else if (isHandover(m)) open(m, handle as Socket | undefined);
});
/** The node is gone (stopped or dead), or stops us: so are its games' sockets. */
function end(): void {
  for (const h of held.values()) h.ws.terminate();
  process.exit(0);
}
process.on('disconnect', end);
process.on('SIGTERM', end);
send('ready');
