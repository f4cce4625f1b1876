/** Berserk in an arena tournament's game: half the clock, no increment, before one's first move, once. */
import { describe, expect, it } from 'vitest';
import { apply } from './apply.ts';
import type { ClockConfig } from './clock.ts';
import { Game, type GameAction, type GameSetup, type Seat } from './game.ts';

const alice: Seat = { userId: 'u1', name: 'alice', kind: 'human' };
const bob: Seat = { userId: 'u2', name: 'bob', kind: 'human' };
const fischer: ClockConfig = { kind: 'fischer', baseMs: 60_000, incrementMs: 2_000 };

function create(over: Partial<GameSetup> = {}): Game {
  const r = Game.create({ id: 'g1', variant: 'xiangqi', fen: null, clock: fischer, rated: false, createdAt: 0, berserkable: true, ...over }, [alice, bob], 0);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

function step(g: Game, a: GameAction, now: number) {
  const r = apply(g, a, now);
  if (!r.ok) throw new Error(`${a.type}: ${r.error.code} ${r.error.message}`);
  return r.value;
}

const code = (g: Game, a: GameAction, now = 100) => {
  const r = apply(g, a, now);
  return r.ok ? 'ok' : r.error.code;
};

describe('berserk', () => {
  it('halves the clock of the side that asks, is announced with the clock, and shows in the view', () => {
    const g = create();
    const { game, events } = step(g, { type: 'berserk', by: 0 }, 100);
    expect(events).toEqual([{ type: 'berserk', by: 0, clock: expect.objectContaining({ remainingMs: [30_000, 60_000], at: 100 }) }]);
    expect(game.view(100)).toMatchObject({ berserkable: true, berserk: [true, false], clock: { remainingMs: [30_000, 60_000] } });
    expect(game.snapshot.clock.berserk).toEqual([true, false]);
    // The other side may still go berserk, after the first mover's first move too.
    const moved = step(game, { type: 'move', by: 0, uci: 'h3e3', ply: 0 }, 200).game;
    const both = step(moved, { type: 'berserk', by: 1 }, 300).game;
    expect(both.view(300)).toMatchObject({ berserk: [true, true], clock: { remainingMs: [30_000, 30_000] } });
  });

  it('takes away the increment of the berserk side only', () => {
    let g = step(create(), { type: 'berserk', by: 0 }, 0).game;
    g = step(g, { type: 'move', by: 0, uci: 'h3e3', ply: 0 }, 500).game;
    g = step(g, { type: 'move', by: 1, uci: 'h10g8', ply: 1 }, 1_000).game;
    // Red's clock runs from 1 000: 4 s spent, no increment.
    g = step(g, { type: 'move', by: 0, uci: 'b3c3', ply: 2 }, 5_000).game;
    expect(g.snapshot.clock.mainMs[0]).toBe(26_000);
    // Black's runs from 5 000: 4 s spent, 2 s back.
    g = step(g, { type: 'move', by: 1, uci: 'b10c8', ply: 3 }, 9_000).game;
    expect(g.snapshot.clock.mainMs[1]).toBe(58_000);
  });

  it('a berserk side flags on its halved time', () => {
    let g = step(create({ clock: { kind: 'fischer', baseMs: 60_000, incrementMs: 0 } }), { type: 'berserk', by: 0 }, 0).game;
    g = step(g, { type: 'move', by: 0, uci: 'h3e3', ply: 0 }, 500).game;
    g = step(g, { type: 'move', by: 1, uci: 'h10g8', ply: 1 }, 1_000).game;
    expect(g.nextDeadline()).toBe(31_000);
  });

  it('is refused outside an arena tournament game, after the first move, twice, and once the game is over', () => {
    expect(code(create({ berserkable: undefined }), { type: 'berserk', by: 0 })).toBe('berserk.not-offered');
    expect(code(create({ berserkable: false }), { type: 'berserk', by: 1 })).toBe('berserk.not-offered');
    const once = step(create(), { type: 'berserk', by: 1 }, 50).game;
    expect(code(once, { type: 'berserk', by: 1 })).toBe('berserk.already');
    const red = step(create(), { type: 'move', by: 0, uci: 'h3e3', ply: 0 }, 50).game;
    expect(code(red, { type: 'berserk', by: 0 })).toBe('berserk.too-late');
    const black = step(red, { type: 'move', by: 1, uci: 'h10g8', ply: 1 }, 60).game;
    expect(code(black, { type: 'berserk', by: 1 })).toBe('berserk.too-late');
    const over = step(create(), { type: 'resign', by: 0 }, 50).game;
    expect(code(over, { type: 'berserk', by: 1 })).toBe('game.over');
    // A refusal changes nothing.
    expect(red.snapshot.clock.mainMs).toEqual([60_000, 60_000]);
  });

  it('keeps byo-yomi periods and halves only the main time', () => {
    const g = create({ clock: { kind: 'byoyomi', baseMs: 300_000, periods: 3, periodMs: 30_000 } });
    const v = step(g, { type: 'berserk', by: 1 }, 0).game.view(0);
    expect(v.clock.remainingMs).toEqual([390_000, 150_000 + 90_000]);
    expect(v.clock.periodsLeft).toEqual([3, 3]);
  });

  it('a game that does not offer berserk shows it', () => {
    expect(create({ berserkable: undefined }).view(0)).toMatchObject({ berserkable: false, berserk: [false, false] });
  });
});
