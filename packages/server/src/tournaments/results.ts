/**
 * What a finished game means for its tournament: the score, whether it was
 * really played, and who failed to play it. Every node records the games it
 * decides as they end (recordEnd); the director also sweeps for any a dead
 * node left unrecorded.
 */
import type { ClockSpec } from '@youzai/protocol';
import type { ClockConfig } from '@youzai/game';
import type { Score } from '@youzai/game/tournament';
import type { GameRow } from '../store/games.ts';
import type { GameEnd } from '../store/tournaments.ts';

export interface TournamentGameEnd extends GameEnd {
  /** The side that never moved in an aborted game: paused (arena) or withdrawn (Swiss, round-robin). */
  readonly noShow: 0 | 1 | null;
}

const SCORES: Readonly<Record<string, Score>> = { '1-0': 1, '0-1': 0, '1/2-1/2': 0.5 };

/**
 * The end of a tournament game from its stored row; null while it runs. A
 * game aborted before both sides moved is lost by the side whose move it
 * was, as a forfeit (not a game played).
 */
export function gameEnd(row: GameRow, now: number): TournamentGameEnd | null {
  if (row.status !== 'finished' && row.status !== 'aborted') return null;
  const endedAt = Math.max(row.updatedAt, 0) || now;
  if (row.status === 'finished' && row.result !== null && row.result in SCORES) {
    return { result: SCORES[row.result]!, forfeit: false, plies: row.plies, endedAt, noShow: null };
  }
  const noShow: 0 | 1 = row.plies % 2 === 0 ? 0 : 1;
  return { result: noShow === 0 ? 0 : 1, forfeit: true, plies: row.plies, endedAt, noShow };
}

/** A tournament's clock as the game service takes it. */
export function clockSpec(c: ClockConfig): ClockSpec {
  return c.kind === 'fischer'
    ? { kind: 'fischer', minutes: c.baseMs / 60_000, increment: Math.round(c.incrementMs / 1000) }
    : { kind: 'byoyomi', minutes: c.baseMs / 60_000, periods: c.periods, seconds: Math.round(c.periodMs / 1000) };
}
