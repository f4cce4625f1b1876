/** API tokens and bot accounts in PostgreSQL. */
import type { TokenRow, TokenScope, TokenStore } from '../tokens.ts';
import type { PostgresDb } from './db.ts';

interface TokenRecord {
  id: string;
  user_id: string;
  token_hash: string;
  description: string;
  scopes: string;
  created_at: string;
}

const toToken = (r: TokenRecord): TokenRow => ({
  id: r.id,
  userId: r.user_id,
  tokenHash: r.token_hash,
  description: r.description,
  scopes: r.scopes ? (r.scopes.split(' ') as TokenScope[]) : [],
  createdAt: Number(r.created_at),
});

export function postgresTokens(db: PostgresDb): TokenStore {
  const { query } = db;
  return {
    async createToken(t: TokenRow): Promise<void> {
      await query('INSERT INTO api_tokens (id, user_id, token_hash, description, scopes, created_at) VALUES ($1, $2, $3, $4, $5, $6)', [
        t.id,
        t.userId,
        t.tokenHash,
        t.description,
        t.scopes.join(' '),
        t.createdAt,
      ]);
    },
    async tokenByHash(tokenHash: string): Promise<TokenRow | null> {
      const r = await query<TokenRecord>('SELECT * FROM api_tokens WHERE token_hash = $1', [tokenHash]);
      return r.rows[0] ? toToken(r.rows[0]) : null;
    },
    async tokensOf(userId: string): Promise<TokenRow[]> {
      const r = await query<TokenRecord>('SELECT * FROM api_tokens WHERE user_id = $1 ORDER BY created_at DESC, id COLLATE "C" DESC', [userId]);
      return r.rows.map(toToken);
    },
    async deleteToken(userId: string, id: string): Promise<boolean> {
      const r = await query('DELETE FROM api_tokens WHERE id = $1 AND user_id = $2', [id, userId]);
      return (r.rowCount ?? 0) > 0;
    },
    async makeBot(userId: string, at: number): Promise<boolean> {
      const r = await query(
        'INSERT INTO bot_accounts (user_id, since) SELECT $1, $2 WHERE NOT EXISTS (SELECT 1 FROM games WHERE white_id = $1 OR black_id = $1) ON CONFLICT DO NOTHING',
        [userId, at],
      );
      return (r.rowCount ?? 0) > 0;
    },
    async isBot(userId: string): Promise<boolean> {
      const r = await query('SELECT 1 FROM bot_accounts WHERE user_id = $1', [userId]);
      return r.rows.length > 0;
    },
    async bots(limit: number): Promise<string[]> {
      const r = await query<{ user_id: string }>('SELECT user_id FROM bot_accounts ORDER BY since, user_id COLLATE "C" LIMIT $1', [
        Math.max(0, Math.floor(limit)),
      ]);
      return r.rows.map((x) => x.user_id);
    },
  };
}
