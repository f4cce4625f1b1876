/**
 * A finished game's computer analysis as the API and the socket carry it
 * (docs/API.md, "Computer analysis"; how moves are judged: docs/analysis.md).
 */

export type AnalysisState = 'queued' | 'running' | 'done' | 'failed';

/** From the first side's view: centipawns, or mate in n (n < 0: the first side is mated; 0: the side to move has lost). */
export type EvalWire = { readonly cp: number } | { readonly mate: number };

export type JudgementWire = 'inaccuracy' | 'mistake' | 'blunder';

/** One position of the game: ply 0 is the start, ply n the position after the n-th move. */
export interface AnalysedPly {
  readonly ply: number;
  readonly eval: EvalWire;
  /** The engine's best move here (FS notation) and its line; absent where the game is over. */
  readonly best?: string;
  readonly line?: readonly string[];
  readonly depth?: number;
  /** The judgement of the move that led here (ply ≥ 1); the better move is the previous ply's `best`. */
  readonly judgement?: JudgementWire;
}

export interface JudgementCounts {
  readonly inaccuracy: number;
  readonly mistake: number;
  readonly blunder: number;
}

/** GET /api/games/{id}/analysis. `plies`, `accuracy` and `counts` once done; `code`/`message` once failed; `none`: not asked for. */
export interface GameAnalysisView {
  readonly state: AnalysisState | 'none';
  /** Share of the positions analysed, 0..1. */
  readonly progress: number;
  readonly plies?: readonly AnalysedPly[];
  /** By colour (first side, second side), 0..100; null for a side that made no move. */
  readonly accuracy?: readonly [number | null, number | null];
  readonly counts?: readonly [JudgementCounts, JudgementCounts];
  readonly code?: string;
  readonly message?: string;
}

/** One line of the analysis board's running evaluation: moves from the position (each legal in our rules), its score from the first side's view. */
export interface BoardLine {
  readonly pv: readonly string[];
  readonly eval: EvalWire;
  readonly depth: number;
}

/** Why a running evaluation stopped without being asked: another tab of the player took it over, or the engine failed. */
export type BoardStopReason = 'replaced' | 'engine';
