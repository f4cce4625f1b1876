import type { EngineSection } from '../../variant.ts';

/**
 * Sittuyin in Fairy-Stockfish (packages/engine assembles the house ini):
 * without its counting rules; 100 plies without a capture or a pawn move draw.
 * Where FS still differs: packages/rules/scripts/fairy/HOUSE-DIFFERENCES.md.
 */
export const SITTUYIN_ENGINE: readonly [EngineSection] = [
  {
    name: 'sittuyin-house',
    ini: `[sittuyin-house:sittuyin]
countingRule = none
nMoveRule = 50`,
  },
];
