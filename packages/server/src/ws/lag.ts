/**
 * A connection's network lag as the server measures it: the time from a
 * WebSocket ping to its pong, halved, smoothed over the last few. The
 * client's own `lag` hint is never used (anyone could claim 500 ms a move);
 * what a measured lag may forgive is bounded again by the game's lag quota
 * (@youzai/game clock.ts), so a client that delays its pongs gains little.
 */

/** A one-way lag above this is counted as this (a stalled link says nothing about the next move). */
export const MAX_SAMPLE_MS = 2_000;

/**
 * A move asks for a new round trip only when the last one came back longer ago than this: the pong of a ping
 * after every move was a second frame read per move (issue 29), and a smoothed estimate a few seconds old says
 * as much about the next move.
 */
export const LAG_REFRESH_MS = 5_000;

export class LagMeter {
  private sentAt: number | null = null;
  private estimate: number | null = null;
  private sampledAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly now: () => number) {}

  /** Whether to send a ping now: one measure at a time. */
  start(): boolean {
    if (this.sentAt !== null) return false;
    this.sentAt = this.now();
    return true;
  }

  /** A pong came back. */
  pong(): void {
    if (this.sentAt === null) return;
    const sample = Math.min(MAX_SAMPLE_MS, Math.max(0, this.now() - this.sentAt) / 2);
    this.sentAt = null;
    this.sampledAt = this.now();
    this.estimate = this.estimate === null ? sample : (3 * this.estimate + sample) / 4;
  }

  /** Whether the last round trip came back more than `maxAgeMs` ago (or none has). */
  stale(maxAgeMs: number): boolean {
    return this.now() - this.sampledAt >= maxAgeMs;
  }

  /** The lag to forgive on a move now: 0 until a round trip has been measured. */
  lagMs(): number {
    return this.estimate === null ? 0 : Math.round(this.estimate);
  }
}
