/**
 * A tournament's terms (set when it is created) and its progress (what the
 * director moves forward). Both are plain data kept by the server's store.
 */
import type { ClockConfig } from '../clock.ts';
import type { TournamentKind } from './types.ts';

export interface TournamentTerms {
  readonly kind: TournamentKind;
  readonly variant: string;
  /** The clock of every game (an arena's berserk halves it for the one who asks). */
  readonly clock: ClockConfig;
  readonly rated: boolean;
  readonly startsAt: number;
  /** Arena: how long it runs. */
  readonly durationMs: number;
  /** Swiss: the number of rounds (a round-robin's follows from its players at the start). */
  readonly rounds: number;
  /** Swiss and round-robin: the pause after a round's last game before the next round is paired. */
  readonly roundGapMs: number;
  /** Arena: players may go berserk. */
  readonly berserk: boolean;
  /** Rated games a player needs in this game before joining a rated tournament. */
  readonly minRatedGames: number;
  readonly maxPlayers: number;
  /** Swiss: players may join until this round is paired (the rounds missed score nothing). */
  readonly lateJoinUntilRound: number;
  /** A player away this long is paused (arena) or withdrawn (Swiss, round-robin). */
  readonly withdrawAfterMs: number;
  /** Swiss: half-point byes a player may ask for (never for the last round). Absent (older tournaments): none. */
  readonly halfByes?: number;
}

export const TOURNAMENT_STATUSES = ['upcoming', 'running', 'finished', 'cancelled'] as const;
export type TournamentStatus = (typeof TOURNAMENT_STATUSES)[number];

export interface TournamentProgress {
  readonly status: TournamentStatus;
  /** Swiss and round-robin: the round paired last (0 before the first). */
  readonly round: number;
  /** Round-robin: the number of rounds, fixed at the start. */
  readonly rounds: number;
  readonly startedAt: number | null;
  readonly endedAt: number | null;
}

export const NOT_STARTED: TournamentProgress = { status: 'upcoming', round: 0, rounds: 0, startedAt: null, endedAt: null };

/** When an arena ends. */
export const arenaEnd = (t: TournamentTerms): number => t.startsAt + t.durationMs;
