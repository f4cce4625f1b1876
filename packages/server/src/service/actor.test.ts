import { describe, expect, it } from 'vitest';
import { Game } from '@youzai/game';
import type { GameEvent } from '@youzai/protocol';
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

const offer: GameEvent = { type: 'draw-offer', by: 'first' };
const declined: GameEvent = { type: 'draw-declined', by: 'second' };
const frame = (v: number, events: readonly GameEvent[]) => JSON.stringify({ t: 'events', game: 'g1', v, events, now: v });

describe('game actor history', () => {
  it('keeps whole versions, one frame each: a catch-up gets every version since, or a full frame', () => {
    const a = actor(0);
    // Version 1 has two events; then single-event versions until the oldest must go.
    a.remember(1, frame(1, [offer, declined]));
    for (let v = 2; v <= HISTORY_LIMIT; v++) a.remember(v, frame(v, [offer]));
    expect(a.history).toHaveLength(HISTORY_LIMIT);
    expect(a.history[0]).toEqual({ v: 1, frame: frame(1, [offer, declined]) });
    (a.row as { version: number }).version = HISTORY_LIMIT;
    expect(a.since(0)!.map((f) => f.v)).toEqual(Array.from({ length: HISTORY_LIMIT }, (_, i) => i + 1));
    // One more version pushes version 1 out, both of its events at once.
    a.remember(HISTORY_LIMIT + 1, frame(HISTORY_LIMIT + 1, [offer]));
    (a.row as { version: number }).version = HISTORY_LIMIT + 1;
    expect(a.history).toHaveLength(HISTORY_LIMIT);
    expect(a.history[0]!.v).toBe(2);
    expect(a.since(0)).toBeNull(); // too far back: a full frame
    expect(a.since(1)!.map((f) => f.v)[0]).toBe(2);
    expect(a.since(HISTORY_LIMIT + 1)).toEqual([]);
  });
});
