/**
 * Pushes a value at most once per interval, and only when it changed: many
 * changes in a burst (10,000 players connecting) become one push each
 * interval. While the way out is congested the push waits, so a slow
 * broadcast is never queued behind by stale values. Time and timers are
 * injected, as everywhere in the service.
 */
import type { Clock, Timers } from '../service/time.ts';

/** How soon a push held back by congestion tries again. */
const RETRY_MS = 20;

export class Coalescer<T> {
  private cancel: (() => void) | null = null;
  private lastAt = -Infinity;
  private last: string | null = null;

  constructor(
    /** The value now; a promise when it is read from elsewhere (Redis, for a club of several nodes). */
    private readonly read: () => T | Promise<T>,
    private readonly push: (value: T) => void,
    private readonly time: { readonly clock: Clock; readonly timers: Timers },
    private readonly intervalMs: number,
    /** False while the way out is congested: the push waits (and merges with later changes). */
    private readonly ready: () => boolean = () => true,
  ) {}

  /** Something the value depends on changed: push it soon (at once after a quiet interval). */
  changed(): void {
    // A read under way: once more after it (a clock moved far at once must not start a read per interval).
    if (this.reading) {
      this.dirty = true;
      return;
    }
    if (this.cancel) return;
    const at = Math.max(this.time.clock.now(), this.lastAt + this.intervalMs);
    this.cancel = this.time.timers.at(at, () => this.fire());
  }

  private reading = false;
  private dirty = false;

  private fire(): void {
    this.cancel = null;
    if (!this.ready()) {
      this.cancel = this.time.timers.at(this.time.clock.now() + RETRY_MS, () => this.fire());
      return;
    }
    this.lastAt = this.time.clock.now();
    const v = this.read();
    if (!(v instanceof Promise)) {
      this.emit(v);
      return;
    }
    this.reading = true;
    void v
      .then((x) => this.emit(x))
      .catch(() => undefined)
      .finally(() => {
        this.reading = false;
        if (this.dirty) {
          this.dirty = false;
          this.changed();
        }
      });
  }

  private emit(v: T): void {
    const key = JSON.stringify(v);
    if (key === this.last) return;
    this.last = key;
    this.push(v);
  }

  close(): void {
    this.cancel?.();
    this.cancel = null;
  }
}
