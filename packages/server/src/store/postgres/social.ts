/** Chat mutes, follows and blocks in PostgreSQL. */
import type { Relation, SocialStore } from '../social.ts';
import type { PostgresDb } from './db.ts';

export function postgresSocial(db: PostgresDb): SocialStore {
  const { query } = db;
  return {
    async setMute(userId: string, mutedId: string, muted: boolean, at: number): Promise<void> {
      if (muted) await query('INSERT INTO mutes (user_id, muted_id, muted_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [userId, mutedId, at]);
      else await query('DELETE FROM mutes WHERE user_id = $1 AND muted_id = $2', [userId, mutedId]);
    },

    async mutes(userId: string): Promise<string[]> {
      const r = await query<{ muted_id: string }>('SELECT muted_id FROM mutes WHERE user_id = $1 ORDER BY muted_id COLLATE "C"', [userId]);
      return r.rows.map((x) => x.muted_id);
    },

    async setFollow(userId: string, targetId: string, on: boolean, at: number): Promise<void> {
      if (on) await query('INSERT INTO follows (user_id, followed_id, followed_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [userId, targetId, at]);
      else await query('DELETE FROM follows WHERE user_id = $1 AND followed_id = $2', [userId, targetId]);
    },

    async following(userId: string, limit: number): Promise<string[]> {
      const r = await query<{ followed_id: string }>(
        'SELECT followed_id FROM follows WHERE user_id = $1 ORDER BY followed_at, followed_id COLLATE "C" LIMIT $2',
        [userId, Math.max(0, Math.floor(limit))],
      );
      return r.rows.map((x) => x.followed_id);
    },

    async followerCount(userId: string): Promise<number> {
      const r = await query<{ n: string }>('SELECT count(*) AS n FROM follows WHERE followed_id = $1', [userId]);
      return Number(r.rows[0]?.n ?? 0);
    },

    async setBlock(userId: string, targetId: string, on: boolean, at: number): Promise<void> {
      if (!on) {
        await query('DELETE FROM blocks WHERE user_id = $1 AND blocked_id = $2', [userId, targetId]);
        return;
      }
      await db.transaction(async (q) => {
        await q('INSERT INTO blocks (user_id, blocked_id, blocked_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [userId, targetId, at]);
        // Both follows end: the blocked player must not hear of the blocker either.
        await q('DELETE FROM follows WHERE (user_id = $1 AND followed_id = $2) OR (user_id = $2 AND followed_id = $1)', [userId, targetId]);
      });
    },

    async blocks(userId: string): Promise<string[]> {
      const r = await query<{ blocked_id: string }>('SELECT blocked_id FROM blocks WHERE user_id = $1 ORDER BY blocked_id COLLATE "C"', [userId]);
      return r.rows.map((x) => x.blocked_id);
    },

    async relation(userId: string, otherId: string): Promise<Relation> {
      const r = await query<{ follows: boolean; followed_by: boolean; blocks: boolean; blocked_by: boolean }>(
        'SELECT EXISTS (SELECT 1 FROM follows WHERE user_id = $1 AND followed_id = $2) AS follows, ' +
          'EXISTS (SELECT 1 FROM follows WHERE user_id = $2 AND followed_id = $1) AS followed_by, ' +
          'EXISTS (SELECT 1 FROM blocks WHERE user_id = $1 AND blocked_id = $2) AS blocks, ' +
          'EXISTS (SELECT 1 FROM blocks WHERE user_id = $2 AND blocked_id = $1) AS blocked_by',
        [userId, otherId],
      );
      const x = r.rows[0]!;
      return { follows: x.follows, followedBy: x.followed_by, blocks: x.blocks, blockedBy: x.blocked_by };
    },
  };
}
