/**
 * The ratings hook of the game service: when a rated game finishes, whatever
 * ended it, both players' Glicko-2 ratings are updated once, atomically, by
 * the store (applyRatedGame), and the change is told to the game's watchers.
 * A game whose update was lost to a crash is applied by recover() on restart;
 * the store's marker makes a second application a no-op.
 */
import { DEFAULT_RATING, PROVISIONAL_DEVIATION, isProvisional, type Rating } from '@youzai/game';
import type { RatingDiff, RatingTag, ServerMessage } from '@youzai/protocol';
import type { Bus } from '../bus/bus.ts';
import { ENGINE_ID, topicOf, type RatingsHook } from '../service/game-service.ts';
import type { Clock } from '../service/time.ts';
import type { GameRow, LeaderboardRule, ModerationStore, NewcomerRule, PairLimit, PlayerRatingChange, RatingRow, RatingStore } from '../store/types.ts';

/**
 * Who is listed on a leaderboard: a settled rating (deviation at or below
 * the provisional mark) earned over at least this many rated games.
 */
export const LEADERBOARD_RULE: LeaderboardRule = { maxDeviation: PROVISIONAL_DEVIATION, minGames: 10 };

/**
 * Rated games between the same two players (any colours, any variant) that
 * count within a sliding day: later ones are recorded but change no rating,
 * so two accounts cannot farm points from each other.
 */
export const PAIR_LIMIT: PairLimit = { games: 3, withinMs: 24 * 3600_000 };

/**
 * Rating farming with fresh accounts (issue 31 item 4): a newcomer's results
 * move their opponents only once the newcomer is established, 5 counted games
 * against 3 different players in the variant; until a player has 5 counted
 * games of their own, every game moves them. So newcomers rate one another,
 * an established player's rating moves only against established players, and
 * a crowd of accounts that play nobody but one player feed it at most that
 * player's own first 5 games.
 */
export const NEWCOMER_RULE: NewcomerRule = { games: 5, opponents: 3 };

/** How far back recover() looks for finished rated games left unapplied. */
export const RECOVER_WINDOW_MS = 7 * 24 * 3600_000;

const SCORE: Readonly<Record<string, 0 | 0.5 | 1>> = { '1-0': 1, '0-1': 0, '1/2-1/2': 0.5 };

/** A rating as the API shows it: rounded, with the provisional mark. */
export function ratingTag(r: Rating | RatingRow | null): RatingTag {
  const x = r ?? DEFAULT_RATING;
  return { rating: Math.round(x.rating), deviation: Math.round(x.deviation), provisional: isProvisional(x) };
}

function diffOf(p: PlayerRatingChange): RatingDiff {
  const before = ratingTag(p.before);
  const after = ratingTag(p.after);
  return { userId: p.userId, before, after, diff: Math.round(p.after.rating - p.before.rating) };
}

export class Ratings implements RatingsHook {
  constructor(private readonly deps: { readonly store: RatingStore & Partial<Pick<ModerationStore, 'sanctions'>>; readonly bus: Bus; readonly clock: Clock }) {}

  async gameEnded(row: GameRow): Promise<void> {
    try {
      await this.apply(row);
    } catch (e) {
      // The game stays finished; recover() applies it on the next start.
      console.error(`ratings of game ${row.id} not applied`, e);
    }
  }

  async recover(): Promise<number> {
    let n = 0;
    const since = this.deps.clock.now() - RECOVER_WINDOW_MS;
    for (;;) {
      const rows = await this.deps.store.unratedGames(since, 500);
      let applied = 0;
      for (const row of rows) {
        try {
          if (await this.apply(row)) applied++;
        } catch (e) {
          console.error(`ratings of game ${row.id} not applied`, e);
        }
      }
      n += applied;
      if (rows.length < 500 || applied === 0) return n;
    }
  }

  /** The user's current rating in a variant (the default for a newcomer). */
  async ratingOf(userId: string, variant: string): Promise<RatingRow | null> {
    return (await this.deps.store.ratings(userId)).find((r) => r.variant === variant) ?? null;
  }

  private async apply(row: GameRow): Promise<boolean> {
    const score = row.result === null ? undefined : SCORE[row.result];
    const { whiteId, blackId } = row;
    // Rated games are only ever created between two accounts; the checks keep a bad row from reaching the store.
    if (!row.rated || row.status !== 'finished' || score === undefined || !whiteId || !blackId || whiteId === ENGINE_ID || blackId === ENGINE_ID) return false;
    // A game against a player marked a cheater never counts (an admin voided their earlier ones).
    for (const id of [whiteId, blackId]) if ((await this.deps.store.sanctions?.(id))?.cheaterAt != null) return false;
    const change = await this.deps.store.applyRatedGame({
      gameId: row.id,
      variant: row.variant,
      whiteId,
      blackId,
      score,
      at: row.updatedAt,
      pairLimit: PAIR_LIMIT,
      newcomer: NEWCOMER_RULE,
    });
    if (!change) return false;
    const players = [diffOf(change.players[0]), diffOf(change.players[1])] as const;
    const msg: ServerMessage = {
      t: 'ratings',
      game: row.id,
      players,
      ...(change.counted ? {} : { uncounted: change.reason ?? 'pair-limit' }),
      ...(change.held?.length ? { held: change.held } : {}),
    };
    this.deps.bus.publish(topicOf(row.id), JSON.stringify(msg));
    return true;
  }
}
