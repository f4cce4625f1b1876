/**
 * A long-lived NDJSON answer (lichess's streams): one JSON object a line,
 * an empty line every few seconds while nothing else is sent, so that a
 * client and any proxy between know the link is alive. The timers are the
 * app's (tests move fake time). Every open stream is listed, so that a node
 * that stops ends them and their clients reconnect to another.
 */
import type { ServerResponse } from 'node:http';
import { every, type Clock, type Timers } from '../service/time.ts';

/** An empty line this often (lichess sends one every few seconds as well). */
export const KEEP_ALIVE_MS = 6000;

export class NdjsonStream {
  private stopKeepAlive: () => void;
  private readonly closers = new Set<() => void>();
  private done = false;

  constructor(
    private readonly res: ServerResponse,
    time: { readonly clock: Clock; readonly timers: Timers },
    private readonly registry: Set<NdjsonStream>,
  ) {
    res.writeHead(200, { 'content-type': 'application/x-ndjson; charset=utf-8', 'cache-control': 'no-store', 'x-accel-buffering': 'no' });
    res.flushHeaders();
    this.stopKeepAlive = every(time.clock, time.timers, KEEP_ALIVE_MS, () => this.write('\n'));
    registry.add(this);
    res.on('close', () => this.finish());
  }

  get closed(): boolean {
    return this.done;
  }

  send(message: unknown): void {
    this.write(`${JSON.stringify(message)}\n`);
  }

  /** Calls `fn` once the stream ends, whoever ends it. */
  onClose(fn: () => void): void {
    if (this.done) fn();
    else this.closers.add(fn);
  }

  end(): void {
    if (!this.done && !this.res.writableEnded) this.res.end();
    this.finish();
  }

  private write(text: string): void {
    if (!this.done && !this.res.writableEnded) this.res.write(text);
  }

  private finish(): void {
    if (this.done) return;
    this.done = true;
    this.stopKeepAlive();
    this.registry.delete(this);
    for (const fn of this.closers) fn();
    this.closers.clear();
  }
}
