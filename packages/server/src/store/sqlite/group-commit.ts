/**
 * Group commit for better-sqlite3. Every write is queued; the queue is
 * committed as ONE transaction at the end of the current event-loop turn (or
 * after `batchWindowMs`), and only then are the writes' promises settled. With
 * synchronous=FULL a commit costs an fsync, so sharing it among all the
 * writes that arrived meanwhile is what turns a few hundred durable commits
 * per second into thousands. The driver is synchronous, so while a batch
 * commits new writes wait in the event loop and form the next batch: batches
 * grow by themselves under load and stay at one write when idle.
 *
 * Each write of a batch runs inside its own savepoint, so a write that throws
 * (a version conflict, a constraint) is undone alone and rejected alone; the
 * others of the batch still commit. A batch of one write needs none: its
 * transaction is rolled back whole, to the same effect. If the commit itself fails, every write of the
 * batch is rejected: none of them was acknowledged, none is assumed durable.
 */
import type { Database } from 'better-sqlite3';
import { createHistogram, type RecordableHistogram } from 'node:perf_hooks';

interface Job {
  /** performance.now() at submit. */
  readonly at: number;
  readonly run: () => unknown;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
}

type Outcome = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: unknown };

export interface GroupCommitOptions {
  /** 0: commit at the end of the current event-loop turn (setImmediate); more: wait that long for companions. */
  readonly batchWindowMs?: number;
  /**
   * At most one commit per this many ms (0: no such bound). A write after a quiet spell still commits at the
   * end of its turn; under load, the writes that arrive within this much of the last commit wait for the next
   * and share its fsync, so commits, not writes, are what the interval counts (issue 29).
   */
  readonly commitEveryMs?: number;
  /** At most this many writes per transaction, so that a burst cannot block the event loop for long. */
  readonly maxBatch?: number;
  /** The time and the timers the batches are scheduled on (the system's by default; a test's fake). */
  readonly time?: CommitTime;
}

/**
 * What the group commit reads the time from and schedules its commits on. Not service/time.ts's Clock and
 * Timers: those read the wall clock to the millisecond and unref their timers, and a commit must keep the
 * process alive until its writes are durable, paced on a monotonic clock below the millisecond.
 */
export interface CommitTime {
  /** Milliseconds, monotonic. */
  now(): number;
  /** Runs `fn` once the current turn is over. */
  soon(fn: () => void): void;
  /** Runs `fn` in `ms` milliseconds. */
  after(ms: number, fn: () => void): void;
}

const systemTime: CommitTime = {
  now: () => performance.now(),
  soon: (fn) => setImmediate(fn),
  after: (ms, fn) => setTimeout(fn, ms),
};

export interface GroupCommitStats {
  /** Transactions committed (or attempted). */
  batches: number;
  /** Writes run, including those rejected. */
  writes: number;
  /** Largest batch so far. */
  largest: number;
}

/** A distribution as `CommitWindow` gives it. */
export interface Spread {
  readonly count: number;
  readonly mean: number;
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
}

/**
 * The group commit since the window was last reset, for the benchmarks' account of the tail: how many writes
 * each transaction carried, how long each transaction took (its statements and the fsync), and how long each
 * write waited from its submission to its commit (queueing behind the batch before it included).
 */
export interface CommitWindow {
  readonly batchSize: Spread;
  readonly commitMs: Spread;
  readonly writeMs: Spread;
}

function spread(h: RecordableHistogram, scale: number): Spread {
  if (h.count === 0) return { count: 0, mean: 0, p50: 0, p99: 0, max: 0 };
  return { count: h.count, mean: h.mean / scale, p50: h.percentile(50) / scale, p99: h.percentile(99) / scale, max: h.max / scale };
}

export class GroupCommit {
  readonly stats: GroupCommitStats = { batches: 0, writes: 0, largest: 0 };
  // Bounded whatever the uptime (HDR histograms): nobody need read them.
  private readonly sizes = createHistogram();
  private readonly commitUs = createHistogram();
  private readonly writeUs = createHistogram();
  private queue: Job[] = [];
  private scheduled = false;
  private closed = false;
  private readonly windowMs: number;
  private readonly everyMs: number;
  private readonly time: CommitTime;
  /** When the last commit started (-Infinity: none yet). */
  private lastCommitAt = Number.NEGATIVE_INFINITY;
  private readonly maxBatch: number;
  private readonly commitBatch: (jobs: readonly Job[], outcomes: Outcome[]) => void;
  private readonly commitOne: (run: () => unknown) => unknown;

  constructor(db: Database, options: GroupCommitOptions = {}) {
    this.windowMs = options.batchWindowMs ?? 0;
    this.everyMs = options.commitEveryMs ?? 0;
    this.time = options.time ?? systemTime;
    this.maxBatch = options.maxBatch ?? 256;
    // A transaction function called inside another becomes a savepoint.
    const savepoint = db.transaction((run: () => unknown) => run());
    const batch = db.transaction((jobs: readonly Job[], outcomes: Outcome[]) => {
      for (const job of jobs) {
        try {
          outcomes.push({ ok: true, value: savepoint(job.run) });
        } catch (error) {
          // Some errors (I/O, disk full) make SQLite roll back the whole
          // transaction: stop there, or the next writes would each autocommit alone.
          if (!db.inTransaction) throw error;
          outcomes.push({ ok: false, error });
        }
      }
    });
    // IMMEDIATE takes the write lock up front, so another process holding it
    // makes us wait (busy_timeout) instead of failing halfway.
    this.commitBatch = batch.immediate;
    // A batch of one write needs no savepoint: if it throws, the whole transaction is rolled back
    // and it alone is rejected, as the savepoint would have done (two statements saved per commit).
    this.commitOne = db.transaction((run: () => unknown) => run()).immediate;
  }

  /** Queues `run` (which must be synchronous) to run in the next transaction; settles once that transaction is committed. */
  submit<T>(run: () => T): Promise<T> {
    if (this.closed) return Promise.reject(new Error('the store is closed'));
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ at: this.time.now(), run, resolve: resolve as (v: unknown) => void, reject });
      this.schedule();
    });
  }

  /** Commits everything queued now, synchronously (the promises settle in the next microtasks). */
  flush(): void {
    while (this.queue.length) this.commitNext();
  }

  /** The window's distributions; `reset`: a new window starts. */
  window(reset = false): CommitWindow {
    const w = { batchSize: spread(this.sizes, 1), commitMs: spread(this.commitUs, 1000), writeMs: spread(this.writeUs, 1000) };
    if (reset) for (const h of [this.sizes, this.commitUs, this.writeUs]) h.reset();
    return w;
  }

  /** Commits what is queued and refuses further writes. */
  close(): void {
    this.flush();
    this.closed = true;
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    const fire = () => {
      this.scheduled = false;
      this.commitNext();
      if (this.queue.length) this.schedule();
    };
    const wait = Math.max(this.windowMs, this.lastCommitAt + this.everyMs - this.time.now());
    if (wait > 0) this.time.after(wait, fire);
    else this.time.soon(fire);
  }

  private commitNext(): void {
    const jobs = this.queue.splice(0, this.maxBatch);
    if (!jobs.length) return;
    this.stats.batches++;
    this.stats.writes += jobs.length;
    this.stats.largest = Math.max(this.stats.largest, jobs.length);
    this.sizes.record(jobs.length);
    const outcomes: Outcome[] = [];
    const started = this.time.now();
    this.lastCommitAt = started;
    try {
      if (jobs.length === 1) {
        try {
          outcomes.push({ ok: true, value: this.commitOne(jobs[0]!.run) });
        } catch (error) {
          outcomes.push({ ok: false, error });
        }
      } else this.commitBatch(jobs, outcomes);
    } catch (error) {
      for (const job of jobs) job.reject(error);
      return;
    } finally {
      const done = this.time.now();
      this.commitUs.record(Math.max(1, Math.round((done - started) * 1000)));
      for (const job of jobs) this.writeUs.record(Math.max(1, Math.round((done - job.at) * 1000)));
    }
    jobs.forEach((job, i) => {
      const o = outcomes[i]!;
      if (o.ok) job.resolve(o.value);
      else job.reject(o.error);
    });
  }
}
