/**
 * The analysis board's address: everything it shows is in the query, so a
 * link restores the position, the variations and the move shown.
 * `moves` is the tree's text (@youzai/game/analysis makeTreeText), `at` the
 * moves from the start to the one shown, comma-separated. Pure.
 */
import type { VariantKey } from '@youzai/rules';

export interface AnalysisLink {
  readonly variant: VariantKey;
  /** The start position; absent: the game's usual start. */
  readonly fen?: string | undefined;
  /** The variations tree as text. */
  readonly moves?: string | undefined;
  /** The moves to the position shown. */
  readonly at?: readonly string[] | undefined;
  /** The game it came from (for the PGN's tags and a way back). */
  readonly game?: string | undefined;
}

/**
 * Whether a game's page offers the analysis board: only once the game is
 * over, to players and spectators alike (the server refuses the engine a
 * live game's current position, whoever asks; the link would only fail).
 */
export function offersAnalysisBoard(game: { readonly over: boolean }): boolean {
  return game.over;
}

export function analysisPath(l: AnalysisLink): string {
  const q = new URLSearchParams();
  if (l.fen) q.set('fen', l.fen);
  if (l.moves) q.set('moves', l.moves);
  if (l.at?.length) q.set('at', l.at.join(','));
  if (l.game) q.set('game', l.game);
  const s = q.toString();
  return `/analysis/${l.variant}${s ? `?${s}` : ''}`;
}

/** The query's parts (unchecked: the page checks them against the rules). */
export function readAnalysisQuery(search: string): Omit<AnalysisLink, 'variant'> {
  const q = new URLSearchParams(search);
  const at = q.get('at');
  const game = q.get('game');
  return {
    fen: q.get('fen') ?? undefined,
    moves: q.get('moves') ?? undefined,
    at: at ? at.split(',').filter((m) => m.length > 0) : undefined,
    game: game && /^[A-Za-z0-9]{6,16}$/.test(game) ? game : undefined,
  };
}
