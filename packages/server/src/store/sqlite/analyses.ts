/** Analyses in SQLite. */
import type { AnalysisChange, AnalysisRow, AnalysisState, AnalysisStore } from '../analyses.ts';
import { dataJson } from '../checks.ts';
import type { SqliteDb } from './db.ts';

interface AnalysisRecord {
  game_id: string;
  state: AnalysisState;
  done: number;
  total: number;
  requested_by: string;
  requested_at: number;
  updated_at: number;
  holder: string | null;
  data: string;
}

const toRow = (r: AnalysisRecord): AnalysisRow => ({
  gameId: r.game_id,
  state: r.state,
  done: r.done,
  total: r.total,
  requestedBy: r.requested_by,
  requestedAt: r.requested_at,
  updatedAt: r.updated_at,
  holder: r.holder,
  data: JSON.parse(r.data) as unknown,
});

export function sqliteAnalyses(db: SqliteDb): AnalysisStore {
  const read = (gameId: string): AnalysisRow | null => {
    const r = db.stmt('SELECT * FROM analyses WHERE game_id = ?').get(gameId) as AnalysisRecord | undefined;
    return r ? toRow(r) : null;
  };
  return {
    requestAnalysis(row: AnalysisRow) {
      const params = [row.gameId, row.state, row.done, row.total, row.requestedBy, row.requestedAt, row.updatedAt, row.holder, dataJson(row.data)];
      return db.write(() => {
        const r = db
          .stmt(
            'INSERT INTO analyses (game_id, state, done, total, requested_by, requested_at, updated_at, holder, data) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ' +
              'ON CONFLICT (game_id) DO UPDATE SET state = excluded.state, done = excluded.done, total = excluded.total, requested_by = excluded.requested_by, ' +
              "requested_at = excluded.requested_at, updated_at = excluded.updated_at, holder = excluded.holder, data = excluded.data WHERE analyses.state = 'failed' " +
              'RETURNING *',
          )
          .get(...params) as AnalysisRecord | undefined;
        return r ? { row: toRow(r), queued: true } : { row: read(row.gameId)!, queued: false };
      });
    },

    async analysis(gameId: string) {
      return read(gameId);
    },

    claimAnalysis(gameId: string, holder: string, now: number, staleBefore: number) {
      return db.write(() => {
        const r = db
          .stmt(
            "UPDATE analyses SET state = 'running', holder = ?, updated_at = ? " +
              "WHERE game_id = ? AND (state = 'queued' OR (state = 'running' AND updated_at < ?)) RETURNING *",
          )
          .get(holder, now, gameId, staleBefore) as AnalysisRecord | undefined;
        return r ? toRow(r) : null;
      });
    },

    updateAnalysis(gameId: string, holder: string, change: AnalysisChange) {
      return db.write(
        () =>
          db
            .stmt("UPDATE analyses SET state = ?, done = ?, updated_at = ?, data = ? WHERE game_id = ? AND holder = ? AND state = 'running'")
            .run(change.state, change.done, change.updatedAt, dataJson(change.data), gameId, holder).changes === 1,
      );
    },

    async unfinishedAnalyses(limit: number) {
      const rows = db
        .stmt("SELECT * FROM analyses WHERE state IN ('queued', 'running') ORDER BY requested_at, game_id LIMIT ?")
        .all(Math.max(0, Math.floor(limit))) as AnalysisRecord[];
      return rows.map(toRow);
    },

    async activeAnalyses(userId: string) {
      return db.stmt("SELECT count(*) FROM analyses WHERE requested_by = ? AND state IN ('queued', 'running')").pluck().get(userId) as number;
    },
  };
}
