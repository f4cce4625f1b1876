/** Stores for integration tests: SQLite in a temporary folder, PostgreSQL in a schema of its own. */
import { tempDir, tempSchema } from '../store/fixtures.ts';
import { postgresStore } from '../store/postgres/store.ts';
import { sqliteStore } from '../store/sqlite/store.ts';
import type { Store } from '../store/types.ts';

export const STORE_KINDS = ['sqlite', 'postgres'] as const;
export type StoreKind = (typeof STORE_KINDS)[number];

export async function openTestStore(kind: StoreKind): Promise<{ store: Store; drop: () => Promise<void> }> {
  if (kind === 'sqlite') {
    const tmp = tempDir();
    const store = sqliteStore(`${tmp.dir}/youzai.sqlite3`);
    await store.migrate();
    return { store, drop: async () => tmp.dispose() };
  }
  const schema = await tempSchema();
  const store = postgresStore(schema.url);
  await store.migrate();
  return { store, drop: schema.dispose };
}
