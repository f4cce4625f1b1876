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
import type { SqliteStoreOptions } from './db.ts';
import type { CommitWindow, GroupCommitStats } from './group-commit.ts';

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

class WorkerLink {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private failed: Error | null = null;

  constructor(path: string, options: SqliteStoreOptions) {
    // The worker is TypeScript too: a small module boots it through tsx's loader.
    const url = new URL('./worker-boot.mjs', import.meta.url);
    this.worker = new Worker(url, { workerData: { path, options } });
    this.worker.on('message', (m: { id: number; value?: unknown; error?: Record<string, unknown> }) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if (m.error) p.reject(decodeError(m.error));
      else p.resolve(m.value);
    });
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
      if (timeoutMs === null) this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      else {
        const timer = setTimeout(() => {
          this.pending.delete(id);
          reject(new StoreTimeout(method, timeoutMs));
        }, timeoutMs);
        timer.unref?.();
        this.pending.set(id, {
          resolve: (v) => {
            clearTimeout(timer);
            resolve(v as T);
          },
          reject: (e) => {
            clearTimeout(timer);
            reject(e);
          },
        });
      }
      this.worker.postMessage({ id, method, args });
    });
  }

  async close(): Promise<void> {
    if (!this.failed) await this.call('close', []).catch(() => undefined);
    await this.worker.terminate();
  }
}

export function threadedSqliteStore(
  path: string,
  options: SqliteStoreOptions = {},
  /** The bound on each data call, ms (default STORE_TIMEOUT_MS); migrations and close are not bounded. */
  timeoutMs = STORE_TIMEOUT_MS,
): Store & { commitStats(): Promise<GroupCommitStats>; commitWindow(reset?: boolean): Promise<CommitWindow>; threadCpuNs(): Promise<number | null> } {
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
