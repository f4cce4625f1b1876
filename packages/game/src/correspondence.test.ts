/** Correspondence games (days per move) with fake time over days: all three games, Sittuyin's placement too. */
import { VARIANT_KEYS, legalUcis } from '@youzai/rules';
import { describe, expect, it } from 'vitest';
import { apply } from './apply.ts';
import { DAY_MS, describeClock, type ClockConfig } from './clock.ts';
import { Game, RESTORE_GRACE_MS, type GameAction, type Seat } from './game.ts';

const alice: Seat = { userId: 'u1', name: 'alice', kind: 'human' };
const bob: Seat = { userId: 'u2', name: 'bob', kind: 'human' };
const days = (n: number): ClockConfig => ({ kind: 'correspondence', baseMs: n * DAY_MS });

function create(variant: (typeof VARIANT_KEYS)[number], clock: ClockConfig, fen: string | null = null): Game {
  const r = Game.create({ id: 'c1', variant, fen, clock, rated: false, createdAt: 0 }, [alice, bob], 0);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

function must(g: Game, a: GameAction, now: number): Game {
  const r = apply(g, a, now);
  if (!r.ok) throw new Error(`${a.type}: ${r.error.code} ${r.error.message}`);
  return r.value.game;
}

/** The side to move plays one of its legal moves (a different one each ply, so that the game goes somewhere). */
function play(g: Game, now: number): Game {
  const moves = legalUcis(g.referee.pos);
  return must(g, { type: 'move', by: g.turn, uci: moves[(g.ply * 7) % moves.length]!, ply: g.ply }, now);
}

describe('correspondence clock', () => {
  it('describes itself in days', () => {
    expect(describeClock(days(3))).toBe('3d');
  });

  it.each(VARIANT_KEYS)('%s: each move gets the full days again, unused time is not kept; the first moves have the days too', (variant) => {
    let g = create(variant, days(2));
    // First moves (Sittuyin: the placement) have the time per move, not the 30 s of live games.
    expect(g.nextDeadline()).toBe(2 * DAY_MS);
    g = play(g, DAY_MS + 5);
    expect(g.nextDeadline()).toBe(DAY_MS + 5 + 2 * DAY_MS);
    // Play well past the first moves (Sittuyin's placement is many plies).
    let now = DAY_MS + 5;
    for (let i = 0; i < 21 && g.status === 'active'; i++) {
      now += (i % 2 ? 1.5 : 0.25) * DAY_MS;
      g = play(g, now);
    }
    expect(g.status).toBe('active');
    const v = g.view(now + DAY_MS);
    expect(v.clock.running).toBe(g.turn);
    expect(v.clock.remainingMs[g.turn]).toBe(DAY_MS);
    expect(v.clock.remainingMs[g.turn === 0 ? 1 : 0]).toBe(2 * DAY_MS);
    // The flag falls when the days run out.
    const r = apply(g, { type: 'tick' }, now + 2 * DAY_MS);
    expect(r.ok && r.value.events[0]).toMatchObject({ type: 'end', verdict: { reason: 'timeout', winner: g.turn === 0 ? 1 : 0 } });
  });

  it('a timeout against a side that cannot win on material is a draw', () => {
    let g = create('xiangqi', days(1), '3ak4/4a4/9/9/9/9/9/9/4A4/3AKR3 w - - 0 1');
    g = must(g, { type: 'move', by: 0, uci: 'f1f2', ply: 0 }, 100);
    g = must(g, { type: 'move', by: 1, uci: 'e9f8', ply: 1 }, 200);
    const r = apply(g, { type: 'tick' }, 200 + DAY_MS);
    expect(r.ok && r.value.events[0]).toMatchObject({ type: 'end', verdict: { reason: 'timeout', winner: null, result: '1/2-1/2' } });
  });

  it('no one is ever away: no disconnection events, no claim', () => {
    let g = create('janggi', days(1));
    const r = apply(g, { type: 'connection', color: 1, connected: false }, 10);
    expect(r.ok && r.value.events).toEqual([]);
    g = play(play(g, 10), 20);
    const claim = apply(g, { type: 'claim-victory', by: 0 }, 20 + 3 * 60_000);
    expect(!claim.ok && claim.error.code).toBe('claim.not-available');
  });

  it('a restart keeps the deadline (no days given back), and one that fell while down moves to now + grace', () => {
    let g = create('xiangqi', days(3));
    g = play(play(g, 10), 20);
    const due = g.nextDeadline()!;
    expect(due).toBe(20 + 3 * DAY_MS);
    // Back a day later: the same deadline.
    const back = Game.restore(g.snapshot, g.moves, 20 + DAY_MS);
    expect(back.ok && back.value.nextDeadline()).toBe(due);
    // Back after the deadline fell (the server was down): the mover is not charged for it.
    const late = Game.restore(g.snapshot, g.moves, due + 5);
    expect(late.ok && late.value.nextDeadline()).toBe(due + 5 + RESTORE_GRACE_MS);
    expect(late.ok && late.value.status).toBe('active');
  });
});
