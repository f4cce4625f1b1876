/**
 * Who may join a tournament, and when. Each refusal has a stable code.
 */
import { err, ok, type Result, type RuleError } from '@youzai/rules';
import type { TournamentProgress, TournamentTerms } from './terms.ts';
import type { TournamentSheet } from './types.ts';

export const ENTRY_ERRORS = [
  'tournament-over',
  'tournament-full',
  'tournament-started',
  'guests-casual-only',
  'not-enough-rated-games',
  'already-joined',
] as const;
export type EntryErrorCode = (typeof ENTRY_ERRORS)[number];

export interface Applicant {
  readonly userId: string;
  /** Guests have no account. */
  readonly guest: boolean;
  /** Rated games the applicant has played in the tournament's game. */
  readonly ratedGames: number;
}

export function mayJoin(terms: TournamentTerms, progress: TournamentProgress, sheet: TournamentSheet, who: Applicant): Result<null, RuleError<EntryErrorCode>> {
  if (progress.status === 'finished' || progress.status === 'cancelled') return err('tournament-over', 'The tournament is over.');
  const entry = sheet.entrants.find((e) => e.userId === who.userId);
  if (entry?.active) return err('already-joined', 'You are already in this tournament.');
  if (terms.rated && who.guest) return err('guests-casual-only', 'Guests may join casual tournaments only; sign up to play rated ones.');
  if (terms.rated && who.ratedGames < terms.minRatedGames) {
    return err('not-enough-rated-games', `A rated tournament needs ${terms.minRatedGames} rated games in this game first.`);
  }
  // A returning player takes their place again; a new one needs room and time.
  if (entry) return ok(null);
  if (sheet.entrants.length >= terms.maxPlayers) return err('tournament-full', 'The tournament is full.');
  if (progress.status === 'running') {
    if (terms.kind === 'roundRobin') return err('tournament-started', 'A round-robin cannot be joined once it has started.');
    if (terms.kind === 'swiss' && progress.round >= terms.lateJoinUntilRound)
      return err('tournament-started', 'Too late to join: the last round open to late players is paired.');
  }
  return ok(null);
}

/**
 * What withdrawing does. Before the start a player simply leaves, as on
 * lichess and pychess: they are not in the draw (a round-robin's rounds and
 * a Swiss's pairings count only those entered at the start), their place is
 * free, and they may join again until the start. Once it runs they are
 * withdrawn: their games stay, and a round-robin's later opponents win by
 * forfeit.
 */
export const withdrawal = (progress: TournamentProgress): 'leave' | 'withdraw' => (progress.status === 'upcoming' ? 'leave' : 'withdraw');
