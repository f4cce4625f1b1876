/** Time and timers are injected so scenario tests run on fake time. */
export interface Clock {
  now(): number;
}

export interface Timers {
  /** Calls `fn` at `at` (epoch ms) or soon after; returns a cancel function. */
  at(at: number, fn: () => void): () => void;
}

export const systemClock: Clock = { now: () => Date.now() };

export const systemTimers: Timers = {
  at(at, fn) {
    // setTimeout's limit is ~24.8 days; long deadlines re-arm.
    const MAX = 2 ** 31 - 1;
    let handle: NodeJS.Timeout;
    const arm = () => {
      const delay = at - Date.now();
      handle = setTimeout(delay > MAX ? arm : fn, Math.max(0, Math.min(delay, MAX)));
      handle.unref?.();
    };
    arm();
    return () => clearTimeout(handle);
  },
};

/** Fake time for tests: advance() runs due timers in order. */
export class FakeTime implements Clock, Timers {
  private t: number;
  private queue: { at: number; fn: () => void; id: number }[] = [];
  private nextId = 0;

  constructor(start = 1_700_000_000_000) {
    this.t = start;
  }

  now(): number {
    return this.t;
  }

  at(at: number, fn: () => void): () => void {
    const id = this.nextId++;
    this.queue.push({ at, fn, id });
    return () => {
      this.queue = this.queue.filter((q) => q.id !== id);
    };
  }

  /** Moves time forward by `ms` without firing timers: timers running late, as on a busy event loop. */
  jump(ms: number): void {
    this.t += ms;
  }

  /** Moves time forward by `ms`, firing timers that fall due, earliest first. */
  advance(ms: number): void {
    const end = this.t + ms;
    for (;;) {
      this.queue.sort((a, b) => a.at - b.at || a.id - b.id);
      const next = this.queue[0];
      if (!next || next.at > end) break;
      this.queue.shift();
      this.t = Math.max(this.t, next.at);
      next.fn();
    }
    this.t = end;
  }
}
