/**
 * A tournament's page state and its pure updates (the page only renders it
 * and forwards events): the view last read, the page of the standings asked
 * for, and when to read again. Changes are announced on the socket and the
 * view is read again over HTTP, at most once a second however many come; the
 * model says when, at a time the caller gives. Also the head's clock line
 * and what a socket frame means to the page.
 */
import type { ChatLine, ServerMessage } from '@youzai/protocol';
import type { TournamentView } from './tournament-tables.ts';

/** The least time between two reads of the view, in ms. */
export const READ_GAP = 1000;

export interface TournamentState {
  readonly id: string;
  /** A private tournament's link token, sent with every read and request. */
  readonly invite: string | null;
  readonly view: TournamentView | null;
  /** The page of the standings shown (50 rows a page; the reader's own rows come with any page). */
  readonly standingsPage: number;
  /** When the last read started. */
  readonly lastRead: number;
}

/** The page of tournament `id`, opened with the address's query `search` (it may carry `invite`). */
export function initialTournamentState(id: string, search: string): TournamentState {
  return { id, invite: inviteOf(search), view: null, standingsPage: 1, lastRead: 0 };
}

/** A private tournament's link token from the query: letters and digits; anything else is no token. */
export function inviteOf(search: string): string | null {
  return /^[A-Za-z0-9]{1,64}$/.exec(new URLSearchParams(search).get('invite') ?? '')?.[0] ?? null;
}

/** The address the view is read from: the token and the standings' page when they are needed. */
export function viewPath(s: TournamentState): string {
  const q = new URLSearchParams();
  if (s.invite) q.set('invite', s.invite);
  if (s.standingsPage > 1) q.set('page', String(s.standingsPage));
  return `/api/tournaments/${s.id}${q.size ? `?${q}` : ''}`;
}

/** A read of the view starts at `now`. */
export function readStarted(s: TournamentState, now: number): TournamentState {
  return { ...s, lastRead: now };
}

export function viewRead(s: TournamentState, view: TournamentView): TournamentState {
  return { ...s, view };
}

/** Another page of the standings is asked for (the view is then read again). */
export function pageTurned(s: TournamentState, page: number): TournamentState {
  return { ...s, standingsPage: page };
}

/** How long after `now` an announced change is read: at once, or READ_GAP after the last read. */
export function readDelay(s: TournamentState, now: number): number {
  return Math.max(0, READ_GAP - (now - s.lastRead));
}

/** "1:02:03" or "4:05": a time left of `ms`, rounded up to the second. */
export function countdown(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const hh = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = s % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return hh > 0 ? `${hh}:${two(mm)}:${two(ss)}` : `${mm}:${two(ss)}`;
}

/** The head's clock line at `now`; the view words it. */
export type ClockLine =
  | { readonly kind: 'starts-in' | 'ends-in'; readonly time: string }
  | { readonly kind: 'round'; readonly n: number; readonly of: number }
  | { readonly kind: 'status'; readonly status: TournamentView['tournament']['status'] };

/** Before the start, the time to it; an arena running, the time to its end; other kinds running, the round; else the status. */
export function clockLine(v: TournamentView, now: number): ClockLine {
  const s = v.tournament;
  if (s.status === 'upcoming') return { kind: 'starts-in', time: countdown(s.startsAt - now) };
  if (s.status === 'running' && s.kind === 'arena' && s.endsAt) return { kind: 'ends-in', time: countdown(s.endsAt - now) };
  if (s.status === 'running') return { kind: 'round', n: s.round, of: s.rounds };
  return { kind: 'status', status: s.status };
}

/** What a socket frame means to the page of tournament `id`; null: nothing. */
export type TournamentFrame =
  | { readonly kind: 'changed' }
  | { readonly kind: 'chat'; readonly line: ChatLine }
  | { readonly kind: 'chat-log'; readonly lines: readonly ChatLine[] }
  /** The reader was paired into a game of a tournament: the page goes there. */
  | { readonly kind: 'paired'; readonly game: string };

export function tournamentFrame(msg: ServerMessage, id: string): TournamentFrame | null {
  const room = `tour-${id}`;
  switch (msg.t) {
    case 'tournament':
      return msg.tournament === id ? { kind: 'changed' } : null;
    case 'chat':
      return 'room' in msg && msg.room === room ? { kind: 'chat', line: msg } : null;
    case 'chat-log':
      return 'room' in msg && msg.room === room ? { kind: 'chat-log', lines: msg.lines } : null;
    case 'paired':
      return msg.via === 'tournament' ? { kind: 'paired', game: msg.game } : null;
    default:
      return null;
  }
}
