import { describe, expect, it } from 'vitest';
import { fromKey, lastMoveKeys, moveChoices, readUci, toKey } from './keys.ts';

describe('board keys', () => {
  it('maps rank 10 to chessgroundx ":" and back', () => {
    expect(toKey('b10')).toBe('b:');
    expect(toKey('e1')).toBe('e1');
    expect(fromKey('b:')).toBe('b10');
    for (const sq of ['a1', 'i10', 'e5', 'h8']) expect(fromKey(toKey(sq))).toBe(sq);
  });

  it('reads moves, drops and promotions', () => {
    expect(readUci('b10c8')).toEqual({ kind: 'move', from: 'b10', to: 'c8', promotion: null });
    expect(readUci('K@d2')).toEqual({ kind: 'drop', role: 'k', to: 'd2' });
    expect(readUci('c5d6f')).toEqual({ kind: 'move', from: 'c5', to: 'd6', promotion: 'f' });
    expect(readUci('zz')).toBeNull();
  });

  it('groups legal moves: drops by piece, optional promotions under one pair, in-place moves apart', () => {
    const c = moveChoices(['e2e2', 'c5c5f', 'c5d6f', 'c5c6', 'K@d2', 'K@e2', 'h3e3']);
    expect(c.inPlace).toEqual(['e2e2', 'c5c5f']);
    expect(c.dests.get('K@')).toEqual(['d2', 'e2']);
    expect(c.dests.get('c5')).toEqual(['d6', 'c6']);
    expect(c.byPair.get('c5d6')).toEqual(['c5d6f']);
    expect(c.byPair.get('h3e3')).toEqual(['h3e3']);
  });

  it('highlights a pass or in-place promotion on one square', () => {
    expect(lastMoveKeys('e2e2')).toEqual(['e2']);
    expect(lastMoveKeys('R@a1')).toEqual(['a1']);
    expect(lastMoveKeys('a10a9')).toEqual(['a:', 'a9']);
  });
});
