/** Game ratings in memory. */
import type { GameRow } from '../games.ts';
import { applyResult, checkRated, deltasOf, movesOf, pairKey, pairSince, statesOf, uncounted } from '../rated.ts';
import type { LeaderboardRule, LeaderRow, RatedResult, RatingChange, RatingPoint, RatingRow, RatingStore } from '../ratings.ts';
import { cmp, loadGame, type MemoryTables } from './tables.ts';

export function memoryRatings(tables: MemoryTables): RatingStore {
  return {
    async applyRatedGame(r: RatedResult): Promise<RatingChange | null> {
      const t = tables.open();
      checkRated(r);
      if (t.ratedGames.has(r.gameId)) return null;
      t.needUser(r.whiteId);
      t.needUser(r.blackId);
      // No await from here on: read, compute and write form one step, as a transaction does.
      const key = (id: string) => `${id}\n${r.variant}`;
      const white = t.ratings.get(key(r.whiteId)) ?? null;
      const black = t.ratings.get(key(r.blackId)) ?? null;
      const mark = { gameId: r.gameId, variant: r.variant, whiteId: r.whiteId, blackId: r.blackId, ratedAt: r.at, voidedAt: null };
      if (r.pairLimit) {
        const pair = pairKey(r.whiteId, r.blackId);
        const since = pairSince(r);
        let n = 0;
        for (const g of t.ratedGames.values()) if (g.counted && g.ratedAt > since && pairKey(g.whiteId, g.blackId) === pair) n++;
        if (n >= r.pairLimit.games) {
          t.ratedGames.set(r.gameId, { ...mark, counted: false, deltas: [0, 0], states: [null, null] });
          return uncounted(r, white, black);
        }
      }
      const ids = [r.whiteId, r.blackId] as const;
      const opponents = (i: 0 | 1): number => {
        const me = ids[i];
        const seen = new Set<string>();
        for (const g of t.ratedGames.values()) {
          if (g.variant !== r.variant || g.voidedAt !== null || g.gameId === r.gameId) continue;
          if (g.whiteId === me) seen.add(g.blackId);
          else if (g.blackId === me) seen.add(g.whiteId);
        }
        return seen.size;
      };
      const moves = movesOf(r.newcomer, white, black, opponents);
      if (!moves[0] && !moves[1]) {
        t.ratedGames.set(r.gameId, { ...mark, counted: false, deltas: [0, 0], states: [null, null] });
        return uncounted(r, white, black, 'newcomers');
      }
      const out = applyResult(r, white, black, moves);
      for (const row of out.rows) t.ratings.set(key(row.userId), { ...row });
      t.history.push(...out.points.map((p) => ({ ...p })));
      t.ratedGames.set(r.gameId, { ...mark, counted: true, deltas: deltasOf(out.change), states: statesOf(out) });
      return out.change;
    },

    async ratings(userId: string): Promise<RatingRow[]> {
      return [...tables.open().ratings.values()]
        .filter((r) => r.userId === userId && r.games > 0)
        .sort((a, b) => cmp(a.variant, b.variant))
        .map((r) => ({ ...r }));
    },

    async leaderboard(variant: string, limit: number, rule: LeaderboardRule): Promise<LeaderRow[]> {
      const t = tables.open();
      const out: LeaderRow[] = [];
      for (const r of t.ratings.values()) {
        const username = t.users.get(r.userId)?.username;
        const s = t.sanctions.get(r.userId);
        const barred = s !== undefined && (s.bannedAt !== null || s.closedAt !== null || s.cheaterAt !== null);
        if (r.variant === variant && username && !barred && r.deviation <= rule.maxDeviation && r.games >= rule.minGames) out.push({ ...r, username });
      }
      out.sort((a, b) => b.rating - a.rating || cmp(a.userId, b.userId));
      return out.slice(0, Math.max(0, Math.floor(limit)));
    },

    async ratingHistory(userId: string, variant: string, limit: number): Promise<RatingPoint[]> {
      const mine = tables.open().history.filter((p) => p.userId === userId && p.variant === variant);
      mine.sort((a, b) => a.ratedAt - b.ratedAt || cmp(a.gameId, b.gameId));
      const n = Math.max(0, Math.floor(limit));
      return (n === 0 ? [] : mine.slice(-n)).map((p) => ({ ...p }));
    },

    async unratedGames(since: number, limit: number): Promise<GameRow[]> {
      const t = tables.open();
      const rows = [...t.games.values()].filter((g) => g.rated && g.status === 'finished' && g.summaryAt >= since && !t.ratedGames.has(g.id));
      rows.sort((a, b) => a.summaryAt - b.summaryAt || cmp(a.id, b.id));
      return rows.slice(0, Math.max(0, Math.floor(limit))).map(loadGame);
    },
  };
}
