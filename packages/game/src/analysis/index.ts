/** @youzai/game/analysis: judging an analysed game's moves, variation trees and their PGN, importing game records (pure; see judgement.ts and docs/analysis.md). */
export * from './judgement.ts';
export * from './variation-tree.ts';
export * from './variation-pgn.ts';
export * from './pgn-tokens.ts';
export * from './record-import.ts';
export * from './imported-record.ts';
