import { VARIANTS } from '@youzai/rules';
import { describe, expect, it } from 'vitest';
import { coordLabels, coordStyle, edgeSides } from './coords.ts';

describe('coordinate labels', () => {
  it('Xiangqi: files 1–9 from each side’s right, Red’s along the bottom and Black’s along the top, swapped when flipped', () => {
    const red = coordLabels(VARIANTS.xiangqi, 'white');
    expect(red.bottom).toEqual(['9', '8', '7', '6', '5', '4', '3', '2', '1']);
    expect(red.top).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect(red.left).toEqual([]);
    expect(red.right).toEqual([]);
    expect(edgeSides('white')).toEqual({ top: 1, bottom: 0 });
    // Flipped: Black at the bottom reads its own 9..1 left to right; Red's numbers along the top, 1 on the screen's left (Red's right).
    const black = coordLabels(VARIANTS.xiangqi, 'black');
    expect(black.bottom).toEqual(['9', '8', '7', '6', '5', '4', '3', '2', '1']);
    expect(black.top).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect(edgeSides('black')).toEqual({ top: 0, bottom: 1 });
  });

  it('Xiangqi: each side’s file 1 is on its own right', () => {
    // Red's file 1 is file i (the rightmost from Red's seat); screen order left to right is a..i with Red at the bottom.
    const red = coordLabels(VARIANTS.xiangqi, 'white');
    expect(red.bottom[8]).toBe('1'); // file i
    expect(red.top[0]).toBe('1'); // Black's 1 is file i too, on the screen's left seen from Red
    // With Black at the bottom the screen shows i..a: Black's 1 (file a) on the right.
    const black = coordLabels(VARIANTS.xiangqi, 'black');
    expect(black.bottom[8]).toBe('1');
  });

  it('Janggi, Korean notation (the default): files 1–9 from Cho’s left, ranks 1–9 then 0 from Han’s edge down; the numbers stay on their points when flipped', () => {
    expect(VARIANTS.janggi.board.coordinates).toBe('rank-first');
    const cho = coordLabels(VARIANTS.janggi, 'white');
    expect(cho.bottom).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect(cho.left).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '0']);
    expect(cho.top).toEqual([]);
    expect(cho.right).toEqual([]);
    // Cho's palace centre, e2, reads 95: rank 9 (second row from the bottom), file 5.
    expect(`${cho.left[8]}${cho.bottom[4]}`).toBe('95');
    const han = coordLabels(VARIANTS.janggi, 'black');
    expect(han.bottom).toEqual(['9', '8', '7', '6', '5', '4', '3', '2', '1']);
    expect(han.left).toEqual(['0', '9', '8', '7', '6', '5', '4', '3', '2', '1']);
    // Han's palace centre, e9, is second from the bottom with Han there: still 25.
    expect(`${han.left[8]}${han.bottom[4]}`).toBe('25');
    expect(han.top).toEqual([]);
  });

  it('Janggi, algebraic notation chosen: files a–i and ranks 1–10 from Cho’s side, as its squares; turned round when flipped', () => {
    const algebraic = VARIANTS.janggi.notations.find((n) => n.id === 'janggi-algebraic');
    const style = coordStyle(VARIANTS.janggi, algebraic);
    expect(style).toBe('algebraic');
    const cho = coordLabels(VARIANTS.janggi, 'white', style);
    expect(cho.bottom).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i']);
    expect(cho.left).toEqual(['10', '9', '8', '7', '6', '5', '4', '3', '2', '1']);
    expect(cho.top).toEqual([]);
    const han = coordLabels(VARIANTS.janggi, 'black', style);
    expect(han.bottom).toEqual(['i', 'h', 'g', 'f', 'e', 'd', 'c', 'b', 'a']);
    expect(han.left).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    // The Korean notation asks for its own style; a game's other notations use the game's.
    expect(coordStyle(VARIANTS.janggi, VARIANTS.janggi.notations[0])).toBe('rank-first');
    expect(coordStyle(VARIANTS.xiangqi, VARIANTS.xiangqi.notations[1])).toBe('own-right');
  });

  it('Sittuyin: a–h and 1–8, turned round when flipped', () => {
    const white = coordLabels(VARIANTS.sittuyin, 'white');
    expect(white.bottom).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']);
    expect(white.left).toEqual(['8', '7', '6', '5', '4', '3', '2', '1']);
    const black = coordLabels(VARIANTS.sittuyin, 'black');
    expect(black.bottom).toEqual(['h', 'g', 'f', 'e', 'd', 'c', 'b', 'a']);
    expect(black.left).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
    expect(black.top).toEqual([]);
    expect(black.right).toEqual([]);
  });
});
