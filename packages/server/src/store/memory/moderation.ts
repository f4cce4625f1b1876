/** Moderation in memory. */
import { NO_SANCTIONS, voidPointId, type ModerationStore, type ModLogRow, type ReportRow, type Sanctions } from '../moderation.ts';
import { voidedState } from '../rated.ts';
import type { RatedGameRow } from '../ratings.ts';
import { cmp, type MemoryTables } from './tables.ts';

const newestFirst =
  <T extends { readonly id: string }>(at: (x: T) => number) =>
  (a: T, b: T) =>
    at(b) - at(a) || cmp(b.id, a.id);

export function memoryModeration(tables: MemoryTables): ModerationStore {
  return {
    async sanctions(userId: string): Promise<Sanctions> {
      return { ...(tables.open().sanctions.get(userId) ?? NO_SANCTIONS) };
    },

    async setSanctions(userId: string, patch: Partial<Sanctions>): Promise<void> {
      const t = tables.open();
      t.needUser(userId);
      t.sanctions.set(userId, { ...(t.sanctions.get(userId) ?? NO_SANCTIONS), ...patch });
    },

    async deleteUserSessions(userId: string): Promise<number> {
      const t = tables.open();
      let n = 0;
      for (const [k, s] of t.sessions) {
        if (s.userId === userId) {
          t.sessions.delete(k);
          n++;
        }
      }
      return n;
    },

    async addReport(r: ReportRow): Promise<void> {
      const t = tables.open();
      t.needUser(r.reporterId);
      t.needUser(r.reportedId);
      if (t.reports.has(r.id)) throw new Error(`report ${r.id} exists`);
      t.reports.set(r.id, { ...r });
    },

    async reports(openOnly: boolean, limit: number): Promise<ReportRow[]> {
      return [...tables.open().reports.values()]
        .filter((r) => !openOnly || r.resolvedAt === null)
        .sort(newestFirst((r) => r.createdAt))
        .slice(0, Math.max(0, Math.floor(limit)))
        .map((r) => ({ ...r }));
    },

    async resolveReport(id: string, by: string, at: number): Promise<boolean> {
      const t = tables.open();
      const r = t.reports.get(id);
      if (!r || r.resolvedAt !== null) return false;
      t.reports.set(id, { ...r, resolvedAt: at, resolvedBy: by });
      return true;
    },

    async logModeration(e: ModLogRow): Promise<void> {
      const t = tables.open();
      if (t.modLog.some((x) => x.id === e.id)) throw new Error(`log entry ${e.id} exists`);
      t.modLog.push({ ...e });
    },

    async moderationLog(limit: number): Promise<ModLogRow[]> {
      return [...tables.open().modLog]
        .sort(newestFirst((e) => e.at))
        .slice(0, Math.max(0, Math.floor(limit)))
        .map((e) => ({ ...e }));
    },

    async voidRatedGame(gameId: string, at: number): Promise<RatedGameRow | null> {
      const t = tables.open();
      const g = t.ratedGames.get(gameId);
      if (!g?.counted || g.voidedAt !== null) return null;
      for (const [i, userId] of [g.whiteId, g.blackId].entries()) {
        const key = `${userId}\n${g.variant}`;
        const r = t.ratings.get(key);
        if (!r) continue;
        const next = { ...r, ...voidedState(r, g, i as 0 | 1) };
        t.ratings.set(key, next);
        t.history.push({
          userId,
          variant: g.variant,
          gameId: voidPointId(gameId),
          ratedAt: at,
          rating: next.rating,
          deviation: next.deviation,
          volatility: next.volatility,
        });
      }
      const voided = { ...g, voidedAt: at };
      t.ratedGames.set(gameId, voided);
      return { ...voided };
    },

    async ratedGamesOf(userId: string, limit: number): Promise<RatedGameRow[]> {
      return [...tables.open().ratedGames.values()]
        .filter((g) => g.counted && g.voidedAt === null && (g.whiteId === userId || g.blackId === userId))
        .sort((a, b) => b.ratedAt - a.ratedAt || cmp(b.gameId, a.gameId))
        .slice(0, Math.max(0, Math.floor(limit)))
        .map((g) => ({ ...g }));
    },
  };
}
