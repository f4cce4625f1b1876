/** Game ratings (Glicko-2, see @youzai/game rating/glicko2.ts): current values, history, leaderboards. */
import type { GameRow } from './games.ts';

/** A player's current Glicko-2 rating in one variant. */
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
  /** At most this many rated games between the same two players count within the window; later ones are recorded, uncounted. */
  readonly pairLimit?: PairLimit;
  /** Whose results move whom (rating farming, issue 31 item 4); without it every counted game moves both players. */
  readonly newcomer?: NewcomerRule;
}

/**
 * Results against a newcomer move only newcomers: a player's rating moves in
 * a game while they are new themselves (fewer than `games` counted games in
 * the variant), or when their opponent is established (at least `games`
 * counted games against at least `opponents` different players, in rated
 * games of the variant not voided). So a crowd of fresh accounts that play
 * nobody else feeds nobody's rating, while newcomers rate one another.
 */
export interface NewcomerRule {
  readonly games: number;
  readonly opponents: number;
}

/** How many rated games between the same two players (any colours, any variant) count within a sliding window. */
export interface PairLimit {
  readonly games: number;
  readonly withinMs: number;
}

/** What the store keeps of each rated game it was given: for the pair limit and for voiding. */
export interface RatedGameRow {
  readonly gameId: string;
  readonly variant: string;
  readonly whiteId: string;
  readonly blackId: string;
  readonly ratedAt: number;
  /** false: over the pair limit, the ratings were left as they were. */
  readonly counted: boolean;
  /** Each player's rating change, white then black (0 when uncounted). */
  readonly deltas: readonly [number, number];
  /**
   * Each player's whole state before and after the game, white then black:
   * what voiding it puts back. null when uncounted, or counted before the
   * states were kept (migration 11): voiding those takes back the points and
   * the game only.
   */
  readonly states: readonly [StateChange | null, StateChange | null];
  /** When an admin voided its effect, or null. */
  readonly voidedAt: number | null;
}

export interface Glicko {
  readonly rating: number;
  readonly deviation: number;
  readonly volatility: number;
}

/** A player's whole rating state in a variant. */
export interface RatingState extends Glicko {
  readonly games: number;
}

/** A player's state before and after a counted game. */
export interface StateChange {
  readonly before: RatingState;
  readonly after: RatingState;
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
  /** false: over the pair limit, or two players neither of whom it may move (see NewcomerRule): recorded without changing either rating (before = after). */
  readonly counted: boolean;
  /** Why it did not count, when it did not. */
  readonly reason?: 'pair-limit' | 'newcomers';
  /** Players whose rating the game left as it was because their opponent is a newcomer not yet established (NewcomerRule). */
  readonly held?: readonly string[];
  readonly players: readonly [PlayerRatingChange, PlayerRatingChange];
}

/** Who may appear on a leaderboard. */
export interface LeaderboardRule {
  readonly maxDeviation: number;
  readonly minGames: number;
}

export interface LeaderRow extends RatingRow {
  readonly username: string;
}

export interface RatingStore {
  /**
   * Applies a finished rated game to both players' ratings (Glicko-2, each
   * player's rating read inside the same transaction), appends their
   * history and marks the game rated, all atomically. A game already marked
   * changes nothing and returns null: a retry never counts twice. Games of
   * one player applied at the same moment all count, one after the other.
   * Both users must exist. Over `r.pairLimit` the game is marked but left
   * uncounted: `counted: false`, no rating or history changes.
   */
  applyRatedGame(r: RatedResult): Promise<RatingChange | null>;
  /** The user's ratings, one per variant with a counted rated game (a variant whose only games were voided has none). */
  ratings(userId: string): Promise<RatingRow[]>;
  /**
   * Registered players of a variant with a settled rating (deviation at most
   * `rule.maxDeviation`) and at least `rule.minGames` rated games, best first:
   * a provisional rating or a handful of games never tops the board.
   */
  leaderboard(variant: string, limit: number, rule: LeaderboardRule): Promise<LeaderRow[]>;
  /** The user's rating after each rated game of the variant, oldest first: the newest `limit` points. */
  ratingHistory(userId: string, variant: string, limit: number): Promise<RatingPoint[]>;
  /** Finished rated games updated at or after `since` whose ratings were never applied (a crash came between). */
  unratedGames(since: number, limit: number): Promise<GameRow[]>;
}
