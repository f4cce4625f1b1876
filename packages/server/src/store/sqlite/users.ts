/** Users and sessions in SQLite. */
import { prefixRange, usernameKey } from '../checks.ts';
import type { LessonDone, SessionRow, UserRow, UserStore } from '../users.ts';
import type { SqliteDb } from './db.ts';

interface UserRecord {
  id: string;
  username: string | null;
  password_hash: string | null;
  created_at: number;
}
interface SessionRecord {
  token_hash: string;
  user_id: string;
  created_at: number;
  expires_at: number;
}

const toUser = (r: UserRecord): UserRow => ({ id: r.id, username: r.username, passwordHash: r.password_hash, createdAt: r.created_at });
const toSession = (r: SessionRecord): SessionRow => ({ tokenHash: r.token_hash, userId: r.user_id, createdAt: r.created_at, expiresAt: r.expires_at });

export function sqliteUsers(db: SqliteDb): UserStore {
  return {
    createUser(u: UserRow): Promise<void> {
      const params = [u.id, u.username, u.username === null ? null : usernameKey(u.username), u.passwordHash, u.createdAt];
      return db.write(() => {
        db.stmt('INSERT INTO users (id, username, username_key, password_hash, created_at) VALUES (?, ?, ?, ?, ?)').run(...params);
      });
    },

    async userById(id: string): Promise<UserRow | null> {
      const r = db.stmt('SELECT * FROM users WHERE id = ?').get(id) as UserRecord | undefined;
      return r ? toUser(r) : null;
    },

    async userByName(username: string): Promise<UserRow | null> {
      const r = db.stmt('SELECT * FROM users WHERE username_key = ?').get(usernameKey(username)) as UserRecord | undefined;
      return r ? toUser(r) : null;
    },

    registerUser(id: string, username: string, passwordHash: string): Promise<void> {
      const key = usernameKey(username);
      return db.write(() => {
        const r = db.stmt('UPDATE users SET username = ?, username_key = ?, password_hash = ? WHERE id = ?').run(username, key, passwordHash, id);
        if (r.changes === 0) throw new Error(`no user ${id}`);
      });
    },

    async searchUsers(prefix: string, limit: number): Promise<UserRow[]> {
      const range = prefixRange(prefix);
      if (!range) return [];
      // A range on users_username_key (BINARY order): the index is searched, not the table scanned.
      const sql = 'SELECT * FROM users WHERE username_key >= ? AND username_key < ? ORDER BY username_key LIMIT ?';
      return (db.stmt(sql).all(range[0], range[1], Math.max(0, Math.floor(limit))) as UserRecord[]).map(toUser);
    },

    async settingsOf(userId: string): Promise<unknown> {
      const r = db.stmt('SELECT data FROM user_settings WHERE user_id = ?').get(userId) as { data: string } | undefined;
      return r ? (JSON.parse(r.data) as unknown) : null;
    },

    saveSettings(userId: string, data: unknown, at: number): Promise<void> {
      const json = JSON.stringify(data);
      return db.write(() => {
        db.stmt(
          'INSERT INTO user_settings (user_id, data, updated_at) VALUES (?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at',
        ).run(userId, json, at);
      });
    },

    async learnProgress(userId: string): Promise<LessonDone[]> {
      const rows = db.stmt('SELECT variant, lesson FROM learn_progress WHERE user_id = ? ORDER BY variant, lesson').all(userId) as LessonDone[];
      return rows.map((r) => ({ variant: r.variant, lesson: r.lesson }));
    },

    async markLessons(userId: string, lessons: readonly LessonDone[], at: number): Promise<void> {
      if (lessons.length === 0) return;
      return db.write(() => {
        const insert = db.stmt('INSERT INTO learn_progress (user_id, variant, lesson, done_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING');
        for (const l of lessons) insert.run(userId, l.variant, l.lesson, at);
      });
    },

    createSession(s: SessionRow): Promise<void> {
      return db.write(() => {
        db.stmt('INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)').run(s.tokenHash, s.userId, s.createdAt, s.expiresAt);
      });
    },

    async session(tokenHash: string): Promise<SessionRow | null> {
      const r = db.stmt('SELECT * FROM sessions WHERE token_hash = ?').get(tokenHash) as SessionRecord | undefined;
      return r ? toSession(r) : null;
    },

    deleteSession(tokenHash: string): Promise<void> {
      return db.write(() => {
        db.stmt('DELETE FROM sessions WHERE token_hash = ?').run(tokenHash);
      });
    },

    touchSession(tokenHash: string, expiresAt: number): Promise<boolean> {
      return db.write(() => db.stmt('UPDATE sessions SET expires_at = ? WHERE token_hash = ?').run(expiresAt, tokenHash).changes > 0);
    },

    deleteExpiredSessions(now: number, limit: number): Promise<number> {
      return db.write(
        () =>
          db
            .stmt('DELETE FROM sessions WHERE token_hash IN (SELECT token_hash FROM sessions WHERE expires_at <= ? ORDER BY expires_at LIMIT ?)')
            .run(now, Math.max(0, Math.floor(limit))).changes,
      );
    },
  };
}
