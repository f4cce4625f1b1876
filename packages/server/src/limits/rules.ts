/**
 * What each kind of resource costs and how much of it one player, and one
 * address, may take: the one table of the club's quotas (docs/security.md
 * lists them). A quota is `points` per `seconds`, a window that starts at the
 * first use; the address quota is several times the player's, since players
 * behind one address (a school, a café, a mobile network) share it.
 */

export interface Quota {
  readonly points: number;
  readonly seconds: number;
}

export interface LimitRule {
  /** Per player (user id); absent: not counted per player. */
  readonly user?: Quota;
  /** Per address (IPv4 address, IPv6 /64); absent: not counted per address. */
  readonly addr?: Quota;
  /** What is limited, for the refusal's message ("At most 10 invitations in 10 minutes"). */
  readonly what: string;
}

export const LIMIT_RULES = {
  /** New guests (a user row and a session) made for visitors who act. */
  guest: { addr: { points: 100, seconds: 3600 }, what: 'new guests' },
  /** Accounts registered. */
  register: { addr: { points: 50, seconds: 3600 }, what: 'new accounts' },
  /** Games waiting for whoever holds the invitation link. */
  invite: { user: { points: 10, seconds: 600 }, addr: { points: 30, seconds: 600 }, what: 'invitations' },
  /** Games against the computer. */
  computer: { user: { points: 30, seconds: 600 }, addr: { points: 90, seconds: 600 }, what: 'games against the computer' },
  /** Seeks posted in the lobby (a player has at most 5 open at once besides). */
  seek: { user: { points: 30, seconds: 600 }, addr: { points: 90, seconds: 600 }, what: 'seeks' },
  /** Challenges to a named player or in a room. */
  challenge: { user: { points: 20, seconds: 600 }, addr: { points: 60, seconds: 600 }, what: 'challenges' },
  /** Hints and evaluations of a position asked of the engine (POST /api/analysis: the solo board). */
  hint: { user: { points: 60, seconds: 60 }, addr: { points: 180, seconds: 60 }, what: 'hints' },
  /** Hints being worked out at once; a point is held while the engine works (returned at the end, or after `seconds` at worst). */
  'hint-running': { user: { points: 1, seconds: 60 }, addr: { points: 4, seconds: 60 }, what: 'hints at once' },
  /** Chat lines, in games and rooms together (besides 1 a second, 3 at once). */
  chat: { user: { points: 20, seconds: 60 }, addr: { points: 60, seconds: 60 }, what: 'chat lines' },
  /** Draw offers, all games together (besides one per player per few moves in each game). */
  draw: { user: { points: 10, seconds: 600 }, addr: { points: 30, seconds: 600 }, what: 'draw offers' },
} as const satisfies Record<string, LimitRule>;

export type LimitKind = keyof typeof LIMIT_RULES;

/** Tests and benchmarks change some rules (LIMITS=off in the environment lifts them all). */
export type LimitOverrides = { readonly [K in LimitKind]?: LimitRule };
