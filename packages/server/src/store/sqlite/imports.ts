/** Saved imports in SQLite. */
import type { ImportRow, ImportStore } from '../imports.ts';
import type { SqliteDb } from './db.ts';

interface ImportRecord {
  id: string;
  variant: string;
  pgn: string;
  user_id: string | null;
  created_at: number;
}

export function sqliteImports(db: SqliteDb): ImportStore {
  return {
    saveImport(row: ImportRow): Promise<void> {
      const params = [row.id, row.variant, row.pgn, row.userId, row.createdAt];
      return db.write(() => {
        db.stmt('INSERT INTO imported_games (id, variant, pgn, user_id, created_at) VALUES (?, ?, ?, ?, ?)').run(...params);
      });
    },
    async importById(id: string): Promise<ImportRow | null> {
      const r = db.stmt('SELECT * FROM imported_games WHERE id = ?').get(id) as ImportRecord | undefined;
      return r ? { id: r.id, variant: r.variant, pgn: r.pgn, userId: r.user_id, createdAt: r.created_at } : null;
    },
  };
}
