/** API tokens and bot accounts in memory. */
import type { TokenRow, TokenStore } from '../tokens.ts';
import type { MemoryTables } from './tables.ts';

export function memoryTokens(tables: MemoryTables): TokenStore {
  const copy = (t: TokenRow): TokenRow => ({ ...t, scopes: [...t.scopes] });
  return {
    async createToken(t: TokenRow): Promise<void> {
      const db = tables.open();
      db.needUser(t.userId);
      if (db.tokens.has(t.tokenHash) || [...db.tokens.values()].some((x) => x.id === t.id)) throw new Error('token exists');
      db.tokens.set(t.tokenHash, copy(t));
    },
    async tokenByHash(tokenHash: string): Promise<TokenRow | null> {
      const t = tables.open().tokens.get(tokenHash);
      return t && tables.users.has(t.userId) ? copy(t) : null;
    },
    async tokensOf(userId: string): Promise<TokenRow[]> {
      return [...tables.open().tokens.values()]
        .filter((t) => t.userId === userId)
        .sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
        .map(copy);
    },
    async deleteToken(userId: string, id: string): Promise<boolean> {
      const db = tables.open();
      for (const [hash, t] of db.tokens) {
        if (t.id === id && t.userId === userId) return db.tokens.delete(hash);
      }
      return false;
    },
    async makeBot(userId: string, at: number): Promise<boolean> {
      const db = tables.open();
      db.needUser(userId);
      if (db.bots.has(userId)) return false;
      for (const g of db.games.values()) if (g.whiteId === userId || g.blackId === userId) return false;
      db.bots.set(userId, at);
      return true;
    },
    async isBot(userId: string): Promise<boolean> {
      return tables.open().bots.has(userId);
    },
    async bots(limit: number): Promise<string[]> {
      return [...tables.open().bots]
        .sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
        .slice(0, Math.max(0, Math.floor(limit)))
        .map(([id]) => id);
    },
  };
}
