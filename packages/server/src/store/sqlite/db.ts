/**
 * The SQLite handle every concern of the SQLite store shares: one file
 * through better-sqlite3, in WAL mode. Reads run at once on the calling
 * turn; every write goes through group commit (group-commit.ts), which keeps
 * them in call order, commits those of one event-loop turn together and
 * settles their promises after the commit. With synchronous=FULL (the
 * default) a resolved write is on disk.
 */
import Database from 'better-sqlite3';
import { SQLITE_MIGRATIONS, pendingMigrations } from '../migrations.ts';
import { UniqueViolation } from '../types.ts';
import { GroupCommit, type CommitWindow, type GroupCommitOptions, type GroupCommitStats } from './group-commit.ts';

export const SQLITE_SYNCHRONOUS = ['OFF', 'NORMAL', 'FULL', 'EXTRA'] as const;
export type SqliteSynchronous = (typeof SQLITE_SYNCHRONOUS)[number];

export interface SqliteStoreOptions extends GroupCommitOptions {
  /**
   * FULL (default): the WAL is synced on every commit, so an acknowledged
   * move survives a power cut. NORMAL: synced at checkpoints only; survives
   * a crash of the process but may lose the last commits on a power cut.
   */
  readonly synchronous?: SqliteSynchronous;
  /** How long to wait for another process's write lock before failing (ms). */
  readonly busyTimeoutMs?: number;
}

/** SQLite names the columns of the violated unique index; these are ours. */
const UNIQUE_COLUMNS: Readonly<Record<string, string>> = {
  'users.id': 'user',
  'users.username_key': 'username',
  'sessions.token_hash': 'session',
  'games.id': 'game',
  'games.invite_token': 'inviteToken',
  'imported_games.id': 'import',
  'moves.game_id, moves.ply': 'move',
  'rating_history.user_id, rating_history.variant, rating_history.rated_at, rating_history.game_id': 'ratingPoint',
  'tournaments.id': 'tournament',
  'tournaments.invite_token': 'tournamentInvite',
  'tournaments.schedule_key': 'tournamentSchedule',
  'tournament_pairings.game_id': 'tournamentGame',
  'tournament_byes.tournament_id, tournament_byes.round, tournament_byes.user_id': 'tournamentBye',
};

function mapError(e: unknown): unknown {
  if (e instanceof Database.SqliteError && (e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY')) {
    const columns = e.message.replace(/^UNIQUE constraint failed: /, '');
    return new UniqueViolation(UNIQUE_COLUMNS[columns] ?? columns);
  }
  return e;
}

export class SqliteDb {
  private readonly db: Database.Database;
  private readonly writes: GroupCommit;
  private readonly statements = new Map<string, Database.Statement>();

  /** `path` is a file name, or ':memory:' for a private in-memory database. */
  constructor(path: string, options: SqliteStoreOptions = {}) {
    const synchronous = options.synchronous ?? 'FULL';
    if (!SQLITE_SYNCHRONOUS.includes(synchronous)) throw new TypeError(`synchronous must be one of ${SQLITE_SYNCHRONOUS.join(', ')}`);
    this.db = new Database(path, { timeout: options.busyTimeoutMs ?? 5000 });
    this.db.pragma('journal_mode = WAL');
    this.db.pragma(`synchronous = ${synchronous}`);
    this.db.pragma('foreign_keys = ON');
    this.writes = new GroupCommit(this.db, options);
  }

  get stats(): Readonly<GroupCommitStats> {
    return this.writes.stats;
  }

  /** The group commit's distributions since the last reset (group-commit.ts). */
  commitWindow(reset = false): CommitWindow {
    return this.writes.window(reset);
  }

  pragma(name: string): unknown {
    return this.db.pragma(name, { simple: true });
  }

  migrate(): void {
    const run = this.db.transaction(() => {
      this.db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)');
      const applied = new Set(this.db.prepare('SELECT version FROM schema_migrations').pluck().all() as number[]);
      const record = this.db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
      for (const m of pendingMigrations(SQLITE_MIGRATIONS, applied)) {
        this.db.exec(m.sql);
        record.run(m.version, m.name, Date.now());
      }
    });
    // IMMEDIATE: two processes starting together take turns instead of both reading "nothing applied".
    run.immediate();
  }

  close(): void {
    if (!this.db.open) return;
    this.writes.close();
    this.db.close();
  }

  /** Prepared statements are cached by their text: preparing costs more than running. */
  stmt(sql: string): Database.Statement {
    let s = this.statements.get(sql);
    if (!s) {
      s = this.db.prepare(sql);
      this.statements.set(sql, s);
    }
    return s;
  }

  /** Runs `run` inside the next group commit; settles once it is committed, with our error classes. */
  write<T>(run: () => T): Promise<T> {
    return this.writes.submit(run).catch((e: unknown) => {
      throw mapError(e);
    });
  }
}
