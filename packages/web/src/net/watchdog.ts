/**
 * Notices a link that went silent without closing (a Wi-Fi drop: no close
 * event comes for a minute or more). The socket pings every `pingEvery`; the
 * link is lost when a ping is out, nothing at all has been heard for
 * `silence`, and the ping has had at least `grace` to be answered. The last
 * rule keeps a background tab, whose timers the browser slows down (its
 * pings leave late), from being cut for a silence it made itself.
 * Time is given (now and timers), so tests move it instead of waiting.
 */
export interface WatchdogTime {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const browserTime: WatchdogTime = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface WatchdogOptions {
  readonly time: WatchdogTime;
  /** Sends a ping (the server answers `pong`). */
  readonly ping: () => void;
  /** The link is lost: called once, after which the watchdog is stopped. */
  readonly lost: () => void;
  readonly pingEvery?: number;
  readonly silence?: number;
  readonly grace?: number;
}

export class LinkWatchdog {
  private readonly pingEvery: number;
  private readonly silence: number;
  private readonly grace: number;
  private lastHeard = 0;
  /** When the first ping sent since the last frame heard left; null: nothing is awaited. */
  private waitingSince: number | null = null;
  private pingTimer: unknown = null;
  private checkTimer: unknown = null;
  private running = false;

  constructor(private readonly o: WatchdogOptions) {
    this.pingEvery = o.pingEvery ?? 5000;
    this.silence = o.silence ?? 8000;
    this.grace = o.grace ?? 3000;
  }

  /** The link is open: pings at once, then every `pingEvery`. */
  start(): void {
    this.stop();
    this.running = true;
    this.lastHeard = this.o.time.now();
    this.waitingSince = null;
    this.beat();
  }

  /** Any frame arrived: the link is alive. Cheap, as it runs on every frame. */
  heard(): void {
    this.lastHeard = this.o.time.now();
    this.waitingSince = null;
  }

  stop(): void {
    this.running = false;
    if (this.pingTimer !== null) this.o.time.clearTimeout(this.pingTimer);
    if (this.checkTimer !== null) this.o.time.clearTimeout(this.checkTimer);
    this.pingTimer = null;
    this.checkTimer = null;
  }

  private beat(): void {
    this.pingTimer = null;
    if (!this.running) return;
    if (this.waitingSince === null) this.waitingSince = this.o.time.now();
    this.o.ping();
    this.arm();
    this.pingTimer = this.o.time.setTimeout(() => this.beat(), this.pingEvery);
  }

  private due(): number {
    return Math.max(this.lastHeard + this.silence, (this.waitingSince ?? 0) + this.grace);
  }

  private arm(): void {
    if (this.checkTimer !== null || this.waitingSince === null) return;
    this.checkTimer = this.o.time.setTimeout(() => this.check(), Math.max(0, this.due() - this.o.time.now()));
  }

  private check(): void {
    this.checkTimer = null;
    if (!this.running || this.waitingSince === null) return;
    if (this.o.time.now() >= this.due()) {
      this.stop();
      this.o.lost();
    } else this.arm();
  }
}
