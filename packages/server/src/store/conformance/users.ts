/** UserStore conformance: users and sessions. */
import { beforeEach, describe, expect, it } from 'vitest';
import { T0, user } from '../fixtures.ts';
import { UniqueViolation } from '../types.ts';
import type { UserStore } from '../users.ts';

/** What these tests use. */
type Under = UserStore;

/** Registers the users and sessions tests inside a describeStore block: `current` gives the store of the running test. */
export function describeUserStore(current: () => Under): void {
  describe('users and sessions', () => {
    let store: Under;
    beforeEach(() => {
      store = current();
    });

    it('users: created, found by id and by name whatever its case', async () => {
      await store.createUser(user('u1', 'Alice'));
      await store.createUser(user('u2'));
      expect(await store.userById('u1')).toEqual(user('u1', 'Alice'));
      expect(await store.userById('u2')).toEqual(user('u2'));
      expect(await store.userById('nobody')).toBeNull();
      expect((await store.userByName('alice'))?.id).toBe('u1');
      expect((await store.userByName('ALICE'))?.id).toBe('u1');
      expect((await store.userByName('Alice'))?.username).toBe('Alice');
      expect(await store.userByName('bob')).toBeNull();
    });

    it('searchUsers: registered names by prefix, whatever the case, in name order, at most the limit', async () => {
      const names = ['minh', 'Minh_2', 'minhanh', 'Mio', 'lan', 'min-a', 'mínx'];
      for (const [i, n] of names.entries()) await store.createUser(user(`u${i}`, n));
      await store.createUser(user('guest'));
      const found = async (p: string, limit = 10) => (await store.searchUsers(p, limit)).map((u) => u.username);
      // Code-point order of the lower-case names: '-' < '_' < letters.
      expect(await found('min')).toEqual(['min-a', 'minh', 'minh_2', 'minhanh'].map((k) => names.find((n) => n.toLowerCase() === k)));
      expect(await found('MINH')).toEqual(['minh', 'Minh_2', 'minhanh']);
      expect(await found('minh_')).toEqual(['Minh_2']);
      expect(await found('mi', 2)).toEqual(['min-a', 'minh']);
      expect(await found('m', 0)).toEqual([]);
      expect(await found('z')).toEqual([]);
      expect(await found('')).toEqual([]);
      expect(await found('lan')).toEqual(['lan']);
      expect((await store.searchUsers('lan', 5))[0]).toEqual(user('u4', 'lan'));
    });

    it('registering turns a guest into a named user, keeping its id', async () => {
      await store.createUser(user('u1'));
      await store.registerUser('u1', 'Bob', 'scrypt$hash');
      expect(await store.userById('u1')).toEqual({ id: 'u1', username: 'Bob', passwordHash: 'scrypt$hash', createdAt: T0 });
      expect((await store.userByName('bob'))?.id).toBe('u1');
    });

    it('a taken name is a UniqueViolation, whatever its case, and changes nothing', async () => {
      await store.createUser(user('u1', 'Alice'));
      await store.createUser(user('u2'));
      await expect(store.registerUser('u2', 'aLiCe', 'h')).rejects.toEqual(new UniqueViolation('username'));
      expect(await store.userById('u2')).toEqual(user('u2'));
      await expect(store.createUser(user('u3', 'ALICE'))).rejects.toBeInstanceOf(UniqueViolation);
      expect(await store.userById('u3')).toBeNull();
      await expect(store.createUser(user('u1', 'Carol'))).rejects.toEqual(new UniqueViolation('user'));
      expect(await store.userByName('carol')).toBeNull();
    });

    it('registering an unknown user fails', async () => {
      await expect(store.registerUser('ghost', 'Ghost', 'h')).rejects.toThrow();
      expect(await store.userByName('ghost')).toBeNull();
    });

    it('settings: none at first, saved, replaced, kept per user, for existing users only', async () => {
      await store.createUser(user('u1', 'Alice'));
      await store.createUser(user('u2', 'Binh'));
      expect(await store.settingsOf('u1')).toBeNull();
      const first = { board: 'jade', pieces: { xiangqi: 'beginner' }, coords: false, sound: true, notation: {} };
      await store.saveSettings('u1', first, T0);
      expect(await store.settingsOf('u1')).toEqual(first);
      expect(await store.settingsOf('u2')).toBeNull();
      const second = { ...first, board: 'slate', pieces: { sittuyin: 'western', janggi: 'contrast' } };
      await store.saveSettings('u1', second, T0 + 1000);
      expect(await store.settingsOf('u1')).toEqual(second);
      await expect(store.saveSettings('nobody', first, T0)).rejects.toThrow();
      expect(await store.settingsOf('nobody')).toBeNull();
    });

    it('learn progress: none at first; lessons added as a union, sorted, kept per user, for existing users only', async () => {
      await store.createUser(user('u1', 'Alice'));
      await store.createUser(user('u2', 'Binh'));
      expect(await store.learnProgress('u1')).toEqual([]);
      await store.markLessons(
        'u1',
        [
          { variant: 'xiangqi', lesson: 'horse' },
          { variant: 'janggi', lesson: 'pass' },
        ],
        T0,
      );
      // A second browser's progress merges in: what is already there stays, the new is added.
      await store.markLessons(
        'u1',
        [
          { variant: 'xiangqi', lesson: 'horse' },
          { variant: 'xiangqi', lesson: 'chariot' },
        ],
        T0 + 1000,
      );
      await store.markLessons('u1', [], T0 + 2000);
      expect(await store.learnProgress('u1')).toEqual([
        { variant: 'janggi', lesson: 'pass' },
        { variant: 'xiangqi', lesson: 'chariot' },
        { variant: 'xiangqi', lesson: 'horse' },
      ]);
      expect(await store.learnProgress('u2')).toEqual([]);
      await expect(store.markLessons('nobody', [{ variant: 'xiangqi', lesson: 'horse' }], T0)).rejects.toThrow();
      expect(await store.learnProgress('nobody')).toEqual([]);
    });

    it('learn progress: two merges at once both count', async () => {
      await store.createUser(user('u1', 'Alice'));
      await Promise.all([
        store.markLessons(
          'u1',
          [
            { variant: 'sittuyin', lesson: 'placement' },
            { variant: 'sittuyin', lesson: 'king' },
          ],
          T0,
        ),
        store.markLessons(
          'u1',
          [
            { variant: 'sittuyin', lesson: 'king' },
            { variant: 'sittuyin', lesson: 'queen' },
          ],
          T0,
        ),
      ]);
      expect((await store.learnProgress('u1')).map((l) => l.lesson)).toEqual(['king', 'placement', 'queen']);
    });

    it('sessions: created, found, deleted; expiry is left to the caller', async () => {
      await store.createUser(user('u1'));
      const s = { tokenHash: 'ab'.repeat(32), userId: 'u1', createdAt: T0, expiresAt: T0 - 1 };
      await store.createSession(s);
      expect(await store.session(s.tokenHash)).toEqual(s);
      expect(await store.session('cd'.repeat(32))).toBeNull();
      await expect(store.createSession(s)).rejects.toEqual(new UniqueViolation('session'));
      await store.deleteSession(s.tokenHash);
      expect(await store.session(s.tokenHash)).toBeNull();
      await store.deleteSession(s.tokenHash);
    });

    it('sessions: the expiry moved by use; the expired deleted by expiry, a batch at a time', async () => {
      await store.createUser(user('u1'));
      const s = (n: number, expiresAt: number) => ({ tokenHash: String(n).padStart(64, '0'), userId: 'u1', createdAt: T0, expiresAt });
      for (const [n, at] of [
        [1, T0 + 10],
        [2, T0 + 20],
        [3, T0 + 30],
        [4, T0 + 1000],
      ] as const)
        await store.createSession(s(n, at));
      expect(await store.touchSession(s(1, 0).tokenHash, T0 + 5000)).toBe(true);
      expect(await store.session(s(1, 0).tokenHash)).toEqual(s(1, T0 + 5000));
      // No such session (never made, or ended): nothing touched, and said so.
      expect(await store.touchSession('ff'.repeat(32), T0)).toBe(false);
      expect(await store.session('ff'.repeat(32))).toBeNull();
      expect(await store.deleteExpiredSessions(T0 + 5, 10)).toBe(0);
      // At T0 + 30, sessions 2 and 3 have expired (an expiry at that very time included); a batch of one, then the rest.
      expect(await store.deleteExpiredSessions(T0 + 30, 1)).toBe(1);
      expect(await store.deleteExpiredSessions(T0 + 30, 10)).toBe(1);
      expect(await store.deleteExpiredSessions(T0 + 30, 10)).toBe(0);
      expect(await store.session(s(2, 0).tokenHash)).toBeNull();
      expect(await store.session(s(3, 0).tokenHash)).toBeNull();
      expect(await store.session(s(1, 0).tokenHash)).not.toBeNull();
      expect(await store.session(s(4, 0).tokenHash)).not.toBeNull();
    });

    it('a session needs an existing user', async () => {
      await expect(store.createSession({ tokenHash: 'ef', userId: 'nobody', createdAt: T0, expiresAt: T0 })).rejects.toThrow();
      expect(await store.session('ef')).toBeNull();
    });
  });
}
