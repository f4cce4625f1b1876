/**
 * What a tournament's director must do next, from the stored state and the
 * time: a pure function, so a restarted director (or another node taking
 * over) reaches the same decision from the same rows, and tests drive it
 * with fake time.
 */
import { bergerRounds } from './berger.ts';
import { arenaEnd, type TournamentProgress, type TournamentTerms } from './terms.ts';
import type { TournamentSheet } from './types.ts';

/** How often an arena pairs its free players. */
export const ARENA_PAIRING_EVERY_MS = 1_000;

export type TournamentStep =
  /** Nothing to do before `until` (null: until a game ends or a player joins). */
  | { readonly type: 'wait'; readonly until: number | null }
  | { readonly type: 'start'; readonly rounds: number }
  | { readonly type: 'cancel'; readonly why: 'too-few-players' }
  /** Arena: pair the free players now, and look again at `next`. */
  | { readonly type: 'pair-free'; readonly next: number }
  /** Swiss and round-robin: pair round `round`. */
  | { readonly type: 'pair-round'; readonly round: number }
  | { readonly type: 'finish' };

export function nextStep(terms: TournamentTerms, progress: TournamentProgress, sheet: TournamentSheet, now: number): TournamentStep {
  const active = sheet.entrants.filter((e) => e.active).length;
  if (progress.status === 'finished' || progress.status === 'cancelled') return { type: 'wait', until: null };
  if (progress.status === 'upcoming') {
    if (now < terms.startsAt) return { type: 'wait', until: terms.startsAt };
    if (active < 2) return { type: 'cancel', why: 'too-few-players' };
    const rounds = terms.kind === 'roundRobin' ? bergerRounds(sheet.entrants.length) : terms.kind === 'swiss' ? terms.rounds : 0;
    return { type: 'start', rounds };
  }
  if (terms.kind === 'arena') {
    const end = arenaEnd(terms);
    if (now >= end) return { type: 'finish' };
    return { type: 'pair-free', next: Math.min(end, now + ARENA_PAIRING_EVERY_MS) };
  }
  const current = sheet.pairings.filter((p) => p.round === progress.round);
  if (current.some((p) => p.result === null)) return { type: 'wait', until: null };
  if (progress.round >= progress.rounds || (progress.round > 0 && active < 2)) return { type: 'finish' };
  if (progress.round === 0) return { type: 'pair-round', round: 1 };
  const lastEnd = Math.max(progress.startedAt ?? 0, ...current.map((p) => p.endedAt ?? 0));
  const due = lastEnd + terms.roundGapMs;
  if (now < due) return { type: 'wait', until: due };
  return { type: 'pair-round', round: progress.round + 1 };
}
