import { describe, expect, it } from 'vitest';
import { VARIANTS } from '@youzai/rules';
import { Cursor, MoveHistory } from './move-history.ts';

const XQ = VARIANTS.xiangqi.startFen;

describe('move history', () => {
  it('prints Xiangqi moves in Vietnamese and WXF notation', () => {
    const h = MoveHistory.from('xiangqi', XQ, ['h3e3', 'h10g8'])!;
    expect(h.printed('xiangqi-wxf')).toEqual(['C2=5', 'H8+7']);
    const vi = h.printed('xiangqi-vietnamese');
    expect(vi).toHaveLength(2);
    expect(vi[0]).toMatch(/^P2[-.]5$/);
    h.push('b1c3');
    expect(h.printed('xiangqi-wxf')[2]).toBe('H8+7');
    expect(h.printed('xiangqi-vietnamese')).toHaveLength(3);
  });

  it('refuses an illegal move and keeps the history', () => {
    const h = MoveHistory.from('xiangqi', XQ)!;
    expect(h.push('a1a9')).toBe(false);
    expect(h.length).toBe(0);
    expect(MoveHistory.from('xiangqi', 'not a fen')).toBeNull();
    expect(MoveHistory.from('xiangqi', XQ, ['h3e3', 'h3e3'])).toBeNull();
  });

  it('keeps the position after each ply for navigation, and undoes', () => {
    const h = MoveHistory.from('xiangqi', XQ, ['h3e3', 'h10g8'])!;
    expect(h.positionAt(0).turn).toBe(0);
    expect(h.positionAt(1).turn).toBe(1);
    expect(h.lastUci(1)).toBe('h3e3');
    expect(h.lastUci(0)).toBeUndefined();
    expect(h.pop()).toBe(true);
    expect(h.length).toBe(1);
    expect(h.printed('xiangqi-wxf')).toEqual(['C2=5']);
  });

  it('plays Sittuyin placements and a Janggi pass', () => {
    const s = MoveHistory.from('sittuyin', VARIANTS.sittuyin.startFen, ['K@d2'])!;
    expect(s.length).toBe(1);
    const j = MoveHistory.from('janggi', VARIANTS.janggi.startFen, ['e2e2'])!;
    expect(j.printed(j.notations()[0]!.id)).toEqual(['pass']);
  });
});

describe('cursor', () => {
  it('follows the live game until the viewer steps back, and returns to it', () => {
    let n = 5;
    const c = new Cursor(() => n);
    expect(c.live).toBe(true);
    c.prev();
    expect(c.ply).toBe(4);
    expect(c.live).toBe(false);
    n = 6; // a move arrives while looking back: the view stays put
    expect(c.ply).toBe(4);
    c.next();
    c.next();
    expect(c.live).toBe(true);
    expect(c.ply).toBe(6);
    c.first();
    expect(c.ply).toBe(0);
    c.prev();
    expect(c.ply).toBe(0);
    c.last();
    expect(c.ply).toBe(6);
  });
});
