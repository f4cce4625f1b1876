// Checks the Fairy-Stockfish harness itself (the engine is a dev-only oracle).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Fairy } from './fairy.ts';

const XIANGQI = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';
const JANGGI = 'rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1';
const SITTUYIN = '8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KFRRSSNNkfrrssnn] w - - 0 1';

describe('Fairy-Stockfish harness', () => {
  let fairy: Fairy;
  beforeAll(async () => {
    fairy = await Fairy.create();
  });
  afterAll(async () => {
    await fairy?.quit();
  });

  it('counts xiangqi perft from the start', async () => {
    expect((await fairy.perft('xiangqi', XIANGQI, 2)).nodes).toBe(1920);
  });

  it('lists xiangqi legal moves, sorted', async () => {
    const moves = await fairy.legalMoves('xiangqi', XIANGQI);
    expect(moves).toHaveLength(44);
    expect(moves).toContain('h3e3');
    expect([...moves].sort()).toEqual(moves);
  });

  it('prints sittuyin placements upper-case for both sides', async () => {
    const red = await fairy.legalMoves('sittuyin', SITTUYIN);
    expect(red).toHaveLength(88);
    expect(red).toContain('K@d2');
    expect(red).toContain('R@a1');
    expect(red).not.toContain('R@a2'); // rooks only on the back rank
    const black = await fairy.legalMoves('sittuyin', SITTUYIN, ['K@d2']);
    expect(black).toContain('K@d7');
    expect(black.every((m) => /^[KFRSN]@/.test(m))).toBe(true);
  });

  it('prints sittuyin promotions as from+to+f', async () => {
    // Lone pawn, no general: it may promote from any square, in place or diagonally.
    const moves = await fairy.legalMoves('sittuyin', '8/8/4k3/8/3P4/8/2K5/8[] w - - 0 1');
    expect(moves).toEqual(expect.arrayContaining(['d4d4f', 'd4c5f', 'd4c3f', 'd4d5']));
  });

  it('plays janggi with the house soldier and the pass as e2e2', async () => {
    const moves = await fairy.legalMoves('janggi', '3a1k3/9/3P5/9/9/9/9/9/4K4/9 w - - 0 1');
    expect(moves).toContain('e2e2');
    expect(moves).not.toContain('d8e9'); // no palace diagonal for soldiers
    expect(moves).toContain('d8d9');
    // No second pass is lost: FS ends the game after two passes (see HOUSE-DIFFERENCES.md).
    expect(await fairy.legalMoves('janggi', JANGGI, ['e2e2', 'e9e9'])).toEqual([]);
  });

  it("loads the computer's house ini: Janggi's second section, with FS's jumping cannon, is there too", async () => {
    // The site cannon slides without a screen (b3b4); FS's built-in cannon of the second section cannot.
    expect(await fairy.legalMoves('janggi', JANGGI)).toContain('b3b4');
    const jump = await fairy.legalMoves('janggi-house-jump', JANGGI);
    expect(jump).toContain('e2e2');
    expect(jump).not.toContain('b3b4');
  });
});
