/** SocialStore conformance: chat mutes. */
import { beforeEach, describe, expect, it } from 'vitest';
import { T0, user } from '../fixtures.ts';
import type { SocialStore } from '../social.ts';
import type { UserStore } from '../users.ts';

/** What these tests use. */
type Under = UserStore & SocialStore;

/** Registers the social tests inside a describeStore block: `current` gives the store of the running test. */
export function describeSocialStore(current: () => Under): void {
  describe('social', () => {
    let store: Under;
    beforeEach(() => {
      store = current();
    });

    it('mutes: set, idempotent, undone, per user', async () => {
      for (const id of ['u1', 'u2', 'u3']) await store.createUser(user(id));
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
  });
}
