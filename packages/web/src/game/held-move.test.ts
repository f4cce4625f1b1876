import { describe, expect, it } from 'vitest';
import { SIDES } from '@youzai/rules';
import { settleHeld } from './held-move.ts';

const view = (moves: string[], over: Partial<{ status: 'active' | 'finished'; turn: 0 | 1 }> = {}) => ({
  moves,
  ply: moves.length,
  turn: SIDES[over.turn ?? ((moves.length % 2) as 0 | 1)],
  status: over.status ?? ('active' as const),
});

describe('a move held while the connection is down', () => {
  it('is sent when it is still the player’s turn at the ply it answered', () => {
    expect(settleHeld({ uci: 'b1c3', ply: 2 }, view(['h3e3', 'h10g8']), 'first')).toBe('send');
  });
  it('is already played when the server has it at that ply (only the answer was lost)', () => {
    expect(settleHeld({ uci: 'b1c3', ply: 2 }, view(['h3e3', 'h10g8', 'b1c3']), 'first')).toBe('played');
  });
  it('is stale when the game moved on: another move at that ply, a takeback, an end', () => {
    expect(settleHeld({ uci: 'b1c3', ply: 2 }, view(['h3e3', 'h10g8', 'h1g3']), 'first')).toBe('stale');
    expect(settleHeld({ uci: 'b1c3', ply: 2 }, view(['h3e3']), 'first')).toBe('stale');
    expect(settleHeld({ uci: 'b1c3', ply: 2 }, view(['h3e3', 'h10g8'], { status: 'finished' }), 'first')).toBe('stale');
    expect(settleHeld({ uci: 'b1c3', ply: 2 }, view(['h3e3', 'h10g8']), null)).toBe('stale');
  });
});
