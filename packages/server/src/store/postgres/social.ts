/** Chat mutes in PostgreSQL. */
import type { SocialStore } from '../social.ts';
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
  };
}
