/** The link watchdog on fake time: a silent link is lost within ~8 s; a live one, or a slowed background tab, is not. */
import { describe, expect, it } from 'vitest';
import { LinkWatchdog, type WatchdogTime } from './watchdog.ts';

class FakeTime implements WatchdogTime {
  t = 1_000_000;
  private timers: { at: number; fn: () => void; id: number }[] = [];
  private nextId = 1;
  /** Timers fire no earlier than this many ms apart (a background tab's throttling); 0: on time. */
  throttle = 0;
  now(): number {
    return this.t;
  }
  setTimeout(fn: () => void, ms: number): unknown {
    return this.deliver(fn, Math.max(ms, this.throttle));
  }
  /** A frame arriving in `ms` (network events are not throttled). */
  deliver(fn: () => void, ms: number): number {
    const id = this.nextId++;
    this.timers.push({ at: this.t + ms, fn, id });
    return id;
  }
  clearTimeout(handle: unknown): void {
    this.timers = this.timers.filter((x) => x.id !== handle);
  }
  /** Moves time forward by `ms`, firing due timers in order; `each` runs after every step of 50 ms (frames arriving). */
  advance(ms: number, each?: () => void): void {
    const end = this.t + ms;
    while (this.t < end) {
      const step = Math.min(end, this.t + 50);
      for (;;) {
        this.timers.sort((a, b) => a.at - b.at);
        const next = this.timers[0];
        if (!next || next.at > step) break;
        this.timers.shift();
        this.t = next.at;
        next.fn();
      }
      this.t = step;
      each?.();
    }
  }
}

function setup(answer: boolean) {
  const time = new FakeTime();
  const pings: number[] = [];
  let lostAt: number | null = null;
  const link = { up: true };
  const dog = new LinkWatchdog({
    time,
    ping: () => {
      pings.push(time.now());
      // The server answers within 40 ms while the link is up.
      if (answer && link.up) time.deliver(() => link.up && dog.heard(), 40);
    },
    lost: () => {
      lostAt = time.now();
    },
  });
  return { time, pings, dog, link, lost: () => lostAt };
}

describe('LinkWatchdog', () => {
  it('pings at once and every 5 s, and a link that answers is never lost', () => {
    const s = setup(true);
    const t0 = s.time.now();
    s.dog.start();
    s.time.advance(60_000);
    expect(s.lost()).toBeNull();
    expect(s.pings.slice(0, 3).map((p) => p - t0)).toEqual([0, 5000, 10_000]);
    expect(s.pings).toHaveLength(13);
  });

  it('a link that goes silent without closing is lost within 8 s of the last frame, once', () => {
    const s = setup(true);
    s.dog.start();
    s.time.advance(12_345);
    s.link.up = false;
    // The last pong came 40 ms after the ping at 10 s.
    const lastFrame = s.time.now() - 12_345 + 10_040;
    s.time.advance(30_000);
    const lost = s.lost();
    expect(lost).not.toBeNull();
    expect(lost! - lastFrame).toBeGreaterThanOrEqual(8000);
    expect(lost! - lastFrame).toBeLessThanOrEqual(8100);
    // Stopped: no pings after the loss.
    expect(s.pings.filter((p) => p > lost!)).toEqual([]);
  });

  it('any frame counts as a sign of life, not only the pong', () => {
    const s = setup(false);
    s.dog.start();
    s.time.advance(30_000, () => s.dog.heard());
    expect(s.lost()).toBeNull();
    s.time.advance(8000);
    expect(s.lost()).not.toBeNull();
  });

  it('a background tab whose timers fire once a minute is not cut while its pings are answered', () => {
    const s = setup(true);
    s.dog.start();
    s.time.throttle = 60_000;
    s.time.advance(5 * 60_000);
    expect(s.lost()).toBeNull();
    expect(s.pings.length).toBeGreaterThan(2);
  });

  it('stop ends the pings and the checks (the socket closed normally)', () => {
    const s = setup(false);
    s.dog.start();
    s.dog.stop();
    s.time.advance(60_000);
    expect(s.pings).toHaveLength(1);
    expect(s.lost()).toBeNull();
  });
});
