import { describe, expect, it } from 'vitest';
import { legalUcis, VARIANTS } from '@youzai/rules';
import { Cursor, MoveHistory, rowsToDraw, type ListShown } from './move-history.ts';

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
    expect(j.printed('janggi-algebraic')).toEqual(['pass']);
    expect(j.printed('janggi-korean')).toEqual(['한수쉼']);
    // The list writes a pass in the reader's language: it asks which plies were passes.
    expect(j.isPass(1)).toBe(true);
    const k = MoveHistory.from('janggi', VARIANTS.janggi.startFen, ['e2e2', 'e9e9', 'a4b4'])!;
    expect([1, 2, 3].map((p) => k.isPass(p))).toEqual([true, true, false]);
    expect(k.isPass(0)).toBe(false);
    expect(k.isPass(4)).toBe(false);
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

describe('the move list drawn as a game goes on', () => {
  const shown = (history: MoveHistory, notation = 'xiangqi-wxf'): ListShown => ({ history, notation, takebacks: history.takebacks, plies: history.length });

  it('draws at most one row per render while the game only grows, however long it is', () => {
    const h = MoveHistory.from('xiangqi', VARIANTS.xiangqi.startFen)!;
    let before: ListShown | null = null;
    let drawn = 0;
    for (let i = 0; i < 80; i++) {
      const moves = legalUcis(h.current);
      if (moves.length === 0) break;
      expect(h.push(moves[(i * 7) % moves.length]!)).toBe(true);
      // Two renders per move (the move, then a status change): the second draws nothing new but the last row.
      for (let r = 0; r < 2; r++) {
        const now = shown(h);
        const { from, to } = rowsToDraw(before, now);
        expect(to - from, `ply ${h.length}`).toBeLessThanOrEqual(1);
        expect(to).toBe(Math.ceil(h.length / 2));
        drawn += to - from;
        before = now;
      }
    }
    // Drawing the whole list each time would be about plies²/2 rows.
    expect(drawn).toBeLessThanOrEqual(before!.plies * 2);
    expect(before!.plies).toBeGreaterThan(40);
  });

  it('draws every row again when the list changes otherwise: a move taken back, another notation, another history', () => {
    const h = MoveHistory.from('xiangqi', VARIANTS.xiangqi.startFen, ['h3e3', 'h10g8', 'h1g3'])!;
    const before = shown(h);
    expect(rowsToDraw(before, shown(h, 'xiangqi-vietnamese'))).toEqual({ from: 0, to: 2 });
    expect(rowsToDraw(before, shown(MoveHistory.from('xiangqi', VARIANTS.xiangqi.startFen, ['h3e3', 'h10g8', 'h1g3'])!))).toEqual({ from: 0, to: 2 });
    h.pop();
    expect(h.push('b1c3')).toBe(true);
    // As many plies as before, but not the same ones.
    expect(rowsToDraw(before, shown(h))).toEqual({ from: 0, to: 2 });
    expect(rowsToDraw(null, shown(h))).toEqual({ from: 0, to: 2 });
  });
});
