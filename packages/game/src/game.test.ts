/** Scenario tests of the game reducer with fake time. */
import { describe, expect, it } from 'vitest';
import { apply } from './apply.ts';
import type { ClockConfig } from './clock.ts';
import { Game, type GameAction, type GameSetup, type Seat } from './game.ts';

const alice: Seat = { userId: 'u1', name: 'alice', kind: 'human' };
const bob: Seat = { userId: 'u2', name: 'bob', kind: 'human' };
const fischer: ClockConfig = { kind: 'fischer', baseMs: 60_000, incrementMs: 1_000 };

/** A game at a table: each accepted action replaces it with the next one, as the server does once a change is stored. */
class Table {
  constructor(public game: Game) {}
  /** The action's outcome; the table moves on only when it is accepted. */
  apply(a: GameAction, now: number) {
    const r = apply(this.game, a, now);
    if (r.ok) this.game = r.value.game;
    return r.ok ? { ok: true as const, value: r.value.events } : r;
  }
  get status() {
    return this.game.status;
  }
  get snapshot() {
    return this.game.snapshot;
  }
  get moves() {
    return this.game.moves;
  }
  view(now: number) {
    return this.game.view(now);
  }
  nextDeadline() {
    return this.game.nextDeadline();
  }
  movesThatViolate() {
    return this.game.movesThatViolate();
  }
}

function create(over: Partial<GameSetup> = {}, seats: [Seat | null, Seat | null] = [alice, bob], now = 0): Game {
  const r = Game.create({ id: 'g1', variant: 'xiangqi', fen: null, clock: fischer, rated: false, createdAt: 0, ...over }, seats, now);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

function newGame(over: Partial<GameSetup> = {}, seats: [Seat | null, Seat | null] = [alice, bob], now = 0): Table {
  return new Table(create(over, seats, now));
}

function must(g: Table, a: GameAction, now: number) {
  const r = g.apply(a, now);
  if (!r.ok) throw new Error(`${a.type}: ${r.error.code} ${r.error.message}`);
  return r.value;
}

/** Plays the two untimed first moves; the clock then runs for Red from `at`. */
function opening(g: Table, at = 1_000): void {
  must(g, { type: 'move', by: 0, uci: 'h3e3', ply: 0 }, at - 500);
  must(g, { type: 'move', by: 1, uci: 'h10g8', ply: 1 }, at);
}

describe('game start and first moves', () => {
  it('starts when both seats are filled; an invitation seat is taken by joining', () => {
    const g = newGame({}, [alice, null]);
    expect(g.status).toBe('waiting');
    const ev = must(g, { type: 'join', seat: bob, color: 1 }, 5_000);
    expect(ev[0]?.type).toBe('started');
    expect(g.status).toBe('active');
    expect(g.apply({ type: 'join', seat: bob, color: 1 }, 5_001).ok).toBe(false);
  });

  it('a first move not made within 30 s aborts the game', () => {
    const g = newGame();
    expect(g.nextDeadline()).toBe(30_000);
    expect(must(g, { type: 'tick' }, 29_999)).toEqual([]);
    const ev = must(g, { type: 'tick' }, 30_000);
    expect(ev[0]).toMatchObject({ type: 'end', status: 'aborted', verdict: { reason: 'no-first-move' } });
  });

  it("Black gets 30 s for its first move from Red's first move; clocks run only after both", () => {
    const g = newGame();
    must(g, { type: 'move', by: 0, uci: 'h3e3', ply: 0 }, 20_000);
    expect(g.nextDeadline()).toBe(50_000);
    must(g, { type: 'move', by: 1, uci: 'h10g8', ply: 1 }, 49_000);
    expect(g.snapshot.clock.mainMs).toEqual([60_000, 60_000]);
    expect(g.nextDeadline()).toBe(49_000 + 60_000);
  });
});

describe('moves', () => {
  it('rejects a stale ply, a move out of turn and an illegal move, leaving the game unchanged', () => {
    const g = newGame();
    opening(g);
    const before = JSON.stringify(g.view(2_000));
    expect(g.apply({ type: 'move', by: 0, uci: 'b1c3', ply: 1 }, 2_000)).toMatchObject({ ok: false, error: { code: 'game.stale' } });
    expect(g.apply({ type: 'move', by: 1, uci: 'b10c8', ply: 2 }, 2_000)).toMatchObject({ ok: false, error: { code: 'game.not-your-turn' } });
    expect(g.apply({ type: 'move', by: 0, uci: 'a1a5', ply: 2 }, 2_000)).toMatchObject({ ok: false, error: { code: 'move.illegal' } });
    expect(g.apply({ type: 'move', by: 0, uci: 'zz', ply: 2 }, 2_000)).toMatchObject({ ok: false, error: { code: 'move.syntax' } });
    expect(JSON.stringify(g.view(2_000))).toBe(before);
  });

  it('charges the mover and adds the increment', () => {
    const g = newGame();
    opening(g, 1_000);
    must(g, { type: 'move', by: 0, uci: 'b1c3', ply: 2 }, 11_000);
    expect(g.snapshot.clock.mainMs).toEqual([51_000, 60_000]);
    expect(g.moves.at(-1)).toEqual({ uci: 'b1c3', at: 11_000, clockMs: 51_000 });
    expect(g.view(15_000).clock.remainingMs).toEqual([51_000, 56_000]);
  });
});

describe('time', () => {
  it('flags the side to move even with nobody connected; the opponent wins', () => {
    const g = newGame();
    opening(g, 1_000);
    expect(g.nextDeadline()).toBe(61_000);
    const ev = must(g, { type: 'tick' }, 61_000);
    expect(ev[0]).toMatchObject({ type: 'end', verdict: { reason: 'timeout', winner: 1, result: '0-1' } });
  });

  it('a move arriving after the flag finds the game over', () => {
    const g = newGame();
    opening(g, 1_000);
    expect(g.apply({ type: 'move', by: 0, uci: 'b1c3', ply: 2 }, 61_500)).toMatchObject({ ok: false, error: { code: 'game.over' } });
    // Refused, and nothing else changed: the flag is the tick's to record (the server ticks at once).
    expect(g.status).toBe('active');
    expect(must(g, { type: 'tick' }, 61_500)[0]).toMatchObject({ type: 'end', verdict: { reason: 'timeout' } });
    expect(g.view(62_000).verdict?.reason).toBe('timeout');
  });

  it('timeout against a side that cannot win on material is a draw', () => {
    // Black has only advisors left: Red's flag is a draw.
    const g = newGame({ fen: '3ak4/4a4/9/9/9/9/9/9/4A4/3AKR3 w - - 0 1' });
    must(g, { type: 'move', by: 0, uci: 'f1f2', ply: 0 }, 100);
    must(g, { type: 'move', by: 1, uci: 'e9f8', ply: 1 }, 200);
    const ev = must(g, { type: 'tick' }, 200 + 60_000);
    expect(ev[0]).toMatchObject({ type: 'end', verdict: { reason: 'timeout', winner: null, result: '1/2-1/2' } });
  });

  it('byo-yomi: periods are used, then the side flags', () => {
    const g = newGame({ variant: 'janggi', clock: { kind: 'byoyomi', baseMs: 10_000, periods: 2, periodMs: 5_000 } });
    must(g, { type: 'move', by: 0, uci: 'a4a5', ply: 0 }, 0);
    must(g, { type: 'move', by: 1, uci: 'a7a6', ply: 1 }, 0);
    must(g, { type: 'move', by: 0, uci: 'a5b5', ply: 2 }, 16_000); // main 10 s + 6 s: one period gone
    expect(g.snapshot.clock.periodsLeft).toEqual([1, 2]);
    must(g, { type: 'move', by: 1, uci: 'a6b6', ply: 3 }, 17_000);
    expect(g.nextDeadline()).toBe(17_000 + 5_000);
    const ev = must(g, { type: 'tick' }, 22_000);
    expect(ev[0]).toMatchObject({ type: 'end', verdict: { reason: 'timeout', winner: 1 } });
  });
});

describe('offers, claims, aborts, resignation', () => {
  it('a draw offer stands until the opponent moves or answers', () => {
    const g = newGame();
    opening(g);
    must(g, { type: 'draw-offer', by: 0 }, 2_000);
    expect(g.apply({ type: 'draw-offer', by: 0 }, 2_001)).toMatchObject({ ok: false, error: { code: 'draw.already-offered' } });
    expect(g.apply({ type: 'draw-accept', by: 0 }, 2_001)).toMatchObject({ ok: false, error: { code: 'draw.no-offer' } });
    must(g, { type: 'move', by: 0, uci: 'b1c3', ply: 2 }, 3_000);
    expect(g.snapshot.drawOffer).toBe(0);
    must(g, { type: 'move', by: 1, uci: 'b10c8', ply: 3 }, 4_000);
    expect(g.snapshot.drawOffer).toBeNull();
    must(g, { type: 'draw-offer', by: 1 }, 5_000);
    must(g, { type: 'draw-decline', by: 0 }, 6_000);
    expect(g.snapshot.drawOffer).toBeNull();
    // Not again at once: one offer per player every 3 moves.
    expect(g.apply({ type: 'draw-offer', by: 1 }, 6_500)).toMatchObject({ ok: false, error: { code: 'draw.too-soon', message: /in 3 moves/ } });
    const shuffle = ['a1a2', 'a10a9', 'a2a1', 'a9a10', 'a1a2'];
    for (const [i, uci] of shuffle.entries()) must(g, { type: 'move', by: (i % 2) as 0 | 1, uci, ply: 4 + i }, 6_600 + i);
    expect(g.apply({ type: 'draw-offer', by: 1 }, 6_700)).toMatchObject({ ok: false, error: { code: 'draw.too-soon', message: /in 1 move$/ } });
    must(g, { type: 'move', by: 1, uci: 'a10a9', ply: 9 }, 6_800);
    must(g, { type: 'draw-offer', by: 1 }, 7_000);
    const ev = must(g, { type: 'draw-accept', by: 0 }, 8_000);
    expect(ev[0]).toMatchObject({ type: 'end', verdict: { reason: 'agreement', result: '1/2-1/2' } });
  });

  it('abort only before both sides have moved', () => {
    const a = newGame();
    must(a, { type: 'move', by: 0, uci: 'h3e3', ply: 0 }, 100);
    expect(must(a, { type: 'abort', by: 1 }, 200)[0]).toMatchObject({ type: 'end', status: 'aborted' });
    const b = newGame();
    opening(b);
    expect(b.apply({ type: 'abort', by: 0 }, 2_000)).toMatchObject({ ok: false, error: { code: 'abort.too-late' } });
  });

  it('resignation ends the game for the other side', () => {
    const g = newGame();
    opening(g);
    expect(must(g, { type: 'resign', by: 1 }, 2_000)[0]).toMatchObject({ type: 'end', verdict: { reason: 'resignation', winner: 0 } });
    expect(g.apply({ type: 'resign', by: 0 }, 2_001)).toMatchObject({ ok: false, error: { code: 'game.over' } });
  });

  it('a rated game decided before each side made two moves is aborted as too short; from the fourth ply it counts', () => {
    for (const [plies, ends] of [
      [0, { type: 'resign', by: 0 }],
      [2, { type: 'resign', by: 1 }],
      [3, { type: 'draw-offer', by: 0 }],
    ] as const) {
      const g = newGame({ rated: true });
      const line = ['h3e3', 'h10g8', 'b1c3'];
      for (let ply = 0; ply < plies; ply++) must(g, { type: 'move', by: (ply % 2) as 0 | 1, uci: line[ply]!, ply }, 100 * (ply + 1));
      if (ends.type === 'draw-offer') must(g, ends, 1_000);
      const ev = must(g, ends.type === 'draw-offer' ? { type: 'draw-accept', by: 1 } : ends, 1_000);
      expect(ev[0]).toMatchObject({ type: 'end', status: 'aborted', verdict: { reason: 'too-short', winner: null } });
      expect(g.status).toBe('aborted');
      expect(g.snapshot.verdict!.code).toBe('too-short');
      expect(g.snapshot.verdict!.params.was).toBe(ends.type === 'resign' ? 'resignation' : 'agreement');
    }
    // A flag after the first two moves, before the fourth ply: too short as well.
    const f = newGame({ rated: true });
    opening(f);
    expect(must(f, { type: 'tick' }, 1_000 + 60_000)[0]).toMatchObject({ status: 'aborted', verdict: { reason: 'too-short' } });
    const g = newGame({ rated: true });
    opening(g);
    must(g, { type: 'move', by: 0, uci: 'b1c3', ply: 2 }, 3_000);
    must(g, { type: 'move', by: 1, uci: 'b10c8', ply: 3 }, 4_000);
    expect(must(g, { type: 'resign', by: 1 }, 5_000)[0]).toMatchObject({ status: 'finished', verdict: { reason: 'resignation', winner: 0 } });
    // A casual game keeps its result whenever it ends.
    const c = newGame();
    expect(must(c, { type: 'resign', by: 0 }, 100)[0]).toMatchObject({ status: 'finished', verdict: { reason: 'resignation', winner: 1 } });
  });

  it('the Xiangqi draw claim needs 120 plies without a capture', () => {
    const g = newGame();
    opening(g);
    expect(g.apply({ type: 'draw-claim', by: 0 }, 2_000)).toMatchObject({ ok: false, error: { code: 'draw.not-claimable' } });
  });

  it('disconnection: the opponent may claim after the grace, not before; reconnecting resets it', () => {
    const g = newGame({ clock: { kind: 'fischer', baseMs: 600_000, incrementMs: 0 } });
    opening(g);
    must(g, { type: 'connection', color: 1, connected: false }, 10_000);
    expect(g.apply({ type: 'claim-victory', by: 0 }, 69_999)).toMatchObject({ ok: false, error: { code: 'claim.not-available' } });
    must(g, { type: 'connection', color: 1, connected: true }, 20_000);
    expect(g.apply({ type: 'claim-victory', by: 0 }, 80_000)).toMatchObject({ ok: false, error: { code: 'claim.not-available' } });
    must(g, { type: 'connection', color: 1, connected: false }, 21_000);
    expect(must(g, { type: 'claim-victory', by: 0 }, 81_000)[0]).toMatchObject({ type: 'end', verdict: { reason: 'abandonment', winner: 0 } });
  });

  it('a claim against a disconnected side is a draw when the claimant cannot win on material', () => {
    const g = newGame({ fen: '3ak4/4a4/9/9/9/9/9/9/4A4/3AKR3 w - - 0 1', clock: { kind: 'fischer', baseMs: 600_000, incrementMs: 0 } });
    must(g, { type: 'move', by: 0, uci: 'f1f2', ply: 0 }, 100);
    must(g, { type: 'move', by: 1, uci: 'e9f8', ply: 1 }, 200);
    must(g, { type: 'connection', color: 0, connected: false }, 300);
    expect(must(g, { type: 'claim-victory', by: 1 }, 60_300)[0]).toMatchObject({ type: 'end', verdict: { reason: 'abandonment', winner: null } });
  });

  it('a game restored after a restart does not charge the downtime', () => {
    const g = newGame();
    opening(g, 1_000);
    must(g, { type: 'move', by: 0, uci: 'b1c3', ply: 2 }, 5_000); // Black's clock runs from 5 s
    const restored = Game.restore(g.snapshot, g.moves, 500_000);
    if (!restored.ok) throw new Error(restored.error.message);
    const r = restored.value;
    expect(r.ply).toBe(3);
    expect(r.view(500_000).clock.remainingMs[1]).toBe(60_000);
    expect(r.nextDeadline()).toBe(560_000);
    expect(apply(r, { type: 'move', by: 1, uci: 'b10c8', ply: 3 }, 510_000).ok).toBe(true);
  });
});

describe('computer guard', () => {
  it('lists the moves that would lose by a run limit, and only at the limit', () => {
    const g = newGame({ fen: '3k5/9/9/9/9/9/9/9/9/4K3R w - - 0 1', clock: { kind: 'fischer', baseMs: 600_000, incrementMs: 0 } });
    const line = 'i1i10 d10d9 i10i9 d9d10 i9i10 d10d9 i10i9 d9d10 i9i10 d10d9 i10i9 d9d10'.split(' ');
    line.forEach((uci, ply) => {
      if (ply === 10) expect(g.movesThatViolate()).toEqual([]); // Red has checked 5 times: below its limit
      must(g, { type: 'move', by: (ply % 2) as 0 | 1, uci, ply }, 1_000 + ply);
    });
    expect(g.movesThatViolate()).toContain('i9i10');
    expect(g.movesThatViolate()).not.toContain('i9i8');
  });
});

describe('the reducer is pure', () => {
  it('a refused action returns an error and leaves the game as it was', () => {
    const g = newGame();
    opening(g);
    const game = g.game;
    const before = JSON.stringify({ view: game.view(2_000), data: game.data, moves: game.moves });
    for (const a of [
      { type: 'move', by: 0, uci: 'a1a5', ply: 2 },
      { type: 'move', by: 1, uci: 'b10c8', ply: 2 },
      { type: 'draw-accept', by: 0 },
      { type: 'abort', by: 0 },
    ] as const) {
      expect(apply(game, a, 2_000).ok).toBe(false);
    }
    expect(JSON.stringify({ view: game.view(2_000), data: game.data, moves: game.moves })).toBe(before);
    expect(Object.isFrozen(game)).toBe(true);
  });

  it('an accepted action leaves the game it was applied to as it was', () => {
    const game = create();
    const before = JSON.stringify(game.view(0));
    const r = apply(game, { type: 'move', by: 0, uci: 'h3e3', ply: 0 }, 500);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.game.ply).toBe(1);
    expect(r.value.events.map((e) => e.type)).toEqual(['move']);
    expect(game.ply).toBe(0);
    expect(JSON.stringify(game.view(0))).toBe(before);
  });

  it('a game kept after its successor was dropped (a failed store write) plays on from its own position', () => {
    const game = create();
    const dropped = apply(game, { type: 'move', by: 0, uci: 'h3e3', ply: 0 }, 500);
    expect(dropped.ok).toBe(true);
    // The old game still reads its own position, and another move can be played from it.
    expect(game.view(600).fen).toBe(create().view(0).fen);
    expect(game.referee.ply).toBe(0);
    const other = apply(game, { type: 'move', by: 0, uci: 'b3e3', ply: 0 }, 700);
    if (!other.ok) throw new Error(other.error.message);
    expect(other.value.game.view(700).moves).toEqual(['b3e3']);
    // The dropped successor still answers for its own line too.
    if (dropped.ok) expect(dropped.value.game.view(800).moves).toEqual(['h3e3']);
    const on = apply(other.value.game, { type: 'move', by: 1, uci: 'h10g8', ply: 1 }, 900);
    expect(on.ok && on.value.game.view(900).moves).toEqual(['b3e3', 'h10g8']);
  });

  it('a mating move and the end are one step: both events, one next game', () => {
    // Red mates at once: the chariot takes the d-file, the generals face each other on the e-file.
    const game = create({ fen: '3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1' });
    const first = apply(game, { type: 'move', by: 0, uci: 'e2d2', ply: 0 }, 100);
    if (!first.ok) throw new Error(first.error.message);
    expect(first.value.events.map((e) => e.type)).toEqual(['move', 'end']);
    expect(first.value.game.status).toBe('finished');
    expect(game.status).toBe('active');
  });
});
