/** Chat mutes, follows and blocks in memory. */
import type { Relation, SocialStore } from '../social.ts';
import { cmp, MemoryTables } from './tables.ts';

export function memorySocial(tables: MemoryTables): SocialStore {
  /** Adds or removes `b` in `a`'s map of one relation (mutes, follows, blocks). */
  function set(which: Map<string, Map<string, number>>, a: string, b: string, on: boolean, at: number): void {
    const t = tables.open();
    t.needUser(a);
    t.needUser(b);
    const m = MemoryTables.inner(which, a);
    if (on) {
      if (!m.has(b)) m.set(b, at);
    } else m.delete(b);
  }
  const has = (which: Map<string, Map<string, number>>, a: string, b: string) => which.get(a)?.has(b) ?? false;

  return {
    async setMute(userId: string, mutedId: string, muted: boolean, at: number): Promise<void> {
      set(tables.mutes, userId, mutedId, muted, at);
    },

    async mutes(userId: string): Promise<string[]> {
      return [...(tables.open().mutes.get(userId)?.keys() ?? [])].sort(cmp);
    },

    async setFollow(userId: string, targetId: string, on: boolean, at: number): Promise<void> {
      set(tables.follows, userId, targetId, on, at);
    },

    async following(userId: string, limit: number): Promise<string[]> {
      const m = tables.open().follows.get(userId);
      if (!m) return [];
      return [...m]
        .sort((x, y) => x[1] - y[1] || cmp(x[0], y[0]))
        .slice(0, Math.max(0, Math.floor(limit)))
        .map(([id]) => id);
    },

    async followerCount(userId: string): Promise<number> {
      let n = 0;
      for (const m of tables.open().follows.values()) if (m.has(userId)) n++;
      return n;
    },

    async setBlock(userId: string, targetId: string, on: boolean, at: number): Promise<void> {
      set(tables.blocks, userId, targetId, on, at);
      // Both follows end: the blocked player must not hear of the blocker either.
      if (on) {
        tables.follows.get(userId)?.delete(targetId);
        tables.follows.get(targetId)?.delete(userId);
      }
    },

    async blocks(userId: string): Promise<string[]> {
      return [...(tables.open().blocks.get(userId)?.keys() ?? [])].sort(cmp);
    },

    async relation(userId: string, otherId: string): Promise<Relation> {
      const t = tables.open();
      return {
        follows: has(t.follows, userId, otherId),
        followedBy: has(t.follows, otherId, userId),
        blocks: has(t.blocks, userId, otherId),
        blockedBy: has(t.blocks, otherId, userId),
      };
    },
  };
}
