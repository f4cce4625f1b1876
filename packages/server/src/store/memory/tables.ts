/**
 * The in-memory store's tables, shared by its concerns (one file each, as in
 * the SQL stores). Rows are copied in and out, and game data goes through
 * JSON exactly as it does on its way into a database, so a test cannot pass
 * by mutating stored state or by storing something (a Date, a Map,
 * undefined) that the real stores would change.
 */
import type { AnalysisRow } from '../analyses.ts';
import { dataJson } from '../checks.ts';
import type { GameRow, MoveRow } from '../games.ts';
import type { NotificationRow } from '../notifications.ts';
import type { PuzzleRatingRow, PuzzleRoundRow, PuzzleStateRow } from '../puzzles.ts';
import type { ModLogRow, ReportRow, Sanctions } from '../moderation.ts';
import type { RatedGameRow, RatingPoint, RatingRow } from '../ratings.ts';
import type { Bye, Pairing } from '@youzai/game/tournament';
import type { EntryRow, TournamentRow } from '../tournaments.ts';
import type { ImportRow } from '../imports.ts';
import type { TokenRow } from '../tokens.ts';
import type { SessionRow, UserRow } from '../users.ts';

/**
 * A game as kept: its data as JSON text, parsed afresh on every read, and `summaryAt`, the SQL stores' indexed `updated_at`: the time of the
 * last save that changed the row's summary (status, seats, result, invitation). A move keeps it (migration 17).
 */
export type StoredGame = Omit<GameRow, 'data'> & { readonly data: string; readonly summaryAt: number };

/** A notification as kept: its data as JSON text, as a database keeps it. */
export type StoredNotification = Omit<NotificationRow, 'data'> & { readonly data: string };

/** An analysis as kept: its result as JSON text. */
export type StoredAnalysis = Omit<AnalysisRow, 'data'> & { readonly data: string };

/** `old`: the row as stored before this save (none for a new game). */
export const storeGame = (g: GameRow, old?: StoredGame): StoredGame => ({
  ...g,
  data: dataJson(g.data),
  summaryAt: old && summaryKept(old, g) ? old.summaryAt : g.updatedAt,
});
export const loadGame = ({ summaryAt: _, ...g }: StoredGame): GameRow => ({ ...g, data: JSON.parse(g.data) as unknown });

/** The saved row keeps the stored one's summary (the SQL stores' indexed columns and the others lists show). */
const summaryKept = (a: StoredGame, b: GameRow): boolean =>
  a.variant === b.variant &&
  a.status === b.status &&
  a.whiteId === b.whiteId &&
  a.blackId === b.blackId &&
  a.rated === b.rated &&
  a.createdAt === b.createdAt &&
  a.result === b.result &&
  a.reason === b.reason &&
  a.inviteToken === b.inviteToken;
/** Code-point order, as the SQL stores sort text (PostgreSQL with COLLATE "C"). */
export const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export class MemoryTables {
  readonly meta = new Map<string, string>();
  readonly users = new Map<string, UserRow>();
  /** usernameKey → user id: the unique index. */
  readonly names = new Map<string, string>();
  readonly sessions = new Map<string, SessionRow>();
  /** user id → display settings, as JSON text (as the SQL stores keep them). */
  readonly settings = new Map<string, string>();
  /** user id → (`${variant}\n${lesson}` → when first finished): the Learn course's progress. */
  readonly learn = new Map<string, Map<string, number>>();
  readonly games = new Map<string, StoredGame>();
  readonly invites = new Map<string, string>();
  readonly moves = new Map<string, MoveRow[]>();
  /** `${userId}\n${variant}` → current rating. */
  readonly ratings = new Map<string, RatingRow>();
  readonly history: RatingPoint[] = [];
  readonly ratedGames = new Map<string, RatedGameRow>();
  readonly sanctions = new Map<string, Sanctions>();
  readonly reports = new Map<string, ReportRow>();
  readonly modLog: ModLogRow[] = [];
  /** `${userId}\n${variant}` → puzzle rating. */
  readonly puzzleRatings = new Map<string, PuzzleRatingRow>();
  readonly puzzleStates = new Map<string, PuzzleStateRow>();
  /** `${userId}\n${puzzleId}` → round. */
  readonly puzzleRounds = new Map<string, PuzzleRoundRow>();
  /** user id → (muted id → when). */
  readonly mutes = new Map<string, Map<string, number>>();
  /** user id → (followed id → since when). */
  readonly follows = new Map<string, Map<string, number>>();
  /** user id → (blocked id → since when). */
  readonly blocks = new Map<string, Map<string, number>>();
  /** user id → (notification id → notification, its data as JSON text). */
  readonly notifications = new Map<string, Map<string, StoredNotification>>();
  /** user id → kinds turned off. */
  readonly notificationsOff = new Map<string, Set<string>>();
  /** Tournaments, their terms as JSON text. */
  readonly tournaments = new Map<string, Omit<TournamentRow, 'terms'> & { readonly terms: string }>();
  /** tournament id → (user id → entry). */
  readonly entries = new Map<string, Map<string, EntryRow>>();
  /** game id → pairing and its tournament. */
  readonly pairings = new Map<string, { readonly tournamentId: string; readonly pairing: Pairing }>();
  /** tournament id → byes. */
  readonly byes = new Map<string, Bye[]>();
  /** game id → its analysis. */
  readonly analyses = new Map<string, StoredAnalysis>();
  /** id → saved import. */
  readonly imports = new Map<string, ImportRow>();
  /** token hash → API token. */
  readonly tokens = new Map<string, TokenRow>();
  /** bot account's user id → since when. */
  readonly bots = new Map<string, number>();
  private closed = false;

  close(): void {
    this.closed = true;
  }

  /** Like a closed database handle, a closed store refuses work: it catches use-after-close in tests. */
  open(): this {
    if (this.closed) throw new Error('the store is closed');
    return this;
  }

  /** The inner map of `outer` for `key`, made when missing. */
  static inner<K, V>(outer: Map<string, Map<K, V>>, key: string): Map<K, V> {
    let m = outer.get(key);
    if (!m) {
      m = new Map();
      outer.set(key, m);
    }
    return m;
  }

  /** The SQL stores have foreign keys to users: the same refusal here. */
  needUser(id: string): void {
    if (!this.users.has(id)) throw new Error(`no user ${id}`);
  }
}
