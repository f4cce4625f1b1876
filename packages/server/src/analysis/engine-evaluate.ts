/**
 * The engine seam of finished games' analyses, on the engine pool: one line
 * per position at full strength, behind every live computer game. Each
 * position gets the same search budget in nodes (not time), so the same game
 * gets the same evaluations and verdicts however busy the machine is; the
 * time limit is only a safety bound far above the normal time (a loaded
 * machine takes longer instead of searching less). Budget and timing:
 * docs/analysis.md.
 */
import type { EnginePool } from '@youzai/engine';
import type { EvaluatePosition } from './analyses.ts';

export const GAME_ANALYSIS_BUDGET = {
  /** Nodes per position: on one engine thread of the reference machine ~2.3 s on average (4.4 s at most) in a 60-ply game, depth 12–23. */
  nodes: 300_000,
  /** Not a limit in practice: the node budget ends the search first. */
  depth: 40,
  /** Safety bound (~25× the mean time): a search cut by it would depend on the load, so it is set where only a stuck machine reaches it. */
  movetimeMs: 60_000,
} as const;

export function poolEvaluator(
  pool: Pick<EnginePool, 'analyse'>,
  budget: { readonly nodes: number; readonly depth: number; readonly movetimeMs: number } = GAME_ANALYSIS_BUDGET,
): EvaluatePosition {
  return async (req) => {
    const a = await pool.analyse({
      gameId: req.key,
      variant: req.variant,
      fen: req.fen,
      legalMoves: req.legalMoves,
      multipv: 1,
      depth: budget.depth,
      nodes: budget.nodes,
      movetimeMs: budget.movetimeMs,
      background: true,
    });
    const line = a.lines[0];
    if (!line) return null;
    return { score: line.score.kind === 'cp' ? { cp: line.score.value } : { mate: line.score.value }, pv: line.pv, depth: line.depth };
  };
}
