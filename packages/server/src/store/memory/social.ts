/** Chat mutes in memory. */
import type { SocialStore } from '../social.ts';
import { cmp, type MemoryTables } from './tables.ts';

export function memorySocial(tables: MemoryTables): SocialStore {
  return {
    async setMute(userId: string, mutedId: string, muted: boolean, at: number): Promise<void> {
      const t = tables.open();
      t.needUser(userId);
      t.needUser(mutedId);
      let m = t.mutes.get(userId);
      if (!m) {
        m = new Map();
        t.mutes.set(userId, m);
      }
      if (muted) {
        if (!m.has(mutedId)) m.set(mutedId, at);
      } else m.delete(mutedId);
    },

    async mutes(userId: string): Promise<string[]> {
      return [...(tables.open().mutes.get(userId)?.keys() ?? [])].sort(cmp);
    },
  };
}
