/**
 * Requests between nodes over the bus: a node that does not own a game
 * forwards the action to the node that does and waits for its answer. Each
 * node listens on `rpc:<node id>`; a request names the incarnation it is
 * meant for, and a node that is not (or no longer) that incarnation, or no
 * longer owns the game, answers `moved` so the sender looks again.
 */
import { createHistogram, performance, type RecordableHistogram } from 'node:perf_hooks';
import type { Bus } from '../bus/bus.ts';

export interface RpcRequest {
  readonly id: number;
  /** The sender's node id (the answer goes to its topic). */
  readonly from: string;
  /** The incarnation (`node|incarnation`) the request is for. */
  readonly to: string;
  readonly op: string;
  readonly args: unknown[];
  /** When it was sent (ms, this machine's clock as `wallNow` reads it): the hop's time, for /api/stats. */
  readonly at?: number;
}

export type RpcAnswer = (
  | { readonly re: number; readonly ok: true; readonly value: unknown }
  | { readonly re: number; readonly ok: false; readonly why: 'moved' | 'error'; readonly message: string }
) & { readonly at?: number };

/** Wall-clock milliseconds with a fraction: comparable between processes of one machine (the hops' times). */
const wallNow = (): number => performance.timeOrigin + performance.now();

/** Microseconds histograms of forwarded requests, as /api/stats reports them (ms). */
export interface ForwardTimes {
  /** Relay side: a call, from the request sent to its answer heard. */
  readonly call: RecordableHistogram;
  /** The request's trip through Redis (sent on the relay → heard on the owner). */
  readonly out: RecordableHistogram;
  /** Owner side: serving the request (the action, its write, its publish). */
  readonly serve: RecordableHistogram;
  /** The answer's trip back (sent on the owner → heard on the relay). */
  readonly back: RecordableHistogram;
}

const us = (ms: number): number => Math.max(1, Math.round(ms * 1000));

/** What a node does with a request: its answer, or 'moved' when the game is not decided here. */
export type RpcHandler = (req: RpcRequest) => Promise<{ value: unknown } | 'moved'>;

export class Moved extends Error {
  constructor() {
    super('the game is decided elsewhere now');
  }
}
export class NoAnswer extends Error {
  constructor(to: string) {
    super(`no answer from ${to}`);
  }
}

const rpcTopic = (node: string): string => `rpc:${node}`;

export class Forwarder {
  private next = 1;
  private readonly waiting = new Map<number, { resolve: (a: RpcAnswer) => void; fail: (e: Error) => void; to: string; timer: NodeJS.Timeout }>();
  private readonly off: () => void;
  /** Incarnations seen dead (abandon): calls to them fail at once. */
  private readonly dead = new Set<string>();
  readonly times: ForwardTimes = { call: createHistogram(), out: createHistogram(), serve: createHistogram(), back: createHistogram() };

  constructor(
    private readonly bus: Bus,
    private readonly node: string,
    private readonly me: () => string,
    private readonly handle: RpcHandler,
  ) {
    this.off = bus.subscribe(rpcTopic(node), (m) => void this.receive(m as RpcRequest | RpcAnswer));
  }

  ready(): Promise<void> {
    return this.bus.whenSubscribed?.(rpcTopic(this.node)) ?? Promise.resolve();
  }

  /** Sends `op` to the node incarnation `to`; throws Moved, or NoAnswer after `timeoutMs` (at once when `to` was seen dead). */
  call(to: string, op: string, args: unknown[], timeoutMs: number): Promise<unknown> {
    if (this.dead.has(to)) return Promise.reject(new NoAnswer(to));
    const id = this.next++;
    const node = to.slice(0, to.indexOf('|'));
    const sent = wallNow();
    return new Promise((resolve, reject) => {
      // On the real clock: the call's own bound on a hung or dead peer, whose answer takes real time whatever the server's clock says.
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        reject(new NoAnswer(to));
      }, timeoutMs);
      this.waiting.set(id, {
        timer,
        to,
        fail: reject,
        resolve: (a) => {
          this.times.call.record(us(wallNow() - sent));
          if (a.ok) resolve(a.value);
          else if (a.why === 'moved') reject(new Moved());
          else reject(new Error(a.message));
        },
      });
      this.bus.publish(rpcTopic(node), { id, from: this.node, to, op, args, at: sent } satisfies RpcRequest);
    });
  }

  /**
   * Fails at once (NoAnswer) every call waiting on `member`, seen dead, and
   * every later call to it: their senders look for the game's owner again
   * now instead of waiting out the timeout (a killed owner's games are taken
   * within a second of its death). Returns how many waiting calls failed.
   */
  abandon(member: string): number {
    // An incarnation never comes back: later calls to it fail at once too (a relay may still name it as a game's owner).
    if (this.dead.size >= 1000) this.dead.clear();
    this.dead.add(member);
    let n = 0;
    for (const [id, w] of this.waiting) {
      if (w.to !== member) continue;
      this.waiting.delete(id);
      clearTimeout(w.timer);
      w.fail(new NoAnswer(member));
      n++;
    }
    return n;
  }

  close(): void {
    this.off();
    for (const w of this.waiting.values()) clearTimeout(w.timer);
    this.waiting.clear();
  }

  private async receive(m: RpcRequest | RpcAnswer): Promise<void> {
    const heard = wallNow();
    if (m.at !== undefined) ('re' in m ? this.times.back : this.times.out).record(us(heard - m.at));
    if ('re' in m) {
      const w = this.waiting.get(m.re);
      if (!w) return;
      this.waiting.delete(m.re);
      clearTimeout(w.timer);
      w.resolve(m);
      return;
    }
    let answer: RpcAnswer;
    if (m.to !== this.me()) answer = { re: m.id, ok: false, why: 'moved', message: 'another incarnation' };
    else {
      try {
        const r = await this.handle(m);
        answer = r === 'moved' ? { re: m.id, ok: false, why: 'moved', message: 'not the owner' } : { re: m.id, ok: true, value: r.value };
      } catch (e) {
        answer = { re: m.id, ok: false, why: 'error', message: (e as Error).message };
      }
    }
    const at = wallNow();
    this.times.serve.record(us(at - heard));
    this.bus.publish(rpcTopic(m.from), { ...answer, at });
  }
}
