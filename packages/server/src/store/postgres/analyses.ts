/** Analyses in PostgreSQL. */
import type { AnalysisChange, AnalysisRow, AnalysisState, AnalysisStore } from '../analyses.ts';
import { dataJson } from '../checks.ts';
import type { Bigint, PostgresDb } from './db.ts';

interface AnalysisRecord {
  game_id: string;
  state: AnalysisState;
  done: number;
  total: number;
  requested_by: string;
  requested_at: Bigint;
  updated_at: Bigint;
  holder: string | null;
  data: unknown;
}

const toRow = (r: AnalysisRecord): AnalysisRow => ({
  gameId: r.game_id,
  state: r.state,
  done: r.done,
  total: r.total,
  requestedBy: r.requested_by,
  requestedAt: Number(r.requested_at),
  updatedAt: Number(r.updated_at),
  holder: r.holder,
  data: r.data,
});

export function postgresAnalyses(db: PostgresDb): AnalysisStore {
  const { query } = db;
  const read = async (gameId: string): Promise<AnalysisRow | null> => {
    const r = await query<AnalysisRecord>('SELECT * FROM analyses WHERE game_id = $1', [gameId]);
    return r.rows[0] ? toRow(r.rows[0]) : null;
  };
  return {
    async requestAnalysis(row: AnalysisRow) {
      const r = await query<AnalysisRecord>(
        'INSERT INTO analyses (game_id, state, done, total, requested_by, requested_at, updated_at, holder, data) ' +
          'VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb) ' +
          'ON CONFLICT (game_id) DO UPDATE SET state = excluded.state, done = excluded.done, total = excluded.total, requested_by = excluded.requested_by, ' +
          "requested_at = excluded.requested_at, updated_at = excluded.updated_at, holder = excluded.holder, data = excluded.data WHERE analyses.state = 'failed' " +
          'RETURNING *',
        [row.gameId, row.state, row.done, row.total, row.requestedBy, row.requestedAt, row.updatedAt, row.holder, dataJson(row.data)],
      );
      if (r.rows[0]) return { row: toRow(r.rows[0]), queued: true };
      return { row: (await read(row.gameId))!, queued: false };
    },

    analysis: read,

    async claimAnalysis(gameId: string, holder: string, now: number, staleBefore: number) {
      const r = await query<AnalysisRecord>(
        "UPDATE analyses SET state = 'running', holder = $1, updated_at = $2 " +
          "WHERE game_id = $3 AND (state = 'queued' OR (state = 'running' AND updated_at < $4)) RETURNING *",
        [holder, now, gameId, staleBefore],
      );
      return r.rows[0] ? toRow(r.rows[0]) : null;
    },

    async updateAnalysis(gameId: string, holder: string, change: AnalysisChange) {
      const r = await query(
        "UPDATE analyses SET state = $1, done = $2, updated_at = $3, data = $4::jsonb WHERE game_id = $5 AND holder = $6 AND state = 'running'",
        [change.state, change.done, change.updatedAt, dataJson(change.data), gameId, holder],
      );
      return r.rowCount === 1;
    },

    async unfinishedAnalyses(limit: number) {
      const r = await query<AnalysisRecord>(
        "SELECT * FROM analyses WHERE state IN ('queued', 'running') ORDER BY requested_at, game_id COLLATE \"C\" LIMIT $1",
        [Math.max(0, Math.floor(limit))],
      );
      return r.rows.map(toRow);
    },

    async activeAnalyses(userId: string) {
      const r = await query<{ n: string }>("SELECT count(*) AS n FROM analyses WHERE requested_by = $1 AND state IN ('queued', 'running')", [userId]);
      return Number(r.rows[0]?.n ?? 0);
    },
  };
}
