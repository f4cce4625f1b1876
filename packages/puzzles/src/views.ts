/**
 * Puzzles as the HTTP API sends them (docs/API.md, "Puzzles"): one
 * definition for the server that writes them and the client that reads them.
 */
import type { ColorName, VariantKey } from '@youzai/rules';
import type { PuzzleKind } from './puzzle.ts';

/** A puzzle as the API sends it: the whole line (the client plays it), and its live rating. */
export interface PuzzleView {
  readonly id: string;
  readonly variant: VariantKey;
  readonly fen: string;
  readonly turn: ColorName;
  readonly solution: readonly string[];
  readonly kind: PuzzleKind;
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
