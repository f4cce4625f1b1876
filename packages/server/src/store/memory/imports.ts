/** Saved imports in memory. */
import type { ImportRow, ImportStore } from '../imports.ts';
import { UniqueViolation } from '../types.ts';
import type { MemoryTables } from './tables.ts';

export function memoryImports(tables: MemoryTables): ImportStore {
  return {
    async saveImport(row: ImportRow): Promise<void> {
      const db = tables.open();
      if (row.userId !== null) db.needUser(row.userId);
      if (db.imports.has(row.id)) throw new UniqueViolation('import');
      db.imports.set(row.id, { ...row });
    },
    async importById(id: string): Promise<ImportRow | null> {
      const r = tables.open().imports.get(id);
      return r ? { ...r } : null;
    },
  };
}
