/**
 * Backups while the club runs, and restores (npm run backup / npm run
 * restore; docs/operations.md).
 *
 * - SQLite: SQLite's online backup API (better-sqlite3's db.backup()) from
 *   a connection of our own, while the server keeps writing. Each step
 *   copies every page, so a step is one consistent read: a write by the
 *   server between steps makes SQLite start again, never mix two states.
 *   The copy is checked (integrity_check) and made a single self-contained
 *   file (journal_mode=DELETE).
 * - PostgreSQL: pg_dump in its custom format (one snapshot, consistent
 *   without stopping anything); pg_restore --clean brings it back. A URL
 *   that sets a search_path (options=-c search_path=x) is that schema only.
 *
 * A restore replaces the data: the server must be stopped first. For
 * SQLite the running server's pid file says so, and the restore refuses.
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { SQLITE_FILE } from '../store/open.ts';

const run = promisify(execFile);

/** The running server's pid, in DATA_DIR (SQLite only): a restore refuses while it is alive. */
export const PID_FILE = 'youzai.pid';

export interface BackupSummary {
  readonly file: string;
  readonly backend: 'sqlite' | 'postgres';
  readonly games?: number;
  readonly moves?: number;
  readonly bytes?: number;
  readonly ms: number;
}

export class BackupError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

function counts(db: Database.Database): { games: number; moves: number } {
  const n = (sql: string) => Number(db.prepare(sql).pluck().get());
  return { games: n('SELECT count(*) FROM games'), moves: n('SELECT count(*) FROM moves') };
}

function checkIntegrity(db: Database.Database, what: string): void {
  const r = db.pragma('integrity_check', { simple: true });
  if (r !== 'ok') throw new BackupError('backup.corrupt', `${what} fails SQLite's integrity check: ${String(r)}`);
}

/** A consistent copy of the SQLite database in `dataDir`, written to `out`, while the server may be writing. */
export async function backupSqlite(dataDir: string, out: string): Promise<BackupSummary> {
  const started = Date.now();
  const source = join(dataDir, SQLITE_FILE);
  if (!existsSync(source)) throw new BackupError('backup.no-database', `No database at ${source} (set DATA_DIR)`);
  if (existsSync(out)) throw new BackupError('backup.exists', `${out} exists already: name another file`);
  const db = new Database(source, { fileMustExist: true, timeout: 5000 });
  try {
    // Every page in one step: one read transaction, so one consistent state (restarted by SQLite if a write comes between steps).
    await db.backup(out, { progress: ({ totalPages }) => Math.max(100, totalPages) });
  } finally {
    db.close();
  }
  const copy = new Database(out, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
    checkIntegrity(copy, 'The backup');
    const c = counts(copy);
    return { file: out, backend: 'sqlite', ...c, bytes: readFileSync(out).length, ms: Date.now() - started };
  } finally {
    copy.close();
  }
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Brings a SQLite backup back into `dataDir`; the former database is kept beside it. Refused while a server runs there. */
export async function restoreSqlite(file: string, dataDir: string, opts: { force?: boolean } = {}): Promise<BackupSummary & { kept: string | null }> {
  const started = Date.now();
  if (!existsSync(file)) throw new BackupError('restore.no-file', `No backup at ${file}`);
  const pidFile = join(dataDir, PID_FILE);
  if (!opts.force && existsSync(pidFile)) {
    const pid = Number(readFileSync(pidFile, 'utf8').trim());
    if (Number.isInteger(pid) && pid > 0 && pidAlive(pid))
      throw new BackupError('restore.server-running', `A server (pid ${pid}) runs on ${dataDir}: stop it first (or pass --force if it is not ours)`);
  }
  const src = new Database(file, { readonly: true, fileMustExist: true });
  try {
    checkIntegrity(src, 'The backup');
    counts(src);
  } catch (e) {
    src.close();
    if (e instanceof BackupError) throw e;
    throw new BackupError('restore.not-a-backup', `${file} is not a Youzai SQLite backup: ${(e as Error).message}`);
  }
  const target = join(dataDir, SQLITE_FILE);
  let kept: string | null = null;
  if (existsSync(target)) {
    // Fold the old WAL into its file first, so that the copy kept aside is whole.
    const old = new Database(target, { fileMustExist: true });
    old.pragma('wal_checkpoint(TRUNCATE)');
    old.close();
    kept = `${target}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(target, kept);
    for (const side of ['-wal', '-shm']) rmSync(target + side, { force: true });
  }
  try {
    await src.backup(target);
  } finally {
    src.close();
  }
  const db = new Database(target, { fileMustExist: true });
  try {
    db.pragma('journal_mode = WAL');
    return { file: target, backend: 'sqlite', ...counts(db), ms: Date.now() - started, kept };
  } finally {
    db.close();
  }
}

/** The tools' view of a URL: its search_path (if it sets one) becomes --schema, and the options go (libpq reads no + for a space). */
function pgTarget(url: string): { url: string; schema: string | null } {
  const u = new URL(url);
  const options = u.searchParams.get('options') ?? '';
  const m = /search_path=([A-Za-z_][A-Za-z0-9_]*)/.exec(options);
  u.searchParams.delete('options');
  return { url: u.toString(), schema: m ? m[1]! : null };
}

async function tool(name: 'pg_dump' | 'pg_restore', args: string[]): Promise<void> {
  try {
    await run(name, args, { maxBuffer: 16 * 1024 * 1024 });
  } catch (e) {
    const x = e as NodeJS.ErrnoException & { stderr?: string };
    if (x.code === 'ENOENT') throw new BackupError('backup.no-tool', `${name} is not installed: install PostgreSQL's client tools (postgresql-client)`);
    throw new BackupError('backup.tool-failed', `${name} failed: ${(x.stderr ?? x.message).trim()}`);
  }
}

/** pg_dump, custom format: one consistent snapshot of the database (or of the URL's schema) while the club runs. */
export async function backupPostgres(url: string, out: string): Promise<BackupSummary> {
  const started = Date.now();
  if (existsSync(out)) throw new BackupError('backup.exists', `${out} exists already: name another file`);
  const t = pgTarget(url);
  await tool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${out}`, ...(t.schema ? [`--schema=${t.schema}`] : []), t.url]);
  return { file: out, backend: 'postgres', bytes: readFileSync(out).length, ms: Date.now() - started };
}

/** pg_restore --clean: the dump's tables replace those of the database (stop every node first). */
export async function restorePostgres(file: string, url: string): Promise<BackupSummary> {
  const started = Date.now();
  if (!existsSync(file)) throw new BackupError('restore.no-file', `No backup at ${file}`);
  await tool('pg_restore', ['--clean', '--if-exists', '--no-owner', '--no-privileges', '--single-transaction', `--dbname=${pgTarget(url).url}`, file]);
  return { file, backend: 'postgres', ms: Date.now() - started };
}
