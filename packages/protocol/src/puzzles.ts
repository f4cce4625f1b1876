/**
 * Puzzles as the HTTP API sends them (docs/API.md, "Puzzles"). These are the
 * wire's own types: the server maps a stored puzzle (@youzai/puzzles) onto
 * them at the edge (server/src/puzzles/wire.ts), so the puzzle package may
 * change without changing what clients read.
 */
import type { Side, VariantKey } from '@youzai/rules';

export const PUZZLE_VIEW_KINDS = ['mate', 'material'] as const;
export type PuzzleViewKind = (typeof PUZZLE_VIEW_KINDS)[number];

/** A puzzle as the API sends it: the whole line (the client plays it), and its live rating. */
export interface PuzzleView {
  readonly id: string;
  readonly variant: VariantKey;
  readonly fen: string;
  /** The solver's side: the side to move in `fen`. */
  readonly turn: Side;
  readonly solution: readonly string[];
  /**
   * Other accepted lines, as long as `solution`: a solver move that wins as
   * fast as the line's, and the opponent's reply to it (empty when none). At
   * the last solver move any move that wins at once is right.
   */
  readonly alternatives: readonly (readonly string[])[];
  readonly kind: PuzzleViewKind;
  readonly mateIn: number | null;
  readonly themes: readonly string[];
  /** Its current rating, rounded. */
  readonly rating: number;
  /** Rated attempts at it so far. */
  readonly plays: number;
}

/** A solver's puzzle rating in one game, as the API shows it. */
export interface PuzzlePlayerView {
  readonly rating: number;
  readonly deviation: number;
  readonly provisional: boolean;
  readonly attempts: number;
  readonly wins: number;
  readonly streak: number;
  readonly bestStreak: number;
}

export interface PuzzleResultView {
  /** False for a replay: only the first attempt at a puzzle is rated. */
  readonly rated: boolean;
  /** The solver's new puzzle rating, rounded, and its change. */
  readonly rating: number;
  readonly diff: number;
  readonly player: PuzzlePlayerView;
  readonly puzzle: { readonly id: string; readonly rating: number; readonly plays: number };
}

/** How many puzzles of a game carry each theme (GET /api/puzzles/themes). */
export interface PuzzleThemeCount {
  readonly theme: string;
  readonly count: number;
}
