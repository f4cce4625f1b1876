/**
 * Games and their moves: what the game service, the recovery at start, the
 * game pages and the exports read and write.
 */

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
  /** When the row was last saved (a move's save included). */
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
  /**
   * Newest first by the last save that changed the row's summary (status, seats, result, invitation: the
   * indexed columns), which is updatedAt for every game not in progress; a move leaves a game in progress
   * where it was (its start), so that a move rewrites no index (migration 17). Return at most this many.
   */
  readonly limit: number;
  /** Only games whose summary last changed strictly before this (paging; updatedAt for games ended). */
  readonly before?: number;
  /** Only games of this variant. */
  readonly variant?: string;
  /** Only finished games that `userId` (required with it) won, drew or lost. */
  readonly outcome?: GameOutcome;
}

export type GameOutcome = 'win' | 'draw' | 'loss';

/** Finished games of one player in one variant, by outcome. */
export interface ResultCounts {
  readonly variant: string;
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
}

export interface GameStore {
  createGame(g: GameRow): Promise<void>;
  /**
   * Replaces the game row if its stored version is `expectedVersion`
   * (else throws VersionConflict), and appends `moves` in the same
   * transaction. Durable when the promise resolves. `dropAfter` (a
   * takeback): the moves after this ply are removed in the same
   * transaction; it is then `g.plies`, and no move is appended.
   */
  saveGame(g: GameRow, expectedVersion: number, moves?: readonly MoveRow[], dropAfter?: number): Promise<void>;
  game(id: string): Promise<GameRow | null>;
  gameByInvite(token: string): Promise<GameRow | null>;
  moves(gameId: string): Promise<MoveRow[]>;
  games(filter: GameFilter): Promise<GameRow[]>;
  /** Wins, draws and losses of a user's finished games, per variant. */
  results(userId: string): Promise<ResultCounts[]>;
}
