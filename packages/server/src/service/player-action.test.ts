import { describe, expect, it } from 'vitest';
import { DRAW_OPS, type GameView } from '@youzai/protocol';
import { err, ok } from '@youzai/rules';
import type { PlayerAction } from './game-service.ts';
import { actFor, drawAction } from './player-action.ts';

const view = { id: 'g1', ply: 3 } as unknown as GameView;

function games(answer: string | null) {
  const seen: PlayerAction[] = [];
  return {
    seen,
    act: async (_id: string, _user: string, a: PlayerAction) => {
      seen.push(a);
      return answer === null ? ok(true as const) : err(answer, 'refused');
    },
    view: async (id: string) => (id === 'g1' ? { view, v: 7, you: 'first' as const, extras: { invite: null, challenge: null }, spectators: 0 } : null),
  };
}

describe('a player acting, over the socket or HTTP', () => {
  it('maps every draw operation onto its own action', () => {
    expect(DRAW_OPS.map((op) => drawAction(op).type)).toEqual(['draw-offer', 'draw-accept', 'draw-decline', 'draw-claim']);
  });

  it('answers a refusal with the game as it is now', async () => {
    const g = games('game.stale');
    expect(await actFor(g, 'g1', 'u', { type: 'move', uci: 'h3e3', ply: 0 })).toEqual({
      ok: false,
      error: { code: 'game.stale', message: 'refused' },
      state: { v: 7, view, you: 'first' },
    });
    expect(g.seen).toEqual([{ type: 'move', uci: 'h3e3', ply: 0 }]);
  });

  it('has no state to give for a missing game or one the player has no part in, and none after success', async () => {
    expect(await actFor(games('game.not-found'), 'g1', 'u', { type: 'resign' })).toMatchObject({ ok: false, state: null });
    expect(await actFor(games('game.forbidden'), 'g1', 'u', { type: 'resign' })).toMatchObject({ ok: false, state: null });
    expect(await actFor(games(null), 'g1', 'u', drawAction('offer'))).toEqual({ ok: true });
  });
});
