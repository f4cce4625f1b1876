import type { EngineSection } from '../../variant.ts';

/**
 * Xiangqi in Fairy-Stockfish (packages/engine assembles the house ini). FS's
 * move rules are the house move rules (perft agrees). Its draw and chase rules
 * differ, but it only ever sees the current position (no history), so they
 * never end a search.
 */
export const XIANGQI_ENGINE: readonly [EngineSection] = [{ name: 'xiangqi-house', ini: '[xiangqi-house:xiangqi]' }];
