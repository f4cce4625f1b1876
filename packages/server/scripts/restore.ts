/**
 * npm run restore -- FILE [--force]: brings a backup back. Stop the server (every node) first.
 * SQLite: into DATA_DIR (the former file is kept beside it, renamed); PostgreSQL: pg_restore --clean into DATABASE_URL.
 */
import { BackupError, restorePostgres, restoreSqlite } from '../src/backup/backup.ts';

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--'));
if (!file) {
  console.error('Usage: npm run restore -- FILE [--force]   (stop the server first)');
  process.exit(2);
}
const url = process.env.DATABASE_URL || null;
try {
  const summary = url ? await restorePostgres(file, url) : await restoreSqlite(file, process.env.DATA_DIR || 'data', { force: args.includes('--force') });
  console.log(JSON.stringify({ ok: true, ...summary }));
} catch (e) {
  const code = e instanceof BackupError ? e.code : 'restore.failed';
  console.error(`Restore failed: ${(e as Error).message} [${code}]`);
  process.exit(1);
}
