/**
 * The default store: SQLite (db.ts), one file per concern over the shared
 * handle. openStore runs it on its own thread (threaded.ts).
 */
import type { Store } from '../types.ts';
import { sqliteModeration } from './moderation.ts';
import { sqliteAnalyses } from './analyses.ts';
import { SqliteDb, type SqliteStoreOptions } from './db.ts';
import { sqliteGames } from './games.ts';
import { sqliteNotifications } from './notifications.ts';
import type { CommitWindow, GroupCommitStats } from './group-commit.ts';
import { sqliteImports } from './imports.ts';
import { sqlitePuzzles } from './puzzles.ts';
import { sqliteRatings } from './ratings.ts';
import { sqliteSocial } from './social.ts';
import { sqliteTokens } from './tokens.ts';
import { sqliteTournaments } from './tournaments.ts';
import { sqliteUsers } from './users.ts';

export { SQLITE_SYNCHRONOUS, type SqliteStoreOptions, type SqliteSynchronous } from './db.ts';

export interface SqliteStore extends Store {
  /** Group-commit counters, for monitoring and benchmarks. */
  readonly stats: Readonly<GroupCommitStats>;
  /** Batch sizes, commit and write times since the last reset (`reset`: start a new window). */
  commitWindow(reset?: boolean): CommitWindow;
  /** A PRAGMA's current value (journal_mode, synchronous...), for checks and diagnostics. */
  pragma(name: string): unknown;
}

/** `path` is a file name, or ':memory:' for a private in-memory database. */
export function sqliteStore(path: string, options: SqliteStoreOptions = {}): SqliteStore {
  const db = new SqliteDb(path, options);
  return {
    backend: 'sqlite',
    get stats() {
      return db.stats;
    },
    commitWindow: (reset) => db.commitWindow(reset),
    pragma: (name) => db.pragma(name),
    async migrate() {
      db.migrate();
    },
    async close() {
      db.close();
    },
    async getMeta(key) {
      return (db.stmt('SELECT value FROM meta WHERE key = ?').pluck().get(key) as string | undefined) ?? null;
    },
    setMeta(key, value) {
      return db.write(() => {
        db.stmt('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(key, value);
      });
    },
    setMetaIfAbsent(key, value) {
      return db.write(() => {
        db.stmt('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING').run(key, value);
        return db.stmt('SELECT value FROM meta WHERE key = ?').pluck().get(key) as string;
      });
    },
    ...sqliteUsers(db),
    ...sqliteGames(db),
    ...sqliteRatings(db),
    ...sqlitePuzzles(db),
    ...sqliteSocial(db),
    ...sqliteNotifications(db),
    ...sqliteTournaments(db),
    ...sqliteAnalyses(db),
    ...sqliteImports(db),
    ...sqliteModeration(db),
    ...sqliteTokens(db),
  };
}
