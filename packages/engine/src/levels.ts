/**
 * The computer's 8 levels, the same for every game. As on lichess, three
 * knobs rise together: Fairy-Stockfish's `Skill Level` (-20..20; below 20 it
 * deliberately picks among its best few moves, the lower the worse), a depth
 * limit, and the time per move. The search stops at whichever of depth and
 * time comes first; the clock can shorten the time further (opponent.ts).
 */
export interface Level {
  readonly level: number;
  /** UCI `Skill Level`, -20..20 (20 = full strength). */
  readonly skill: number;
  /** `go depth`: plies of full-width search at most. */
  readonly depth: number;
  /** `go movetime`: milliseconds per move at most. */
  readonly movetimeMs: number;
}

export const LEVELS = [
  { level: 1, skill: 0, depth: 1, movetimeMs: 50 },
  { level: 2, skill: 3, depth: 2, movetimeMs: 100 },
  { level: 3, skill: 6, depth: 3, movetimeMs: 150 },
  { level: 4, skill: 9, depth: 5, movetimeMs: 200 },
  { level: 5, skill: 12, depth: 8, movetimeMs: 300 },
  { level: 6, skill: 15, depth: 12, movetimeMs: 500 },
  { level: 7, skill: 18, depth: 16, movetimeMs: 800 },
  { level: 8, skill: 20, depth: 22, movetimeMs: 1200 },
] as const satisfies readonly Level[];

export const MIN_LEVEL = 1;
export const MAX_LEVEL = LEVELS.length;

export const isLevel = (n: unknown): n is number => Number.isInteger(n) && (n as number) >= MIN_LEVEL && (n as number) <= MAX_LEVEL;

/** The settings of level `n` (1..8). A number outside the range is a programmer error. */
export function levelOf(n: number): Level {
  const l = LEVELS[n - 1];
  if (!isLevel(n) || !l) throw new RangeError(`engine level must be an integer ${MIN_LEVEL}..${MAX_LEVEL}, got ${n}`);
  return l;
}
