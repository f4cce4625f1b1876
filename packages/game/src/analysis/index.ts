/** @youzai/game/analysis: judging an analysed game's moves (pure; see judgement.ts and docs/analysis.md). */
export * from './judgement.ts';
export * from './variation-tree.ts';
export * from './variation-pgn.ts';
