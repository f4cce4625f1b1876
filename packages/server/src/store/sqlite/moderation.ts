/** Moderation in SQLite. */
import { NO_SANCTIONS, voidPointId, type ModerationStore, type ModLogRow, type ReportRow, type Sanctions } from '../moderation.ts';
import { parseStates, voidedState } from '../rated.ts';
import type { RatedGameRow, RatingState } from '../ratings.ts';
import type { SqliteDb } from './db.ts';

interface SanctionRecord {
  muted_until: number | null;
  banned_at: number | null;
  closed_at: number | null;
  cheater_at: number | null;
}
interface ReportRecord {
  id: string;
  reporter_id: string;
  reported_id: string;
  game_id: string | null;
  reason: string;
  text: string;
  created_at: number;
  resolved_at: number | null;
  resolved_by: string | null;
}
interface LogRecord {
  id: string;
  at: number;
  admin: string;
  action: string;
  target_id: string | null;
  game_id: string | null;
  detail: string;
}
export interface RatedGameRecord {
  game_id: string;
  rated_at: number;
  variant: string;
  white_id: string;
  black_id: string;
  counted: number | boolean;
  white_delta: number;
  black_delta: number;
  white_states?: string | null;
  black_states?: string | null;
  voided_at: number | null;
}

export const toRatedGame = (r: RatedGameRecord): RatedGameRow => ({
  gameId: r.game_id,
  variant: r.variant,
  whiteId: r.white_id,
  blackId: r.black_id,
  ratedAt: Number(r.rated_at),
  counted: Boolean(r.counted),
  deltas: [r.white_delta, r.black_delta],
  states: [parseStates(r.white_states), parseStates(r.black_states)],
  voidedAt: r.voided_at === null ? null : Number(r.voided_at),
});
export const toReport = (r: ReportRecord): ReportRow => ({
  id: r.id,
  reporterId: r.reporter_id,
  reportedId: r.reported_id,
  gameId: r.game_id,
  reason: r.reason,
  text: r.text,
  createdAt: Number(r.created_at),
  resolvedAt: r.resolved_at === null ? null : Number(r.resolved_at),
  resolvedBy: r.resolved_by,
});
export const toLog = (r: LogRecord): ModLogRow => ({
  id: r.id,
  at: Number(r.at),
  admin: r.admin,
  action: r.action,
  targetId: r.target_id,
  gameId: r.game_id,
  detail: r.detail,
});
const num = (x: number | string | null): number | null => (x === null ? null : Number(x));
export const toSanctions = (r: SanctionRecord | undefined): Sanctions =>
  r ? { mutedUntil: num(r.muted_until), bannedAt: num(r.banned_at), closedAt: num(r.closed_at), cheaterAt: num(r.cheater_at) } : { ...NO_SANCTIONS };

export function sqliteModeration(db: SqliteDb): ModerationStore {
  return {
    async sanctions(userId: string): Promise<Sanctions> {
      return toSanctions(db.stmt('SELECT * FROM sanctions WHERE user_id = ?').get(userId) as SanctionRecord | undefined);
    },

    setSanctions(userId: string, patch: Partial<Sanctions>): Promise<void> {
      return db.write(() => {
        const s = { ...toSanctions(db.stmt('SELECT * FROM sanctions WHERE user_id = ?').get(userId) as SanctionRecord | undefined), ...patch };
        db.stmt(
          'INSERT INTO sanctions (user_id, muted_until, banned_at, closed_at, cheater_at) VALUES (?, ?, ?, ?, ?) ' +
            'ON CONFLICT (user_id) DO UPDATE SET muted_until = excluded.muted_until, banned_at = excluded.banned_at, closed_at = excluded.closed_at, cheater_at = excluded.cheater_at',
        ).run(userId, s.mutedUntil, s.bannedAt, s.closedAt, s.cheaterAt);
      });
    },

    deleteUserSessions(userId: string): Promise<number> {
      return db.write(() => db.stmt('DELETE FROM sessions WHERE user_id = ?').run(userId).changes);
    },

    addReport(r: ReportRow): Promise<void> {
      return db.write(() => {
        db.stmt(
          'INSERT INTO reports (id, reporter_id, reported_id, game_id, reason, text, created_at, resolved_at, resolved_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
        ).run(r.id, r.reporterId, r.reportedId, r.gameId, r.reason, r.text, r.createdAt, r.resolvedAt, r.resolvedBy);
      });
    },

    async reports(openOnly: boolean, limit: number): Promise<ReportRow[]> {
      const sql = `SELECT * FROM reports ${openOnly ? 'WHERE resolved_at IS NULL ' : ''}ORDER BY created_at DESC, id DESC LIMIT ?`;
      return (db.stmt(sql).all(Math.max(0, Math.floor(limit))) as ReportRecord[]).map(toReport);
    },

    resolveReport(id: string, by: string, at: number): Promise<boolean> {
      return db.write(() => db.stmt('UPDATE reports SET resolved_at = ?, resolved_by = ? WHERE id = ? AND resolved_at IS NULL').run(at, by, id).changes > 0);
    },

    logModeration(e: ModLogRow): Promise<void> {
      return db.write(() => {
        db.stmt('INSERT INTO moderation_log (id, at, admin, action, target_id, game_id, detail) VALUES (?, ?, ?, ?, ?, ?, ?)').run(
          e.id,
          e.at,
          e.admin,
          e.action,
          e.targetId,
          e.gameId,
          e.detail,
        );
      });
    },

    async moderationLog(limit: number): Promise<ModLogRow[]> {
      return (db.stmt('SELECT * FROM moderation_log ORDER BY at DESC, id DESC LIMIT ?').all(Math.max(0, Math.floor(limit))) as LogRecord[]).map(toLog);
    },

    voidRatedGame(gameId: string, at: number): Promise<RatedGameRow | null> {
      return db.write(() => {
        const rec = db.stmt('SELECT * FROM rated_games WHERE game_id = ? AND counted = 1 AND voided_at IS NULL AND variant IS NOT NULL').get(gameId) as
          | RatedGameRecord
          | undefined;
        if (!rec) return null;
        const g = toRatedGame(rec);
        for (const [i, userId] of [g.whiteId, g.blackId].entries()) {
          const now = db.stmt('SELECT rating, deviation, volatility, games FROM ratings WHERE user_id = ? AND variant = ?').get(userId, g.variant) as
            | RatingState
            | undefined;
          if (!now) continue;
          const r = voidedState(now, g, i as 0 | 1);
          db.stmt('UPDATE ratings SET rating = ?, deviation = ?, volatility = ?, games = ? WHERE user_id = ? AND variant = ?').run(
            r.rating,
            r.deviation,
            r.volatility,
            r.games,
            userId,
            g.variant,
          );
          db.stmt('INSERT INTO rating_history (user_id, variant, game_id, rated_at, rating, deviation, volatility) VALUES (?, ?, ?, ?, ?, ?, ?)').run(
            userId,
            g.variant,
            voidPointId(gameId),
            at,
            r.rating,
            r.deviation,
            r.volatility,
          );
        }
        db.stmt('UPDATE rated_games SET voided_at = ? WHERE game_id = ?').run(at, gameId);
        return { ...g, voidedAt: at };
      });
    },

    async ratedGamesOf(userId: string, limit: number): Promise<RatedGameRow[]> {
      const rows = db
        .stmt(
          'SELECT * FROM rated_games WHERE (white_id = ? OR black_id = ?) AND counted = 1 AND voided_at IS NULL AND variant IS NOT NULL ORDER BY rated_at DESC, game_id DESC LIMIT ?',
        )
        .all(userId, userId, Math.max(0, Math.floor(limit))) as RatedGameRecord[];
      return rows.map(toRatedGame);
    },
  };
}
