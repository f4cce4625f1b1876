import { describe, expect, it } from 'vitest';
import { Game, type GameEvent } from '@youzai/game';
import { LiveGame } from './live-game.ts';

const setup = { id: 'g1', variant: 'xiangqi' as const, fen: null, clock: { kind: 'fischer' as const, baseMs: 300_000, incrementMs: 3000 }, rated: false, createdAt: 0 };
const seats = [
  { userId: 'a', name: 'an', kind: 'human' as const },
  { userId: 'b', name: 'binh', kind: 'human' as const },
] as const;

function server() {
  const r = Game.create(setup, seats, 0);
  if (!r.ok) throw new Error(r.error.message);
  const g = r.value;
  let v = 1;
  /** Each accepted action is one version, possibly with several events, as the server publishes them. */
  const act = (action: Parameters<Game['apply']>[0], now: number): { v: number; events: GameEvent[] } => {
    const res = g.apply(action, now);
    if (!res.ok) throw new Error(res.error.message);
    return { v: ++v, events: res.value };
  };
  return { g, act, v: () => v };
}

describe('the client copy of a game', () => {
  it('follows versioned events to the same state as the server, through mate (two events in one version)', () => {
    const s = server();
    const live = new LiveGame(s.g.view(0), s.v(), 0);
    const line = ['b3b5', 'e7e6', 'b5g5', 'd10e9', 'g5g10'];
    line.forEach((uci, i) => {
      const { v, events } = s.act({ type: 'move', by: (i % 2) as 0 | 1, uci, ply: i }, 1000 * (i + 1));
      for (const e of events) expect(live.apply(v, e)).toBe('applied');
    });
    const view = s.g.view(5000);
    expect(live.view.status).toBe('finished');
    expect(live.view.verdict?.reason).toBe(view.verdict?.reason);
    expect(live.view.moves).toEqual(view.moves);
    expect(live.view.fen).toBe(view.fen);
    expect(live.view.referee.runs).toEqual(view.referee.runs);
    expect(live.history.length).toBe(5);
    expect(live.over).toBe(true);
  });

  it('ignores what it already holds and asks for a resync across a gap', () => {
    const s = server();
    const live = new LiveGame(s.g.view(0), s.v(), 0);
    const first = s.act({ type: 'move', by: 0, uci: 'h3e3', ply: 0 }, 1000);
    expect(live.apply(first.v, first.events[0]!)).toBe('applied');
    const again = live.apply(first.v - 1, first.events[0]!);
    expect(again).toBe('ignored');
    s.act({ type: 'move', by: 1, uci: 'h10g8', ply: 1 }, 2000);
    const third = s.act({ type: 'move', by: 0, uci: 'h1g3', ply: 2 }, 3000);
    expect(live.apply(third.v, third.events[0]!)).toBe('resync');
    expect(live.history.length).toBe(1);
    // A full frame puts it right.
    live.reset(s.g.view(3000), third.v, 0);
    expect(live.history.length).toBe(3);
    expect(live.myTurn).toBe(false);
  });

  it('keeps a draw offer until the opponent moves', () => {
    const s = server();
    const live = new LiveGame(s.g.view(0), s.v(), 1);
    for (const [i, uci] of ['h3e3', 'h10g8'].entries()) {
      const r = s.act({ type: 'move', by: i as 0 | 1, uci, ply: i }, 1000 * (i + 1));
      live.apply(r.v, r.events[0]!);
    }
    const offer = s.act({ type: 'draw-offer', by: 0 }, 3000);
    live.apply(offer.v, offer.events[0]!);
    expect(live.view.drawOffer).toBe(0);
    const red = s.act({ type: 'move', by: 0, uci: 'h1g3', ply: 2 }, 4000);
    live.apply(red.v, red.events[0]!);
    expect(live.view.drawOffer).toBe(0);
    const black = s.act({ type: 'move', by: 1, uci: 'b10c8', ply: 3 }, 5000);
    live.apply(black.v, black.events[0]!);
    expect(live.view.drawOffer).toBe(s.g.view(5000).drawOffer);
    expect(live.view.drawOffer).toBeNull();
  });

  it('warns before a move that would lose by the perpetual-check limit, as the server then rules', () => {
    // Black's general walks d10-d9 while Red's chariot checks it from i10 and i9 (RULES.md: one piece, limit 6).
    const fen = '3k5/9/9/9/9/9/9/9/9/4K3R w - - 0 1';
    const line = 'i1i10 d10d9 i10i9 d9d10 i9i10 d10d9 i10i9 d9d10 i9i10 d10d9 i10i9 d9d10'.split(' ');
    const r = Game.create({ ...setup, fen }, seats, 0);
    if (!r.ok) throw new Error(r.error.message);
    const g = r.value;
    line.forEach((uci, i) => {
      const res = g.apply({ type: 'move', by: (i % 2) as 0 | 1, uci, ply: i }, 1000 * (i + 1));
      if (!res.ok) throw new Error(res.error.message);
    });
    const live = new LiveGame(g.view(13_000), 13, 0);
    expect(live.refereeState.runs?.[0]).toMatchObject({ kind: 'check', length: 6, limit: 6 });
    const warned = live.wouldViolate('i9i10');
    expect(warned).toMatchObject({ reason: 'perpetual-check', winner: 1 });
    expect(live.wouldViolate('i9i8')).toBeNull();
    const res = g.apply({ type: 'move', by: 0, uci: 'i9i10', ply: 12 }, 14_000);
    expect(res.ok && res.value.find((e) => e.type === 'end')).toMatchObject({ verdict: { reason: 'perpetual-check', winner: 1 } });
  });
});
