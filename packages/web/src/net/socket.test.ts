/**
 * The socket on a link that goes silent without closing (a Wi-Fi drop): on
 * fake time and a fake WebSocket, it gives the link up within ~8 s, tells
 * a pending move `net.offline`, says it is reconnecting and opens a new one.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Socket, type SocketState } from './socket.ts';
import type { WatchdogTime } from './watchdog.ts';

class FakeTime implements WatchdogTime {
  t = 1_000_000;
  private timers: { at: number; fn: () => void; id: number }[] = [];
  private nextId = 1;
  now(): number {
    return this.t;
  }
  setTimeout(fn: () => void, ms: number): unknown {
    const id = this.nextId++;
    this.timers.push({ at: this.t + ms, fn, id });
    return id;
  }
  clearTimeout(handle: unknown): void {
    this.timers = this.timers.filter((x) => x.id !== handle);
  }
  advance(ms: number): void {
    const end = this.t + ms;
    for (;;) {
      this.timers.sort((a, b) => a.at - b.at);
      const next = this.timers[0];
      if (!next || next.at > end) break;
      this.timers.shift();
      this.t = next.at;
      next.fn();
    }
    this.t = end;
  }
}

/** A WebSocket that never closes by itself: `up` says whether the server hears and answers. */
class FakeWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static all: FakeWebSocket[] = [];
  static up = true;
  readyState = FakeWebSocket.CONNECTING;
  sent: Record<string, unknown>[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeWebSocket.all.push(this);
  }
  open(): void {
    this.readyState = FakeWebSocket.OPEN;
    this.onopen?.();
  }
  send(text: string): void {
    const m = JSON.parse(text) as Record<string, unknown>;
    this.sent.push(m);
    if (FakeWebSocket.up && m.t === 'ping') this.onmessage?.({ data: JSON.stringify({ t: 'pong', id: m.id, now: 0 }) });
  }
  /** A dead link: the close handshake never completes, so no close event comes. */
  close(): void {
    this.readyState = FakeWebSocket.CLOSING;
  }
}

describe('Socket on a silent link', () => {
  beforeEach(() => {
    FakeWebSocket.all = [];
    FakeWebSocket.up = true;
    vi.stubGlobal('WebSocket', FakeWebSocket);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is given up within ~8 s of the last frame: the move sent is told net.offline, the state is reconnecting, a new socket opens', async () => {
    const time = new FakeTime();
    const socket = new Socket('ws://club/ws', time);
    const states: SocketState[] = [];
    socket.onState((s) => states.push(s));
    socket.connect();
    FakeWebSocket.all[0]!.open();
    time.advance(20_000);
    expect(socket.state).toBe('open');

    FakeWebSocket.up = false;
    const lastFrame = time.now();
    const reply = socket.request({ t: 'move', game: 'g1', uci: 'a4b4', ply: 3 });
    time.advance(7_000);
    expect(socket.state).toBe('open');
    time.advance(3_000);
    expect(socket.state).toBe('reconnecting');
    expect(states).toEqual(['open', 'reconnecting']);
    expect(await reply).toMatchObject({ ok: false, code: 'net.offline' });
    expect(time.now() - lastFrame).toBeLessThanOrEqual(10_000);

    // Reconnects with the usual backoff, and the new link is watched like the first.
    FakeWebSocket.up = true;
    time.advance(1_000);
    expect(FakeWebSocket.all).toHaveLength(2);
    FakeWebSocket.all[1]!.open();
    expect(socket.state).toBe('open');
    time.advance(60_000);
    expect(socket.state).toBe('open');
    expect(FakeWebSocket.all).toHaveLength(2);
  });

  it('a connection that never opens is given up and tried again', () => {
    const time = new FakeTime();
    const socket = new Socket('ws://club/ws', time);
    socket.connect();
    time.advance(10_000);
    expect(socket.state).toBe('reconnecting');
    time.advance(1_000);
    expect(FakeWebSocket.all).toHaveLength(2);
    FakeWebSocket.all[1]!.open();
    expect(socket.state).toBe('open');
  });
});
