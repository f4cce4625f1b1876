/**
 * Moderation: sanctions on accounts (a chat mute with an end, a ban, a closed
 * account, a cheater's mark), players' reports, the admins' log, and voiding
 * a rated game's effect on both players' ratings.
 */
import type { RatedGameRow } from './ratings.ts';

/** What holds against an account; null: not so. */
export interface Sanctions {
  /** Silenced in every chat until then. */
  readonly mutedUntil: number | null;
  readonly bannedAt: number | null;
  readonly closedAt: number | null;
  /** Marked a cheater: their rated games are voided and no later one counts. */
  readonly cheaterAt: number | null;
}

export const NO_SANCTIONS: Sanctions = { mutedUntil: null, bannedAt: null, closedAt: null, cheaterAt: null };

export interface ReportRow {
  readonly id: string;
  readonly reporterId: string;
  readonly reportedId: string;
  /** The game the report is about, if any. */
  readonly gameId: string | null;
  readonly reason: string;
  readonly text: string;
  readonly createdAt: number;
  readonly resolvedAt: number | null;
  /** The admin's account name. */
  readonly resolvedBy: string | null;
}

/** One admin action, as logged. */
export interface ModLogRow {
  readonly id: string;
  readonly at: number;
  /** The admin's account name. */
  readonly admin: string;
  readonly action: string;
  readonly targetId: string | null;
  readonly gameId: string | null;
  readonly detail: string;
}

export interface ModerationStore {
  /** The account's sanctions (none: NO_SANCTIONS). */
  sanctions(userId: string): Promise<Sanctions>;
  /** Sets the fields given, leaving the others; the user must exist. */
  setSanctions(userId: string, patch: Partial<Sanctions>): Promise<void>;
  /** Ends every session of the user; returns how many there were. */
  deleteUserSessions(userId: string): Promise<number>;
  addReport(r: ReportRow): Promise<void>;
  /** Reports, newest first: open ones only, or all. */
  reports(openOnly: boolean, limit: number): Promise<ReportRow[]>;
  /** Marks an open report resolved; false when there is no such open report. */
  resolveReport(id: string, by: string, at: number): Promise<boolean>;
  logModeration(e: ModLogRow): Promise<void>;
  /** The admins' log, newest first. */
  moderationLog(limit: number): Promise<ModLogRow[]>;
  /**
   * Takes back a counted rated game's rating changes from both players'
   * current ratings (deviation and volatility stay), adds a history point for
   * each (game id `<id>~void`) and marks it voided, all at once. null when the
   * game was never counted, is already voided, or is unknown.
   */
  voidRatedGame(gameId: string, at: number): Promise<RatedGameRow | null>;
  /** The user's counted, not voided rated games, newest first. */
  ratedGamesOf(userId: string, limit: number): Promise<RatedGameRow[]>;
}

/** The id of the history point a void adds. */
export const voidPointId = (gameId: string): string => `${gameId}~void`;
