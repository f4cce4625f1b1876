/** Notifications in SQLite. */
import { dataJson } from '../checks.ts';
import type { NotificationRow, NotificationStore } from '../notifications.ts';
import type { SqliteDb } from './db.ts';

interface NotificationRecord {
  user_id: string;
  id: string;
  kind: string;
  data: string;
  created_at: number;
  read_at: number | null;
}

const toRow = (r: NotificationRecord): NotificationRow => ({
  userId: r.user_id,
  id: r.id,
  kind: r.kind,
  data: JSON.parse(r.data) as unknown,
  createdAt: r.created_at,
  readAt: r.read_at,
});

export function sqliteNotifications(db: SqliteDb): NotificationStore {
  return {
    putNotification(n: NotificationRow): Promise<void> {
      const params = [n.userId, n.id, n.kind, dataJson(n.data), n.createdAt, n.readAt];
      return db.write(() => {
        db.stmt(
          'INSERT INTO notifications (user_id, id, kind, data, created_at, read_at) VALUES (?, ?, ?, ?, ?, ?) ' +
            'ON CONFLICT (user_id, id) DO UPDATE SET kind = excluded.kind, data = excluded.data, created_at = excluded.created_at, read_at = excluded.read_at',
        ).run(...params);
      });
    },

    async notifications(userId: string, opts: { readonly limit: number; readonly before?: number }): Promise<NotificationRow[]> {
      const limit = Math.max(0, Math.floor(opts.limit));
      const rows =
        opts.before === undefined
          ? db.stmt('SELECT * FROM notifications WHERE user_id = ? ORDER BY created_at DESC, id DESC LIMIT ?').all(userId, limit)
          : db
              .stmt('SELECT * FROM notifications WHERE user_id = ? AND created_at < ? ORDER BY created_at DESC, id DESC LIMIT ?')
              .all(userId, opts.before, limit);
      return (rows as NotificationRecord[]).map(toRow);
    },

    async unreadNotifications(userId: string): Promise<number> {
      return db.stmt('SELECT count(*) FROM notifications WHERE user_id = ? AND read_at IS NULL').pluck().get(userId) as number;
    },

    markNotificationsRead(userId: string, ids: readonly string[] | null, at: number): Promise<number> {
      return db.write(() => {
        if (ids === null) return db.stmt('UPDATE notifications SET read_at = ? WHERE user_id = ? AND read_at IS NULL').run(at, userId).changes;
        const one = db.stmt('UPDATE notifications SET read_at = ? WHERE user_id = ? AND id = ? AND read_at IS NULL');
        let n = 0;
        for (const id of new Set(ids)) n += one.run(at, userId, id).changes;
        return n;
      });
    },

    trimNotifications(userId: string, keep: number): Promise<number> {
      return db.write(
        () =>
          db
            .stmt(
              'DELETE FROM notifications WHERE user_id = ? AND id NOT IN ' +
                '(SELECT id FROM notifications WHERE user_id = ? ORDER BY created_at DESC, id DESC LIMIT ?)',
            )
            .run(userId, userId, Math.max(0, Math.floor(keep))).changes,
      );
    },

    async notificationsOff(userId: string): Promise<string[]> {
      return db.stmt('SELECT kind FROM notifications_off WHERE user_id = ? ORDER BY kind').pluck().all(userId) as string[];
    },

    setNotificationOff(userId: string, kind: string, off: boolean): Promise<void> {
      return db.write(() => {
        if (off) db.stmt('INSERT INTO notifications_off (user_id, kind) VALUES (?, ?) ON CONFLICT DO NOTHING').run(userId, kind);
        else db.stmt('DELETE FROM notifications_off WHERE user_id = ? AND kind = ?').run(userId, kind);
      });
    },
  };
}
