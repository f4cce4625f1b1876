/** Personal API tokens (bot programs, scripts) and bot accounts. */

/** What a token may do; a request needs the scope its route names (docs/API.md, "Bot API"). */
export const TOKEN_SCOPES = ['bot:play', 'board:play', 'challenge:read', 'challenge:write'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

export interface TokenRow {
  /** Public id, to list and revoke it by. */
  readonly id: string;
  readonly userId: string;
  /** SHA-256 (hex) of the secret: the token itself is never stored. */
  readonly tokenHash: string;
  readonly description: string;
  readonly scopes: readonly TokenScope[];
  readonly createdAt: number;
}

export interface TokenStore {
  /** Stores a new token (the user must exist). */
  createToken(t: TokenRow): Promise<void>;
  tokenByHash(tokenHash: string): Promise<TokenRow | null>;
  /** A user's tokens, newest first. */
  tokensOf(userId: string): Promise<TokenRow[]>;
  /** Revokes one of the user's tokens; false when they have none of that id. */
  deleteToken(userId: string, id: string): Promise<boolean>;
  /**
   * Marks an account as a bot, for good (the user must exist), only if it
   * holds no seat in any game: the check and the mark are one step, so no
   * game starts in between. False when it already was a bot or has a game.
   */
  makeBot(userId: string, at: number): Promise<boolean>;
  /** Whether the account is a bot. */
  isBot(userId: string): Promise<boolean>;
  /** Bot accounts' ids, in the order they became bots, at most `limit`. */
  bots(limit: number): Promise<string[]>;
}
