/** Game ratings in SQLite. */
import type { GameRow } from '../games.ts';
import { applyResult, checkRated, deltasOf, movesOf, pairKey, pairSince, uncounted, statesOf } from '../rated.ts';
import type { LeaderboardRule, LeaderRow, RatedResult, RatingChange, RatingPoint, RatingRow, RatingStore } from '../ratings.ts';
import type { SqliteDb } from './db.ts';
import { toGame, type GameRecord } from './games.ts';

interface RatingRecord {
  user_id: string;
  variant: string;
  rating: number;
  deviation: number;
  volatility: number;
  games: number;
  rated_at: number;
}
interface PointRecord {
  user_id: string;
  variant: string;
  game_id: string;
  rated_at: number;
  rating: number;
  deviation: number;
  volatility: number;
}

const toRating = (r: RatingRecord): RatingRow => ({
  userId: r.user_id,
  variant: r.variant,
  rating: r.rating,
  deviation: r.deviation,
  volatility: r.volatility,
  games: r.games,
  ratedAt: r.rated_at,
});
const toPoint = (r: PointRecord): RatingPoint => ({
  userId: r.user_id,
  variant: r.variant,
  gameId: r.game_id,
  ratedAt: r.rated_at,
  rating: r.rating,
  deviation: r.deviation,
  volatility: r.volatility,
});

export function sqliteRatings(db: SqliteDb): RatingStore {
  return {
    async applyRatedGame(r: RatedResult): Promise<RatingChange | null> {
      checkRated(r);
      const res = { ...r };
      // Runs inside the group-commit transaction: the ratings read here are the latest, and nothing else writes until it ends.
      return db.write(() => {
        const pair = pairKey(res.whiteId, res.blackId);
        const marked = db
          .stmt(
            'INSERT INTO rated_games (game_id, rated_at, variant, white_id, black_id, pair_key, counted) VALUES (?, ?, ?, ?, ?, ?, 1) ON CONFLICT (game_id) DO NOTHING',
          )
          .run(res.gameId, res.at, res.variant, res.whiteId, res.blackId, pair);
        if (marked.changes === 0) return null;
        const get = db.stmt('SELECT * FROM ratings WHERE user_id = ? AND variant = ?');
        const read = (id: string) => {
          const row = get.get(id, res.variant) as RatingRecord | undefined;
          return row ? toRating(row) : null;
        };
        // Users must exist (the ratings rows' foreign keys would refuse later; an uncounted game writes none).
        const users = db.stmt('SELECT COUNT(*) AS n FROM users WHERE id IN (?, ?)').get(res.whiteId, res.blackId) as { n: number };
        if (users.n < 2) throw new Error(`game ${res.gameId}: both players must exist`);
        if (res.pairLimit) {
          const counted = db
            .stmt('SELECT COUNT(*) AS n FROM rated_games WHERE pair_key = ? AND counted = 1 AND rated_at > ? AND game_id <> ?')
            .get(pair, pairSince(res), res.gameId) as { n: number };
          if (counted.n >= res.pairLimit.games) {
            db.stmt('UPDATE rated_games SET counted = 0 WHERE game_id = ?').run(res.gameId);
            return uncounted(res, read(res.whiteId), read(res.blackId));
          }
        }
        const [white, black] = [read(res.whiteId), read(res.blackId)];
        const ids = [res.whiteId, res.blackId] as const;
        const count = db.stmt(
          'SELECT COUNT(DISTINCT o) AS n FROM (SELECT black_id AS o FROM rated_games WHERE white_id = @me AND variant = @variant AND voided_at IS NULL AND game_id <> @game ' +
            'UNION ALL SELECT white_id AS o FROM rated_games WHERE black_id = @me AND variant = @variant AND voided_at IS NULL AND game_id <> @game)',
        );
        const opponents = (i: 0 | 1) => (count.get({ me: ids[i], variant: res.variant, game: res.gameId }) as { n: number }).n;
        const moves = movesOf(res.newcomer, white, black, opponents);
        if (!moves[0] && !moves[1]) {
          db.stmt('UPDATE rated_games SET counted = 0 WHERE game_id = ?').run(res.gameId);
          return uncounted(res, white, black, 'newcomers');
        }
        const out = applyResult(res, white, black, moves);
        const [wd, bd] = deltasOf(out.change);
        const [ws, bs] = statesOf(out);
        db.stmt('UPDATE rated_games SET white_delta = ?, black_delta = ?, white_states = ?, black_states = ? WHERE game_id = ?').run(
          wd,
          bd,
          JSON.stringify(ws),
          JSON.stringify(bs),
          res.gameId,
        );
        const put = db.stmt(
          'INSERT INTO ratings (user_id, variant, rating, deviation, volatility, games, rated_at) VALUES (@userId, @variant, @rating, @deviation, @volatility, @games, @ratedAt) ' +
            'ON CONFLICT (user_id, variant) DO UPDATE SET rating = excluded.rating, deviation = excluded.deviation, volatility = excluded.volatility, games = excluded.games, rated_at = excluded.rated_at',
        );
        for (const row of out.rows) put.run(row);
        const point = db.stmt(
          'INSERT INTO rating_history (user_id, variant, game_id, rated_at, rating, deviation, volatility) VALUES (@userId, @variant, @gameId, @ratedAt, @rating, @deviation, @volatility)',
        );
        for (const p of out.points) point.run(p);
        return out.change;
      });
    },

    async ratings(userId: string): Promise<RatingRow[]> {
      return (db.stmt('SELECT * FROM ratings WHERE user_id = ? AND games > 0 ORDER BY variant').all(userId) as RatingRecord[]).map(toRating);
    },

    async leaderboard(variant: string, limit: number, rule: LeaderboardRule): Promise<LeaderRow[]> {
      const rows = db
        .stmt(
          'SELECT r.*, u.username FROM ratings r JOIN users u ON u.id = r.user_id LEFT JOIN sanctions s ON s.user_id = r.user_id ' +
            'WHERE r.variant = ? AND u.username IS NOT NULL AND r.deviation <= ? AND r.games >= ? ' +
            'AND s.banned_at IS NULL AND s.closed_at IS NULL AND s.cheater_at IS NULL ORDER BY r.rating DESC, r.user_id LIMIT ?',
        )
        .all(variant, rule.maxDeviation, rule.minGames, Math.max(0, Math.floor(limit))) as (RatingRecord & { username: string })[];
      return rows.map((r) => ({ ...toRating(r), username: r.username }));
    },

    async ratingHistory(userId: string, variant: string, limit: number): Promise<RatingPoint[]> {
      const rows = db
        .stmt(
          'SELECT * FROM (SELECT * FROM rating_history WHERE user_id = ? AND variant = ? ORDER BY rated_at DESC, game_id DESC LIMIT ?) ORDER BY rated_at, game_id',
        )
        .all(userId, variant, Math.max(0, Math.floor(limit))) as PointRecord[];
      return rows.map(toPoint);
    },

    async unratedGames(since: number, limit: number): Promise<GameRow[]> {
      const rows = db
        .stmt(
          "SELECT * FROM games g WHERE g.rated = 1 AND g.status = 'finished' AND g.updated_at >= ? " +
            'AND NOT EXISTS (SELECT 1 FROM rated_games r WHERE r.game_id = g.id) ORDER BY g.updated_at, g.id LIMIT ?',
        )
        .all(since, Math.max(0, Math.floor(limit))) as GameRecord[];
      return rows.map(toGame);
    },
  };
}
