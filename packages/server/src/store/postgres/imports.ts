/** Saved imports in PostgreSQL. */
import type { ImportRow, ImportStore } from '../imports.ts';
import type { PostgresDb } from './db.ts';

interface ImportRecord {
  id: string;
  variant: string;
  pgn: string;
  user_id: string | null;
  created_at: string;
}

export function postgresImports(db: PostgresDb): ImportStore {
  const { query } = db;
  return {
    async saveImport(row: ImportRow): Promise<void> {
      await query('INSERT INTO imported_games (id, variant, pgn, user_id, created_at) VALUES ($1, $2, $3, $4, $5)', [
        row.id,
        row.variant,
        row.pgn,
        row.userId,
        row.createdAt,
      ]);
    },
    async importById(id: string): Promise<ImportRow | null> {
      const r = await query<ImportRecord>('SELECT * FROM imported_games WHERE id = $1', [id]);
      const x = r.rows[0];
      return x ? { id: x.id, variant: x.variant, pgn: x.pgn, userId: x.user_id, createdAt: Number(x.created_at) } : null;
    },
  };
}
