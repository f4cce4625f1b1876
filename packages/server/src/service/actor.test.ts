import { describe, expect, it } from 'vitest';
import { Game, type GameEvent } from '@youzai/game';
import type { GameRow } from '../store/types.ts';
import { GameActor, HISTORY_LIMIT } from './actor.ts';

function actor(version: number): GameActor {
  const g = Game.create(
    { id: 'g1', variant: 'xiangqi', fen: null, clock: { kind: 'fischer', baseMs: 60_000, incrementMs: 0 }, rated: false, createdAt: 0 },
    [null, null],
    0,
  );
  if (!g.ok) throw new Error(g.error.message);
  return new GameActor(g.value, { version } as GameRow, {} as GameActor['extras']);
}

const offer: GameEvent = { type: 'draw-offer', by: 0 };
const declined: GameEvent = { type: 'draw-declined', by: 1 };

describe('game actor history', () => {
  it('keeps whole versions only: a catch-up gets all of a version or a full frame', () => {
    const a = actor(0);
    // Version 1 has two events; then single-event versions until the oldest must go.
    a.remember(1, [offer, declined], 0);
    for (let v = 2; v < HISTORY_LIMIT; v++) a.remember(v, [offer], v);
    expect(a.history).toHaveLength(HISTORY_LIMIT);
    expect(a.history[0]!.v).toBe(1);
    // One more event pushes out one of version 1's two events: the other must go too.
    a.remember(HISTORY_LIMIT, [offer], 99);
    expect(a.history[0]!.v).toBe(2);
    expect(a.history.filter((e) => e.v === 1)).toHaveLength(0);
    (a.row as { version: number }).version = HISTORY_LIMIT;
    expect(a.since(0)).toBeNull(); // too far back: a full frame
    expect(a.since(1)!.map((e) => e.v)[0]).toBe(2);
  });
});
