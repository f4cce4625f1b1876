/**
 * The generator's input file (--input): the club's games or positions, one
 * a line, in the shapes of UCI's `position` command:
 *
 *   <FEN>                      a position
 *   <FEN> moves m1 m2 ...      a game from a position
 *   startpos moves m1 m2 ...   a game from the start (or `moves m1 ...`, or just the moves)
 *
 * Blank lines and lines starting with `#` are skipped.
 */
export interface InputLine {
  /** null: the variant's start position. */
  readonly fen: string | null;
  readonly moves: readonly string[];
}

export function parseInputLine(line: string): InputLine | null {
  const text = line.trim();
  if (!text || text.startsWith('#')) return null;
  const at = text.search(/(^|\s)moves(\s|$)/);
  const head = (at < 0 ? (text.includes('/') ? text : '') : text.slice(0, at)).trim();
  const tail = at < 0 ? (text.includes('/') ? '' : text) : text.slice(at).replace(/^\s*moves/, '');
  const moves = tail.split(/\s+/).filter(Boolean);
  return { fen: head === '' || head === 'startpos' ? null : head, moves };
}
