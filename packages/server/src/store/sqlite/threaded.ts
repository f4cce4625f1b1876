/**
 * A Store that runs the SQLite store on a worker thread (worker.ts) and
 * forwards every call to it. Same interfaces, same semantics: a promise
 * resolves once the worker's transaction has committed. Every data call is
 * bounded (`timeoutMs`): a thread stuck on a disk that does not answer (a
 * network mount, a dying disk's fsync) fails the call with StoreTimeout
 * instead of holding its caller; the late answer is dropped, and the write's
 * fate is the caller's to settle (docs/server.md).
 */
import { Worker } from 'node:worker_threads';
import { STORE_TIMEOUT_MS, StoreTimeout, TournamentConflict, UniqueViolation, VersionConflict, type Store, type StoreMethod } from '../types.ts';
import { dataJson } from '../checks.ts';
import type { GameRow, MoveRow } from '../games.ts';
import type { SqliteStoreOptions } from './db.ts';
import type { CommitWindow, GroupCommitStats } from './group-commit.ts';
import { pushCall, pushCreate, pushSave, readAnswers } from './link-wire.ts';

interface Pending {
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
}

/**
 * Every data method, by concern. The type makes this list exactly the
 * Store's methods: a method added to a concern's interface must be named
 * here (then the worker answers it by itself).
 */
const FORWARDED = {
  // MetaStore
  getMeta: true,
  setMeta: true,
  setMetaIfAbsent: true,
  // UserStore
  createUser: true,
  userById: true,
  userByName: true,
  registerUser: true,
  searchUsers: true,
  settingsOf: true,
  saveSettings: true,
  learnProgress: true,
  markLessons: true,
  createSession: true,
  session: true,
  deleteSession: true,
  touchSession: true,
  deleteExpiredSessions: true,
  // GameStore
  createGame: true,
  saveGame: true,
  game: true,
  gameByInvite: true,
  moves: true,
  games: true,
  results: true,
  // RatingStore
  applyRatedGame: true,
  ratings: true,
  leaderboard: true,
  ratingHistory: true,
  unratedGames: true,
  // PuzzleStore
  applyPuzzleResult: true,
  puzzleRatings: true,
  puzzleStates: true,
  puzzleRounds: true,
  // SocialStore
  setMute: true,
  mutes: true,
  setFollow: true,
  following: true,
  followerCount: true,
  setBlock: true,
  blocks: true,
  relation: true,
  // NotificationStore
  putNotification: true,
  notifications: true,
  unreadNotifications: true,
  markNotificationsRead: true,
  trimNotifications: true,
  notificationsOff: true,
  setNotificationOff: true,
  // TournamentStore
  createTournament: true,
  tournament: true,
  tournamentByInvite: true,
  listTournaments: true,
  tournamentSheet: true,
  tournamentLive: true,
  pairingsOf: true,
  pairingsChanged: true,
  enterTournament: true,
  leaveTournament: true,
  setEntryActive: true,
  requestHalfBye: true,
  setEntryAway: true,
  advanceTournament: true,
  recordTournamentGame: true,
  setTournamentBerserk: true,
  tournamentGame: true,
  // ModerationStore
  sanctions: true,
  setSanctions: true,
  deleteUserSessions: true,
  addReport: true,
  reports: true,
  resolveReport: true,
  logModeration: true,
  moderationLog: true,
  voidRatedGame: true,
  ratedGamesOf: true,
  // AnalysisStore
  requestAnalysis: true,
  analysis: true,
  claimAnalysis: true,
  updateAnalysis: true,
  unfinishedAnalyses: true,
  activeAnalyses: true,
  // ImportStore
  saveImport: true,
  importById: true,
  // TokenStore
  createToken: true,
  tokenByHash: true,
  tokensOf: true,
  deleteToken: true,
  makeBot: true,
  isBot: true,
  bots: true,
} as const satisfies Record<StoreMethod, true>;

/**
 * The calls that wait for the end of the turn: a move's write and a new
 * game's. Their rows are copied into the turn's message when called (the data
 * encoded as JSON text, which the store does anyway), since a store keeps a
 * row as it was when the write was called. Any other call goes at once, with
 * those waiting before it, so the worker sees every call in the order it was
 * made.
 */
const DEFERRED: Partial<Record<StoreMethod, (tape: unknown[], id: number, args: readonly unknown[]) => void>> = {
  createGame: (tape, id, [row]) => pushCreate(tape, id, row as GameRow, dataJson((row as GameRow).data)),
  saveGame: (tape, id, [row, expected, moves, dropAfter]) =>
    pushSave(
      tape,
      id,
      row as GameRow,
      dataJson((row as GameRow).data),
      expected as number,
      (moves as readonly MoveRow[] | undefined) ?? [],
      dropAfter as number | undefined,
    ),
};

/** A call waiting for its answer; `due`: when it fails with StoreTimeout (null: never). */
interface Waiting extends Pending {
  readonly method: string;
  readonly timeoutMs: number | null;
  readonly due: number | null;
}

/**
 * The calls' side of the thread boundary. The games' writes made during one
 * turn of the event loop cross in one message, sent once the turn's callbacks
 * have run (setImmediate: every socket read in the loop's poll phase has
 * queued its move by then; any other call goes at once and takes them with
 * it: see DEFERRED), and the worker answers a turn's calls in one message too:
 * a message costs far more than the calls it carries (measured for issue 29:
 * a move's row cost the main thread 12.5 µs as its own message, 3.3 µs in a
 * message of ten). The bound on each call is kept by one timer armed for the
 * oldest call's deadline, not a timer per call: calls are bounded in the
 * order they were made.
 */
export class WorkerLink {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Waiting>();
  /** Bounded calls by deadline (they are made in order and share a bound, so this stays sorted); answered ones are skipped. */
  private readonly deadlines: { id: number; due: number }[] = [];
  private deadlineHead = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private timerDue = Number.POSITIVE_INFINITY;
  /** The turn's calls, flat (link-wire.ts). */
  private outbox: unknown[] = [];
  private nextId = 1;
  private failed: Error | null = null;
  /** Messages posted to the worker so far (tests: a turn's writes cross in one). */
  messages = 0;

  constructor(path: string, options: Omit<SqliteStoreOptions, 'time'>) {
    // The worker is TypeScript too: a small module boots it through tsx's loader.
    const url = new URL('./worker-boot.mjs', import.meta.url);
    this.worker = new Worker(url, { workerData: { path, options } });
    this.worker.on('message', (answers: readonly unknown[]) =>
      readAnswers(answers, (m) => {
        const p = this.pending.get(m.id);
        if (!p) return;
        this.pending.delete(m.id);
        if (m.error) p.reject(decodeError(m.error));
        else p.resolve(m.value);
      }),
    );
    const fail = (e: Error) => {
      this.failed = e;
      for (const p of this.pending.values()) p.reject(e);
      this.pending.clear();
    };
    this.worker.on('error', fail);
    // Any exit with calls pending rejects them: none may hang.
    this.worker.on('exit', (code) => fail(new Error(`the SQLite worker exited (code ${code})`)));
  }

  /** `timeoutMs`: past it, the call fails with StoreTimeout and its answer, if one comes, is dropped (null: no bound). */
  call<T>(method: string, args: readonly unknown[], timeoutMs: number | null = null): Promise<T> {
    if (this.failed) return Promise.reject(this.failed);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      const due = timeoutMs === null ? null : performance.now() + timeoutMs;
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject, method, timeoutMs, due });
      if (due !== null) this.bound(id, due);
      const deferred = DEFERRED[method as StoreMethod];
      const first = this.outbox.length === 0;
      if (!deferred) {
        pushCall(this.outbox, id, method, args);
        this.send();
      } else {
        deferred(this.outbox, id, args);
        if (first) setImmediate(this.send);
      }
    });
  }

  /** The turn's calls, in one message. */
  private readonly send = (): void => {
    const calls = this.outbox;
    if (!calls.length || this.failed) return;
    this.outbox = [];
    this.messages++;
    this.worker.postMessage(calls);
  };

  private bound(id: number, due: number): void {
    // A shorter bound than those before it (calls rarely mix bounds): kept in order all the same.
    let i = this.deadlines.length;
    while (i > this.deadlineHead && this.deadlines[i - 1]!.due > due) i--;
    this.deadlines.splice(i, 0, { id, due });
    this.arm();
  }

  /** The one timer, for the oldest call still waiting. */
  private arm(): void {
    while (this.deadlineHead < this.deadlines.length && !this.pending.has(this.deadlines[this.deadlineHead]!.id)) this.deadlineHead++;
    if (this.deadlineHead > 1024 && this.deadlineHead * 2 > this.deadlines.length) {
      this.deadlines.splice(0, this.deadlineHead);
      this.deadlineHead = 0;
    }
    const next = this.deadlines[this.deadlineHead];
    if (!next) return;
    if (this.timer !== null && this.timerDue <= next.due) return;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timerDue = next.due;
    this.timer = setTimeout(this.expire, Math.max(0, next.due - performance.now()));
    this.timer.unref?.();
  }

  /** Fails every call past its bound; the timer is armed again for the next. */
  private readonly expire = (): void => {
    this.timer = null;
    this.timerDue = Number.POSITIVE_INFINITY;
    const now = performance.now();
    while (this.deadlineHead < this.deadlines.length) {
      const d = this.deadlines[this.deadlineHead]!;
      const p = this.pending.get(d.id);
      if (p && d.due > now) break;
      this.deadlineHead++;
      if (!p) continue;
      this.pending.delete(d.id);
      p.reject(new StoreTimeout(p.method, p.timeoutMs ?? 0));
    }
    this.arm();
  };

  async close(): Promise<void> {
    if (!this.failed) await this.call('close', []).catch(() => undefined);
    if (this.timer !== null) clearTimeout(this.timer);
    await this.worker.terminate();
  }
}

export function threadedSqliteStore(
  path: string,
  /** Crosses to the worker as data: the worker's group commit runs on its own thread's time (no `time`). */
  options: Omit<SqliteStoreOptions, 'time'> = {},
  /** The bound on each data call, ms (default STORE_TIMEOUT_MS); migrations and close are not bounded. */
  timeoutMs = STORE_TIMEOUT_MS,
): Store & {
  commitStats(): Promise<GroupCommitStats>;
  commitWindow(reset?: boolean): Promise<CommitWindow>;
  threadCpuNs(): Promise<number | null>;
  /** Messages posted to the store's thread so far. */
  messagesSent(): number;
} {
  const link = new WorkerLink(path, options);
  const methods = Object.fromEntries(Object.keys(FORWARDED).map((name) => [name, (...args: unknown[]) => link.call(name, args, timeoutMs)])) as unknown as Pick<
    Store,
    StoreMethod
  >;
  return {
    backend: 'sqlite',
    migrate: () => link.call('migrate', []),
    close: () => link.close(),
    /** The worker's group-commit counters, for the metrics. */
    commitStats: () => link.call<GroupCommitStats>('commitStats', []),
    /** The worker's group-commit distributions since the last reset (group-commit.ts). */
    commitWindow: (reset = false) => link.call<CommitWindow>('commitWindow', [reset]),
    /** The store thread's CPU so far in ns (null off Linux), for the CPU per move. */
    threadCpuNs: () => link.call<number | null>('threadCpu', []),
    messagesSent: () => link.messages,
    ...methods,
  };
}

function decodeError(e: Record<string, unknown>): Error {
  if (e.kind === 'version') return new VersionConflict(String(e.gameId), Number(e.expected));
  if (e.kind === 'unique') return new UniqueViolation(String(e.what));
  if (e.kind === 'tournament') return new TournamentConflict(String(e.tournamentId), String(e.why));
  // Keep the class name and the driver's code (SQLITE_BUSY...) for callers that look at them.
  const err = e.name === 'TypeError' ? new TypeError(String(e.message)) : new Error(String(e.message));
  if (typeof e.code === 'string') (err as Error & { code?: string }).code = e.code;
  return err;
}
