/** Chat mutes in SQLite. */
import type { SocialStore } from '../social.ts';
import type { SqliteDb } from './db.ts';

export function sqliteSocial(db: SqliteDb): SocialStore {
  return {
    setMute(userId: string, mutedId: string, muted: boolean, at: number): Promise<void> {
      return db.write(() => {
        if (muted) db.stmt('INSERT INTO mutes (user_id, muted_id, muted_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING').run(userId, mutedId, at);
        else db.stmt('DELETE FROM mutes WHERE user_id = ? AND muted_id = ?').run(userId, mutedId);
      });
    },

    async mutes(userId: string): Promise<string[]> {
      return db.stmt('SELECT muted_id FROM mutes WHERE user_id = ? ORDER BY muted_id').pluck().all(userId) as string[];
    },
  };
}
