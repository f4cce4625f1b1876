import type { EngineSection } from '../../variant.ts';

/** Fairy-Stockfish knows Mini Xiangqi: the house section only names it (docs/adding-a-game.md, step 1). */
export const MINIXIANGQI_ENGINE: readonly [EngineSection] = [{ name: 'minixiangqi-house', ini: '[minixiangqi-house:minixiangqi]' }];
