/**
 * The vocabulary of tournaments, shared by the three kinds. Everything here
 * is plain data: the server stores it, the pure functions beside this file
 * read it, and nothing reads a clock (time is passed in as `now`).
 */

export const TOURNAMENT_KINDS = ['arena', 'swiss', 'roundRobin'] as const;
export type TournamentKind = (typeof TOURNAMENT_KINDS)[number];

/** A game's result for its first player (white, index 0): win, draw, loss. */
export type Score = 0 | 0.5 | 1;

/** One tournament game, from pairing to result. */
export interface Pairing {
  /** Swiss and round-robin: the round (1-based). Arena: 0. */
  readonly round: number;
  readonly gameId: string;
  /** User ids by colour: index 0 moves first. */
  readonly white: string;
  readonly black: string;
  readonly pairedAt: number;
  /** White's score once the game ended; null while it runs. */
  readonly result: Score | null;
  /**
   * The game was not played (one side never moved): it counts for the
   * score but not as a game played, so the two may meet again and neither
   * colour is counted (FIDE C.04.1.b).
   */
  readonly forfeit: boolean;
  /** Arena: who went berserk (half the clock for a bonus point on a win). */
  readonly berserk: readonly [boolean, boolean];
  /** Plies played when it ended, placements not counted (a berserk win needs a real game). */
  readonly plies: number;
  readonly endedAt: number | null;
}

export const BYE_KINDS = ['pab', 'half', 'late', 'absent', 'forfeit', 'rest'] as const;
export type ByeKind = (typeof BYE_KINDS)[number];

/**
 * A round without a game. `pab`: the pairing-allocated bye of an odd
 * round (scored as a win); `half`: a half-point bye the player asked for
 * before the round was paired (Swiss; stored as soon as it is asked, so a
 * row may name a round not paired yet); `late`: a round missed by joining
 * late; `absent`: a round missed after withdrawing; `forfeit`: a
 * round-robin game won because the opponent had withdrawn; `rest`: a
 * round-robin round off in an odd field (no points).
 */
export interface Bye {
  readonly round: number;
  readonly userId: string;
  readonly kind: ByeKind;
  readonly points: Score;
}

/**
 * What the director did that the rules' plain course did not, said on the
 * tournament's page (each code has a text in both languages):
 * - `relaxed-colour`: no pairing met the absolute criteria (FIDE C.04.3 C.1-C.3);
 *   two players with the same absolute colour preference were paired (C.3 relaxed).
 * - `relaxed-bye`: as above, and a player who had a bye or a win by forfeit
 *   already got the bye again (C.2 relaxed too).
 * - `relaxed-repeat`: as above, and two players who had met were paired again (C.1 relaxed too).
 * - `no-pairing`: even so no pairing: the tournament ended before its last round.
 * - `too-few-players`: fewer than two players left: ended before its last round.
 */
export const TOURNAMENT_NOTE_CODES = ['relaxed-colour', 'relaxed-bye', 'relaxed-repeat', 'no-pairing', 'too-few-players'] as const;
export type TournamentNoteCode = (typeof TOURNAMENT_NOTE_CODES)[number];
export interface TournamentNote {
  /** The round it concerns (the one paired, or the one that could not be). */
  readonly round: number;
  readonly code: TournamentNoteCode;
}

/** A player in a tournament. */
export interface Entrant {
  readonly userId: string;
  readonly name: string;
  /** Rating in the tournament's game when they joined: seeds and tie-breaks. */
  readonly rating: number;
  readonly joinedAt: number;
  /** False while paused (arena) or after withdrawing (Swiss, round-robin): not paired. */
  readonly active: boolean;
}

/** The games, byes and players of a tournament: what pairing and standings read. */
export interface TournamentSheet {
  readonly entrants: readonly Entrant[];
  readonly pairings: readonly Pairing[];
  readonly byes: readonly Bye[];
}

export const opponentOf = (p: Pairing, userId: string): string | null => (p.white === userId ? p.black : p.black === userId ? p.white : null);

/** The score `userId` made in a finished pairing; null while it runs or if not theirs. */
export function scoreOf(p: Pairing, userId: string): Score | null {
  if (p.result === null) return null;
  if (p.white === userId) return p.result;
  if (p.black === userId) return (1 - p.result) as Score;
  return null;
}

/** Seeding order: rating, then name, then id (a stable total order). */
export function bySeed(a: Entrant, b: Entrant): number {
  return b.rating - a.rating || a.name.localeCompare(b.name) || (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0);
}
