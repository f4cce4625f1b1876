/** SocialStore conformance: chat mutes, follows, blocks. */
import { beforeEach, describe, expect, it } from 'vitest';
import { T0, user } from '../fixtures.ts';
import type { SocialStore } from '../social.ts';
import type { UserStore } from '../users.ts';

/** What these tests use. */
type Under = UserStore & SocialStore;

const NONE = { follows: false, followedBy: false, blocks: false, blockedBy: false };

/** Registers the social tests inside a describeStore block: `current` gives the store of the running test. */
export function describeSocialStore(current: () => Under): void {
  describe('social', () => {
    let store: Under;
    beforeEach(async () => {
      store = current();
      for (const id of ['u1', 'u2', 'u3', 'u4']) await store.createUser(user(id));
    });

    it('mutes: set, idempotent, undone, per user', async () => {
      await store.setMute('u1', 'u2', true, T0);
      await store.setMute('u1', 'u2', true, T0 + 1);
      await store.setMute('u1', 'u3', true, T0);
      expect(await store.mutes('u1')).toEqual(['u2', 'u3']);
      expect(await store.mutes('u2')).toEqual([]);
      await store.setMute('u1', 'u2', false, T0);
      await store.setMute('u1', 'u2', false, T0);
      expect(await store.mutes('u1')).toEqual(['u3']);
      await expect(store.setMute('u1', 'ghost', true, T0)).rejects.toThrow();
    });

    it('follows: one way, idempotent, listed longest first, counted, undone', async () => {
      await store.setFollow('u1', 'u3', true, T0 + 2);
      await store.setFollow('u1', 'u2', true, T0 + 1);
      await store.setFollow('u1', 'u4', true, T0 + 2);
      // Following again keeps the first date.
      await store.setFollow('u1', 'u2', true, T0 + 9);
      await store.setFollow('u2', 'u3', true, T0);
      expect(await store.following('u1', 10)).toEqual(['u2', 'u3', 'u4']);
      expect(await store.following('u1', 2)).toEqual(['u2', 'u3']);
      expect(await store.following('u3', 10)).toEqual([]);
      expect(await store.followerCount('u3')).toBe(2);
      expect(await store.followerCount('u1')).toBe(0);
      expect(await store.relation('u1', 'u2')).toEqual({ ...NONE, follows: true });
      expect(await store.relation('u2', 'u1')).toEqual({ ...NONE, followedBy: true });
      await store.setFollow('u1', 'u3', false, T0);
      await store.setFollow('u1', 'u3', false, T0);
      expect(await store.following('u1', 10)).toEqual(['u2', 'u4']);
      expect(await store.followerCount('u3')).toBe(1);
      await expect(store.setFollow('u1', 'ghost', true, T0)).rejects.toThrow();
      await expect(store.setFollow('ghost', 'u1', true, T0)).rejects.toThrow();
      expect(await store.following('ghost', 10)).toEqual([]);
    });

    it('blocks: set, idempotent, undone; blocking ends the follows both ways', async () => {
      await store.setFollow('u1', 'u2', true, T0);
      await store.setFollow('u2', 'u1', true, T0);
      await store.setFollow('u2', 'u3', true, T0);
      await store.setBlock('u1', 'u2', true, T0);
      await store.setBlock('u1', 'u2', true, T0 + 1);
      await store.setBlock('u1', 'u3', true, T0);
      expect(await store.blocks('u1')).toEqual(['u2', 'u3']);
      expect(await store.blocks('u2')).toEqual([]);
      expect(await store.following('u1', 10)).toEqual([]);
      // The blocked player's follow of the blocker is gone too; their other follows stay.
      expect(await store.following('u2', 10)).toEqual(['u3']);
      expect(await store.followerCount('u1')).toBe(0);
      expect(await store.relation('u1', 'u2')).toEqual({ ...NONE, blocks: true });
      expect(await store.relation('u2', 'u1')).toEqual({ ...NONE, blockedBy: true });
      expect(await store.relation('u3', 'u4')).toEqual(NONE);
      await store.setBlock('u1', 'u2', false, T0);
      await store.setBlock('u1', 'u2', false, T0);
      expect(await store.blocks('u1')).toEqual(['u3']);
      expect(await store.relation('u2', 'u1')).toEqual(NONE);
      // Unblocking brings neither follow back.
      expect(await store.following('u1', 10)).toEqual([]);
      expect(await store.following('u2', 10)).toEqual(['u3']);
      await expect(store.setBlock('u1', 'ghost', true, T0)).rejects.toThrow();
    });
  });
}
