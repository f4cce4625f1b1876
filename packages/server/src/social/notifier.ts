/**
 * Notifications: stored for a player who was away, pushed live to every
 * socket they have open on any node (their user topic on the bus, which is
 * Redis with several nodes). Other parts of the server (challenges, rematch
 * offers, correspondence turns, tournaments, moderators) call `send`.
 */
import { ALWAYS_ON_KINDS, NOTIFICATION_KINDS, type NotificationData, type NotificationKind, type NotificationView, type ServerMessage } from '@youzai/protocol';
import type { Bus } from '../bus/bus.ts';
import { userTopic } from '../bus/topics.ts';
import { randomId } from '../service/ids.ts';
import type { Clock } from '../service/time.ts';
import type { NotificationRow, NotificationStore } from '../store/types.ts';

/** Notifications kept per player; older ones are dropped. */
export const KEEP_NOTIFICATIONS = 100;

export interface Notice {
  readonly kind: NotificationKind;
  /**
   * Unique per player: a later notice with the same id replaces the earlier
   * (the answer to a challenge, the latest "your turn" of a game) and is
   * unread again. A random id when absent.
   */
  readonly id?: string;
  readonly data: NotificationData;
  /** Stored as already read, and pushed without ringing: an update of one the player has seen (a challenge withdrawn). */
  readonly quiet?: boolean;
}

export interface NotifierDeps {
  readonly store: NotificationStore;
  readonly bus: Bus;
  readonly clock: Clock;
}

const KINDS: ReadonlySet<string> = new Set(NOTIFICATION_KINDS);
export const isNotificationKind = (k: string): k is NotificationKind => KINDS.has(k);

export const viewOf = (r: NotificationRow): NotificationView => ({
  id: r.id,
  kind: r.kind as NotificationKind,
  data: (r.data ?? {}) as NotificationData,
  createdAt: r.createdAt,
  readAt: r.readAt,
});

export class Notifier {
  constructor(private readonly deps: NotifierDeps) {}

  /**
   * Stores a notice for `userId` and pushes it to their sockets; null when
   * they turned its kind off (nothing stored, nothing sent). Never throws:
   * a notification lost to a storage failure must not fail what caused it.
   */
  async send(userId: string, notice: Notice): Promise<NotificationView | null> {
    try {
      const { store, clock } = this.deps;
      if (!ALWAYS_ON_KINDS.includes(notice.kind) && (await store.notificationsOff(userId)).includes(notice.kind)) return null;
      const now = clock.now();
      const row: NotificationRow = {
        userId,
        id: notice.id ?? randomId(12),
        kind: notice.kind,
        data: notice.data,
        createdAt: now,
        readAt: notice.quiet ? now : null,
      };
      await store.putNotification(row);
      await store.trimNotifications(userId, KEEP_NOTIFICATIONS);
      const view = viewOf(row);
      this.push(userId, { t: 'notification', notification: view, unread: await store.unreadNotifications(userId) });
      return view;
    } catch (e) {
      console.error('notification not sent', e);
      return null;
    }
  }

  async list(userId: string, limit: number, before?: number): Promise<{ notifications: NotificationView[]; unread: number }> {
    const { store } = this.deps;
    const [rows, unread] = await Promise.all([
      store.notifications(userId, { limit, ...(before !== undefined ? { before } : {}) }),
      store.unreadNotifications(userId),
    ]);
    return { notifications: rows.map(viewOf), unread };
  }

  /** Marks some (null: all) read; every socket of the player hears it, so other tabs' bells agree. */
  async markRead(userId: string, ids: readonly string[] | null): Promise<{ changed: number; unread: number }> {
    const { store, clock } = this.deps;
    const changed = await store.markNotificationsRead(userId, ids, clock.now());
    const unread = await store.unreadNotifications(userId);
    if (changed > 0) this.push(userId, { t: 'notifications-read', ids, unread });
    return { changed, unread };
  }

  /** The kinds the player turned off. */
  async off(userId: string): Promise<NotificationKind[]> {
    return (await this.deps.store.notificationsOff(userId)).filter(isNotificationKind);
  }

  /** Turns a kind off or on; false for a kind that cannot be turned off. */
  async setOff(userId: string, kind: NotificationKind, off: boolean): Promise<boolean> {
    if (off && ALWAYS_ON_KINDS.includes(kind)) return false;
    await this.deps.store.setNotificationOff(userId, kind, off);
    return true;
  }

  private push(userId: string, m: ServerMessage): void {
    this.deps.bus.publish(userTopic(userId), JSON.stringify(m));
  }
}
