import { describe, expect, it } from 'vitest';
import { DEFAULT_CONDUCT, Game, apply, type GameEvent } from '@youzai/game';
import { wireEvent, wireView } from './wire.ts';

const seat = (userId: string) => ({ userId, name: userId, kind: 'human' as const });

function played(): { game: Game; events: GameEvent[] } {
  const created = Game.create(
    { id: 'wire0001', variant: 'xiangqi', fen: null, clock: { kind: 'fischer', baseMs: 60_000, incrementMs: 0 }, rated: false, createdAt: 0 },
    [seat('a'), seat('b')],
    0,
    DEFAULT_CONDUCT,
  );
  if (!created.ok) throw new Error(created.error.message);
  let game = created.value;
  const events: GameEvent[] = [];
  for (const [i, uci] of ['h3e3', 'h10g8'].entries()) {
    const r = apply(game, { type: 'move', by: (i % 2) as 0 | 1, uci, ply: i }, 1000 * (i + 1));
    if (!r.ok) throw new Error(r.error.message);
    game = r.value.game;
    events.push(...r.value.events);
  }
  const resigned = apply(game, { type: 'resign', by: 0 }, 5000);
  if (!resigned.ok) throw new Error(resigned.error.message);
  return { game: resigned.value.game, events: [...events, ...resigned.value.events] };
}

describe('the wire edge', () => {
  it('carries every field of a view, and survives JSON', () => {
    const { game } = played();
    const view = game.view(6000);
    const wire = wireView(view);
    expect(Object.keys(wire).sort()).toEqual(Object.keys(view).sort());
    expect(JSON.parse(JSON.stringify(wire))).toEqual(wire);
    expect(wire).toMatchObject({
      status: 'finished',
      ply: 2,
      moves: ['h3e3', 'h10g8'],
      verdict: { reason: 'resignation', winner: 'second', params: { side: 'first' } },
    });
    // Sides leave by name, every one of them.
    expect(wire).toMatchObject({ turn: 'first', drawOffer: null, clock: { running: null } });
  });

  it('maps each kind of event by name', () => {
    const { events } = played();
    const wire = events.map(wireEvent);
    expect(wire.map((e) => e.type)).toEqual(['move', 'move', 'end']);
    expect(wire[0]).toMatchObject({ type: 'move', ply: 1, uci: 'h3e3', check: false });
    // Clocks run once both sides have moved: then Red's, by name.
    expect(wire[1]).toMatchObject({ type: 'move', ply: 2, clock: { running: 'first' } });
    expect(wire[2]).toMatchObject({ type: 'end', verdict: { winner: 'second', params: { side: 'first' } } });
    expect(JSON.parse(JSON.stringify(wire))).toEqual(wire);
  });
});
