/**
 * Bus topics whose news is coalesced on this node: each topic's frames
 * reach this node's listeners at most once every `everyMs`. A tournament
 * announces a change on every game end and every director pass (tens a
 * second in a big arena, from any node); its watchers need only know that
 * it changed, so every node relays at most one announcement a second per
 * tournament, the latest one. The limit holds for each watcher whatever the
 * number of publishers or nodes, because it is applied where the frames
 * leave for the sockets. The first frame after a quiet second goes out at
 * once; frames within the second are merged into one sent when it ends.
 */
import type { Bus } from '../bus/bus.ts';
import type { Clock, Timers } from '../service/time.ts';

/** At most one announcement a second per tournament to each watcher (issue 16, Scale). */
export const COALESCE_EVERY_MS = 1000;

interface Topic {
  readonly handlers: Set<(m: unknown) => void>;
  /** The bus subscription, ended with the last listener. */
  off: () => void;
  /** When the last frame went out (-Infinity: never). */
  lastSent: number;
  /** The frame waiting for the end of the second, and its timer. */
  pending: { message: unknown; cancel: () => void } | null;
}

export class CoalescedTopics implements Pick<Bus, 'subscribe'> {
  private readonly topics = new Map<string, Topic>();

  constructor(
    private readonly bus: Pick<Bus, 'subscribe'>,
    private readonly time: Clock & Timers,
    private readonly everyMs = COALESCE_EVERY_MS,
    /** What goes out for a frame sent at `now` (by default the frame as published). */
    private readonly stamp: (message: unknown, now: number) => unknown = (m) => m,
  ) {}

  /** The node subscribes to the bus once per topic, while it has listeners. */
  subscribe(topic: string, handler: (message: unknown) => void): () => void {
    let t = this.topics.get(topic);
    if (!t) {
      const fresh: Topic = { handlers: new Set(), off: () => undefined, lastSent: Number.NEGATIVE_INFINITY, pending: null };
      fresh.off = this.bus.subscribe(topic, (m) => this.heard(fresh, m));
      this.topics.set(topic, fresh);
      t = fresh;
    }
    const mine = t;
    mine.handlers.add(handler);
    return () => {
      mine.handlers.delete(handler);
      if (mine.handlers.size > 0 || this.topics.get(topic) !== mine) return;
      mine.off();
      mine.pending?.cancel();
      mine.pending = null;
      this.topics.delete(topic);
    };
  }

  /** Topics this node listens to (for tests and monitoring). */
  get size(): number {
    return this.topics.size;
  }

  private heard(t: Topic, message: unknown): void {
    if (t.pending) {
      t.pending.message = message;
      return;
    }
    const due = t.lastSent + this.everyMs;
    if (this.time.now() >= due) {
      this.deliver(t, message);
      return;
    }
    const pending: { message: unknown; cancel: () => void } = { message, cancel: () => {} };
    const fire = () => {
      // A system timer may fire a millisecond before its time by the wall clock: it waits for the whole second.
      if (this.time.now() < due) {
        pending.cancel = this.time.at(due, fire);
        return;
      }
      t.pending = null;
      this.deliver(t, pending.message);
    };
    pending.cancel = this.time.at(due, fire);
    t.pending = pending;
  }

  private deliver(t: Topic, message: unknown): void {
    t.lastSent = this.time.now();
    const m = this.stamp(message, t.lastSent);
    for (const h of [...t.handlers]) h(m);
  }
}

/** A JSON frame with the server's time of sending added (`now`, as in `events` frames); anything else as it is. */
export function stampNow(message: unknown, now: number): unknown {
  if (typeof message !== 'string') return message;
  try {
    const frame = JSON.parse(message) as unknown;
    return frame !== null && typeof frame === 'object' && !Array.isArray(frame) ? JSON.stringify({ ...frame, now }) : message;
  } catch {
    return message;
  }
}
