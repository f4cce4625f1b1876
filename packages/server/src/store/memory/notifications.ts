/** Notifications in memory. */
import { dataJson } from '../checks.ts';
import type { NotificationRow, NotificationStore } from '../notifications.ts';
import { cmp, MemoryTables, type StoredNotification } from './tables.ts';

const load = (n: StoredNotification): NotificationRow => ({ ...n, data: JSON.parse(n.data) as unknown });
/** Newest first: createdAt, then id, both descending (as the SQL stores order them). */
const newestFirst = (a: StoredNotification, b: StoredNotification) => b.createdAt - a.createdAt || cmp(b.id, a.id);

export function memoryNotifications(tables: MemoryTables): NotificationStore {
  return {
    async putNotification(n: NotificationRow): Promise<void> {
      const t = tables.open();
      t.needUser(n.userId);
      MemoryTables.inner(t.notifications, n.userId).set(n.id, { ...n, data: dataJson(n.data) });
    },

    async notifications(userId: string, opts: { readonly limit: number; readonly before?: number }): Promise<NotificationRow[]> {
      const all = [...(tables.open().notifications.get(userId)?.values() ?? [])];
      return all
        .filter((n) => opts.before === undefined || n.createdAt < opts.before)
        .sort(newestFirst)
        .slice(0, Math.max(0, Math.floor(opts.limit)))
        .map(load);
    },

    async unreadNotifications(userId: string): Promise<number> {
      let n = 0;
      for (const x of tables.open().notifications.get(userId)?.values() ?? []) if (x.readAt === null) n++;
      return n;
    },

    async markNotificationsRead(userId: string, ids: readonly string[] | null, at: number): Promise<number> {
      const m = tables.open().notifications.get(userId);
      if (!m) return 0;
      const which = ids === null ? null : new Set(ids);
      let changed = 0;
      for (const [id, n] of m) {
        if (n.readAt !== null || (which && !which.has(id))) continue;
        m.set(id, { ...n, readAt: at });
        changed++;
      }
      return changed;
    },

    async trimNotifications(userId: string, keep: number): Promise<number> {
      const m = tables.open().notifications.get(userId);
      if (!m) return 0;
      const gone = [...m.values()].sort(newestFirst).slice(Math.max(0, Math.floor(keep)));
      for (const n of gone) m.delete(n.id);
      return gone.length;
    },

    async notificationsOff(userId: string): Promise<string[]> {
      return [...(tables.open().notificationsOff.get(userId) ?? [])].sort(cmp);
    },

    async setNotificationOff(userId: string, kind: string, off: boolean): Promise<void> {
      const t = tables.open();
      t.needUser(userId);
      let s = t.notificationsOff.get(userId);
      if (!s) {
        s = new Set();
        t.notificationsOff.set(userId, s);
      }
      if (off) s.add(kind);
      else s.delete(kind);
    },
  };
}
