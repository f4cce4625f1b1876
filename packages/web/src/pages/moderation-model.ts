/**
 * The moderation page's state and its pure updates (the page only renders
 * it and forwards events): the open reports (or why they are not shown),
 * the fair-play reports, the log, and what the last action answered; and
 * the admins' actions as requests (path and body), built from what the
 * form holds.
 */
import type { ApiResult } from '../net/api.ts';
import type { FairPlayReportWire } from './fair-play-view.ts';

export interface Report {
  readonly id: string;
  readonly reporter: string | null;
  readonly reported: string | null;
  readonly gameId: string | null;
  readonly reason: string;
  readonly text: string;
  readonly createdAt: number;
}

export interface LogEntry {
  readonly id: string;
  readonly at: number;
  readonly admin: string;
  readonly action: string;
  readonly target: string | null;
  readonly gameId: string | null;
  readonly detail: string;
}

/** The open reports: loading, refused (`adminsOnly`: the visitor is no admin; else another error), or the list. */
export type Reports =
  | { readonly kind: 'loading' }
  | { readonly kind: 'refused'; readonly adminsOnly: boolean; readonly code: string; readonly message: string }
  | { readonly kind: 'shown'; readonly list: readonly Report[] };

/** What the last action answered; the view words it. */
export type ActionResult =
  | { readonly kind: 'done'; readonly detail: string }
  /** A fair-play report asked for, over this many games. */
  | { readonly kind: 'fair-play-asked'; readonly games: number }
  | { readonly kind: 'error'; readonly code: string; readonly message: string };

export interface ModerationState {
  readonly reports: Reports;
  /** Null until first read; a read that fails keeps the last one. */
  readonly fairPlay: readonly FairPlayReportWire[] | null;
  readonly log: readonly LogEntry[] | null;
  readonly result: ActionResult | null;
}

export const INITIAL_MODERATION: ModerationState = { reports: { kind: 'loading' }, fairPlay: null, log: null, result: null };

type Failure = { readonly ok: false; readonly code: string; readonly message: string };
const failed = (r: Failure): ActionResult => ({ kind: 'error', code: r.code, message: r.message });

/**
 * The three reads of a load. Reports refused (the visitor is no admin, or
 * the server failed): nothing else changes.
 */
export function loaded(
  s: ModerationState,
  reports: ApiResult<{ reports: Report[] }>,
  log: ApiResult<{ log: LogEntry[] }>,
  fairPlay: ApiResult<{ reports: FairPlayReportWire[] }>,
): ModerationState {
  if (!reports.ok) return { ...s, reports: { kind: 'refused', adminsOnly: reports.code === 'admin.required', code: reports.code, message: reports.message } };
  return {
    ...s,
    reports: { kind: 'shown', list: reports.reports },
    fairPlay: fairPlay.ok ? fairPlay.reports : s.fairPlay,
    log: log.ok ? log.log : s.log,
  };
}

/** The answer to an action on a player, a game or a report. */
export const acted = (s: ModerationState, r: ApiResult<{ detail: string }>): ModerationState => ({
  ...s,
  result: r.ok ? { kind: 'done', detail: r.detail } : failed(r),
});

/** The answer to a fair-play report asked for. */
export const fairPlayAsked = (s: ModerationState, r: ApiResult<{ report: FairPlayReportWire }>): ModerationState => ({
  ...s,
  result: r.ok ? { kind: 'fair-play-asked', games: r.report.games.length } : failed(r),
});

/** A POST the page sends. */
export interface AdminRequest {
  readonly path: string;
  readonly body: Record<string, unknown>;
}

/** The actions on a player, in the order of their buttons. */
export const USER_ACTIONS = ['mute', 'unmute', 'ban', 'unban', 'close', 'cheater'] as const;
export type UserAction = (typeof USER_ACTIONS)[number];

/**
 * An action on the player named in the form (null with no name): a mute for
 * the minutes typed (a whole number, 0 at least), or none; a ban, lifted; the
 * account closed; marked a cheater. `note` goes with every action.
 */
export function userRequest(action: UserAction, name: string, minutes: string, note: string): AdminRequest | null {
  const who = name.trim();
  if (!who) return null;
  const path = (op: string) => `/api/admin/users/${encodeURIComponent(who)}/${op}`;
  const withNote = (op: string, body: Record<string, unknown>): AdminRequest => ({ path: path(op), body: { ...body, note: note.trim() } });
  switch (action) {
    case 'mute':
      return withNote('mute', { minutes: Math.max(0, Math.floor(Number(minutes) || 0)) });
    case 'unmute':
      return withNote('mute', { minutes: 0 });
    case 'ban':
    case 'unban':
      return withNote('ban', { on: action === 'ban' });
    case 'close':
      return withNote('close', {});
    case 'cheater':
      return withNote('cheater', { on: true });
  }
}

/** The game named in the form voided (null with no id). */
export function voidRequest(gameId: string, note: string): AdminRequest | null {
  const id = gameId.trim();
  return id ? { path: `/api/admin/games/${encodeURIComponent(id)}/void`, body: { note: note.trim() } } : null;
}

export const resolveRequest = (reportId: string, note: string): AdminRequest => ({
  path: `/api/admin/reports/${reportId}/resolve`,
  body: { note: note.trim() },
});

/** A fair-play report on a player (the player's last 20 rated games analysed in the background), for a report when it answers one. */
export function fairPlayRequest(name: string, reportId: string | null): AdminRequest | null {
  const who = name.trim();
  return who ? { path: '/api/admin/fair-play', body: { user: who, ...(reportId ? { report: reportId } : {}) } } : null;
}

/**
 * A log entry as one line, its time and action worded by the view: when, the
 * admin, the action, the player or game acted on, and the detail (not for a
 * fair-play entry, whose detail is the report's data, shown in its own section).
 */
export function logLine(e: LogEntry, when: string, action: string): string {
  const detail = e.action.startsWith('fair-play') ? '' : ` · ${e.detail}`;
  return `${when} · ${e.admin} · ${action} · ${e.target ?? e.gameId ?? ''}${detail}`;
}
