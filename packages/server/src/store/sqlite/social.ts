/** Chat mutes, follows and blocks in SQLite. */
import type { Relation, SocialStore } from '../social.ts';
import type { SqliteDb } from './db.ts';

export function sqliteSocial(db: SqliteDb): SocialStore {
  const exists = (sql: string, a: string, b: string): boolean => db.stmt(sql).get(a, b) !== undefined;
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

    setFollow(userId: string, targetId: string, on: boolean, at: number): Promise<void> {
      return db.write(() => {
        if (on) db.stmt('INSERT INTO follows (user_id, followed_id, followed_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING').run(userId, targetId, at);
        else db.stmt('DELETE FROM follows WHERE user_id = ? AND followed_id = ?').run(userId, targetId);
      });
    },

    async following(userId: string, limit: number): Promise<string[]> {
      const sql = 'SELECT followed_id FROM follows WHERE user_id = ? ORDER BY followed_at, followed_id LIMIT ?';
      return db
        .stmt(sql)
        .pluck()
        .all(userId, Math.max(0, Math.floor(limit))) as string[];
    },

    async followerCount(userId: string): Promise<number> {
      return db.stmt('SELECT count(*) FROM follows WHERE followed_id = ?').pluck().get(userId) as number;
    },

    setBlock(userId: string, targetId: string, on: boolean, at: number): Promise<void> {
      return db.write(() => {
        if (on) {
          db.stmt('INSERT INTO blocks (user_id, blocked_id, blocked_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING').run(userId, targetId, at);
          // Both follows end: the blocked player must not hear of the blocker either.
          db.stmt('DELETE FROM follows WHERE (user_id = ? AND followed_id = ?) OR (user_id = ? AND followed_id = ?)').run(userId, targetId, targetId, userId);
        } else db.stmt('DELETE FROM blocks WHERE user_id = ? AND blocked_id = ?').run(userId, targetId);
      });
    },

    async blocks(userId: string): Promise<string[]> {
      return db.stmt('SELECT blocked_id FROM blocks WHERE user_id = ? ORDER BY blocked_id').pluck().all(userId) as string[];
    },

    async relation(userId: string, otherId: string): Promise<Relation> {
      const follow = 'SELECT 1 FROM follows WHERE user_id = ? AND followed_id = ?';
      const block = 'SELECT 1 FROM blocks WHERE user_id = ? AND blocked_id = ?';
      return {
        follows: exists(follow, userId, otherId),
        followedBy: exists(follow, otherId, userId),
        blocks: exists(block, userId, otherId),
        blockedBy: exists(block, otherId, userId),
      };
    },
  };
}
