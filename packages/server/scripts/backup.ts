/**
 * npm run backup [-- FILE]: a consistent copy of the club's data while it runs.
 * SQLite (DATA_DIR, default data): the online backup API; PostgreSQL (DATABASE_URL): pg_dump.
 * Without FILE: backups/youzai-<time>.sqlite3 (or .pgdump). docs/operations.md.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { BackupError, backupPostgres, backupSqlite } from '../src/backup/backup.ts';

const url = process.env.DATABASE_URL || null;
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const out = process.argv[2] ?? join('backups', `youzai-${stamp}.${url ? 'pgdump' : 'sqlite3'}`);
mkdirSync(dirname(out), { recursive: true });
try {
  const summary = url ? await backupPostgres(url, out) : await backupSqlite(process.env.DATA_DIR || 'data', out);
  console.log(JSON.stringify({ ok: true, ...summary }));
} catch (e) {
  const code = e instanceof BackupError ? e.code : 'backup.failed';
  console.error(`Backup failed: ${(e as Error).message} [${code}]`);
  process.exit(1);
}
