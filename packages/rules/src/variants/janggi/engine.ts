import type { EngineSection } from '../../variant.ts';

/** Options both Janggi sections share: the house soldier and the draw rules. */
const COMMON = `# House soldier: forward or sideways, never diagonally in the palace. FS
# hard-codes palace diagonals for its built-in soldier; a custom piece has none.
soldier = -
customPiece1 = p:fsW
# 200 plies without a capture draw; no repetition or perpetual-check rule.
nMoveRule = 100
perpetualCheckIllegal = false
nFoldRule = 1000`;

/**
 * Janggi in Fairy-Stockfish (packages/engine assembles the house ini), from
 * `janggicasual`: no bikjang, no material counting. Where FS still differs:
 * packages/rules/scripts/fairy/HOUSE-DIFFERENCES.md.
 */
export const JANGGI_ENGINE: readonly [EngineSection, EngineSection] = [
  {
    name: 'janggi-house',
    ini: `[janggi-house:janggicasual]
${COMMON}
# Site cannon: slides like a chariot when not capturing, captures over exactly
# one screen. FS's built-in janggi cannon must jump on every move, which is the
# larger difference, so a custom piece is used. It cannot forbid a cannon as
# screen or target, nor move on the palace diagonals.
janggiCannon = -
customPiece2 = c:mRcpR`,
  },
  {
    // Second opinion: FS's built-in cannon. It cannot slide, but its captures
    // and checks are exactly the site cannon's (no cannon as screen or target,
    // palace diagonals). Asked only when the first section finds none of our
    // moves legal: there FS thought a general in check over a cannon screen.
    name: 'janggi-house-jump',
    ini: `[janggi-house-jump:janggicasual]
${COMMON}`,
  },
];
