/**
 * The house rules as far as Fairy-Stockfish 1.1.12 can be told them, written
 * to the engine's in-memory filesystem and selected with
 * `setoption name VariantPath value /house.ini`. What it cannot express is
 * listed in README.md ("Where the engine's rules differ"); the root move is
 * always restricted to our own legal moves (`go searchmoves`), so a
 * difference can only make the engine misjudge a line, never play a move our
 * rules reject.
 */
import type { VariantKey } from '@youzai/rules';

export const HOUSE_INI_PATH = '/house.ini';

export const HOUSE_INI = `
# Xiangqi: FS's move rules are the house move rules (perft agrees). Its draw
# and chase rules differ, but it only ever sees the current position (no
# history), so they never end a search.
[xiangqi-house:xiangqi]

# Janggi, casual: no bikjang, no material counting.
[janggi-house:janggicasual]
# House soldier: forward or sideways, never diagonally in the palace. FS
# hard-codes palace diagonals for its built-in soldier; a custom piece has none.
soldier = -
customPiece1 = p:fsW
# Site cannon: slides like a chariot when not capturing, captures over exactly
# one screen. FS's built-in janggi cannon must jump on every move, which is the
# larger difference, so a custom piece is used. It cannot forbid a cannon as
# screen or target, nor move on the palace diagonals.
janggiCannon = -
customPiece2 = c:mRcpR
# 200 plies without a capture draw; no repetition or perpetual-check rule.
nMoveRule = 100
perpetualCheckIllegal = false
nFoldRule = 1000

# Janggi, second opinion: FS's built-in cannon. It cannot slide, but its
# captures and checks are exactly the site cannon's (no cannon as screen or
# target, palace diagonals). Asked only when the first section finds none of
# our moves legal: there FS thought a general in check over a cannon screen.
[janggi-house-jump:janggicasual]
soldier = -
customPiece1 = p:fsW
nMoveRule = 100
perpetualCheckIllegal = false
nFoldRule = 1000

# Sittuyin without counting rules; 100 plies without capture or pawn move draw.
[sittuyin-house:sittuyin]
countingRule = none
nMoveRule = 50
`;

/**
 * Our game → its sections of HOUSE_INI, in the order they are asked: the
 * next only when the previous one has no legal move among ours.
 */
export const FAIRY_VARIANTS = {
  xiangqi: ['xiangqi-house'],
  janggi: ['janggi-house', 'janggi-house-jump'],
  sittuyin: ['sittuyin-house'],
} as const satisfies Record<VariantKey, readonly string[]>;
