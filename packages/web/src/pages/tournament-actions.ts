/**
 * What a tournament's page offers and says beyond its tables, as pure
 * functions of the view (the page only renders them): the half-point bye a
 * Swiss player may still ask for, the director's notes (a rule relaxed, an
 * early end) as texts, and the link to the tournament report file.
 */
import type { TournamentNote } from '@youzai/protocol';
import type { MessageKey } from '../i18n/index.ts';
import type { TournamentView } from './tournament-tables.ts';

/**
 * The half-point bye the reader may ask for now: the next round to be
 * paired, while they play, it is not the last round, they have byes left
 * and none in it yet. Null when there is nothing to offer.
 */
export function halfByeOffer(v: TournamentView): { readonly round: number; readonly left: number } | null {
  const s = v.tournament;
  const me = v.me;
  if (s.kind !== 'swiss' || (s.status !== 'upcoming' && s.status !== 'running') || !me?.entered || !me.active) return null;
  const left = (s.terms.halfByes ?? 0) - me.halfByes.length;
  const round = s.round + 1;
  if (left <= 0 || round >= s.rounds || me.halfByes.includes(round)) return null;
  return { round, left };
}

const NOTE_KEY: Record<TournamentNote['code'], MessageKey> = {
  'relaxed-colour': 'tour.note.relaxed-colour',
  'relaxed-bye': 'tour.note.relaxed-bye',
  'relaxed-repeat': 'tour.note.relaxed-repeat',
  'no-pairing': 'tour.note.no-pairing',
  'too-few-players': 'tour.note.too-few-players',
};

/** The director's notes as texts to show, oldest first (`last`: the last round played, for the early ends). */
export function noteTexts(v: TournamentView): { readonly key: MessageKey; readonly params: Record<string, number> }[] {
  return v.tournament.notes.map((n) => ({ key: NOTE_KEY[n.code], params: { n: n.round, last: n.round - 1 } }));
}

/** The tournament report file (TRF-16) of a Swiss, with a private one's link token; null for the other kinds. */
export function trfUrl(v: TournamentView, invite: string | null): string | null {
  if (v.tournament.kind !== 'swiss') return null;
  return `/api/tournaments/${v.tournament.id}/trf${invite ? `?invite=${invite}` : ''}`;
}
