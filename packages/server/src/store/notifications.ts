/**
 * Notifications kept for a player who was away: a challenge, a rematch
 * offer, a game that started, their turn in a correspondence game, a
 * tournament starting, a moderator's message. Each has an id chosen by its
 * sender, unique per player, so that a later one replaces it (the answer to
 * a challenge, the latest "your turn" of one game) instead of piling up.
 */

export interface NotificationRow {
  readonly userId: string;
  /** Unique per user; putting a notification with an id already there replaces it. */
  readonly id: string;
  readonly kind: string;
  /** What the client shows; opaque to the store (plain JSON). */
  readonly data: unknown;
  readonly createdAt: number;
  /** null while unread. */
  readonly readAt: number | null;
}

export interface NotificationStore {
  /** Stores a notification, replacing the user's one with the same id. The user must exist. */
  putNotification(n: NotificationRow): Promise<void>;
  /** A user's notifications, newest first (createdAt, then id), at most `limit`; `before`: only older than this createdAt. */
  notifications(userId: string, opts: { readonly limit: number; readonly before?: number }): Promise<NotificationRow[]>;
  unreadNotifications(userId: string): Promise<number>;
  /** Marks these (null: all) of the user's unread notifications read at `at`; returns how many changed. */
  markNotificationsRead(userId: string, ids: readonly string[] | null, at: number): Promise<number>;
  /** Keeps the user's newest `keep` notifications and deletes the rest; returns how many went. */
  trimNotifications(userId: string, keep: number): Promise<number>;
  /** The kinds a user has turned off, sorted. */
  notificationsOff(userId: string): Promise<string[]>;
  setNotificationOff(userId: string, kind: string, off: boolean): Promise<void>;
}
