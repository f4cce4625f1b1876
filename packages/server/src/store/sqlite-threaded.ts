/**
 * A Store that runs SqliteStore on a worker thread (sqlite-worker.ts) and
 * forwards every call to it. Same interface, same semantics: a promise
 * resolves once the worker's transaction has committed.
 */
import { Worker } from 'node:worker_threads';
import type { SqliteStoreOptions } from './sqlite.ts';
import {
  UniqueViolation,
  VersionConflict,
  type GameFilter,
  type GameRow,
  type LeaderRow,
  type MoveRow,
  type PuzzleOutcome,
  type PuzzleRatingRow,
  type PuzzleResult,
  type PuzzleRoundRow,
  type PuzzleStateRow,
  type RatedResult,
  type RatingChange,
  type RatingPoint,
  type RatingRow,
  type ResultCounts,
  type SessionRow,
  type Store,
  type UserRow,
} from './types.ts';

interface Pending {
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
}

export class ThreadedSqliteStore implements Store {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private failed: Error | null = null;

  constructor(path: string, options: SqliteStoreOptions = {}) {
    // The worker is TypeScript too: a small module boots it through tsx's loader.
    const url = new URL('./sqlite-worker-boot.mjs', import.meta.url);
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

  private call<T>(method: string, ...args: unknown[]): Promise<T> {
    if (this.failed) return Promise.reject(this.failed);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ id, method, args });
    });
  }

  migrate(): Promise<void> {
    return this.call('migrate');
  }
  async close(): Promise<void> {
    if (!this.failed) await this.call('close').catch(() => undefined);
    await this.worker.terminate();
  }
  getMeta(key: string): Promise<string | null> {
    return this.call('getMeta', key);
  }
  setMeta(key: string, value: string): Promise<void> {
    return this.call('setMeta', key, value);
  }
  createUser(u: UserRow): Promise<void> {
    return this.call('createUser', u);
  }
  userById(id: string): Promise<UserRow | null> {
    return this.call('userById', id);
  }
  userByName(username: string): Promise<UserRow | null> {
    return this.call('userByName', username);
  }
  registerUser(id: string, username: string, passwordHash: string): Promise<void> {
    return this.call('registerUser', id, username, passwordHash);
  }
  createSession(s: SessionRow): Promise<void> {
    return this.call('createSession', s);
  }
  session(tokenHash: string): Promise<SessionRow | null> {
    return this.call('session', tokenHash);
  }
  deleteSession(tokenHash: string): Promise<void> {
    return this.call('deleteSession', tokenHash);
  }
  createGame(g: GameRow): Promise<void> {
    return this.call('createGame', g);
  }
  saveGame(g: GameRow, expectedVersion: number, moves?: readonly MoveRow[]): Promise<void> {
    return this.call('saveGame', g, expectedVersion, moves ?? []);
  }
  game(id: string): Promise<GameRow | null> {
    return this.call('game', id);
  }
  gameByInvite(token: string): Promise<GameRow | null> {
    return this.call('gameByInvite', token);
  }
  moves(gameId: string): Promise<MoveRow[]> {
    return this.call('moves', gameId);
  }
  games(filter: GameFilter): Promise<GameRow[]> {
    return this.call('games', filter);
  }
  applyRatedGame(r: RatedResult): Promise<RatingChange | null> {
    return this.call('applyRatedGame', r);
  }
  ratings(userId: string): Promise<RatingRow[]> {
    return this.call('ratings', userId);
  }
  leaderboard(variant: string, limit: number, provisionalAbove: number): Promise<LeaderRow[]> {
    return this.call('leaderboard', variant, limit, provisionalAbove);
  }
  ratingHistory(userId: string, variant: string, limit: number): Promise<RatingPoint[]> {
    return this.call('ratingHistory', userId, variant, limit);
  }
  unratedGames(since: number, limit: number): Promise<GameRow[]> {
    return this.call('unratedGames', since, limit);
  }
  results(userId: string): Promise<ResultCounts[]> {
    return this.call('results', userId);
  }
  applyPuzzleResult(r: PuzzleResult): Promise<PuzzleOutcome> {
    return this.call('applyPuzzleResult', r);
  }
  puzzleRatings(userId: string): Promise<PuzzleRatingRow[]> {
    return this.call('puzzleRatings', userId);
  }
  puzzleStates(variant: string): Promise<PuzzleStateRow[]> {
    return this.call('puzzleStates', variant);
  }
  puzzleRounds(userId: string, variant: string, limit: number): Promise<PuzzleRoundRow[]> {
    return this.call('puzzleRounds', userId, variant, limit);
  }
  setMute(userId: string, mutedId: string, muted: boolean, at: number): Promise<void> {
    return this.call('setMute', userId, mutedId, muted, at);
  }
  mutes(userId: string): Promise<string[]> {
    return this.call('mutes', userId);
  }
}

function decodeError(e: Record<string, unknown>): Error {
  if (e.kind === 'version') return new VersionConflict(String(e.gameId), Number(e.expected));
  if (e.kind === 'unique') return new UniqueViolation(String(e.what));
  // Keep the class name and the driver's code (SQLITE_BUSY...) for callers that look at them.
  const err = e.name === 'TypeError' ? new TypeError(String(e.message)) : new Error(String(e.message));
  if (typeof e.code === 'string') (err as Error & { code?: string }).code = e.code;
  return err;
}
