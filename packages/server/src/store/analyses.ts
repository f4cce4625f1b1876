/**
 * Computer analyses of finished games: one per game, queued by a visitor,
 * run by whichever node claims it (a claim left untouched for a while is
 * taken over, so a dead node's analysis is not lost), its result kept for
 * everyone who opens the game afterwards.
 */

export const ANALYSIS_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type AnalysisState = (typeof ANALYSIS_STATES)[number];

export interface AnalysisRow {
  readonly gameId: string;
  readonly state: AnalysisState;
  /** Positions analysed so far, of `total`. */
  readonly done: number;
  readonly total: number;
  /** The user who asked for it (the per-user limit counts these). */
  readonly requestedBy: string;
  readonly requestedAt: number;
  /** Last change: a running analysis touches it at each position, so a stale claim shows. */
  readonly updatedAt: number;
  /** Who runs it (a node and a claim token); null while queued. */
  readonly holder: string | null;
  /** The result (opaque JSON) once done; null before. */
  readonly data: unknown;
}

/** What the holder of a claim writes: progress, or the end. */
export interface AnalysisChange {
  readonly state: 'running' | 'done' | 'failed';
  readonly done: number;
  readonly updatedAt: number;
  readonly data: unknown;
}

export interface AnalysisStore {
  /**
   * Queues the analysis of a game (`row.state` is 'queued') unless one is
   * already queued, running or done; a failed one is queued afresh. Answers
   * the row stored now and whether this call queued it. The game must exist.
   */
  requestAnalysis(row: AnalysisRow): Promise<{ readonly row: AnalysisRow; readonly queued: boolean }>;
  analysis(gameId: string): Promise<AnalysisRow | null>;
  /**
   * Claims a queued analysis, or a running one not updated since
   * `staleBefore`, for `holder` (state running, updatedAt `now`); the row
   * claimed, or null when there is none to claim (done, or held by another).
   */
  claimAnalysis(gameId: string, holder: string, now: number, staleBefore: number): Promise<AnalysisRow | null>;
  /** Writes progress or the end for the holder of the claim; false (nothing written) when `holder` no longer holds it. */
  updateAnalysis(gameId: string, holder: string, change: AnalysisChange): Promise<boolean>;
  /** Queued and running analyses, oldest request first, at most `limit`. */
  unfinishedAnalyses(limit: number): Promise<AnalysisRow[]>;
  /** How many analyses a user has queued or running. */
  activeAnalyses(userId: string): Promise<number>;
}
