/** Messages between the pool (main thread) and an engine worker. */
import type { VariantKey } from '@youzai/rules';

/**
 * Faults a test can ask a worker to fake mid-search: `exit` ends the thread,
 * `hang` blocks it forever, `illegal` and `none` answer a move outside the
 * list or no move. Only the pool's `faults` test hook sets this.
 */
export type Fault = 'exit' | 'hang' | 'illegal' | 'none';

export interface SearchRequest {
  readonly type: 'search';
  readonly id: number;
  readonly variant: VariantKey;
  readonly fen: string;
  /** Moves played from `fen`, in FS notation; usually empty. */
  readonly moves: readonly string[];
  /** The root moves the engine may choose from: our legal moves. */
  readonly searchmoves: readonly string[];
  readonly level: number;
  /** Overrides the level's time per move (the clock may leave less). */
  readonly movetimeMs: number;
  /**
   * Analysis instead of a game move: full strength (skill 20), this many
   * lines (MultiPV) and this depth limit instead of the level's.
   */
  readonly analysis?: AnalysisSettings;
  readonly fault?: Fault;
}

export interface AnalysisSettings {
  readonly multipv: number;
  readonly depth: number;
  /**
   * A node budget (`go nodes`): the search starts from a cleared engine
   * (its search thread rebuilt, then `ucinewgame`: hash and history tables;
   * FairyStockfish.forget), so with one thread and a fixed hash the same
   * position and budget give the same answer whatever the load and whatever
   * the worker searched before.
   */
  readonly nodes?: number;
}

/** One line of an analysis: its moves from the root and its score (side to move's view). */
export interface AnalysisLine {
  readonly pv: readonly string[];
  readonly score: Score;
  readonly depth: number;
}

/** Engine score from the side to move's point of view. */
export type Score = { readonly kind: 'cp'; readonly value: number } | { readonly kind: 'mate'; readonly value: number };

export interface SearchResult {
  readonly type: 'result';
  readonly id: number;
  /** null when the engine found no move (`bestmove (none)`). */
  readonly bestmove: string | null;
  readonly score?: Score;
  readonly depth?: number;
  /** For an analysis: the lines, best first. */
  readonly lines?: readonly AnalysisLine[];
}

export interface SearchFailed {
  readonly type: 'failed';
  readonly id: number;
  readonly message: string;
}

export type ToWorker = SearchRequest | { readonly type: 'stop' };
export type FromWorker = { readonly type: 'ready' } | { readonly type: 'fatal'; readonly message: string } | SearchResult | SearchFailed;
