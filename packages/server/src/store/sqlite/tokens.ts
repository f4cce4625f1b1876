/** API tokens and bot accounts in SQLite. */
import type { TokenRow, TokenScope, TokenStore } from '../tokens.ts';
import type { SqliteDb } from './db.ts';

interface TokenRecord {
  id: string;
  user_id: string;
  token_hash: string;
  description: string;
  scopes: string;
  created_at: number;
}

const toToken = (r: TokenRecord): TokenRow => ({
  id: r.id,
  userId: r.user_id,
  tokenHash: r.token_hash,
  description: r.description,
  scopes: r.scopes ? (r.scopes.split(' ') as TokenScope[]) : [],
  createdAt: r.created_at,
});

export function sqliteTokens(db: SqliteDb): TokenStore {
  return {
    createToken(t: TokenRow): Promise<void> {
      const params = [t.id, t.userId, t.tokenHash, t.description, t.scopes.join(' '), t.createdAt];
      return db.write(() => {
        db.stmt('INSERT INTO api_tokens (id, user_id, token_hash, description, scopes, created_at) VALUES (?, ?, ?, ?, ?, ?)').run(...params);
      });
    },
    async tokenByHash(tokenHash: string): Promise<TokenRow | null> {
      const r = db.stmt('SELECT * FROM api_tokens WHERE token_hash = ?').get(tokenHash) as TokenRecord | undefined;
      return r ? toToken(r) : null;
    },
    async tokensOf(userId: string): Promise<TokenRow[]> {
      return (db.stmt('SELECT * FROM api_tokens WHERE user_id = ? ORDER BY created_at DESC, id DESC').all(userId) as TokenRecord[]).map(toToken);
    },
    deleteToken(userId: string, id: string): Promise<boolean> {
      return db.write(() => db.stmt('DELETE FROM api_tokens WHERE id = ? AND user_id = ?').run(id, userId).changes > 0);
    },
    makeBot(userId: string, at: number): Promise<boolean> {
      // One statement under the one writer: no game is written between the look and the mark.
      return db.write(
        () =>
          db
            .stmt(
              'INSERT INTO bot_accounts (user_id, since) SELECT @userId, @at WHERE NOT EXISTS (SELECT 1 FROM games WHERE white_id = @userId OR black_id = @userId) ON CONFLICT DO NOTHING',
            )
            .run({ userId, at }).changes > 0,
      );
    },
    async isBot(userId: string): Promise<boolean> {
      return db.stmt('SELECT 1 FROM bot_accounts WHERE user_id = ?').get(userId) !== undefined;
    },
    async bots(limit: number): Promise<string[]> {
      return db
        .stmt('SELECT user_id FROM bot_accounts ORDER BY since, user_id LIMIT ?')
        .pluck()
        .all(Math.max(0, Math.floor(limit))) as string[];
    },
  };
}
