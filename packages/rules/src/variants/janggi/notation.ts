/**
 * Janggi algebraic notation, in the coordinates used everywhere else
 * (Fairy-Stockfish: files a–i from Cho's left, ranks 1–10 from Cho's side).
 *
 * Written like chess SAN: the piece letter, always, soldiers included (they
 * move sideways, so a bare square would not say which one moved): K general,
 * A guard (advisor), E elephant, H horse, R chariot, C cannon, P soldier.
 * Then, only when another piece of the same kind could legally go to the same
 * point, the origin file, else its rank, else its square; `x` for a capture;
 * the destination; `+` for check, `#` for mate. A pass is `pass`.
 * Examples: `He3`, `Cxe7+`, `Rd1d3`, `R1d3`, `Pe5`, `pass`.
 *
 * Read leniently: check marks and `!?` are ignored, `x` and the origin may be
 * left out when only one move fits, `Rd1-d3` and bare coordinates (`h3e3`,
 * as Fairy-Stockfish writes moves) are accepted, `B`/`N`/`S` stand for
 * elephant/horse/soldier, and a pass may also be written `--`.
 */
import { algebraicNotation, type Notation } from '../../notation.ts';
import { janggiKorean } from './korean.ts';

export const janggiAlgebraic: Notation = {
  ...algebraicNotation({
    id: 'janggi-algebraic',
    name: { en: 'Algebraic', vi: 'Ký hiệu tọa độ' },
    // Index = role id as in ./index.ts: 1 general, 2 guard, 3 elephant, 4 horse, 5 chariot, 6 cannon, 7 soldier.
    letters: ['', 'K', 'A', 'E', 'H', 'R', 'C', 'P'],
    synonyms: { B: 3, N: 4, S: 7 },
    passWords: ['pass', '--'],
    example: 'Hc3, Cxe7+, Rd1d3, pass',
  }),
  // Its squares are Fairy-Stockfish's: the board shows a–i and 1–10 while it is chosen.
  coordinates: 'algebraic',
};

/** Korean first: the game's own notation is the default; algebraic stays a choice. */
export const JANGGI_NOTATIONS: readonly Notation[] = [janggiKorean, janggiAlgebraic];
