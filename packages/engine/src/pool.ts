/**
 * A pool of engine workers (worker_threads, one Fairy-Stockfish each). The
 * main thread only queues requests and passes messages, so the event loop is
 * never blocked by a search.
 *
 * - Fairness: requests wait in a queue served round-robin by game id.
 *   Background analyses (a finished game's) wait in a second such queue,
 *   served only when no live request waits, and never on the last free
 *   worker of a pool of two or more, so a live game's move never waits
 *   for a whole background search.
 * - Timeouts: a search that runs past its time plus a grace is taken as a
 *   hung worker; an optional deadline bounds queueing and search together.
 * - Crashes: a worker that exits, throws or hangs is terminated and
 *   replaced; its request is retried once on a fresh worker, then rejected
 *   with an EngineError the caller can handle.
 * - Legality: the engine may only choose among `legalMoves`
 *   (`go searchmoves`); an answer outside them, or none, is replaced by a
 *   legal fallback move (fallback.ts), so a resolved promise is always a
 *   legal move.
 */
import { availableParallelism, totalmem } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { isVariantKey, type VariantKey } from '@youzai/rules';
import { fallbackMove } from './fallback.ts';
import { FairQueue } from './fair-queue.ts';
import { MAX_LEVEL, isLevel, levelOf } from './levels.ts';
import type { AnalysisLine, Fault, FromWorker, Score, SearchRequest, SearchResult, ToWorker } from './protocol.ts';

export type EngineErrorCode = 'crashed' | 'timeout' | 'deadline' | 'unavailable' | 'queue-full' | 'closed' | 'bad-request' | 'cancelled';

/** A request the pool could not answer with an engine move. `code` is stable. */
export class EngineError extends Error {
  override readonly name = 'EngineError';
  constructor(
    readonly code: EngineErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export interface BestMoveRequest {
  /** Requests are served round-robin by this key. */
  readonly gameId: string;
  readonly variant: VariantKey;
  readonly fen: string;
  /**
   * Moves played from `fen` (FS notation); `legalMoves` are for the position
   * after them. FS drops a move it thinks illegal and the rest with it, so
   * send only moves legal under its rules too (not Janggi cannon moves it
   * lacks); chooseMove sends none.
   */
  readonly moves?: readonly string[];
  readonly level: number;
  /** Our rules' legal moves: the engine chooses among these only. */
  readonly legalMoves: readonly string[];
  /** Shorter than the level's time per move, e.g. when the clock is low. */
  readonly movetimeMs?: number;
  /**
   * Milliseconds from the call by which an answer is wanted, queueing
   * included: a running search is told to stop and answers its best move so
   * far; a request still queued is rejected with code `deadline`.
   */
  readonly deadlineMs?: number;
}

export interface BestMove {
  readonly uci: string;
  /** `engine`: the engine's choice; `fallback`: it answered nothing we may play. */
  readonly source: 'engine' | 'fallback';
  readonly score?: Score;
  readonly depth?: number;
  /** From the call to the answer, queueing included. */
  readonly ms: number;
  /** For a fallback: what the engine answered instead (null: no move). */
  readonly engineAnswer?: string | null;
}

export interface AnalysisRequest {
  /** Requests are served round-robin by this key. */
  readonly gameId: string;
  readonly variant: VariantKey;
  readonly fen: string;
  /** Our rules' legal moves: the lines start with these only. */
  readonly legalMoves: readonly string[];
  /** Lines wanted (MultiPV), 1..8. */
  readonly multipv: number;
  /** Depth limit, 1..40. */
  readonly depth: number;
  /**
   * Node budget, 1..10^9: with it the search starts from a cleared engine and
   * its answer does not depend on the machine's load (see protocol.ts);
   * `movetimeMs` is then a safety bound only, set far above the normal time.
   */
  readonly nodes?: number;
  /** Time limit; the search stops at whichever of depth, nodes and time comes first. */
  readonly movetimeMs: number;
  /** As for bestMove: queueing and search together. */
  readonly deadlineMs?: number;
  /** Served behind every live request (see the class comment): a finished game's analysis. */
  readonly background?: boolean;
  /**
   * Aborted: a request still queued is rejected with code `cancelled`; a
   * running search is told to stop and answers the lines it has (the
   * analysis board, when its page closes).
   */
  readonly signal?: AbortSignal;
}

export interface Analysis {
  /**
   * Best first, at full strength. Each line starts with one of `legalMoves`
   * (the moves after the first are the engine's and may disagree with our
   * rules in Janggi); empty when the engine found no legal move among them.
   */
  readonly lines: readonly AnalysisLine[];
  /** From the call to the answer, queueing included. */
  readonly ms: number;
}

export interface EnginePoolOptions {
  /** Workers at most (each one engine searching one request at a time). */
  readonly size?: number;
  /** Extra time a search may take past its move time before the worker counts as hung. */
  readonly hangGraceMs?: number;
  /** Queued requests at most; more are rejected with code `queue-full`. */
  readonly maxQueue?: number;
  /** Test hook: a fault for the worker to fake on this attempt (see protocol.ts). */
  readonly faults?: (job: { readonly gameId: string; readonly attempt: number }) => Fault | undefined;
}

export interface PoolStats {
  readonly workers: number;
  readonly busy: number;
  readonly queued: number;
  /** Workers replaced after a crash, an engine error or a hang. */
  readonly restarts: number;
  readonly timeouts: number;
  readonly fallbacks: number;
}

/** What one engine worker costs in memory (measured: ~230 MB resident; its WASM heap starts at 128 MB). */
const WORKER_BYTES = 256 * 1024 * 1024;

/** One engine per core, one core left to the event loop, and engines using at most a quarter of the memory. */
export const defaultPoolSize = (): number => Math.max(1, Math.min(availableParallelism() - 1, Math.floor(totalmem() / 4 / WORKER_BYTES)));

/** A worker that fails to start this many times in a row makes the queue fail fast. */
const MAX_BOOT_FAILURES = 3;
const MAX_ATTEMPTS = 2;

interface Job {
  /** A game move (fallback when the engine has none) or an analysis (its lines as found). */
  readonly kind: 'move' | 'analysis';
  readonly background: boolean;
  readonly gameId: string;
  readonly request: Omit<SearchRequest, 'type' | 'id' | 'fault'>;
  readonly legal: ReadonlySet<string>;
  readonly started: number;
  attempts: number;
  settled: boolean;
  /** Run once settled (the abort listener's removal). */
  cleanup?: () => void;
  /** The deadline passed while it was searching. */
  expired: boolean;
  slot: Slot | null;
  deadline: ReturnType<typeof setTimeout> | undefined;
  resolve(m: BestMove | Analysis): void;
  reject(e: EngineError): void;
}

interface Slot {
  readonly worker: Worker;
  ready: boolean;
  dead: boolean;
  job: Job | null;
  searchId: number;
  hang: ReturnType<typeof setTimeout> | undefined;
  /** warmup() callers; also released when the worker dies. */
  readonly readyWaiters: (() => void)[];
}

export class EnginePool {
  readonly size: number;
  private readonly hangGraceMs: number;
  private readonly maxQueue: number;
  private readonly faults: EnginePoolOptions['faults'];
  private readonly slots = new Set<Slot>();
  private readonly queue = new FairQueue<Job>();
  private readonly backgroundQueue = new FairQueue<Job>();
  /** Requests whose worker died: served before the queue. */
  private readonly retries: Job[] = [];
  private nextSearchId = 1;
  private closed = false;
  private bootFailures = 0;
  private respawnTimer: ReturnType<typeof setTimeout> | undefined;
  private counts = { restarts: 0, timeouts: 0, fallbacks: 0 };

  constructor(options: EnginePoolOptions = {}) {
    this.size = Math.max(1, Math.floor(options.size ?? defaultPoolSize()));
    this.hangGraceMs = options.hangGraceMs ?? 5000;
    this.maxQueue = options.maxQueue ?? 10_000;
    this.faults = options.faults;
  }

  /** The engine's move among `legalMoves`, or a legal fallback. Rejects only with EngineError. */
  bestMove(req: BestMoveRequest): Promise<BestMove> {
    return this.submit<BestMove>('move', false, req, badRequest(req), () => {
      const level = levelOf(req.level);
      return {
        variant: req.variant,
        fen: req.fen,
        moves: req.moves ?? [],
        searchmoves: req.legalMoves,
        level: req.level,
        movetimeMs: Math.max(1, Math.min(level.movetimeMs, req.movetimeMs ?? level.movetimeMs)),
      };
    });
  }

  /**
   * Analysis at full strength: the best `multipv` lines among `legalMoves`,
   * searched to `depth`, `nodes` or for `movetimeMs`. For tools such as the puzzle
   * generator and the hint; no fallback is ever made up.
   */
  analyse(req: AnalysisRequest): Promise<Analysis> {
    return this.submit<Analysis>('analysis', req.background === true, req, badRequest({ ...req, level: MAX_LEVEL }) ?? badAnalysis(req), () => ({
      variant: req.variant,
      fen: req.fen,
      moves: [],
      searchmoves: req.legalMoves,
      level: MAX_LEVEL,
      movetimeMs: Math.max(1, Math.round(req.movetimeMs)),
      analysis: { multipv: req.multipv, depth: req.depth, ...(req.nodes !== undefined ? { nodes: req.nodes } : {}) },
    }));
  }

  /** Queues one search for a game, after the checks every request shares (`request` is built only for a valid one). */
  private submit<T extends BestMove | Analysis>(
    kind: Job['kind'],
    background: boolean,
    req: {
      readonly gameId: string;
      readonly legalMoves: readonly string[];
      readonly deadlineMs?: number | undefined;
      readonly signal?: AbortSignal | undefined;
    },
    bad: string | null,
    request: () => Job['request'],
  ): Promise<T> {
    const started = performance.now();
    if (this.closed) return Promise.reject(new EngineError('closed', 'the engine pool is closed'));
    if (bad) return Promise.reject(new EngineError('bad-request', bad));
    if (req.signal?.aborted) return Promise.reject(new EngineError('cancelled', 'the request was cancelled'));
    if (this.waiting() >= this.maxQueue) {
      return Promise.reject(new EngineError('queue-full', `${this.maxQueue} engine requests are already waiting`));
    }
    return new Promise<T>((resolve, reject) => {
      const job: Job = {
        kind,
        background,
        gameId: req.gameId,
        request: request(),
        legal: new Set(req.legalMoves),
        started,
        attempts: 0,
        settled: false,
        expired: false,
        slot: null,
        deadline: undefined,
        resolve: resolve as (m: BestMove | Analysis) => void,
        reject,
      };
      this.enqueue(job, req.deadlineMs);
      const signal = req.signal;
      if (signal) {
        const onAbort = () => this.onCancel(job);
        signal.addEventListener('abort', onAbort, { once: true });
        // Settled either way, the listener goes: a long-lived signal does not keep every job.
        job.cleanup = () => signal.removeEventListener('abort', onAbort);
      }
    });
  }

  private enqueue(job: Job, deadlineMs: number | undefined): void {
    if (deadlineMs !== undefined) job.deadline = setTimeout(() => this.onDeadline(job), Math.max(0, deadlineMs));
    (job.background ? this.backgroundQueue : this.queue).push(job.gameId, job);
    this.pump();
  }

  /**
   * Starts every worker now and resolves once all are ready (a Fairy-Stockfish
   * instance takes a few seconds to initialise), so the first requests do
   * not wait for it. Without it the pool grows on demand.
   */
  async warmup(): Promise<void> {
    while (!this.closed && this.slots.size < this.size) this.spawn();
    const ready = [...this.slots].map((s) => (s.ready ? Promise.resolve() : new Promise<void>((resolve) => s.readyWaiters.push(resolve))));
    await Promise.all(ready);
  }

  stats(): PoolStats {
    let busy = 0;
    for (const s of this.slots) if (s.job) busy++;
    return { workers: this.slots.size, busy, queued: this.waiting(), ...this.counts };
  }

  /** Test hook: the workers now searching, to kill one from outside. */
  busyWorkersForTest(): Worker[] {
    return [...this.slots].filter((s) => s.job).map((s) => s.worker);
  }

  /** Rejects everything pending with code `closed` and ends the workers. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.respawnTimer);
    const pending = [...this.retries.splice(0), ...this.queue.drain(), ...this.backgroundQueue.drain()];
    for (const s of this.slots) if (s.job) pending.push(s.job);
    for (const job of pending) this.settle(job, new EngineError('closed', 'the engine pool was closed'));
    const workers = [...this.slots].map((s) => {
      this.retire(s);
      return s.worker.terminate();
    });
    await Promise.allSettled(workers);
  }

  // ---- scheduling -------------------------------------------------------

  private waiting(): number {
    return this.queue.size + this.backgroundQueue.size + this.retries.length;
  }

  /** The next request to serve: retries, then live requests, then a background one if it may take a worker now. */
  private next(): Job | undefined {
    const job = this.retries.shift() ?? this.queue.shift();
    if (job) return job;
    let background = 0;
    for (const s of this.slots) if (s.job?.background) background++;
    return background < Math.max(1, this.size - 1) ? this.backgroundQueue.shift() : undefined;
  }

  private pump(): void {
    if (this.closed) return;
    for (const slot of this.slots) {
      if (!slot.ready || slot.dead || slot.job) continue;
      const job = this.next();
      if (!job) break;
      this.dispatch(slot, job);
    }
    const waiting = this.waiting();
    let booting = 0;
    for (const s of this.slots) if (!s.ready) booting++;
    // Grow lazily, one worker per waiting request, up to `size`.
    while (waiting > booting && this.slots.size < this.size && this.respawnTimer === undefined) {
      this.spawn();
      booting++;
    }
  }

  private dispatch(slot: Slot, job: Job): void {
    job.attempts++;
    job.slot = slot;
    slot.job = job;
    slot.searchId = this.nextSearchId++;
    const fault = this.faults?.({ gameId: job.gameId, attempt: job.attempts });
    const msg: ToWorker = { type: 'search', id: slot.searchId, ...job.request, ...(fault ? { fault } : {}) };
    slot.worker.postMessage(msg);
    const limit = job.request.movetimeMs * 2 + this.hangGraceMs;
    slot.hang = setTimeout(() => {
      this.counts.timeouts++;
      this.kill(slot, 'timeout', `the engine did not answer within ${limit} ms`);
    }, limit);
  }

  private onDeadline(job: Job): void {
    job.deadline = undefined;
    if (job.settled) return;
    if (job.slot) {
      // Searching: the engine stops and answers its best move so far.
      job.expired = true;
      job.slot.worker.postMessage({ type: 'stop' } satisfies ToWorker);
      return;
    }
    const i = this.retries.indexOf(job);
    if (i >= 0) this.retries.splice(i, 1);
    else (job.background ? this.backgroundQueue : this.queue).remove(job.gameId, job);
    this.settle(job, new EngineError('deadline', 'no engine was free before the deadline'));
  }

  /** The caller gave up: a queued request goes at once, a running search is stopped (it answers what it has). */
  private onCancel(job: Job): void {
    if (job.settled) return;
    if (job.slot) {
      job.slot.worker.postMessage({ type: 'stop' } satisfies ToWorker);
      return;
    }
    const i = this.retries.indexOf(job);
    if (i >= 0) this.retries.splice(i, 1);
    else (job.background ? this.backgroundQueue : this.queue).remove(job.gameId, job);
    this.settle(job, new EngineError('cancelled', 'the request was cancelled'));
  }

  private settle(job: Job, outcome: BestMove | Analysis | EngineError): void {
    if (job.settled) return;
    job.settled = true;
    job.slot = null;
    job.cleanup?.();
    clearTimeout(job.deadline);
    if (outcome instanceof EngineError) job.reject(outcome);
    else job.resolve(outcome);
  }

  /** The worker could not answer: retry the request once elsewhere, then give up. */
  private failed(job: Job, code: EngineErrorCode, message: string): void {
    job.slot = null;
    if (job.settled) return;
    if (job.expired) this.settle(job, new EngineError('deadline', `${message} after the deadline`));
    else if (job.attempts < MAX_ATTEMPTS && !this.closed) this.retries.push(job);
    else this.settle(job, new EngineError(code, `${message} (after ${job.attempts} attempts)`));
  }

  // ---- workers ----------------------------------------------------------

  private spawn(): void {
    // The worker is TypeScript: a small module boots it through tsx's loader.
    const worker = new Worker(new URL('./worker-boot.mjs', import.meta.url));
    const slot: Slot = { worker, ready: false, dead: false, job: null, searchId: 0, hang: undefined, readyWaiters: [] };
    this.slots.add(slot);
    worker.on('message', (m: FromWorker) => this.onMessage(slot, m));
    worker.on('error', (e) => this.onDeath(slot, 'crashed', `the engine worker failed: ${e.message}`));
    worker.on('exit', (code) => this.onDeath(slot, 'crashed', `the engine worker exited (code ${code})`));
  }

  private onMessage(slot: Slot, m: FromWorker): void {
    if (slot.dead) return;
    switch (m.type) {
      case 'ready':
        slot.ready = true;
        this.bootFailures = 0;
        for (const w of slot.readyWaiters.splice(0)) w();
        this.pump();
        return;
      case 'fatal':
        this.kill(slot, 'crashed', `the engine did not start: ${m.message}`);
        return;
      case 'failed':
        // The engine threw: its state is suspect, so replace it.
        if (m.id === slot.searchId) this.kill(slot, 'crashed', `the engine failed: ${m.message}`);
        return;
      case 'result': {
        const job = slot.job;
        if (!job || m.id !== slot.searchId) return;
        clearTimeout(slot.hang);
        slot.job = null;
        const ms = Math.round(performance.now() - job.started);
        this.settle(job, job.kind === 'analysis' ? { lines: (m.lines ?? []).filter((l) => job.legal.has(l.pv[0] ?? '')), ms } : this.answer(job, m, ms));
        this.pump();
        return;
      }
    }
  }

  /** The engine's move if we may play it, else a legal fallback. */
  private answer(job: Job, m: SearchResult, ms: number): BestMove {
    if (m.bestmove !== null && job.legal.has(m.bestmove)) {
      return { uci: m.bestmove, source: 'engine', ms, ...(m.score ? { score: m.score } : {}), ...(m.depth !== undefined ? { depth: m.depth } : {}) };
    }
    this.counts.fallbacks++;
    const { variant, fen, moves, searchmoves } = job.request;
    return { uci: fallbackMove({ variant, fen, moves, legal: searchmoves }), source: 'fallback', ms, engineAnswer: m.bestmove };
  }

  /** Ends a worker that misbehaved; its death handler does the rest. */
  private kill(slot: Slot, code: EngineErrorCode, message: string): void {
    if (slot.dead) return;
    void slot.worker.terminate();
    this.onDeath(slot, code, message);
  }

  private onDeath(slot: Slot, code: EngineErrorCode, message: string): void {
    if (slot.dead) return;
    const wasReady = slot.ready;
    this.retire(slot);
    if (this.closed) return;
    this.counts.restarts++;
    if (slot.job) {
      const job = slot.job;
      slot.job = null;
      this.failed(job, code, message);
    }
    if (!wasReady) this.onBootFailure(message);
    // A replacement starts at once (or after the boot back-off).
    if (this.respawnTimer === undefined) this.spawn();
    this.pump();
  }

  private retire(slot: Slot): void {
    slot.dead = true;
    for (const w of slot.readyWaiters.splice(0)) w();
    clearTimeout(slot.hang);
    this.slots.delete(slot);
  }

  private onBootFailure(message: string): void {
    this.bootFailures++;
    let live = 0;
    for (const s of this.slots) if (s.ready) live++;
    if (this.bootFailures >= MAX_BOOT_FAILURES && live === 0) {
      // No engine can start: fail fast instead of keeping callers waiting.
      const pending = [...this.retries.splice(0), ...this.queue.drain(), ...this.backgroundQueue.drain()];
      for (const job of pending) this.settle(job, new EngineError('unavailable', `no engine could start: ${message}`));
    }
    const backoff = Math.min(30_000, 250 * 2 ** this.bootFailures);
    this.respawnTimer = setTimeout(() => {
      this.respawnTimer = undefined;
      this.pump();
    }, backoff);
    this.respawnTimer.unref();
  }
}

function badAnalysis(req: AnalysisRequest): string | null {
  if (!Number.isInteger(req.multipv) || req.multipv < 1 || req.multipv > 8) return `multipv must be an integer 1..8, got ${String(req.multipv)}`;
  if (!Number.isInteger(req.depth) || req.depth < 1 || req.depth > 40) return `depth must be an integer 1..40, got ${String(req.depth)}`;
  if (req.nodes !== undefined && (!Number.isInteger(req.nodes) || req.nodes < 1 || req.nodes > 1e9))
    return `nodes must be an integer 1..10^9, got ${String(req.nodes)}`;
  if (!(req.movetimeMs > 0)) return 'movetimeMs must be positive';
  return null;
}

function badRequest(req: BestMoveRequest): string | null {
  if (!isVariantKey(req.variant)) return `unknown variant ${String(req.variant)}`;
  if (!isLevel(req.level)) return `level must be an integer 1..8, got ${String(req.level)}`;
  if (req.legalMoves.length === 0) return 'no legal move: the game is over';
  // The FEN goes into a UCI command line: only FEN characters, no line breaks.
  if (typeof req.fen !== 'string' || !/^[A-Za-z0-9/[\]~+\- ]{1,256}$/.test(req.fen)) return 'bad FEN';
  const tokens = [...req.legalMoves, ...(req.moves ?? [])];
  if (tokens.some((m) => typeof m !== 'string' || !/^[A-Za-z0-9@]{3,8}$/.test(m))) return 'bad move token';
  return null;
}
