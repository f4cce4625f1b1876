/** Takebacks: the game returns to the start of the asker's last turn, clocks and Xiangqi runs and counters exactly as they were. */
import { describe, expect, it } from 'vitest';
import { apply } from './apply.ts';
import type { ClockConfig } from './clock.ts';
import { Game, type GameAction, type GameSetup, type Seat } from './game.ts';

const alice: Seat = { userId: 'u1', name: 'alice', kind: 'human' };
const bob: Seat = { userId: 'u2', name: 'bob', kind: 'human' };
const engine: Seat = { userId: 'engine', name: 'Máy', kind: 'engine', level: 1 };
const fischer: ClockConfig = { kind: 'fischer', baseMs: 60_000, incrementMs: 1_000 };
// Red's chariot chases Black's horse (a run of chases toward the perpetual-chase limit of 6).
const HORSE_HUNT = '5k3/9/1n7/9/9/9/9/7c1/9/R2K5 w - - 0 1';
const CYCLE = ['a1b1', 'b8a6', 'b1a1', 'a6b8'];

function start(over: Partial<GameSetup> = {}, seats: [Seat, Seat] = [alice, bob]): Game {
  const r = Game.create({ id: 'g1', variant: 'xiangqi', fen: HORSE_HUNT, clock: fischer, rated: false, createdAt: 0, ...over }, seats, 0);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

function must(g: Game, a: GameAction, now: number) {
  const r = apply(g, a, now);
  if (!r.ok) throw new Error(`${a.type}: ${r.error.code} ${r.error.message}`);
  return r.value;
}

/** Plays `ucis` from the game's ply, one every `step` ms after `at`; returns the game and the time of the last move. */
function play(g: Game, ucis: readonly string[], at: number, step = 3_000): Game {
  let game = g;
  ucis.forEach((uci, i) => {
    game = must(game, { type: 'move', by: game.turn, uci, ply: game.ply }, at + i * step).game;
  });
  return game;
}

describe('takeback', () => {
  it("the opponent accepts: the asker's move and the reply are gone; clocks, runs and counters are as that turn began", () => {
    // Four plies of the chase, then Red's turn begins at 10_000 + 3 × 3_000 = 19_000.
    const atTurn = play(start(), CYCLE, 10_000);
    const turnBegan = 19_000;
    const before = atTurn.view(turnBegan);
    expect(before.referee.runs?.[0]).toMatchObject({ kind: 'chase', length: 2 });
    // Red chases again (a run of 3), Black replies; Red asks to take both back.
    const later = play(atTurn, ['a1b1', 'b8a6'], 25_000, 7_000);
    expect(later.view(40_000).referee.runs?.[0]).toMatchObject({ length: 3 });
    const asked = must(later, { type: 'takeback-offer', by: 0 }, 40_000);
    expect(asked.events).toEqual([{ type: 'takeback-offer', by: 0 }]);
    expect(asked.game.view(40_000).takebackOffer).toBe(0);
    // Only the other side answers.
    expect(apply(asked.game, { type: 'takeback-accept', by: 0 }, 41_000)).toMatchObject({ ok: false, error: { code: 'takeback.no-request' } });
    const back = must(asked.game, { type: 'takeback-accept', by: 1 }, 50_000);
    const g = back.game;
    expect(g.ply).toBe(4);
    expect(g.moves).toEqual(atTurn.moves);
    // The clock is the one stored as Red's turn began, its time counting from the takeback.
    expect(g.snapshot.clock).toEqual({ ...atTurn.snapshot.clock, since: 50_000 });
    const after = g.view(50_000);
    expect(after.clock.remainingMs).toEqual(before.clock.remainingMs);
    expect(after.referee).toEqual(before.referee);
    expect(after.fen).toBe(before.fen);
    expect(after.takebackOffer).toBeNull();
    expect(back.events).toEqual([{ type: 'takeback', by: 0, ply: 4, fen: before.fen, check: false, clock: after.clock, firstMoveDeadline: null }]);
    // The run goes on from where it was: the 7th chase still loses at ply 13, as in a game without the takeback.
    const replayed = play(g, [...CYCLE, ...CYCLE], 51_000, 1_000);
    expect(replayed.view(70_000).referee.runs?.[0]).toMatchObject({ kind: 'chase', length: 6 });
    const lost = must(replayed, { type: 'move', by: 0, uci: 'a1b1', ply: 12 }, 70_000);
    expect(lost.events.at(-1)).toMatchObject({ type: 'end', verdict: { reason: 'perpetual-chase', winner: 1 } });
  });

  it("asked on the opponent's turn, only the asker's move goes; a byo-yomi clock gets its periods back", () => {
    const byo: ClockConfig = { kind: 'byoyomi', baseMs: 5_000, periods: 3, periodMs: 10_000 };
    // Red spends its main time and a period on the third ply (two moves in: both clocks run).
    const opened = play(start({ clock: byo }), CYCLE.slice(0, 2), 1_000, 1_000);
    const red = opened.snapshot.clock;
    const spent = must(opened, { type: 'move', by: 0, uci: 'b1a1', ply: 2 }, 2_000 + 17_000).game;
    expect(spent.snapshot.clock.periodsLeft).toEqual([2, 3]);
    const back = must(must(spent, { type: 'takeback-offer', by: 0 }, 20_000).game, { type: 'takeback-accept', by: 1 }, 21_000).game;
    expect(back.ply).toBe(2);
    expect(back.snapshot.clock).toEqual({ ...red, since: 21_000 });
    expect(back.view(21_000).clock.periodsLeft).toEqual([3, 3]);
  });

  it('the first moves: the first-move deadline comes back with the time that was left', () => {
    const g = must(start(), { type: 'move', by: 0, uci: 'a1b1', ply: 0 }, 12_000).game;
    // Red had 30 s for its first move and used 12 of them; the takeback gives back the 30 s allowance from its start.
    const back = must(must(g, { type: 'takeback-offer', by: 0 }, 13_000).game, { type: 'takeback-accept', by: 1 }, 14_000).game;
    expect(back.ply).toBe(0);
    expect(back.snapshot.firstMoveDeadline).toBe(14_000 + 30_000);
    expect(back.snapshot.clock.running).toBeNull();
  });

  it('the opponent declines; the same player may ask again only after 2 more moves each', () => {
    const g = play(start(), CYCLE, 1_000, 1_000);
    const asked = must(g, { type: 'takeback-offer', by: 1 }, 5_000).game;
    expect(apply(asked, { type: 'takeback-offer', by: 1 }, 5_100)).toMatchObject({ ok: false, error: { code: 'takeback.already-asked' } });
    const declined = must(asked, { type: 'takeback-decline', by: 0 }, 6_000);
    expect(declined.events).toEqual([{ type: 'takeback-declined', by: 0 }]);
    expect(declined.game.view(6_000).takebackOffer).toBeNull();
    expect(declined.game.ply).toBe(4);
    expect(apply(declined.game, { type: 'takeback-offer', by: 1 }, 6_100)).toMatchObject({ ok: false, error: { code: 'takeback.too-soon' } });
    const on = play(declined.game, CYCLE, 7_000, 1_000);
    expect(must(on, { type: 'takeback-offer', by: 1 }, 12_000).events).toEqual([{ type: 'takeback-offer', by: 1 }]);
  });

  it('a move answers a standing request: it is withdrawn', () => {
    const g = play(start(), CYCLE.slice(0, 1), 1_000);
    const asked = must(g, { type: 'takeback-offer', by: 0 }, 2_000).game;
    const moved = must(asked, { type: 'move', by: 1, uci: 'b8a6', ply: 1 }, 3_000).game;
    expect(moved.view(3_000).takebackOffer).toBeNull();
    expect(apply(moved, { type: 'takeback-accept', by: 1 }, 3_100)).toMatchObject({ ok: false, error: { code: 'takeback.no-request' } });
  });

  it('nothing to take back before one has moved', () => {
    const g = play(start(), CYCLE.slice(0, 1), 1_000);
    expect(apply(g, { type: 'takeback-offer', by: 1 }, 2_000)).toMatchObject({ ok: false, error: { code: 'takeback.nothing' } });
  });

  it('rated games refuse takebacks with a code, and keep no turn history', () => {
    const g = play(start({ rated: true }), CYCLE, 1_000, 1_000);
    expect(apply(g, { type: 'takeback-offer', by: 0 }, 6_000)).toMatchObject({ ok: false, error: { code: 'takeback.rated' } });
    expect(g.snapshot.turnStarts).toBeUndefined();
    expect(g.view(6_000).takebacks).toBe(false);
  });

  it('tournament games refuse takebacks, casual or rated, and keep no turn history', () => {
    for (const rated of [false, true]) {
      const g = play(start({ rated, tournament: true }), CYCLE, 1_000, 1_000);
      expect(apply(g, { type: 'takeback-offer', by: 0 }, 6_000)).toMatchObject({ ok: false, error: { code: 'takeback.tournament' } });
      expect(g.snapshot.turnStarts).toBeUndefined();
      expect(g.view(6_000).takebacks).toBe(false);
    }
    // The same casual game outside a tournament allows them.
    const casual = play(start({ tournament: false }), CYCLE, 1_000, 1_000);
    expect(casual.view(6_000).takebacks).toBe(true);
    expect(apply(casual, { type: 'takeback-offer', by: 0 }, 6_000)).toMatchObject({ ok: true });
  });

  it('the computer accepts at once; a move it chose for the position taken back is stale', () => {
    const g = play(start({}, [alice, engine]), CYCLE.slice(0, 3), 1_000);
    // The computer is thinking about the position after Red's b1a1.
    const thinking = g.view(8_000).fen;
    const back = must(g, { type: 'takeback-offer', by: 0 }, 8_000);
    expect(back.events.map((e) => e.type)).toEqual(['takeback']);
    expect(back.game.ply).toBe(2);
    // Red plays another move at the same ply: the computer's answer for the old position is refused.
    const other = must(back.game, { type: 'move', by: 0, uci: 'b1b2', ply: 2 }, 9_000).game;
    expect(other.ply).toBe(3);
    expect(apply(other, { type: 'move', by: 1, uci: 'a6b8', ply: 3, position: thinking }, 9_500)).toMatchObject({
      ok: false,
      error: { code: 'game.stale' },
    });
    expect(must(other, { type: 'move', by: 1, uci: 'a6b8', ply: 3, position: other.view(9_500).fen }, 9_500).game.ply).toBe(4);
  });

  it('survives a restart: the stored snapshot (as JSON) and the moves take back the same way', () => {
    const g = play(start(), [...CYCLE, 'a1b1', 'b8a6'], 1_000, 1_000);
    const stored = JSON.parse(JSON.stringify(g.snapshot));
    const restored = Game.restore(stored, g.moves, 10_000);
    if (!restored.ok) throw new Error(restored.error.message);
    const direct = must(must(g, { type: 'takeback-offer', by: 0 }, 10_000).game, { type: 'takeback-accept', by: 1 }, 10_000).game;
    const again = must(must(restored.value, { type: 'takeback-offer', by: 0 }, 10_000).game, { type: 'takeback-accept', by: 1 }, 10_000).game;
    expect(again.ply).toBe(4);
    // A restart marks both players away until they come back; everything else is the same.
    expect({ ...again.view(10_000), disconnectedSince: null }).toEqual({ ...direct.view(10_000), disconnectedSince: null });
    expect(again.snapshot.clock).toEqual(direct.snapshot.clock);
  });
});
