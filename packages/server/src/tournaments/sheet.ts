/** A stored tournament as the pure rules read it. */
import type { TournamentProgress, TournamentSheet } from '@youzai/game/tournament';
import type { TournamentRow, TournamentSheetRows } from '../store/tournaments.ts';

export const progressOf = (t: TournamentRow): TournamentProgress => ({
  status: t.status,
  round: t.round,
  rounds: t.rounds,
  startedAt: t.startedAt,
  endedAt: t.endedAt,
});

export const sheetOf = (s: TournamentSheetRows): TournamentSheet => ({ entrants: s.entries, pairings: s.pairings, byes: s.byes });
