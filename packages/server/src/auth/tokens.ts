/**
 * Personal API tokens: what a program (a bot, a script) sends as
 * `Authorization: Bearer <token>` instead of a session cookie. The token is
 * `yzp_` and 32 random base-62 characters; the store keeps only its SHA-256,
 * as it does for sessions. Each token carries scopes, and a route reachable
 * with a token names the scope it needs (docs/API.md, "Bot API").
 */
import { createHash } from 'node:crypto';
import { err, ok, type Result, type RuleError } from '@youzai/rules';
import { randomId } from '../service/ids.ts';
import { TOKEN_SCOPES, type TokenRow, type TokenScope, type TokenStore } from '../store/tokens.ts';
import type { UserRow, UserStore } from '../store/types.ts';

export const TOKEN_PREFIX = 'yzp_';
/** Tokens one account may hold at once. */
export const MAX_TOKENS = 20;

const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex');

/** The secret of an `Authorization: Bearer` header, or null when there is none (a malformed one is an empty string). */
export function bearerOf(header: string | undefined): string | null {
  if (header === undefined) return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m ? m[1]! : '';
}

export const isTokenScope = (s: string): s is TokenScope => (TOKEN_SCOPES as readonly string[]).includes(s);

/** A token as its owner's list shows it: never the secret. */
export const tokenView = (t: TokenRow) => ({ id: t.id, description: t.description, scopes: t.scopes, createdAt: t.createdAt });

export class ApiTokens {
  constructor(
    private readonly store: TokenStore & Pick<UserStore, 'userById'>,
    private readonly now: () => number,
  ) {}

  /** Makes a token for a registered player; the secret is answered once, never again. */
  async create(user: UserRow, description: string, scopes: readonly TokenScope[]): Promise<Result<{ token: string; row: TokenRow }, RuleError>> {
    if (!user.username) return err('auth.account-required', 'Register to make API tokens');
    if ((await this.store.tokensOf(user.id)).length >= MAX_TOKENS) return err('token.too-many', `At most ${MAX_TOKENS} tokens per account: revoke one first`);
    const token = TOKEN_PREFIX + randomId(32);
    const row: TokenRow = { id: randomId(10), userId: user.id, tokenHash: sha256(token), description, scopes: [...new Set(scopes)], createdAt: this.now() };
    await this.store.createToken(row);
    return ok({ token, row });
  }

  /** The token's owner and scopes, or null for a token that is unknown or revoked. */
  async resolve(secret: string): Promise<{ user: UserRow; token: TokenRow } | null> {
    if (!secret.startsWith(TOKEN_PREFIX) || secret.length > 64) return null;
    const token = await this.store.tokenByHash(sha256(secret));
    const user = token ? await this.store.userById(token.userId) : null;
    return token && user ? { user, token } : null;
  }
}
