/** Notifications in PostgreSQL. */
import { dataJson } from '../checks.ts';
import type { NotificationRow, NotificationStore } from '../notifications.ts';
import type { Bigint, PostgresDb } from './db.ts';

interface NotificationRecord {
  user_id: string;
  id: string;
  kind: string;
  data: unknown;
  created_at: Bigint;
  read_at: Bigint | null;
}

const toRow = (r: NotificationRecord): NotificationRow => ({
  userId: r.user_id,
  id: r.id,
  kind: r.kind,
  data: r.data,
  createdAt: Number(r.created_at),
  readAt: r.read_at === null ? null : Number(r.read_at),
});

export function postgresNotifications(db: PostgresDb): NotificationStore {
  const { query } = db;
  return {
    async putNotification(n: NotificationRow): Promise<void> {
      await query(
        'INSERT INTO notifications (user_id, id, kind, data, created_at, read_at) VALUES ($1, $2, $3, $4::jsonb, $5, $6) ' +
          'ON CONFLICT (user_id, id) DO UPDATE SET kind = excluded.kind, data = excluded.data, created_at = excluded.created_at, read_at = excluded.read_at',
        [n.userId, n.id, n.kind, dataJson(n.data), n.createdAt, n.readAt],
      );
    },

    async notifications(userId: string, opts: { readonly limit: number; readonly before?: number }): Promise<NotificationRow[]> {
      const limit = Math.max(0, Math.floor(opts.limit));
      // COLLATE "C": ties ordered by code point, as SQLite and the memory store order them.
      const r =
        opts.before === undefined
          ? await query<NotificationRecord>('SELECT * FROM notifications WHERE user_id = $1 ORDER BY created_at DESC, id COLLATE "C" DESC LIMIT $2', [
              userId,
              limit,
            ])
          : await query<NotificationRecord>(
              'SELECT * FROM notifications WHERE user_id = $1 AND created_at < $2 ORDER BY created_at DESC, id COLLATE "C" DESC LIMIT $3',
              [userId, opts.before, limit],
            );
      return r.rows.map(toRow);
    },

    async unreadNotifications(userId: string): Promise<number> {
      const r = await query<{ n: string }>('SELECT count(*) AS n FROM notifications WHERE user_id = $1 AND read_at IS NULL', [userId]);
      return Number(r.rows[0]?.n ?? 0);
    },

    async markNotificationsRead(userId: string, ids: readonly string[] | null, at: number): Promise<number> {
      const r =
        ids === null
          ? await query('UPDATE notifications SET read_at = $1 WHERE user_id = $2 AND read_at IS NULL', [at, userId])
          : await query('UPDATE notifications SET read_at = $1 WHERE user_id = $2 AND id = ANY($3::text[]) AND read_at IS NULL', [at, userId, [...ids]]);
      return r.rowCount ?? 0;
    },

    async trimNotifications(userId: string, keep: number): Promise<number> {
      const r = await query(
        'DELETE FROM notifications WHERE user_id = $1 AND id NOT IN ' +
          '(SELECT id FROM notifications WHERE user_id = $1 ORDER BY created_at DESC, id COLLATE "C" DESC LIMIT $2)',
        [userId, Math.max(0, Math.floor(keep))],
      );
      return r.rowCount ?? 0;
    },

    async notificationsOff(userId: string): Promise<string[]> {
      const r = await query<{ kind: string }>('SELECT kind FROM notifications_off WHERE user_id = $1 ORDER BY kind COLLATE "C"', [userId]);
      return r.rows.map((x) => x.kind);
    },

    async setNotificationOff(userId: string, kind: string, off: boolean): Promise<void> {
      if (off) await query('INSERT INTO notifications_off (user_id, kind) VALUES ($1, $2) ON CONFLICT DO NOTHING', [userId, kind]);
      else await query('DELETE FROM notifications_off WHERE user_id = $1 AND kind = $2', [userId, kind]);
    },
  };
}
