/**
 * Assembles what a player studies with: finished games' analyses, the
 * analysis board (which refuses the positions of games in progress) and the
 * puzzles.
 */
import { GameAnalyses } from '../analysis/analyses.ts';
import { AnalysisBoards } from '../analysis/board.ts';
import { LivePositions, MemoryLivePositions, RedisLivePositions } from '../analysis/live-positions.ts';
import { loadShippedPuzzles } from '../puzzles/bank.ts';
import { PuzzleService } from '../puzzles/service.ts';
import type { Base } from './edges.ts';
import type { GamesPart } from './games.ts';

/** Finished games' analyses, the positions of games in progress (which the engine refuses) and the analysis board. */
export function startAnalysis({ opts, store, node, log, club }: Base, { games, router }: GamesPart) {
  const analyses = new GameAnalyses({
    store: store,
    bus: opts.bus,
    clock: opts.clock,
    timers: opts.timers,
    node,
    initialFen: async (id) => (await router.view(id))?.view.initialFen ?? null,
    ...(opts.evaluate ? { evaluate: opts.evaluate } : {}),
    ...opts.analyses,
  });
  // The current positions of the club's games in progress (the deciding node writes its games'; Redis with several nodes).
  const livePositions = new LivePositions(club ? new RedisLivePositions(club.link) : new MemoryLivePositions());
  games.onChange((c) => void livePositions.onChange(c).catch((e: unknown) => log.warn({ err: e, game: c.row.id }, 'live position not recorded')));
  const boards = new AnalysisBoards({
    ...(opts.boardSearch ? { search: opts.boardSearch } : {}),
    live: (variant, fen) => livePositions.refuses(variant, fen),
    maxSessions: opts.boards?.maxSessions ?? 8,
    ...(opts.boards?.steps ? { steps: opts.boards.steps } : {}),
  });
  return { analyses, livePositions, boards };
}

/** The puzzles offered (the shipped ones unless given), with each solver's rating. */
export function puzzleService({ opts, store }: Base): PuzzleService {
  return new PuzzleService({
    bank: opts.puzzles ?? loadShippedPuzzles(),
    store: store,
    clock: opts.clock,
    ...(opts.random ? { random: opts.random } : {}),
  });
}
export type Analysis = ReturnType<typeof startAnalysis>;
