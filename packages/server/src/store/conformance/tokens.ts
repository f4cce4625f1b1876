/** TokenStore conformance: API tokens and bot accounts. */
import { beforeEach, describe, expect, it } from 'vitest';
import { T0, game, user } from '../fixtures.ts';
import type { GameStore } from '../games.ts';
import type { TokenRow, TokenStore } from '../tokens.ts';
import type { UserStore } from '../users.ts';

type Under = UserStore & TokenStore & Pick<GameStore, 'createGame'>;

const token = (id: string, userId: string, at: number, scopes: TokenRow['scopes'] = ['bot:play']): TokenRow => ({
  id,
  userId,
  tokenHash: `hash-${id}`,
  description: `token ${id}`,
  scopes,
  createdAt: at,
});

/** Registers the token tests inside a describeStore block: `current` gives the store of the running test. */
export function describeTokenStore(current: () => Under): void {
  describe('tokens', () => {
    let store: Under;
    beforeEach(async () => {
      store = current();
      for (const id of ['u1', 'u2']) await store.createUser(user(id));
    });

    it('stores tokens by hash, lists them newest first, revokes only the owner’s', async () => {
      await store.createToken(token('t1', 'u1', T0, ['bot:play', 'challenge:read']));
      await store.createToken(token('t2', 'u1', T0 + 5, []));
      await store.createToken(token('t3', 'u2', T0 + 1));
      expect(await store.tokenByHash('hash-t1')).toEqual(token('t1', 'u1', T0, ['bot:play', 'challenge:read']));
      expect(await store.tokenByHash('hash-t2')).toEqual(token('t2', 'u1', T0 + 5, []));
      expect(await store.tokenByHash('nope')).toBeNull();
      expect((await store.tokensOf('u1')).map((t) => t.id)).toEqual(['t2', 't1']);
      expect(await store.deleteToken('u2', 't1')).toBe(false);
      expect(await store.deleteToken('u1', 't1')).toBe(true);
      expect(await store.deleteToken('u1', 't1')).toBe(false);
      expect(await store.tokenByHash('hash-t1')).toBeNull();
      expect((await store.tokensOf('u1')).map((t) => t.id)).toEqual(['t2']);
      await expect(store.createToken(token('t4', 'ghost', T0))).rejects.toThrow();
      await expect(store.createToken({ ...token('t5', 'u1', T0), tokenHash: 'hash-t2' })).rejects.toThrow();
    });

    it('bot accounts: once, for good, listed in the order they became bots', async () => {
      expect(await store.isBot('u1')).toBe(false);
      expect(await store.makeBot('u2', T0 + 1)).toBe(true);
      expect(await store.makeBot('u1', T0 + 2)).toBe(true);
      expect(await store.makeBot('u2', T0 + 3)).toBe(false);
      expect(await store.isBot('u1')).toBe(true);
      expect(await store.bots(10)).toEqual(['u2', 'u1']);
      expect(await store.bots(1)).toEqual(['u2']);
      await expect(store.makeBot('ghost', T0)).rejects.toThrow();
    });

    it('a bot only from an account with no game, in one step (a waiting game counts)', async () => {
      await store.createUser(user('u3'));
      await store.createGame(game('g1', { whiteId: null, blackId: 'u3', status: 'waiting' }));
      expect(await store.makeBot('u3', T0)).toBe(false);
      expect(await store.isBot('u3')).toBe(false);
      expect(await store.bots(10)).toEqual([]);
    });
  });
}
