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
  /** Positions sent to the analysis board's running evaluation (each new position a point; one session runs per player at once besides). */
  board: { user: { points: 600, seconds: 600 }, addr: { points: 1800, seconds: 600 }, what: 'analysed positions' },
  /** Chat lines, in games and rooms together (besides 1 a second, 3 at once). */
  chat: { user: { points: 20, seconds: 60 }, addr: { points: 60, seconds: 60 }, what: 'chat lines' },
  /** Draw offers, all games together (besides one per player per few moves in each game). */
  draw: { user: { points: 10, seconds: 600 }, addr: { points: 30, seconds: 600 }, what: 'draw offers' },
  /** Rematch offers (each offer to a player makes a waiting game, each to the computer a game: an offer/decline loop made them without end). */
  rematch: { user: { points: 10, seconds: 600 }, addr: { points: 30, seconds: 600 }, what: 'rematch offers' },
  /** Joining and withdrawing from tournaments, each a point (a join/withdraw loop stirs every watcher's standings). */
  'tour-entry': { user: { points: 20, seconds: 600 }, addr: { points: 60, seconds: 600 }, what: 'tournament joins and withdrawals' },
  /** Tournaments created (besides 3 unfinished at once per account, and the rated games a listed one needs): 24 junk ones from one address pushed the real ones off the list. */
  'tour-create': { user: { points: 5, seconds: 86_400 }, addr: { points: 10, seconds: 86_400 }, what: 'tournaments created' },
  /** Display settings saved by an account (each change in the settings panel is one). */
  settings: { user: { points: 60, seconds: 60 }, addr: { points: 180, seconds: 60 }, what: 'settings saves' },
  /** Game records read by the importer (POST /api/import; a long record with variations takes a few milliseconds to check). */
  import: { user: { points: 60, seconds: 600 }, addr: { points: 180, seconds: 600 }, what: 'game records read' },
  /** Imported games saved under a short link (each a row kept for good). */
  'import-save': { user: { points: 20, seconds: 3600 }, addr: { points: 60, seconds: 3600 }, what: 'imported games saved' },
  /** Learn progress sent by an account (a lesson finished, the browser's progress merged at login). */
  learn: { user: { points: 30, seconds: 60 }, addr: { points: 90, seconds: 60 }, what: 'saves of learning progress' },
} as const satisfies Record<string, LimitRule>;

export type LimitKind = keyof typeof LIMIT_RULES;

/** Tests and benchmarks change some rules (LIMITS=off in the environment lifts them all). */
export type LimitOverrides = { readonly [K in LimitKind]?: LimitRule };

/** An open-at-once cap per address (limits/open.ts). */
export interface OpenRule {
  /** How many the players behind one address hold at once. */
  readonly addr: number;
  /** The longest one can live: an entry lapses after it even if nobody says it ended. */
  readonly leaseSeconds: number;
  /** What is capped, for the refusal's message ("At most 15 games waiting for an opponent at once from one address"). */
  readonly what: string;
}

/**
 * Resources held at once per address, besides each one's cap per player
 * (5 waiting games, 5 seeks, 3 room challenges, 2 analyses): three times the
 * player's, since players behind one address share it.
 */
export const OPEN_RULES = {
  /** Invitations and challenges to a named player waiting for an opponent (an invitation expires after 24 h). */
  waiting: { addr: 15, leaseSeconds: 25 * 3600, what: 'games waiting for an opponent' },
  /** Seeks in the lobby. */
  seek: { addr: 15, leaseSeconds: 6 * 3600, what: 'open seeks' },
  /** Challenges in rooms. */
  challenge: { addr: 10, leaseSeconds: 6 * 3600, what: 'open room challenges' },
  /**
   * One player's invitations and challenges waiting for an opponent, keyed by
   * the player's id, not an address (`addr` is the cap per key): the same cap
   * as the store's count (MAX_WAITING_GAMES), taken atomically, so parallel
   * requests cannot all pass it.
   */
  'player-waiting': { addr: 5, leaseSeconds: 25 * 3600, what: 'games waiting for an opponent' },
  /** Analyses of finished games waiting or running. */
  analysis: { addr: 6, leaseSeconds: 3600, what: 'analyses waiting or running' },
  /**
   * Open sockets (each browser tab holds one): generous for a family, a
   * school or a café behind one address; the review opened 1,000. An open
   * socket renews its place every heartbeat (30 s), so a place lapses 2 min
   * after its node died.
   */
  socket: { addr: 200, leaseSeconds: 120, what: 'open connections (browser tabs)' },
  /** One account's open sockets, keyed by its id (`addr` is the cap per account): many tabs and devices, not the review's 300. */
  'player-socket': { addr: 30, leaseSeconds: 120, what: 'open connections (browser tabs)' },
} as const satisfies Record<string, OpenRule>;

export type OpenKind = keyof typeof OPEN_RULES;
