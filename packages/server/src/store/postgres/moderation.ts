/** Moderation in PostgreSQL. */
import { voidPointId, type ModerationStore, type ModLogRow, type ReportRow, type Sanctions } from '../moderation.ts';
import { voidedState } from '../rated.ts';
import type { RatedGameRow, RatingState } from '../ratings.ts';
import { toLog, toRatedGame, toReport, toSanctions, type RatedGameRecord } from '../sqlite/moderation.ts';
import type { PostgresDb } from './db.ts';

export function postgresModeration(db: PostgresDb): ModerationStore {
  const { query } = db;
  return {
    async sanctions(userId: string): Promise<Sanctions> {
      const r = await query('SELECT * FROM sanctions WHERE user_id = $1', [userId]);
      return toSanctions(r.rows[0] as Parameters<typeof toSanctions>[0]);
    },

    async setSanctions(userId: string, patch: Partial<Sanctions>): Promise<void> {
      // Only the fields given change: each is set from the patch when its flag says so.
      const has = (k: keyof Sanctions) => k in patch;
      await query(
        `INSERT INTO sanctions (user_id, muted_until, banned_at, closed_at, cheater_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (user_id) DO UPDATE SET
           muted_until = CASE WHEN $6 THEN excluded.muted_until ELSE sanctions.muted_until END,
           banned_at   = CASE WHEN $7 THEN excluded.banned_at   ELSE sanctions.banned_at END,
           closed_at   = CASE WHEN $8 THEN excluded.closed_at   ELSE sanctions.closed_at END,
           cheater_at  = CASE WHEN $9 THEN excluded.cheater_at  ELSE sanctions.cheater_at END`,
        [
          userId,
          patch.mutedUntil ?? null,
          patch.bannedAt ?? null,
          patch.closedAt ?? null,
          patch.cheaterAt ?? null,
          has('mutedUntil'),
          has('bannedAt'),
          has('closedAt'),
          has('cheaterAt'),
        ],
      );
    },

    async deleteUserSessions(userId: string): Promise<number> {
      const r = await query('DELETE FROM sessions WHERE user_id = $1', [userId]);
      return r.rowCount ?? 0;
    },

    async addReport(r: ReportRow): Promise<void> {
      await query(
        'INSERT INTO reports (id, reporter_id, reported_id, game_id, reason, text, created_at, resolved_at, resolved_by) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)',
        [r.id, r.reporterId, r.reportedId, r.gameId, r.reason, r.text, r.createdAt, r.resolvedAt, r.resolvedBy],
      );
    },

    async reports(openOnly: boolean, limit: number): Promise<ReportRow[]> {
      const r = await query(`SELECT * FROM reports ${openOnly ? 'WHERE resolved_at IS NULL ' : ''}ORDER BY created_at DESC, id COLLATE "C" DESC LIMIT $1`, [
        Math.max(0, Math.floor(limit)),
      ]);
      return r.rows.map((x) => toReport(x as Parameters<typeof toReport>[0]));
    },

    async resolveReport(id: string, by: string, at: number): Promise<boolean> {
      const r = await query('UPDATE reports SET resolved_at = $1, resolved_by = $2 WHERE id = $3 AND resolved_at IS NULL', [at, by, id]);
      return (r.rowCount ?? 0) > 0;
    },

    async logModeration(e: ModLogRow): Promise<void> {
      await query('INSERT INTO moderation_log (id, at, admin, action, target_id, game_id, detail) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
        e.id,
        e.at,
        e.admin,
        e.action,
        e.targetId,
        e.gameId,
        e.detail,
      ]);
    },

    async moderationLog(limit: number): Promise<ModLogRow[]> {
      const r = await query('SELECT * FROM moderation_log ORDER BY at DESC, id COLLATE "C" DESC LIMIT $1', [Math.max(0, Math.floor(limit))]);
      return r.rows.map((x) => toLog(x as Parameters<typeof toLog>[0]));
    },

    async voidRatedGame(gameId: string, at: number): Promise<RatedGameRow | null> {
      return db.transaction(async (q) => {
        const found = await q('SELECT * FROM rated_games WHERE game_id = $1 AND counted AND voided_at IS NULL AND variant IS NOT NULL FOR UPDATE', [gameId]);
        const rec = found.rows[0] as RatedGameRecord | undefined;
        if (!rec) return null;
        const g = toRatedGame(rec);
        // Both players' rows locked in code-point order, as applying a game does.
        const ids = [g.whiteId, g.blackId].sort();
        await q('SELECT 1 FROM ratings WHERE variant = $1 AND user_id = ANY($2::text[]) ORDER BY user_id COLLATE "C" FOR UPDATE', [g.variant, ids]);
        for (const [i, userId] of [g.whiteId, g.blackId].entries()) {
          const found = await q('SELECT rating, deviation, volatility, games FROM ratings WHERE user_id = $1 AND variant = $2', [userId, g.variant]);
          const now = found.rows[0] as RatingState | undefined;
          if (!now) continue;
          const row = voidedState({ ...now, games: Number(now.games) }, g, i as 0 | 1);
          await q('UPDATE ratings SET rating = $1, deviation = $2, volatility = $3, games = $4 WHERE user_id = $5 AND variant = $6', [
            row.rating,
            row.deviation,
            row.volatility,
            row.games,
            userId,
            g.variant,
          ]);
          await q('INSERT INTO rating_history (user_id, variant, game_id, rated_at, rating, deviation, volatility) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
            userId,
            g.variant,
            voidPointId(gameId),
            at,
            row.rating,
            row.deviation,
            row.volatility,
          ]);
        }
        await q('UPDATE rated_games SET voided_at = $1 WHERE game_id = $2', [at, gameId]);
        return { ...g, voidedAt: at };
      });
    },

    async ratedGamesOf(userId: string, limit: number): Promise<RatedGameRow[]> {
      const r = await query(
        'SELECT * FROM rated_games WHERE (white_id = $1 OR black_id = $1) AND counted AND voided_at IS NULL AND variant IS NOT NULL ORDER BY rated_at DESC, game_id COLLATE "C" DESC LIMIT $2',
        [userId, Math.max(0, Math.floor(limit))],
      );
      return r.rows.map((x) => toRatedGame(x as RatedGameRecord));
    },
  };
}
