/** When a player may ask for a takeback: the same rule the server applies (takeback.nothing, takeback.too-soon). */
import { describe, expect, it } from 'vitest';
import { canAskTakeback } from './takeback-controls.ts';

describe('canAskTakeback', () => {
  it('nothing to take back before one has moved', () => {
    expect(canAskTakeback({ ply: 0, turn: 'first', takebackAt: [null, null] }, 0)).toBe('nothing');
    expect(canAskTakeback({ ply: 1, turn: 'second', takebackAt: [null, null] }, 1)).toBe('nothing');
    expect(canAskTakeback({ ply: 1, turn: 'second', takebackAt: [null, null] }, 0)).toBe('yes');
  });

  it('too soon within 2 moves of each side after one’s last request, then allowed again', () => {
    // First asked at ply 5 (or a takeback returned there): refused up to ply 8, allowed from ply 9.
    for (const ply of [5, 6, 7, 8]) expect(canAskTakeback({ ply, turn: ply % 2 === 0 ? 'first' : 'second', takebackAt: [5, null] }, 0)).toBe('too-soon');
    expect(canAskTakeback({ ply: 9, turn: 'second', takebackAt: [5, null] }, 0)).toBe('yes');
    // The other side's request does not count against this one.
    expect(canAskTakeback({ ply: 6, turn: 'first', takebackAt: [5, null] }, 1)).toBe('yes');
  });
});
