import { describe, expect, it } from 'vitest';
import { parseInputLine } from './input.ts';

const FEN = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';

describe('parseInputLine', () => {
  it('reads positions, games from a position and games from the start', () => {
    expect(parseInputLine(FEN)).toEqual({ fen: FEN, moves: [] });
    expect(parseInputLine(`${FEN} moves h3e3 h10g8`)).toEqual({ fen: FEN, moves: ['h3e3', 'h10g8'] });
    expect(parseInputLine('startpos moves h3e3 h10g8')).toEqual({ fen: null, moves: ['h3e3', 'h10g8'] });
    expect(parseInputLine('moves K@d2')).toEqual({ fen: null, moves: ['K@d2'] });
    expect(parseInputLine('  h3e3   h10g8 ')).toEqual({ fen: null, moves: ['h3e3', 'h10g8'] });
  });

  it('skips blank lines and comments', () => {
    expect(parseInputLine('')).toBeNull();
    expect(parseInputLine('   ')).toBeNull();
    expect(parseInputLine('# exported 2026-01-02')).toBeNull();
  });
});
