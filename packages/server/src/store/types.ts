/**
 * Storage, split by concern: each consumer takes only the interface it uses
 * (the game service a GameStore, sessions a UserStore...). Each back end
 * (SQLite by default, PostgreSQL when DATABASE_URL is set, and an in-memory
 * one for scenario tests) implements every concern in its own file and is
 * held to one conformance suite per concern (conformance/).
 *
 * Times are epoch milliseconds (numbers). JSON columns hold plain objects
 * that the game layer defines; the store never looks inside them.
 */
import type { AnalysisStore } from './analyses.ts';
import type { GameStore } from './games.ts';
import type { ModerationStore } from './moderation.ts';
import type { NotificationStore } from './notifications.ts';
import type { ImportStore } from './imports.ts';
import type { PuzzleStore } from './puzzles.ts';
import type { RatingStore } from './ratings.ts';
import type { SocialStore } from './social.ts';
import type { TokenStore } from './tokens.ts';
import type { TournamentStore } from './tournaments.ts';
import type { UserStore } from './users.ts';

export type * from './analyses.ts';
export type * from './games.ts';
export type * from './moderation.ts';
export type * from './notifications.ts';
export type * from './imports.ts';
export type * from './puzzles.ts';
export type * from './ratings.ts';
export type * from './social.ts';
export type * from './tokens.ts';
export type * from './tournaments.ts';
export type * from './users.ts';

/** Small server-wide settings kept with the data (the session secret...). */
export interface MetaStore {
  getMeta(key: string): Promise<string | null>;
  setMeta(key: string, value: string): Promise<void>;
  /**
   * Stores the value unless the key has one, in one atomic step, and answers
   * the value stored: the first writer wins, and every caller, however many
   * race, gets the same answer (the session secret of nodes started together).
   */
  setMetaIfAbsent(key: string, value: string): Promise<string>;
}

export type StoreBackend = 'memory' | 'sqlite' | 'postgres';

export interface StoreLifecycle {
  /** Which back end this is, for logs and checks. */
  readonly backend: StoreBackend;
  /** Creates or upgrades the schema (idempotent). */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/** Every concern together: what a back end provides and what the server is started with. */
export interface Store
  extends StoreLifecycle,
    MetaStore,
    UserStore,
    GameStore,
    RatingStore,
    PuzzleStore,
    SocialStore,
    NotificationStore,
    TournamentStore,
    AnalysisStore,
    ImportStore,
    ModerationStore,
    TokenStore {}

/** Every data method of a Store, by name: what the threaded SQLite store forwards (its list is checked against this). */
export type StoreMethod = Exclude<keyof Store, keyof StoreLifecycle>;

export class VersionConflict extends Error {
  constructor(
    readonly gameId: string,
    readonly expected: number,
  ) {
    super(`game ${gameId} is not at version ${expected}`);
  }
}

/** A tournament's change was decided on a version that is no longer current, or would pair a busy player: nothing was written. */
export class TournamentConflict extends Error {
  constructor(
    readonly tournamentId: string,
    readonly why: string,
  ) {
    super(`tournament ${tournamentId}: ${why}`);
  }
}

export class UniqueViolation extends Error {
  constructor(readonly what: string) {
    super(`${what} already exists`);
  }
}

/**
 * The store did not answer within its bound (STORE_TIMEOUT_MS): the database
 * is frozen, its link silent, or a statement ran too long. The call's fate is
 * unknown: a write may still have been applied (or be applied later, by a
 * statement still on its way). Whoever wrote must read the store again
 * before it trusts its own copy (the game service fences and reloads the game).
 */
export class StoreTimeout extends Error {
  readonly code = 'STORE_TIMEOUT';
  constructor(
    readonly what: string,
    readonly ms: number,
  ) {
    super(`the store did not answer ${what} within ${ms} ms`);
  }
}

/** How long a store call may take by default before it fails with StoreTimeout (STORE_TIMEOUT_MS). */
export const STORE_TIMEOUT_MS = 5000;
