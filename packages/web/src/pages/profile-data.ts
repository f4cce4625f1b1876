/** A profile's data as GET /api/users/{name} gives it, and what the page derives from it. Pure. */
import type { VariantKey } from '@youzai/rules';

export interface RatingEntry {
  readonly rating: number;
  readonly deviation: number;
  readonly provisional: boolean;
  readonly games: number;
}

export interface Tally {
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
}

export interface RecentGame {
  readonly id: string;
  readonly variant: string;
  readonly players: readonly [string | null, string | null];
  readonly ids: readonly [string | null, string | null];
  readonly result: string | null;
  readonly reason: string | null;
  readonly plies: number;
  readonly rated: boolean;
  readonly endedAt: number;
}

export interface Profile {
  readonly id: string;
  readonly name: string;
  /** 'BOT' for a bot account (the Bot API), else null (older servers: absent). */
  readonly title?: string | null;
  readonly createdAt: number;
  readonly online: boolean;
  readonly ratings: Partial<Record<VariantKey, RatingEntry>>;
  readonly results: Tally & { readonly byVariant: Partial<Record<string, Tally>> };
  readonly recent: readonly RecentGame[];
}

export interface RatingPoint {
  readonly game: string;
  readonly at: number;
  readonly rating: number;
  readonly deviation: number;
  readonly provisional: boolean;
}

/** The server's id for the computer's seat. */
export const ENGINE_ID = 'engine';

/** Which seat the profile's player held, by id (names of guests can repeat). */
export function seatOf(g: RecentGame, userId: string): 0 | 1 | null {
  return g.ids[0] === userId ? 0 : g.ids[1] === userId ? 1 : null;
}

/** The game's result for the profile's player. */
export function outcomeFor(g: RecentGame, userId: string): 'win' | 'draw' | 'loss' | null {
  const seat = seatOf(g, userId);
  if (seat === null) return null;
  if (g.result === '1/2-1/2') return 'draw';
  if (g.result === '1-0') return seat === 0 ? 'win' : 'loss';
  if (g.result === '0-1') return seat === 1 ? 'win' : 'loss';
  return null;
}

/** Only usernames of accounts have profiles: guests' display names ("Khách-…") and the computer do not match. */
export function hasProfile(name: string | null, id: string | null): boolean {
  return name !== null && id !== ENGINE_ID && /^[A-Za-z0-9_-]{3,20}$/.test(name);
}

/** The computer's level, read from its seat name (the server writes it last). */
export function engineLevel(name: string | null): string {
  return name?.match(/(\d+)\s*$/)?.[1] ?? '?';
}
