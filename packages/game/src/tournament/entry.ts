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

export const HALF_BYE_ERRORS = [
  'tournament-over',
  'not-entered',
  'half-bye-swiss-only',
  'half-bye-round',
  'half-bye-last-round',
  'half-bye-paired',
  'half-bye-limit',
  'half-bye-taken',
] as const;
export type HalfByeErrorCode = (typeof HALF_BYE_ERRORS)[number];

/** Half-point byes a new Swiss allows each player unless its creator says otherwise. */
export const DEFAULT_HALF_BYES = 1;

/**
 * Whether `userId` may take a half-point bye in `round` of a Swiss: an
 * active player, for a round not paired yet and not the last (FIDE events
 * commonly close the last rounds to byes; the club closes the last), up to
 * `terms.halfByes` in the tournament, one a round. A withdrawn player comes
 * back by joining first. The store checks the round and the count again in
 * the write (a round paired meanwhile answers `half-bye-paired`).
 */
export function mayRequestHalfBye(
  terms: TournamentTerms,
  progress: TournamentProgress,
  sheet: TournamentSheet,
  userId: string,
  round: number,
): Result<null, RuleError<HalfByeErrorCode>> {
  if (terms.kind !== 'swiss') return err('half-bye-swiss-only', 'Half-point byes are given in a Swiss only.');
  if (progress.status === 'finished' || progress.status === 'cancelled') return err('tournament-over', 'The tournament is over.');
  if (!sheet.entrants.some((e) => e.userId === userId && e.active)) return err('not-entered', 'You are not playing in this tournament.');
  if (!Number.isInteger(round) || round < 1 || round > terms.rounds) return err('half-bye-round', `There is no round ${round}.`);
  if (round <= progress.round) return err('half-bye-paired', `Round ${round} is paired already.`);
  if (round === terms.rounds) return err('half-bye-last-round', 'No half-point bye in the last round.');
  const mine = sheet.byes.filter((b) => b.userId === userId);
  if (mine.some((b) => b.round === round)) return err('half-bye-taken', `You have a bye in round ${round} already.`);
  const most = terms.halfByes ?? 0;
  if (mine.filter((b) => b.kind === 'half').length >= most) return err('half-bye-limit', `This tournament allows ${most} half-point byes a player.`);
  return ok(null);
}
