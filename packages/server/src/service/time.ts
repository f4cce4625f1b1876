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

/**
 * Calls `fn` every `ms` on the given time, the first time `ms` from now: a
 * setInterval that a test's time moves. Each run arms the next from the
 * clock as it reads after the run, so a run that came late (a busy event
 * loop, a ShiftedTime jump) does not bring the next ones closer; FakeTime's
 * advance() runs each one that falls within it. Returns a cancel function,
 * which may also be called from within `fn`.
 */
export function every(clock: Clock, timers: Timers, ms: number, fn: () => void): () => void {
  if (!(ms > 0)) throw new RangeError(`a repeating timer needs a positive period (got ${ms})`);
  let cancel: () => void = () => {};
  let stopped = false;
  const run = () => {
    try {
      fn();
    } finally {
      if (!stopped) arm();
    }
  };
  const arm = () => {
    cancel = timers.at(clock.now() + ms, run);
  };
  arm();
  return () => {
    stopped = true;
    cancel();
  };
}

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
    // Kept in order (time, then arming order): advance() takes the first, with no sort per timer run.
    let lo = 0;
    let hi = this.queue.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.queue[mid]!.at <= at) lo = mid + 1;
      else hi = mid;
    }
    this.queue.splice(lo, 0, { at, fn, id });
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
      const next = this.queue[0];
      if (!next || next.at > end) break;
      this.queue.shift();
      this.t = Math.max(this.t, next.at);
      next.fn();
    }
    this.t = end;
  }
}

/**
 * A test server process's time (TEST_CLOCK=1): the real time plus an offset
 * that only grows. Its timers are real timers armed against the shifted
 * time, so the process runs as it would, but a test that waits for a
 * scheduled event (a tournament's start, a round's pause) moves the time
 * forward instead of sleeping through it. `base` is the real time (tests
 * give fake time there, so they need no wall clock).
 */
export class ShiftedTime implements Clock, Timers {
  private offset = 0;
  private readonly pending = new Map<number, { readonly at: number; readonly fn: () => void; cancel: () => void }>();
  private nextId = 0;

  constructor(private readonly base: Clock & Timers = { ...systemClock, ...systemTimers }) {}

  now(): number {
    return this.base.now() + this.offset;
  }

  /** How far this time is ahead of the real time, ms. */
  get offsetMs(): number {
    return this.offset;
  }

  at(at: number, fn: () => void): () => void {
    const id = this.nextId++;
    const entry = { at, fn, cancel: () => {} };
    this.pending.set(id, entry);
    entry.cancel = this.arm(id, at);
    return () => {
      const e = this.pending.get(id);
      if (!e) return;
      this.pending.delete(id);
      e.cancel();
    };
  }

  /**
   * Moves the time forward by `ms`: every timer now due fires at once,
   * earliest first (one cancelled by an earlier one's callback does not);
   * the others are armed again for their shifted time. Returns the new now.
   */
  advance(ms: number): number {
    if (!Number.isSafeInteger(ms) || ms < 0) throw new RangeError(`time only moves forward by whole ms (got ${ms})`);
    this.offset += ms;
    const now = this.now();
    const due: [number, { readonly at: number }][] = [];
    for (const [id, e] of this.pending) {
      e.cancel();
      if (e.at <= now) due.push([id, e]);
      else e.cancel = this.arm(id, e.at);
    }
    due.sort(([a, x], [b, y]) => x.at - y.at || a - b);
    let failure: { error: unknown } | null = null;
    for (const [id] of due) {
      const e = this.pending.get(id);
      if (!e) continue;
      this.pending.delete(id);
      try {
        e.fn();
      } catch (error) {
        failure ??= { error };
      }
    }
    // The others fired all the same; the first failure is not lost.
    if (failure) throw failure.error;
    return now;
  }

  /** A real timer for the shifted time `at`, under the offset as it is now. */
  private arm(id: number, at: number): () => void {
    return this.base.at(at - this.offset, () => {
      const e = this.pending.get(id);
      if (!e) return;
      this.pending.delete(id);
      e.fn();
    });
  }
}
