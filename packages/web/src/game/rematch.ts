/**
 * The rematch part of a finished game's end panel, as a pure model: what the
 * panel shows and when the page moves to the new game. Only the live moment
 * of acceptance moves a player's page (the frame heard while the page is open,
 * or the answer to one's own "accept"); a rematch accepted before the page
 * opened (read from the server) leaves the finished game on screen, with a
 * link to the new one, so a player can review or analyse it (as lichess does).
 */
import type { Side } from '@youzai/rules';

export type RematchState = 'offered' | 'accepted' | 'declined';
export interface RematchInfo {
  readonly state: RematchState;
  readonly by: Side;
  readonly next: string;
}

/** Where a rematch state came from: read when the page opened, or heard/answered while it is open. */
export type RematchOrigin = 'stored' | 'live';

export interface RematchModel {
  readonly info: RematchInfo | null;
  /** This visitor's seat, null for a spectator. */
  readonly you: Side | null;
  readonly finished: boolean;
  readonly error: string;
  readonly busy: boolean;
  /** The tournament the game belongs to (null: none, or not known yet): its end panel leads back there, with no rematch. */
  readonly tournament: { readonly id: string; readonly name: string } | null;
}

export const REMATCH_START: RematchModel = { info: null, you: null, finished: false, error: '', busy: false, tournament: null };

/** A rematch state arrives: the new model, and the game to go to (only a player, only at the live moment of acceptance). */
export function rematchReceived(m: RematchModel, info: RematchInfo, origin: RematchOrigin): { model: RematchModel; go: string | null } {
  const model = { ...m, info };
  return { model, go: origin === 'live' && info.state === 'accepted' && m.you !== null ? info.next : null };
}

/** What the panel shows. */
export type RematchShown =
  | { readonly kind: 'none' }
  | { readonly kind: 'offer'; readonly declined: 'byThem' | 'byYou' | null }
  | { readonly kind: 'waiting' }
  | { readonly kind: 'incoming' }
  /** The rematch exists: a link to it (`player`: "the rematch", else "watch the rematch"). */
  | { readonly kind: 'link'; readonly next: string; readonly player: boolean }
  /** A tournament's game: back to the tournament, whose director pairs the next game (a rematch would be a game outside it). */
  | { readonly kind: 'tournament'; readonly id: string; readonly name: string };

export function rematchShown(m: RematchModel): RematchShown {
  const i = m.info;
  if (!m.finished) return { kind: 'none' };
  if (m.tournament) return { kind: 'tournament', id: m.tournament.id, name: m.tournament.name };
  if (i?.state === 'accepted') return { kind: 'link', next: i.next, player: m.you !== null };
  if (m.you === null) return { kind: 'none' };
  if (!i || i.state === 'declined') return { kind: 'offer', declined: i ? (i.by === m.you ? 'byThem' : 'byYou') : null };
  return i.by === m.you ? { kind: 'waiting' } : { kind: 'incoming' };
}
