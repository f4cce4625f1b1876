/**
 * What a tournament's page offers and says beyond its tables, as pure
 * functions of the view (the page only renders them): joining, leaving and
 * the half-point bye a Swiss player may still ask for, the director's notes
 * (a rule relaxed, an early end) as texts, and the link to the tournament
 * report file.
 */
import type { TournamentNote } from '@youzai/protocol';
import type { MessageKey } from '../i18n/index.ts';
import type { TournamentView } from './tournament-tables.ts';

/** What the head's row of actions holds, in order: buttons to press and words to read. */
export type Offer =
  | { readonly kind: 'join' }
  /** An arena's player pauses; in the other kinds they withdraw. */
  | { readonly kind: 'withdraw'; readonly pause: boolean }
  | { readonly kind: 'half-bye'; readonly round: number }
  /** Too late for a newcomer. */
  | { readonly kind: 'closed' }
  /** A running Swiss takes newcomers until this round is paired. */
  | { readonly kind: 'late-until'; readonly round: number };

/**
 * What the reader may do now: join (a newcomer while it is open, or a
 * player who left, to come back), withdraw or pause while playing, ask for a
 * half-point bye; a newcomer is told when it is too late, or until when a
 * Swiss takes them. Nothing once it is over.
 */
export function offers(v: TournamentView): Offer[] {
  const s = v.tournament;
  const me = v.me;
  if (s.status === 'finished' || s.status === 'cancelled') return [];
  const out: Offer[] = [];
  // Too late for a newcomer: a round-robin once started, a Swiss once its last round open to late players is paired.
  const closed = s.status === 'running' && (s.kind === 'roundRobin' || (s.kind === 'swiss' && s.round >= s.terms.lateJoinUntilRound));
  if ((!me?.entered && !closed) || (me?.entered && !me.active)) out.push({ kind: 'join' });
  if (me?.entered && me.active) out.push({ kind: 'withdraw', pause: s.kind === 'arena' });
  const bye = halfByeOffer(v);
  if (bye) out.push({ kind: 'half-bye', round: bye.round });
  if (!me?.entered && closed) out.push({ kind: 'closed' });
  else if (s.kind === 'swiss' && s.status === 'running' && !me?.entered) out.push({ kind: 'late-until', round: s.terms.lateJoinUntilRound });
  return out;
}

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
