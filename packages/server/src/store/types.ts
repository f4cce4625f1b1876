/**
 * The one storage interface. Two real back ends implement it (SQLite by
 * default, PostgreSQL when DATABASE_URL is set) plus an in-memory one for
 * scenario tests; all three pass the same conformance suite.
 *
 * Times are epoch milliseconds (numbers). JSON columns hold plain objects
 * that the game layer defines; the store never looks inside them.
 */

export interface UserRow {
  readonly id: string;
  /** null while the user is a guest. */
  readonly username: string | null;
  /** scrypt hash in the form `scrypt$N$r$p$saltB64$hashB64`; null for guests. */
  readonly passwordHash: string | null;
  readonly createdAt: number;
}

export interface SessionRow {
  /** SHA-256 (hex) of the session token: the token itself is never stored. */
  readonly tokenHash: string;
  readonly userId: string;
  readonly createdAt: number;
  readonly expiresAt: number;
}

export type GameStatus = 'waiting' | 'active' | 'finished' | 'aborted';

export interface GameRow {
  readonly id: string;
  readonly variant: string;
  readonly status: GameStatus;
  /** User ids by colour (index 0 moves first); null for a free seat. The computer is the id 'engine'. */
  readonly whiteId: string | null;
  readonly blackId: string | null;
  readonly rated: boolean;
  readonly createdAt: number;
  readonly updatedAt: number;
  /** Result text ('1-0', '0-1', '1/2-1/2') once finished; null otherwise. */
  readonly result: string | null;
  readonly reason: string | null;
  /** Number of plies played (= number of move rows). */
  readonly plies: number;
  /** Incremented on every change; used for optimistic concurrency. */
  readonly version: number;
  /** Token of an invitation link; null when none. */
  readonly inviteToken: string | null;
  /** The game layer's snapshot (setup, clock, offers, verdict...): opaque to the store. */
  readonly data: unknown;
}

export interface MoveRow {
  readonly gameId: string;
  /** 1-based ply number. */
  readonly ply: number;
  readonly uci: string;
  /** Server time at which the move was accepted. */
  readonly at: number;
  /** Mover's clock after the move (increment included), ms. */
  readonly clockMs: number;
}

export interface GameFilter {
  readonly status?: readonly GameStatus[];
  /** Games in which this user has a seat. */
  readonly userId?: string;
  /** Newest first by updatedAt; return at most this many. */
  readonly limit: number;
  /** Only games with updatedAt strictly below this (paging). */
  readonly before?: number;
}

/** A player's current Glicko-2 rating in one variant (see @youzai/game rating/glicko2.ts). */
export interface RatingRow {
  readonly userId: string;
  readonly variant: string;
  readonly rating: number;
  readonly deviation: number;
  readonly volatility: number;
  /** Rated games counted in this variant. */
  readonly games: number;
  /** When the rating last changed. */
  readonly ratedAt: number;
}

/** A player's rating right after one rated game: one point of their history. */
export interface RatingPoint {
  readonly userId: string;
  readonly variant: string;
  readonly gameId: string;
  readonly ratedAt: number;
  readonly rating: number;
  readonly deviation: number;
  readonly volatility: number;
}

/** A finished rated game, as the store applies it to both players' ratings. */
export interface RatedResult {
  readonly gameId: string;
  readonly variant: string;
  readonly whiteId: string;
  readonly blackId: string;
  /** The first player's (index 0) score: 1 win, 0.5 draw, 0 loss. */
  readonly score: 0 | 0.5 | 1;
  readonly at: number;
}

export interface Glicko {
  readonly rating: number;
  readonly deviation: number;
  readonly volatility: number;
}

export interface PlayerRatingChange {
  readonly userId: string;
  readonly before: Glicko;
  readonly after: Glicko;
}

/** What applying a rated game changed: both players, by colour. */
export interface RatingChange {
  readonly gameId: string;
  readonly variant: string;
  readonly players: readonly [PlayerRatingChange, PlayerRatingChange];
}

export interface LeaderRow extends RatingRow {
  readonly username: string;
}

/** Finished games of one player in one variant, by outcome. */
export interface ResultCounts {
  readonly variant: string;
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
}

/** A solver's puzzle rating in one variant: apart from game ratings (the `ratings` table). */
export interface PuzzleRatingRow {
  readonly userId: string;
  readonly variant: string;
  readonly rating: number;
  readonly deviation: number;
  readonly volatility: number;
  /** Rated attempts (first attempts of a puzzle) and how many were solved. */
  readonly attempts: number;
  readonly wins: number;
  /** Rated attempts solved in a row now, and the most ever. */
  readonly streak: number;
  readonly bestStreak: number;
  readonly ratedAt: number;
}

/** A puzzle's own rating, which moves with every rated attempt; no row until its first. */
export interface PuzzleStateRow {
  readonly puzzleId: string;
  readonly variant: string;
  readonly rating: number;
  readonly deviation: number;
  readonly volatility: number;
  /** Rated attempts at it, and how many the solvers won. */
  readonly attempts: number;
  readonly wins: number;
  readonly ratedAt: number;
}

/** A user's history with one puzzle: the first attempt (the rated one) and the latest. */
export interface PuzzleRoundRow {
  readonly userId: string;
  readonly puzzleId: string;
  readonly variant: string;
  readonly firstAt: number;
  readonly firstWin: boolean;
  readonly lastAt: number;
  readonly lastWin: boolean;
  readonly plays: number;
}

/** One finished attempt at a puzzle, as the store applies it. */
export interface PuzzleResult {
  readonly userId: string;
  readonly puzzleId: string;
  readonly variant: string;
  readonly win: boolean;
  readonly at: number;
  /** The puzzle's rating if it has no row yet: its generated difficulty. */
  readonly initial: Glicko;
}

/** What an attempt changed. */
export interface PuzzleOutcome {
  /** Only a user's first attempt at a puzzle is rated; a replay changes no rating and no streak. */
  readonly rated: boolean;
  /** The solver's puzzle rating before the attempt (the default for a newcomer). */
  readonly before: Glicko;
  readonly player: PuzzleRatingRow;
  readonly puzzle: PuzzleStateRow;
  readonly round: PuzzleRoundRow;
}

export class VersionConflict extends Error {
  constructor(
    readonly gameId: string,
    readonly expected: number,
  ) {
    super(`game ${gameId} is not at version ${expected}`);
  }
}

export class UniqueViolation extends Error {
  constructor(readonly what: string) {
    super(`${what} already exists`);
  }
}

export interface Store {
  /** Creates or upgrades the schema (idempotent). */
  migrate(): Promise<void>;
  close(): Promise<void>;

  getMeta(key: string): Promise<string | null>;
  setMeta(key: string, value: string): Promise<void>;

  createUser(u: UserRow): Promise<void>;
  userById(id: string): Promise<UserRow | null>;
  /** Case-insensitive lookup. */
  userByName(username: string): Promise<UserRow | null>;
  /** Turns a guest into a registered user; throws UniqueViolation('username') when the name is taken (case-insensitively). */
  registerUser(id: string, username: string, passwordHash: string): Promise<void>;

  createSession(s: SessionRow): Promise<void>;
  session(tokenHash: string): Promise<SessionRow | null>;
  deleteSession(tokenHash: string): Promise<void>;

  createGame(g: GameRow): Promise<void>;
  /**
   * Replaces the game row if its stored version is `expectedVersion`
   * (else throws VersionConflict), and appends `moves` in the same
   * transaction. Durable when the promise resolves.
   */
  saveGame(g: GameRow, expectedVersion: number, moves?: readonly MoveRow[]): Promise<void>;
  game(id: string): Promise<GameRow | null>;
  gameByInvite(token: string): Promise<GameRow | null>;
  moves(gameId: string): Promise<MoveRow[]>;
  games(filter: GameFilter): Promise<GameRow[]>;

  /**
   * Applies a finished rated game to both players' ratings (Glicko-2, each
   * player's rating read inside the same transaction), appends their
   * history and marks the game rated, all atomically. A game already marked
   * changes nothing and returns null: a retry never counts twice. Games of
   * one player applied at the same moment all count, one after the other.
   * Both users must exist.
   */
  applyRatedGame(r: RatedResult): Promise<RatingChange | null>;
  /** The user's ratings, one per variant played rated. */
  ratings(userId: string): Promise<RatingRow[]>;
  /**
   * Registered players of a variant: established ratings (deviation at most
   * `provisionalAbove`) first, then provisional ones; each group best first.
   */
  leaderboard(variant: string, limit: number, provisionalAbove: number): Promise<LeaderRow[]>;
  /** The user's rating after each rated game of the variant, oldest first: the newest `limit` points. */
  ratingHistory(userId: string, variant: string, limit: number): Promise<RatingPoint[]>;
  /** Finished rated games updated at or after `since` whose ratings were never applied (a crash came between). */
  unratedGames(since: number, limit: number): Promise<GameRow[]>;
  /** Wins, draws and losses of a user's finished games, per variant. */
  results(userId: string): Promise<ResultCounts[]>;

  /**
   * Records an attempt at a puzzle, atomically. The user's first attempt at
   * it is rated: both the solver's puzzle rating (Glicko-2, read inside the
   * transaction) and the puzzle's own move, and the streak follows the
   * result. Later attempts only update the round: a retry, or the same
   * result sent twice, never counts twice. The user must exist.
   */
  applyPuzzleResult(r: PuzzleResult): Promise<PuzzleOutcome>;
  /** The user's puzzle ratings, one per variant with a rated attempt. */
  puzzleRatings(userId: string): Promise<PuzzleRatingRow[]>;
  /** The ratings of the puzzles of a variant that have been attempted. */
  puzzleStates(variant: string): Promise<PuzzleStateRow[]>;
  /** The user's rounds in a variant, most recently played first: the newest `limit`. */
  puzzleRounds(userId: string, variant: string, limit: number): Promise<PuzzleRoundRow[]>;

  /** `userId` mutes (or unmutes) `mutedId` in every chat. Both users must exist. */
  setMute(userId: string, mutedId: string, muted: boolean, at: number): Promise<void>;
  /** Whom `userId` has muted. */
  mutes(userId: string): Promise<string[]>;
}
