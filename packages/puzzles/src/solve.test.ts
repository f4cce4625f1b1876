import { startReferee } from '@youzai/game';
import { VARIANTS, legalUcis, makeFen, parseFen, randomWalk, type Position, type VariantKey } from '@youzai/rules';
import { describe, expect, it } from 'vitest';
import { MateSolver } from './solve.ts';

const solver = (v: VariantKey, fen: string): MateSolver => {
  const p = parseFen(VARIANTS[v], fen);
  if (!p.ok) throw new Error(p.error.message);
  return new MateSolver(p.value);
};

/** The referee's verdict after each move of `moves` from `fen`: the winner's side index, 'draw', or null when the game goes on. */
const verdictsAfter = (v: VariantKey, fen: string, moves: readonly string[]): (number | 'draw' | null)[] => {
  const r = startReferee(v, fen);
  if (!r.ok) throw new Error(r.error.message);
  return moves.map((uci) => {
    const ref = r.value.clone();
    if (!ref.play(uci).ok) throw new Error(`illegal ${uci}`);
    return ref.verdict ? (ref.verdict.winner ?? 'draw') : null;
  });
};
const verdictAfter = (v: VariantKey, fen: string, uci: string) => verdictsAfter(v, fen, [uci])[0];

describe('MateSolver', () => {
  it('Xiangqi: a stalemating move wins (the side without a move loses), as does the checkmate', () => {
    // The black general on d10: d9 and (flying general) e10 are barred once the chariot stands on the 9th rank.
    const fen = '3k5/9/9/9/9/9/9/9/8R/4K4 w - - 0 1';
    const s = solver('xiangqi', fen);
    expect(s.winningMoves(1)).toEqual(['i2d2', 'i2i9']);
    expect(verdictAfter('xiangqi', fen, 'i2i9')).toBe(0);
    expect(verdictAfter('xiangqi', fen, 'i2d2')).toBe(0);
  });

  it('Sittuyin: a stalemate is a draw, not a win; only the checkmate counts', () => {
    const fen = 'k7/2K5/8/8/1R6/8/8/8 w - - 0 40';
    expect(solver('sittuyin', fen).winningMoves(1)).toEqual(['b4a4']);
    expect(verdictAfter('sittuyin', fen, 'b4b7')).toBe('draw');
  });

  it('mate in 2 with two winning first moves: both are found, and there is no mate in 1', () => {
    // Either rook goes to the 7th rank; the other mates on the 8th.
    const s = solver('sittuyin', '6k1/8/8/8/8/p6K/3R4/2R5 w - - 0 40');
    expect(s.winsWithin(1)).toBe(false);
    expect(s.winsWithin(2)).toBe(true);
    expect(s.winningMoves(2)).toEqual(['c1c7', 'd2d7']);
    // After c1c7 every reply is longest-resisting (mate follows in one), and d2d8 mates.
    expect(s.play('c1c7')).toBe(true);
    expect(s.longestReplies(2)).toEqual(['a3a2', 'a3a3f', 'a3b2f', 'a3b4f', 'g8f8', 'g8h8']);
    expect(s.play('g8h8')).toBe(true);
    expect(s.winningMoves(1)).toEqual(['d2d8']);
  });

  it('shipped puzzles: a Xiangqi mate in 2 with three winning first moves, a Sittuyin mate in 3 with five', () => {
    // x7n188c7: the line plays e4g3; e10f10 and e4c5 mate in 2 as well.
    const x = solver('xiangqi', '3ak4/4a4/9/p6P1/4p1b2/9/4n4/4r4/4Ap3/3AK4 b - - 5 52');
    expect(x.winsWithin(1)).toBe(false);
    expect(x.winningMoves(2)).toEqual(['e10f10', 'e4c5', 'e4g3']);
    // s4r4cfgb: the rook's checks along the e-file (the line plays e7e1).
    const s = solver('sittuyin', '3K4/4r3/2kf1F2/s7/8/8/8/8[] b - - 25 77');
    expect(s.winsWithin(2)).toBe(false);
    expect(s.winningMoves(3)).toEqual(['e7e1', 'e7e2', 'e7e3', 'e7e4', 'e7e6']);
  });

  it.each(['xiangqi', 'janggi', 'sittuyin'] as const)('%s: a win in one is exactly what the referee calls a win for the mover', (v) => {
    const start = parseFen(VARIANTS[v], VARIANTS[v].startFen);
    if (!start.ok) throw new Error(start.error.message);
    const positions: Position[] = [];
    for (let g = 0; g < 4; g++) randomWalk(start.value, 160, 11 + g, (pos, ply) => void (ply > 20 && ply % 4 === 0 && positions.push(pos.clone())));
    for (const pos of positions) {
      const s = new MateSolver(pos);
      const fen = makeFen(pos);
      const legal = legalUcis(pos);
      const verdicts = verdictsAfter(v, fen, legal);
      const expected = legal.filter((_, i) => verdicts[i] === pos.turn);
      expect(s.winningMoves(1)).toEqual(expected);
      expect(s.winsWithin(1)).toBe(expected.length > 0);
    }
    expect(positions.length).toBeGreaterThan(30);
  });
});
