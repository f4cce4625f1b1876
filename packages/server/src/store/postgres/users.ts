/** Users and sessions in PostgreSQL. */
import { prefixRange, usernameKey } from '../checks.ts';
import type { LessonDone, SessionRow, UserRow, UserStore } from '../users.ts';
import type { Bigint, PostgresDb } from './db.ts';

interface UserRecord {
  id: string;
  username: string | null;
  password_hash: string | null;
  created_at: Bigint;
}
interface SessionRecord {
  token_hash: string;
  user_id: string;
  created_at: Bigint;
  expires_at: Bigint;
}

const toUser = (r: UserRecord): UserRow => ({ id: r.id, username: r.username, passwordHash: r.password_hash, createdAt: Number(r.created_at) });
const toSession = (r: SessionRecord): SessionRow => ({
  tokenHash: r.token_hash,
  userId: r.user_id,
  createdAt: Number(r.created_at),
  expiresAt: Number(r.expires_at),
});

export function postgresUsers(db: PostgresDb): UserStore {
  const { query } = db;
  return {
    async createUser(u: UserRow): Promise<void> {
      const key = u.username === null ? null : usernameKey(u.username);
      await query('INSERT INTO users (id, username, username_key, password_hash, created_at) VALUES ($1, $2, $3, $4, $5)', [
        u.id,
        u.username,
        key,
        u.passwordHash,
        u.createdAt,
      ]);
    },

    async userById(id: string): Promise<UserRow | null> {
      const r = await query<UserRecord>('SELECT * FROM users WHERE id = $1', [id]);
      return r.rows[0] ? toUser(r.rows[0]) : null;
    },

    async userByName(username: string): Promise<UserRow | null> {
      const r = await query<UserRecord>('SELECT * FROM users WHERE username_key = $1', [usernameKey(username)]);
      return r.rows[0] ? toUser(r.rows[0]) : null;
    },

    async registerUser(id: string, username: string, passwordHash: string): Promise<void> {
      const r = await query('UPDATE users SET username = $2, username_key = $3, password_hash = $4 WHERE id = $1', [
        id,
        username,
        usernameKey(username),
        passwordHash,
      ]);
      if (r.rowCount === 0) throw new Error(`no user ${id}`);
    },

    async searchUsers(prefix: string, limit: number): Promise<UserRow[]> {
      const range = prefixRange(prefix);
      if (!range) return [];
      // A range on users_username_prefix (COLLATE "C": code-point order, whatever the database's locale).
      const r = await query<UserRecord>(
        'SELECT * FROM users WHERE username_key COLLATE "C" >= $1 AND username_key COLLATE "C" < $2 ORDER BY username_key COLLATE "C" LIMIT $3',
        [range[0], range[1], Math.max(0, Math.floor(limit))],
      );
      return r.rows.map(toUser);
    },

    async settingsOf(userId: string): Promise<unknown> {
      const r = await query<{ data: unknown }>('SELECT data FROM user_settings WHERE user_id = $1', [userId]);
      return r.rows[0] ? r.rows[0].data : null;
    },

    async saveSettings(userId: string, data: unknown, at: number): Promise<void> {
      await query(
        'INSERT INTO user_settings (user_id, data, updated_at) VALUES ($1, $2::jsonb, $3) ON CONFLICT (user_id) DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at',
        [userId, JSON.stringify(data), at],
      );
    },

    async learnProgress(userId: string): Promise<LessonDone[]> {
      const r = await query<LessonDone>('SELECT variant, lesson FROM learn_progress WHERE user_id = $1 ORDER BY variant COLLATE "C", lesson COLLATE "C"', [
        userId,
      ]);
      return r.rows.map((x) => ({ variant: x.variant, lesson: x.lesson }));
    },

    async markLessons(userId: string, lessons: readonly LessonDone[], at: number): Promise<void> {
      if (lessons.length === 0) return;
      // One statement: the rows go in together or not at all.
      await query(
        'INSERT INTO learn_progress (user_id, variant, lesson, done_at) SELECT $1, v, l, $4 FROM unnest($2::text[], $3::text[]) AS t (v, l) ON CONFLICT DO NOTHING',
        [userId, lessons.map((l) => l.variant), lessons.map((l) => l.lesson), at],
      );
    },

    async createSession(s: SessionRow): Promise<void> {
      await query('INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)', [
        s.tokenHash,
        s.userId,
        s.createdAt,
        s.expiresAt,
      ]);
    },

    async session(tokenHash: string): Promise<SessionRow | null> {
      const r = await query<SessionRecord>('SELECT * FROM sessions WHERE token_hash = $1', [tokenHash]);
      return r.rows[0] ? toSession(r.rows[0]) : null;
    },

    async deleteSession(tokenHash: string): Promise<void> {
      await query('DELETE FROM sessions WHERE token_hash = $1', [tokenHash]);
    },

    async touchSession(tokenHash: string, expiresAt: number): Promise<boolean> {
      const r = await query('UPDATE sessions SET expires_at = $1 WHERE token_hash = $2', [expiresAt, tokenHash]);
      return (r.rowCount ?? 0) > 0;
    },

    async deleteExpiredSessions(now: number, limit: number): Promise<number> {
      const r = await query('DELETE FROM sessions WHERE token_hash IN (SELECT token_hash FROM sessions WHERE expires_at <= $1 ORDER BY expires_at LIMIT $2)', [
        now,
        Math.max(0, Math.floor(limit)),
      ]);
      return r.rowCount ?? 0;
    },
  };
}
