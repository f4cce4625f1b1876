/**
 * The bots page and the API tokens page as data (issue 28): what the server
 * answers, read into rows; what a challenge to a bot sends. Pure: the views
 * (bots.ts, tokens.ts) only render these and forward clicks.
 */
import type { VariantKey } from '@youzai/rules';

/** A bot online, as `/api/bot/online` lists it. */
export interface BotRow {
  readonly name: string;
  /** Rating per game it has played (none yet: absent). */
  readonly ratings: Readonly<Partial<Record<string, number>>>;
}

/** The bots of an answer of `/api/bot/online` (JSON), by name; anything malformed is left out. */
export function botRows(json: unknown): BotRow[] {
  const bots = (json as { bots?: unknown } | null)?.bots;
  if (!Array.isArray(bots)) return [];
  const out: BotRow[] = [];
  for (const b of bots as { username?: unknown; perfs?: Record<string, { rating?: unknown }> }[]) {
    if (typeof b?.username !== 'string') continue;
    const ratings: Record<string, number> = {};
    for (const [k, p] of Object.entries(b.perfs ?? {})) if (typeof p?.rating === 'number') ratings[k] = p.rating;
    out.push({ name: b.username, ratings });
  }
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

/** The clocks offered when challenging a bot (a few of the lobby's). */
export const BOT_CLOCKS = [
  { id: '3+2', minutes: 3, increment: 2 },
  { id: '5+3', minutes: 5, increment: 3 },
  { id: '10+5', minutes: 10, increment: 5 },
  { id: '15+10', minutes: 15, increment: 10 },
] as const;
export type BotClockId = (typeof BOT_CLOCKS)[number]['id'];

/** The body of POST /api/games that challenges `bot` (casual, colour by lot). */
export function botChallenge(bot: string, variant: VariantKey, clockId: string) {
  const c = BOT_CLOCKS.find((x) => x.id === clockId) ?? BOT_CLOCKS[1];
  return {
    variant,
    color: 'random' as const,
    rated: false,
    clock: { kind: 'fischer' as const, minutes: c.minutes, increment: c.increment },
    opponent: { type: 'user' as const, username: bot },
  };
}

export const TOKEN_SCOPES = ['bot:play', 'board:play', 'challenge:read', 'challenge:write'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** A token as the account's list shows it (never its secret). */
export interface TokenRow {
  readonly id: string;
  readonly description: string;
  readonly scopes: readonly string[];
  readonly createdAt: number;
}

/** What the new-token form may send: a description and at least one scope, or why not. */
export function tokenRequest(
  description: string,
  scopes: readonly string[],
): { ok: true; body: { description: string; scopes: TokenScope[] } } | { ok: false; why: 'description' | 'scopes' } {
  const d = description.trim();
  if (d.length === 0 || d.length > 100) return { ok: false, why: 'description' };
  const s = TOKEN_SCOPES.filter((x) => scopes.includes(x));
  if (s.length === 0) return { ok: false, why: 'scopes' };
  return { ok: true, body: { description: d, scopes: s } };
}
