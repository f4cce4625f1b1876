/** Users and sessions in memory. */
import { usernameKey } from '../checks.ts';
import { UniqueViolation } from '../types.ts';
import type { LessonDone, SessionRow, UserRow, UserStore } from '../users.ts';
import { cmp, MemoryTables } from './tables.ts';

export function memoryUsers(tables: MemoryTables): UserStore {
  const userById = async (id: string): Promise<UserRow | null> => {
    const u = tables.open().users.get(id);
    return u ? { ...u } : null;
  };
  return {
    async createUser(u: UserRow): Promise<void> {
      const t = tables.open();
      if (t.users.has(u.id)) throw new UniqueViolation('user');
      const key = u.username === null ? null : usernameKey(u.username);
      if (key !== null && t.names.has(key)) throw new UniqueViolation('username');
      t.users.set(u.id, { ...u });
      if (key !== null) t.names.set(key, u.id);
    },

    userById,

    async userByName(username: string): Promise<UserRow | null> {
      const id = tables.open().names.get(usernameKey(username));
      return id === undefined ? null : userById(id);
    },

    async registerUser(id: string, username: string, passwordHash: string): Promise<void> {
      const t = tables.open();
      const u = t.users.get(id);
      if (!u) throw new Error(`no user ${id}`);
      const key = usernameKey(username);
      const holder = t.names.get(key);
      if (holder !== undefined && holder !== id) throw new UniqueViolation('username');
      if (u.username !== null) t.names.delete(usernameKey(u.username));
      t.names.set(key, id);
      t.users.set(id, { ...u, username, passwordHash });
    },

    async searchUsers(prefix: string, limit: number): Promise<UserRow[]> {
      // The test store's names are a hash map: it sorts them; the SQL stores read a range of their index.
      const p = usernameKey(prefix);
      if (p === '') return [];
      const t = tables.open();
      const keys = [...t.names.keys()].filter((k) => k.startsWith(p)).sort(cmp);
      return keys.slice(0, Math.max(0, Math.floor(limit))).map((k) => ({ ...t.users.get(t.names.get(k)!)! }));
    },

    async settingsOf(userId: string): Promise<unknown> {
      const s = tables.open().settings.get(userId);
      return s === undefined ? null : (JSON.parse(s) as unknown);
    },

    async saveSettings(userId: string, data: unknown): Promise<void> {
      const t = tables.open();
      t.needUser(userId);
      t.settings.set(userId, JSON.stringify(data));
    },

    async learnProgress(userId: string): Promise<LessonDone[]> {
      const done = tables.open().learn.get(userId);
      if (!done) return [];
      return [...done.keys()].sort(cmp).map((k) => {
        const [variant = '', lesson = ''] = k.split('\n');
        return { variant, lesson };
      });
    },

    async markLessons(userId: string, lessons: readonly LessonDone[], at: number): Promise<void> {
      const t = tables.open();
      if (lessons.length === 0) return;
      t.needUser(userId);
      const done = MemoryTables.inner(t.learn, userId);
      for (const l of lessons) {
        const k = `${l.variant}\n${l.lesson}`;
        if (!done.has(k)) done.set(k, at);
      }
    },

    async createSession(s: SessionRow): Promise<void> {
      const t = tables.open();
      if (t.sessions.has(s.tokenHash)) throw new UniqueViolation('session');
      t.needUser(s.userId);
      t.sessions.set(s.tokenHash, { ...s });
    },

    async session(tokenHash: string): Promise<SessionRow | null> {
      const s = tables.open().sessions.get(tokenHash);
      return s ? { ...s } : null;
    },

    async deleteSession(tokenHash: string): Promise<void> {
      tables.open().sessions.delete(tokenHash);
    },

    async touchSession(tokenHash: string, expiresAt: number): Promise<boolean> {
      const t = tables.open();
      const s = t.sessions.get(tokenHash);
      if (s) t.sessions.set(tokenHash, { ...s, expiresAt });
      return s !== undefined;
    },

    async deleteExpiredSessions(now: number, limit: number): Promise<number> {
      const t = tables.open();
      let n = 0;
      for (const [k, s] of t.sessions) {
        if (n >= limit) break;
        if (s.expiresAt <= now) {
          t.sessions.delete(k);
          n++;
        }
      }
      return n;
    },
  };
}
