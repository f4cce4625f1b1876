/** NotificationStore conformance: stored, replaced by id, listed newest first, read, trimmed, kinds turned off. */
import { beforeEach, describe, expect, it } from 'vitest';
import { T0, user } from '../fixtures.ts';
import type { NotificationRow, NotificationStore } from '../notifications.ts';
import type { UserStore } from '../users.ts';

/** What these tests use. */
type Under = UserStore & NotificationStore;

const note = (userId: string, id: string, at: number, over: Partial<NotificationRow> = {}): NotificationRow => ({
  userId,
  id,
  kind: 'challenge',
  data: { game: `g-${id}`, from: { id: 'u2', name: 'Lan' }, clock: { kind: 'fischer', minutes: 5, increment: 3 }, n: at - T0 },
  createdAt: at,
  readAt: null,
  ...over,
});

export function describeNotificationStore(current: () => Under): void {
  describe('notifications', () => {
    let store: Under;
    beforeEach(async () => {
      store = current();
      for (const id of ['u1', 'u2']) await store.createUser(user(id));
    });
    const ids = async (userId: string, limit = 50, before?: number) =>
      (await store.notifications(userId, { limit, ...(before !== undefined ? { before } : {}) })).map((n) => n.id);

    it('read back as written, newest first, paged by time', async () => {
      const a = note('u1', 'a', T0 + 1);
      await store.putNotification(a);
      await store.putNotification(note('u1', 'c', T0 + 3, { kind: 'your-turn', data: ['list', 1, null, true] }));
      await store.putNotification(note('u1', 'b', T0 + 3));
      await store.putNotification(note('u2', 'x', T0 + 2));
      expect(await store.notifications('u1', { limit: 1 })).toEqual([note('u1', 'c', T0 + 3, { kind: 'your-turn', data: ['list', 1, null, true] })]);
      expect(await ids('u1')).toEqual(['c', 'b', 'a']);
      expect(await ids('u1', 2)).toEqual(['c', 'b']);
      expect(await ids('u1', 10, T0 + 3)).toEqual(['a']);
      expect(await ids('u2')).toEqual(['x']);
      expect(await ids('nobody')).toEqual([]);
      expect((await store.notifications('u1', { limit: 5 }))[2]).toEqual(a);
      await expect(store.putNotification(note('ghost', 'a', T0))).rejects.toThrow();
    });

    it('the same id replaces the notification: new kind, data, time and read state', async () => {
      await store.putNotification(note('u1', 'a', T0 + 1));
      await store.putNotification(note('u1', 'b', T0 + 2));
      await store.markNotificationsRead('u1', null, T0 + 5);
      const answer = note('u1', 'a', T0 + 9, { data: { state: 'declined' }, readAt: null });
      await store.putNotification(answer);
      expect(await ids('u1')).toEqual(['a', 'b']);
      expect((await store.notifications('u1', { limit: 1 }))[0]).toEqual(answer);
      expect(await store.unreadNotifications('u1')).toBe(1);
      await store.putNotification(note('u1', 'a', T0 + 10, { readAt: T0 + 10 }));
      expect(await store.unreadNotifications('u1')).toBe(0);
    });

    it('unread counted; marked read by id or all at once, each only once', async () => {
      for (const [i, id] of ['a', 'b', 'c', 'd'].entries()) await store.putNotification(note('u1', id, T0 + i));
      await store.putNotification(note('u2', 'a', T0));
      expect(await store.unreadNotifications('u1')).toBe(4);
      expect(await store.markNotificationsRead('u1', ['a', 'c', 'zz', 'a'], T0 + 50)).toBe(2);
      expect(await store.markNotificationsRead('u1', ['a'], T0 + 60)).toBe(0);
      expect(await store.unreadNotifications('u1')).toBe(2);
      expect((await store.notifications('u1', { limit: 10 })).map((n) => n.readAt)).toEqual([null, T0 + 50, null, T0 + 50]);
      expect(await store.markNotificationsRead('u1', [], T0 + 70)).toBe(0);
      expect(await store.markNotificationsRead('u1', null, T0 + 70)).toBe(2);
      expect(await store.unreadNotifications('u1')).toBe(0);
      expect(await store.unreadNotifications('u2')).toBe(1);
      expect(await store.markNotificationsRead('nobody', null, T0)).toBe(0);
    });

    it('trimmed to the newest, per user', async () => {
      for (let i = 0; i < 6; i++) await store.putNotification(note('u1', `n${i}`, T0 + i));
      await store.putNotification(note('u2', 'keep', T0));
      expect(await store.trimNotifications('u1', 4)).toBe(2);
      expect(await ids('u1')).toEqual(['n5', 'n4', 'n3', 'n2']);
      expect(await store.trimNotifications('u1', 4)).toBe(0);
      expect(await ids('u2')).toEqual(['keep']);
      expect(await store.trimNotifications('u1', 0)).toBe(4);
      expect(await ids('u1')).toEqual([]);
    });

    it('kinds turned off and on again, per user', async () => {
      expect(await store.notificationsOff('u1')).toEqual([]);
      await store.setNotificationOff('u1', 'your-turn', true);
      await store.setNotificationOff('u1', 'challenge', true);
      await store.setNotificationOff('u1', 'challenge', true);
      expect(await store.notificationsOff('u1')).toEqual(['challenge', 'your-turn']);
      expect(await store.notificationsOff('u2')).toEqual([]);
      await store.setNotificationOff('u1', 'challenge', false);
      await store.setNotificationOff('u1', 'challenge', false);
      expect(await store.notificationsOff('u1')).toEqual(['your-turn']);
      await expect(store.setNotificationOff('ghost', 'challenge', true)).rejects.toThrow();
    });
  });
}
