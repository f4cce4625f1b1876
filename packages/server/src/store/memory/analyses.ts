/** Analyses in memory. */
import type { AnalysisChange, AnalysisRow, AnalysisStore } from '../analyses.ts';
import { dataJson } from '../checks.ts';
import { cmp, type MemoryTables, type StoredAnalysis } from './tables.ts';

const load = (a: StoredAnalysis): AnalysisRow => ({ ...a, data: JSON.parse(a.data) as unknown });
const unfinished = (a: StoredAnalysis): boolean => a.state === 'queued' || a.state === 'running';

export function memoryAnalyses(tables: MemoryTables): AnalysisStore {
  return {
    async requestAnalysis(row: AnalysisRow) {
      const t = tables.open();
      if (!t.games.has(row.gameId)) throw new Error(`no game ${row.gameId}`);
      const there = t.analyses.get(row.gameId);
      if (there && there.state !== 'failed') return { row: load(there), queued: false };
      t.analyses.set(row.gameId, { ...row, data: dataJson(row.data) });
      return { row: load(t.analyses.get(row.gameId)!), queued: true };
    },

    async analysis(gameId: string) {
      const a = tables.open().analyses.get(gameId);
      return a ? load(a) : null;
    },

    async claimAnalysis(gameId: string, holder: string, now: number, staleBefore: number) {
      const t = tables.open();
      const a = t.analyses.get(gameId);
      if (!a || !(a.state === 'queued' || (a.state === 'running' && a.updatedAt < staleBefore))) return null;
      const claimed = { ...a, state: 'running' as const, holder, updatedAt: now };
      t.analyses.set(gameId, claimed);
      return load(claimed);
    },

    async updateAnalysis(gameId: string, holder: string, change: AnalysisChange) {
      const t = tables.open();
      const a = t.analyses.get(gameId);
      if (a?.state !== 'running' || a.holder !== holder) return false;
      t.analyses.set(gameId, { ...a, ...change, data: dataJson(change.data) });
      return true;
    },

    async unfinishedAnalyses(limit: number) {
      return [...tables.open().analyses.values()]
        .filter(unfinished)
        .sort((a, b) => a.requestedAt - b.requestedAt || cmp(a.gameId, b.gameId))
        .slice(0, Math.max(0, Math.floor(limit)))
        .map(load);
    },

    async activeAnalyses(userId: string) {
      let n = 0;
      for (const a of tables.open().analyses.values()) if (a.requestedBy === userId && unfinished(a)) n++;
      return n;
    },
  };
}
