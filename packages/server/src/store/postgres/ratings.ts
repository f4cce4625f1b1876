/** Game ratings in PostgreSQL. */
import { DEFAULT_RATING } from '@youzai/game';
import type { GameRow } from '../games.ts';
import { applyResult, checkRated, deltasOf, isNewcomer, movesOf, pairKey, pairSince, uncounted, statesOf } from '../rated.ts';
import type { LeaderboardRule, LeaderRow, RatedResult, RatingChange, RatingPoint, RatingRow, RatingStore } from '../ratings.ts';
import type { Bigint, PostgresDb } from './db.ts';
import { toGame, type GameRecord } from './games.ts';

interface RatingRecord {
  user_id: string;
  variant: string;
  rating: number;
  deviation: number;
  volatility: number;
  games: number;
  rated_at: Bigint;
}
interface PointRecord {
  user_id: string;
  variant: string;
  game_id: string;
  rated_at: Bigint;
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
  ratedAt: Number(r.rated_at),
});
const toPoint = (r: PointRecord): RatingPoint => ({
  userId: r.user_id,
  variant: r.variant,
  gameId: r.game_id,
  ratedAt: Number(r.rated_at),
  rating: r.rating,
  deviation: r.deviation,
  volatility: r.volatility,
});

export function postgresRatings(db: PostgresDb): RatingStore {
  const { query } = db;
  return {
    async applyRatedGame(r: RatedResult): Promise<RatingChange | null> {
      checkRated(r);
      const res = { ...r };
      return db.transaction(async (q) => {
        const pair = pairKey(res.whiteId, res.blackId);
        const marked = await q(
          'INSERT INTO rated_games (game_id, rated_at, variant, white_id, black_id, pair_key, counted) VALUES ($1, $2, $3, $4, $5, $6, TRUE) ON CONFLICT (game_id) DO NOTHING RETURNING game_id',
          [res.gameId, res.at, res.variant, res.whiteId, res.blackId, pair],
        );
        if (marked.rowCount === 0) return null;
        // The two players' user rows, locked in code-point order: every rated game of either player
        // (in any variant) waits here for the one before, so the pair limit counts what was committed.
        const players = await q('SELECT id FROM users WHERE id = ANY($1::text[]) ORDER BY id COLLATE "C" FOR UPDATE', [[res.whiteId, res.blackId]]);
        if (players.rowCount !== 2) throw new Error(`game ${res.gameId}: both players must exist`);
        // Both rows exist, then are locked, always in the same (code-point) order, so two games
        // sharing a player queue up instead of deadlocking, and the second reads the first's result.
        const ids = [res.whiteId, res.blackId].sort();
        await q(
          `INSERT INTO ratings (user_id, variant, rating, deviation, volatility, games, rated_at)
           SELECT u, $2, $3, $4, $5, 0, $6 FROM unnest($1::text[]) AS u ORDER BY u COLLATE "C" ON CONFLICT (user_id, variant) DO NOTHING`,
          [ids, res.variant, DEFAULT_RATING.rating, DEFAULT_RATING.deviation, DEFAULT_RATING.volatility, res.at],
        );
        const locked = await q<RatingRecord>('SELECT * FROM ratings WHERE variant = $1 AND user_id = ANY($2::text[]) ORDER BY user_id COLLATE "C" FOR UPDATE', [
          res.variant,
          ids,
        ]);
        const rows = locked.rows.map(toRating);
        // A row inserted just now (games 0) stands for "never rated": the default rating.
        const find = (id: string) => rows.find((x) => x.userId === id && x.games > 0) ?? null;
        if (res.pairLimit) {
          const n = await q<{ n: string }>(
            'SELECT COUNT(*) AS n FROM rated_games WHERE pair_key COLLATE "C" = $1 AND counted AND rated_at > $2 AND game_id <> $3',
            [pair, pairSince(res), res.gameId],
          );
          if (Number(n.rows[0]!.n) >= res.pairLimit.games) {
            await q('UPDATE rated_games SET counted = FALSE WHERE game_id = $1', [res.gameId]);
            return uncounted(res, find(res.whiteId), find(res.blackId));
          }
        }
        const [white, black] = [find(res.whiteId), find(res.blackId)];
        // Different opponents, asked only of a player past the newcomer games (movesOf asks no one else).
        const opponents: [number, number] = [0, 0];
        if (res.newcomer) {
          for (const [i, row] of [white, black].entries()) {
            if (isNewcomer(res.newcomer, row)) continue;
            const n = await q<{ n: string }>(
              `SELECT COUNT(DISTINCT o) AS n FROM (SELECT black_id AS o FROM rated_games WHERE white_id = $1 AND variant = $2 AND voided_at IS NULL AND game_id <> $3
               UNION ALL SELECT white_id AS o FROM rated_games WHERE black_id = $1 AND variant = $2 AND voided_at IS NULL AND game_id <> $3) AS x`,
              [row!.userId, res.variant, res.gameId],
            );
            opponents[i] = Number(n.rows[0]!.n);
          }
        }
        const moves = movesOf(res.newcomer, white, black, (i) => opponents[i]);
        if (!moves[0] && !moves[1]) {
          await q('UPDATE rated_games SET counted = FALSE WHERE game_id = $1', [res.gameId]);
          return uncounted(res, white, black, 'newcomers');
        }
        const out = applyResult(res, white, black, moves);
        const [wd, bd] = deltasOf(out.change);
        const [ws, bs] = statesOf(out);
        await q('UPDATE rated_games SET white_delta = $1, black_delta = $2, white_states = $3, black_states = $4 WHERE game_id = $5', [
          wd,
          bd,
          JSON.stringify(ws),
          JSON.stringify(bs),
          res.gameId,
        ]);
        const col = <T>(f: (x: RatingRow) => T) => out.rows.map(f);
        await q(
          `UPDATE ratings r SET rating = v.rating, deviation = v.deviation, volatility = v.volatility, games = v.games, rated_at = v.rated_at
           FROM unnest($1::text[], $2::float8[], $3::float8[], $4::float8[], $5::int[], $6::bigint[]) AS v (user_id, rating, deviation, volatility, games, rated_at)
           WHERE r.user_id = v.user_id AND r.variant = $7`,
          [
            col((x) => x.userId),
            col((x) => x.rating),
            col((x) => x.deviation),
            col((x) => x.volatility),
            col((x) => x.games),
            col((x) => x.ratedAt),
            res.variant,
          ],
        );
        const pcol = <T>(f: (x: RatingPoint) => T) => out.points.map(f);
        await q(
          `INSERT INTO rating_history (user_id, variant, game_id, rated_at, rating, deviation, volatility)
           SELECT v.user_id, $2, $3, $4, v.rating, v.deviation, v.volatility FROM unnest($1::text[], $5::float8[], $6::float8[], $7::float8[]) AS v (user_id, rating, deviation, volatility)`,
          [pcol((x) => x.userId), res.variant, res.gameId, res.at, pcol((x) => x.rating), pcol((x) => x.deviation), pcol((x) => x.volatility)],
        );
        return out.change;
      });
    },

    async ratings(userId: string): Promise<RatingRow[]> {
      const r = await query<RatingRecord>('SELECT * FROM ratings WHERE user_id = $1 AND games > 0 ORDER BY variant COLLATE "C"', [userId]);
      return r.rows.map(toRating);
    },

    async leaderboard(variant: string, limit: number, rule: LeaderboardRule): Promise<LeaderRow[]> {
      const r = await query<RatingRecord & { username: string }>(
        'SELECT r.*, u.username FROM ratings r JOIN users u ON u.id = r.user_id LEFT JOIN sanctions s ON s.user_id = r.user_id ' +
          'WHERE r.variant = $1 AND r.games > 0 AND u.username IS NOT NULL AND r.deviation <= $2 AND r.games >= $3 ' +
          'AND s.banned_at IS NULL AND s.closed_at IS NULL AND s.cheater_at IS NULL ORDER BY r.rating DESC, r.user_id COLLATE "C" LIMIT $4',
        [variant, rule.maxDeviation, rule.minGames, Math.max(0, Math.floor(limit))],
      );
      return r.rows.map((x) => ({ ...toRating(x), username: x.username }));
    },

    async ratingHistory(userId: string, variant: string, limit: number): Promise<RatingPoint[]> {
      const r = await query<PointRecord>(
        'SELECT * FROM (SELECT * FROM rating_history WHERE user_id = $1 AND variant = $2 ORDER BY rated_at DESC, game_id COLLATE "C" DESC LIMIT $3) h ' +
          'ORDER BY rated_at, game_id COLLATE "C"',
        [userId, variant, Math.max(0, Math.floor(limit))],
      );
      return r.rows.map(toPoint);
    },

    async unratedGames(since: number, limit: number): Promise<GameRow[]> {
      const r = await query<GameRecord>(
        "SELECT * FROM games g WHERE g.rated AND g.status = 'finished' AND g.updated_at >= $1 " +
          'AND NOT EXISTS (SELECT 1 FROM rated_games r WHERE r.game_id = g.id) ORDER BY g.updated_at, g.id COLLATE "C" LIMIT $2',
        [since, Math.max(0, Math.floor(limit))],
      );
      return r.rows.map(toGame);
    },
  };
}
