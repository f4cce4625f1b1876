import type { EngineSection } from '../../variant.ts';

/** Fairy-Stockfish knows its rules as `minixiangqi`: the house section only names it (docs/adding-a-game.md, step 1). */
export const DEMOXIANGQI_ENGINE: readonly [EngineSection] = [{ name: 'demoxiangqi-house', ini: '[demoxiangqi-house:minixiangqi]' }];
