/**
 * A latency histogram that several processes fill and one merges: buckets
 * of 1 % relative width (from 1 µs), so a percentile read from the merged
 * counts is within 1 % of the exact one, whatever the spread. Percentiles of
 * separate processes cannot be averaged; their counts can be added.
 */

/** Lower edge of bucket 0, ms. */
const FLOOR_MS = 0.001;
const GROWTH = 1.01;
const LOG_GROWTH = Math.log(GROWTH);

/** The histogram as it crosses a process boundary (JSON or IPC). */
export interface HistogramData {
  /** [bucket index, count], any order. */
  readonly buckets: readonly (readonly [number, number])[];
  readonly count: number;
  readonly min: number;
  readonly max: number;
  readonly sum: number;
}

export class LatencyHistogram {
  private readonly counts = new Map<number, number>();
  count = 0;
  min = Number.POSITIVE_INFINITY;
  max = 0;
  sum = 0;

  /** Records one value, ms (0 and below count in the lowest bucket). */
  record(ms: number): void {
    const i = ms <= FLOOR_MS ? 0 : Math.floor(Math.log(ms / FLOOR_MS) / LOG_GROWTH);
    this.counts.set(i, (this.counts.get(i) ?? 0) + 1);
    this.count++;
    this.sum += ms;
    if (ms < this.min) this.min = ms;
    if (ms > this.max) this.max = ms;
  }

  /** Adds another histogram's counts (another process's, through `toData`). */
  add(other: HistogramData | LatencyHistogram): this {
    const d = other instanceof LatencyHistogram ? other.toData() : other;
    for (const [i, c] of d.buckets) this.counts.set(i, (this.counts.get(i) ?? 0) + c);
    this.count += d.count;
    this.sum += d.sum;
    if (d.count > 0) {
      this.min = Math.min(this.min, d.min);
      this.max = Math.max(this.max, d.max);
    }
    return this;
  }

  /**
   * The p-th percentile (0–100), ms: the middle of the bucket holding the value of that rank, the same rank as
   * `percentile()` of server-process.ts (index ⌊p/100·n⌋ of the sorted values), kept within [min, max]. NaN when empty.
   */
  percentile(p: number): number {
    if (this.count === 0) return Number.NaN;
    const rank = Math.min(this.count - 1, Math.floor((p / 100) * this.count));
    let seen = 0;
    for (const i of [...this.counts.keys()].sort((a, b) => a - b)) {
      seen += this.counts.get(i)!;
      if (seen > rank) {
        const mid = i === 0 ? FLOOR_MS : FLOOR_MS * GROWTH ** (i + 0.5);
        return Math.min(this.max, Math.max(this.min, mid));
      }
    }
    return this.max;
  }

  get mean(): number {
    return this.count ? this.sum / this.count : Number.NaN;
  }

  toData(): HistogramData {
    return { buckets: [...this.counts], count: this.count, min: this.count ? this.min : 0, max: this.max, sum: this.sum };
  }

  static from(d: HistogramData): LatencyHistogram {
    return new LatencyHistogram().add(d);
  }
}
