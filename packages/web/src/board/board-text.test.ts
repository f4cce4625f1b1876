import { parseFen, VARIANTS, type VariantKey } from '@youzai/rules';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadLang, setLang } from '../i18n/index.ts';
import { describePosition, marksText, moveText, pointName, readBoardFen } from './board-text.ts';

const start = (k: VariantKey) => {
  const p = parseFen(VARIANTS[k], VARIANTS[k].startFen);
  if (!p.ok) throw new Error('bad FEN');
  return p.value;
};
const notation = (k: VariantKey, id: string) => VARIANTS[k].notations.find((n) => n.id === id)!;

// English is fetched when chosen (i18n loadLang): loaded once before these tests switch to it.
beforeAll(() => loadLang('en'));
afterEach(() => setLang('vi'));

describe('the board as text', () => {
  it('reads a FEN board: pieces by file and rank from the first side’s left and edge, and the hand', () => {
    const { placed, hand } = readBoardFen('8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KFRRk] w - - 0 1', 8);
    expect(placed.filter((p) => p.side === 0).map((p) => `${p.file},${p.rank}`)).toEqual(['4,3', '5,3', '6,3', '7,3', '0,2', '1,2', '2,2', '3,2']);
    expect(hand).toEqual([
      { letter: 'k', side: 0 },
      { letter: 'f', side: 0 },
      { letter: 'r', side: 0 },
      { letter: 'r', side: 0 },
      { letter: 'k', side: 1 },
    ]);
  });

  it('Xiangqi in WXF: each side’s pieces on its own files (from its right) and ranks, the general first', () => {
    setLang('en');
    const text = describePosition(start('xiangqi'), notation('xiangqi', 'xiangqi-wxf'));
    expect(text.sides[0]!.text).toBe(
      'Red: General file 5 rank 1; Advisor file 6 rank 1, file 4 rank 1; Elephant file 7 rank 1, file 3 rank 1; Horse file 8 rank 1, file 2 rank 1; ' +
        'Chariot file 9 rank 1, file 1 rank 1; Cannon file 8 rank 3, file 2 rank 3; Soldier file 9 rank 4, file 7 rank 4, file 5 rank 4, file 3 rank 4, file 1 rank 4.',
    );
    // Black counts from its own side: its general is on its file 5, rank 1 too; its chariot on file a is its file 1.
    expect(text.sides[1]!.text).toMatch(/^Black: General file 5 rank 1; .* Chariot file 1 rank 1, file 9 rank 1;/);
    expect(text.turn).toBe('Red to move.');
  });

  it('Xiangqi in Vietnamese', () => {
    setLang('vi');
    const text = describePosition(start('xiangqi'), notation('xiangqi', 'xiangqi-vietnamese'));
    expect(text.sides[0]!.text).toMatch(/^Đỏ: Tướng cột 5 hàng 1; /);
    expect(text.turn).toBe('Lượt Đỏ đi.');
  });

  it('Janggi: Korean notation names points rank then file (Cho’s general on 95, Han’s on 25); algebraic names them e2 and e9', () => {
    setLang('en');
    const pos = start('janggi');
    const korean = describePosition(pos, notation('janggi', 'janggi-korean'));
    expect(korean.sides[0]!.text).toMatch(/^Cho: General 95; Guard 04, 06; /);
    expect(korean.sides[1]!.text).toMatch(/^Han: General 25; Guard 14, 16; /);
    const algebraic = describePosition(pos, notation('janggi', 'janggi-algebraic'));
    expect(algebraic.sides[0]!.text).toMatch(/^Cho: General e2; Guard d1, f1; /);
    expect(algebraic.sides[1]!.text).toMatch(/^Han: General e9; Guard d10, f10; /);
    expect(pointName(VARIANTS.janggi, notation('janggi', 'janggi-korean'), 0, 9, 1)).toBe('11');
  });

  it('Sittuyin before placement: pawns on the board, the rest in hand, counted', () => {
    setLang('en');
    const text = describePosition(start('sittuyin'), notation('sittuyin', 'sittuyin-algebraic'));
    expect(text.sides[0]!.text).toBe('Red: Pawn a3, b3, c3, d3, e4, f4, g4, h4. In hand: King, General (Sit-ke), Elephant (Sin) ×2, Horse ×2, Rook ×2.');
  });

  it('a lesson’s stars named as the points of the side to move', () => {
    setLang('en');
    expect(marksText(VARIANTS.janggi, notation('janggi', 'janggi-algebraic'), ['e5', 'a10'], 0)).toBe('Targets (stars): e5, a10.');
    expect(marksText(VARIANTS.janggi, notation('janggi', 'janggi-korean'), ['e5', 'a10'], 0)).toBe('Targets (stars): 65, 11.');
    expect(marksText(VARIANTS.xiangqi, notation('xiangqi', 'xiangqi-wxf'), ['h6'], 0)).toBe('Targets (stars): file 2 rank 6.');
    expect(marksText(VARIANTS.xiangqi, notation('xiangqi', 'xiangqi-wxf'), [], 0)).toBeNull();
  });

  it('the last move in the chosen notation, with its side; a pass in words; a move it cannot read in coordinates', () => {
    setLang('en');
    const pos = start('xiangqi');
    expect(moveText(pos, 'h3e3', notation('xiangqi', 'xiangqi-wxf'))).toBe('Red played C2=5.');
    expect(moveText(pos, 'h3e3', notation('xiangqi', 'xiangqi-vietnamese'))).toMatch(/^Red played P/);
    expect(moveText(start('janggi'), 'e2e2', notation('janggi', 'janggi-korean'))).toBe('Cho played pass.');
    expect(moveText(null, 'h3e3', notation('xiangqi', 'xiangqi-wxf'))).toBe('Last move: h3e3.');
    setLang('vi');
    expect(moveText(pos, 'h3e3', notation('xiangqi', 'xiangqi-wxf'))).toBe('Đỏ đi C2=5.');
  });
});
