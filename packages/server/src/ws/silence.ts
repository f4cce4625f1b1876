/**
 * Notices a socket whose link went silent without closing (a Wi-Fi drop:
 * the close may not come for a minute or more), so that the opponent is
 * told the player is gone within seconds (issue 33, item 3). A current
 * client pings every 5 s (web/src/net/watchdog.ts); the watch starts with
 * its first `ping` and ends the socket once nothing at all (a frame, or the
 * pong of a WebSocket ping) has been heard for SILENCE_MS. Before that, a
 * socket silent for PROBE_AFTER_MS is sent a WebSocket ping: the browser
 * answers it by itself, so a background tab whose timers the browser slows
 * down (its pings leave late) is not cut while its link is up.
 *
 * Time is the server's (clock and timers are given): a test moves it. A
 * jump in time (TEST_CLOCK) is not taken for silence by itself: the ping
 * is sent when the jump is seen, and the link is judged only once it has
 * had PROBE_GRACE_MS to answer (as the client's watchdog does).
 */
import type { Clock, Timers } from '../service/time.ts';

/** Nothing heard this long from a socket that pings: its link is gone. */
export const SILENCE_MS = 12_000;
/** Nothing heard this long: a WebSocket ping asks (one more than the client's 5 s between pings). */
export const PROBE_AFTER_MS = 6_000;
/** The least time that ping is given to be answered before the link is judged. */
export const PROBE_GRACE_MS = 3_000;

export interface SilenceOptions {
  readonly clock: Clock;
  readonly timers: Timers;
  /** Sends a WebSocket ping (its pong is heard). */
  readonly probe: () => void;
  /** The link is gone: called once, after which the watch is stopped. */
  readonly lost: () => void;
}

export class SilenceWatch {
  private heardAt: number;
  /** When the ping for the present silence was sent; null: none is out. */
  private probedAt: number | null = null;
  private cancel: (() => void) | null = null;
  private stopped = false;

  constructor(private readonly o: SilenceOptions) {
    this.heardAt = o.clock.now();
    this.arm(this.heardAt + PROBE_AFTER_MS);
  }

  /** Something came from the socket (a frame, a pong). Cheap: it runs on every frame; the timer is moved lazily. */
  heard(): void {
    this.heardAt = this.o.clock.now();
    this.probedAt = null;
  }

  stop(): void {
    this.stopped = true;
    this.cancel?.();
    this.cancel = null;
  }

  private arm(at: number): void {
    this.cancel = this.o.timers.at(at, () => this.check());
  }

  private check(): void {
    this.cancel = null;
    if (this.stopped) return;
    const now = this.o.clock.now();
    if (now < this.heardAt + PROBE_AFTER_MS) {
      this.arm(this.heardAt + PROBE_AFTER_MS);
    } else if (this.probedAt === null) {
      this.probedAt = now;
      this.o.probe();
      this.arm(this.due(now));
    } else if (now < this.due(this.probedAt)) {
      this.arm(this.due(this.probedAt));
    } else {
      this.stop();
      this.o.lost();
    }
  }

  /** When a link silent since heardAt, asked at `probedAt`, is judged gone. */
  private due(probedAt: number): number {
    return Math.max(this.heardAt + SILENCE_MS, probedAt + PROBE_GRACE_MS);
  }
}
