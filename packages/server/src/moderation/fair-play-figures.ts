/**
 * The fair-play report's figures (issue 31, "Beyond"), a pure function of
 * analysed games: for one player's side of each game, the share of their
 * moves equal to the engine's first choice, their average loss per move in
 * centipawns, and their move times; and the same figures over a rating
 * band's sides, to compare with. Every game is analysed at the same fixed
 * node budget (analysis/engine-evaluate.ts), so the figures of different
 * games and players are measured alike.
 */
import type { AnalysedPly } from '@youzai/protocol';

/** A score beyond this (or a mate) counts as this: a won position lost by 3,000 is not 3 times worse than one lost by 1,000. */
export const LOSS_CAP_CP = 1000;

/** One side of one analysed game. */
export interface AnalysedSide {
  readonly gameId: string;
  readonly variant: string;
  /** 0: the side that moves first; 1: the other. */
  readonly side: 0 | 1;
  /** The game's moves, in order. */
  readonly moves: readonly string[];
  /** When each move was accepted (server time, ms), in order; the game's start first is not needed. */
  readonly at: readonly number[];
  /** The analysis: one entry per position, the start first (plies.length = moves.length + 1). */
  readonly plies: readonly AnalysedPly[];
}

/** What one side did: counts, from which the shares and means follow. */
export interface SideFigures {
  /** Moves with an engine choice to compare with. */
  readonly moves: number;
  /** Of those, moves equal to the engine's first choice. */
  readonly firstChoice: number;
  /** Sum of the centipawns lost, each move's loss capped at LOSS_CAP_CP. */
  readonly lossCp: number;
  /** Moves with a time (not the side's first move), and their times. */
  readonly timed: number;
  readonly timeMs: number;
  readonly timeSqMs: number;
}

/** The figures as shown: shares and means, null where nothing was counted. */
export interface Figures {
  readonly games: number;
  readonly moves: number;
  /** Share of moves equal to the engine's first choice, 0..1. */
  readonly firstChoice: number | null;
  /** Average centipawns lost per move. */
  readonly avgLossCp: number | null;
  /** Mean time per move (ms) and its spread (standard deviation, ms): a steady time on every move, easy or hard, is a known sign. */
  readonly meanMoveMs: number | null;
  readonly sdMoveMs: number | null;
}

export interface GameFigures extends Figures {
  readonly gameId: string;
  readonly variant: string;
  readonly side: 0 | 1;
}

/** A rating band's figures, from the club's own analysed games (other players' sides whose rating falls in the band). */
export interface BandFigures extends Figures {
  readonly variant: string;
  /** The band, [from, to). */
  readonly from: number;
  readonly to: number;
}

export interface FairPlayFigures {
  readonly perGame: readonly GameFigures[];
  readonly overall: Figures;
  /** One per variant of the player's games, the player's band in it; absent when the club has no analysed game in the band. */
  readonly bands: readonly BandFigures[];
}

/** The width of a rating band. */
export const BAND_WIDTH = 200;

export const bandOf = (rating: number): { from: number; to: number } => {
  const from = Math.floor(rating / BAND_WIDTH) * BAND_WIDTH;
  return { from, to: from + BAND_WIDTH };
};

const ZERO: SideFigures = { moves: 0, firstChoice: 0, lossCp: 0, timed: 0, timeMs: 0, timeSqMs: 0 };

/** An evaluation (first side's view) as capped centipawns from `side`'s view. */
function cpFor(e: AnalysedPly['eval'], side: 0 | 1): number {
  const first = 'cp' in e ? Math.max(-LOSS_CAP_CP, Math.min(LOSS_CAP_CP, e.cp)) : e.mate > 0 ? LOSS_CAP_CP : -LOSS_CAP_CP;
  return side === 0 ? first : -first;
}

/** Counts one side of one analysed game. Positions without an engine choice (decided ones) are left out. */
export function countSide(g: AnalysedSide): SideFigures {
  let { moves, firstChoice, lossCp, timed, timeMs, timeSqMs } = ZERO;
  for (let i = g.side; i < g.moves.length; i += 2) {
    const before = g.plies[i];
    const after = g.plies[i + 1];
    if (before?.best !== undefined && after) {
      moves++;
      if (before.best === g.moves[i]) firstChoice++;
      lossCp += Math.max(0, cpFor(before.eval, g.side) - cpFor(after.eval, g.side));
    }
    // A move's time runs from the opponent's move before it; the side's first move has none.
    const prev = g.at[i - 1];
    const at = g.at[i];
    if (i >= 2 && prev !== undefined && at !== undefined) {
      const ms = Math.max(0, at - prev);
      timed++;
      timeMs += ms;
      timeSqMs += ms * ms;
    }
  }
  return { moves, firstChoice, lossCp, timed, timeMs, timeSqMs };
}

const add = (a: SideFigures, b: SideFigures): SideFigures => ({
  moves: a.moves + b.moves,
  firstChoice: a.firstChoice + b.firstChoice,
  lossCp: a.lossCp + b.lossCp,
  timed: a.timed + b.timed,
  timeMs: a.timeMs + b.timeMs,
  timeSqMs: a.timeSqMs + b.timeSqMs,
});

const round = (x: number, places: number) => Math.round(x * 10 ** places) / 10 ** places;

/** Shares and means from counts. */
export function figuresOf(c: SideFigures, games: number): Figures {
  const mean = c.timed > 0 ? c.timeMs / c.timed : null;
  return {
    games,
    moves: c.moves,
    firstChoice: c.moves > 0 ? round(c.firstChoice / c.moves, 3) : null,
    avgLossCp: c.moves > 0 ? round(c.lossCp / c.moves, 1) : null,
    meanMoveMs: mean === null ? null : Math.round(mean),
    sdMoveMs: mean === null ? null : Math.round(Math.sqrt(Math.max(0, c.timeSqMs / c.timed - mean * mean))),
  };
}

/**
 * The report's figures: the player's side of each game, all of them
 * together, and for each variant the band of the player's rating there
 * (`ratings`), from `club`: other analysed sides, each with its player's
 * rating in the game's variant.
 */
export function fairPlayFigures(
  mine: readonly AnalysedSide[],
  ratings: Readonly<Record<string, number>>,
  club: readonly (AnalysedSide & { readonly rating: number })[],
): FairPlayFigures {
  const perGame: GameFigures[] = [];
  let all = ZERO;
  for (const g of mine) {
    const c = countSide(g);
    all = add(all, c);
    perGame.push({ gameId: g.gameId, variant: g.variant, side: g.side, ...figuresOf(c, 1) });
  }
  const bands: BandFigures[] = [];
  for (const variant of [...new Set(mine.map((g) => g.variant))].sort()) {
    const rating = ratings[variant];
    if (rating === undefined) continue;
    const { from, to } = bandOf(rating);
    const mineIds = new Set(mine.map((g) => g.gameId));
    let sum = ZERO;
    let n = 0;
    for (const s of club) {
      if (s.variant !== variant || s.rating < from || s.rating >= to || mineIds.has(s.gameId)) continue;
      sum = add(sum, countSide(s));
      n++;
    }
    if (n > 0) bands.push({ variant, from, to, ...figuresOf(sum, n) });
  }
  return { perGame, overall: figuresOf(all, mine.length), bands };
}
