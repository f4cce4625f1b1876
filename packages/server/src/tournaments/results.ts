/**
 * What a finished game means for its tournament: the score, whether it was
 * really played, and who failed to play it. Every node records the games it
 * decides as they end (recordEnd); the director also sweeps for any a dead
 * node left unrecorded.
 */
import type { ClockSpec } from '@youzai/protocol';
import type { ClockConfig } from '@youzai/game';
import type { Score } from '@youzai/game/tournament';
import { startHandCount, VARIANTS } from '@youzai/rules';
import { readSnapshot, type Snapshot } from '../service/snapshot.ts';
import type { GameRow } from '../store/games.ts';
import type { GameEnd } from '../store/tournaments.ts';

export interface TournamentGameEnd extends GameEnd {
  /** The side that never moved in an aborted game: paused (arena) or withdrawn (Swiss, round-robin). */
  readonly noShow: 0 | 1 | null;
  /** Who went berserk in the game (arena scoring gives a berserk win its bonus point). */
  readonly berserk: readonly [boolean, boolean];
}

const SCORES: Readonly<Record<string, Score>> = { '1-0': 1, '0-1': 0, '1/2-1/2': 0.5 };

/**
 * The end of a tournament game from its stored row; null while it runs.
 * Games not really played count as forfeits (not games played, so the two
 * may meet again): a first move never made loses for the side whose move it
 * was; a game decided too early to be rated keeps its result; an abort
 * before both sides moved (the service does not say by whom) is a draw.
 */
export function gameEnd(row: GameRow, now: number): TournamentGameEnd | null {
  if (row.status !== 'finished' && row.status !== 'aborted') return null;
  const endedAt = row.updatedAt > 0 ? row.updatedAt : now;
  const scored = row.result !== null && row.result in SCORES ? SCORES[row.result]! : null;
  const berserk = berserkOf(row);
  const plies = movePlies(row);
  if (row.status === 'finished' && scored !== null) return { result: scored, forfeit: false, plies, endedAt, noShow: null, berserk };
  if (row.reason === 'no-first-move' || (row.reason !== 'aborted' && scored === null)) {
    // The side to move: every ply counts here, placements included.
    const noShow: 0 | 1 = row.plies % 2 === 0 ? 0 : 1;
    return { result: noShow === 0 ? 0 : 1, forfeit: true, plies, endedAt, noShow, berserk };
  }
  return { result: scored ?? 0.5, forfeit: true, plies, endedAt, noShow: null, berserk };
}

/**
 * The plies of a tournament game that were moves, as an arena's thresholds
 * count them (a draw scores after 10 moves each, a berserk win earns its bonus
 * after 7): a placement game's placements are not moves (Sittuyin places its
 * 16 pieces before Red's first move, RULES.md), so they are left out. A
 * tournament game starts from its game's start position, so the placement is
 * the start's pieces in hand. A Janggi pass is a move and counts (RULES.md
 * counts it as one in perft and as a ply towards the 200-ply draw).
 */
export function movePlies(row: GameRow): number {
  const v = VARIANTS[row.variant as keyof typeof VARIANTS];
  return Math.max(0, row.plies - (v ? startHandCount(v) : 0));
}

/** Who went berserk, from the game's stored snapshot (its clock keeps it); neither when it cannot be read. */
function berserkOf(row: GameRow): readonly [boolean, boolean] {
  try {
    const b = (readSnapshot(row.data) as Partial<Snapshot> | undefined)?.game?.clock?.berserk;
    return [b?.[0] === true, b?.[1] === true];
  } catch {
    return [false, false];
  }
}

/** A tournament's clock as the game service takes it. */
export function clockSpec(c: ClockConfig): ClockSpec {
  if (c.kind === 'correspondence') throw new Error('tournaments are played on live clocks');
  return c.kind === 'fischer'
    ? { kind: 'fischer', minutes: c.baseMs / 60_000, increment: Math.round(c.incrementMs / 1000) }
    : { kind: 'byoyomi', minutes: c.baseMs / 60_000, periods: c.periods, seconds: Math.round(c.periodMs / 1000) };
}
