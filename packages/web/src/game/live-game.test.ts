import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_CONDUCT, Game, XiangqiReferee, apply, type GameAction } from '@youzai/game';
import { wireEvent, wireView, type GameEvent } from '@youzai/protocol';
import { legalUcis } from '@youzai/rules';
import { resubscription } from '../net/socket.ts';
import { clockFace } from './clock-display.ts';
import { LiveGame } from './live-game.ts';

const setup = {
  id: 'g1',
  variant: 'xiangqi' as const,
  fen: null,
  clock: { kind: 'fischer' as const, baseMs: 300_000, incrementMs: 3000 },
  rated: false,
  createdAt: 0,
};
const seats = [
  { userId: 'a', name: 'an', kind: 'human' as const },
  { userId: 'b', name: 'binh', kind: 'human' as const },
] as const;

/** The server's game as it moves on: each accepted action replaces it, as the service does once stored; it speaks the wire. */
class ServerGame {
  constructor(public game: Game) {}
  apply(action: GameAction, now: number) {
    const r = apply(this.game, action, now);
    if (!r.ok) return r;
    this.game = r.value.game;
    return { ok: true as const, value: r.value.events.map(wireEvent) };
  }
  view(now: number) {
    return wireView(this.game.view(now));
  }
}

function table(over: { fen?: string } = {}, at: readonly [(typeof seats)[0], (typeof seats)[1] | null] = seats, conduct = DEFAULT_CONDUCT): ServerGame {
  const r = Game.create({ ...setup, ...over }, at, 0, conduct);
  if (!r.ok) throw new Error(r.error.message);
  return new ServerGame(r.value);
}

function server() {
  const g = table();
  let v = 1;
  /** Each accepted action is one version, possibly with several events, as the server publishes them. */
  const act = (action: GameAction, now: number): { v: number; events: readonly GameEvent[]; now: number } => {
    const res = g.apply(action, now);
    if (!res.ok) throw new Error(res.error.message);
    return { v: ++v, events: res.value, now };
  };
  return { g, act, v: () => v };
}

describe('the client copy of a game', () => {
  it('follows a berserk: the side is marked and its clock shows half the time', () => {
    const r = Game.create({ ...setup, berserkable: true }, seats, 0);
    if (!r.ok) throw new Error(r.error.message);
    const g = new ServerGame(r.value);
    const live = new LiveGame(g.view(0), 1, 'first');
    const done = g.apply({ type: 'berserk', by: 1 }, 500);
    if (!done.ok) throw new Error(done.error.message);
    expect(live.apply(2, done.value, 500)).toBe('applied');
    expect(live.view.berserk).toEqual([false, true]);
    expect(live.view.clock.remainingMs).toEqual([300_000, 150_000]);
    expect(live.view).toEqual(g.view(500));
  });

  it('follows versioned events to the same state as the server, through mate (two events in one version)', () => {
    const s = server();
    const live = new LiveGame(s.g.view(0), s.v(), 'first');
    const line = ['b3b5', 'e7e6', 'b5g5', 'd10e9', 'g5g10'];
    line.forEach((uci, i) => {
      const { v, events } = s.act({ type: 'move', by: (i % 2) as 0 | 1, uci, ply: i }, 1000 * (i + 1));
      expect(live.apply(v, events, 1000 * (i + 1))).toBe('applied');
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

  it('follows a takeover by another server (resumed): one version, the side to move with its whole turn back', () => {
    const s = server();
    const live = new LiveGame(s.g.view(0), s.v(), 'first');
    const first = s.act({ type: 'move', by: 0, uci: 'h3e3', ply: 0 }, 1000);
    expect(live.apply(first.v, first.events, first.now)).toBe('applied');
    // The owner dies; 20 s later another server restores the game and writes the next version.
    const r = Game.restore(s.g.game.snapshot, s.g.game.moves, 21_000);
    if (!r.ok) throw new Error(r.error.message);
    s.g.game = r.value;
    const restored = s.g.view(21_000);
    const resumed: GameEvent = { type: 'resumed', clock: restored.clock, firstMoveDeadline: restored.firstMoveDeadline };
    expect(live.apply(first.v + 1, [resumed], 21_000)).toBe('applied');
    expect(live.view.clock).toEqual(restored.clock);
    expect(live.view.clock.remainingMs).toEqual([300_000, 300_000]);
    expect(live.view.firstMoveDeadline).toBe(restored.firstMoveDeadline);
  });

  it('follows a turn given back after an outage (resumed at the version it holds, not stored): the clock as the server runs it', () => {
    const s = server();
    const live = new LiveGame(s.g.view(0), s.v(), 'first');
    const first = s.act({ type: 'move', by: 0, uci: 'h3e3', ply: 0 }, 1000);
    expect(live.apply(first.v, first.events, first.now)).toBe('applied');
    // Black's node froze 4 s into its turn; the owner gives the turn back from 9 s: a frame at the same version.
    const back = { ...live.view.clock, remainingMs: [299_000, 300_000] as [number, number] };
    const resumed: GameEvent = { type: 'resumed', clock: back, firstMoveDeadline: null };
    expect(live.apply(first.v, [resumed], 9000)).toBe('applied');
    expect(live.view.clock).toEqual(back);
    expect(live.view.ply).toBe(1);
    // An older version's frame is still ignored.
    expect(live.apply(first.v - 1, [resumed], 9000)).toBe('ignored');
  });

  it('ignores what it already holds and asks for a resync across a gap', () => {
    const s = server();
    const live = new LiveGame(s.g.view(0), s.v(), 'first');
    const first = s.act({ type: 'move', by: 0, uci: 'h3e3', ply: 0 }, 1000);
    expect(live.apply(first.v, first.events, first.now)).toBe('applied');
    expect(live.apply(first.v, first.events, first.now)).toBe('ignored');
    const again = live.apply(first.v - 1, first.events, first.now);
    expect(again).toBe('ignored');
    s.act({ type: 'move', by: 1, uci: 'h10g8', ply: 1 }, 2000);
    const third = s.act({ type: 'move', by: 0, uci: 'h1g3', ply: 2 }, 3000);
    expect(live.apply(third.v, third.events, third.now)).toBe('resync');
    expect(live.history.length).toBe(1);
    // A full frame puts it right.
    live.reset(s.g.view(3000), third.v, 'first');
    expect(live.history.length).toBe(3);
    expect(live.myTurn).toBe(false);
  });

  it('follows a takeback asked and accepted: the same view as the server, moves and referee included', () => {
    const s = server();
    const live = new LiveGame(s.g.view(0), s.v(), 'second');
    const line = ['h3e3', 'h10g8', 'h1g3', 'i10h10', 'e3e7'];
    line.forEach((uci, i) => {
      const r = s.act({ type: 'move', by: (i % 2) as 0 | 1, uci, ply: i }, 1000 * (i + 1));
      expect(live.apply(r.v, r.events, r.now)).toBe('applied');
    });
    const ask = s.act({ type: 'takeback-offer', by: 0 }, 7000);
    expect(live.apply(ask.v, ask.events, ask.now)).toBe('applied');
    expect(live.view.takebackOffer).toBe('first');
    expect(live.view.takebackAt).toEqual([5, null]);
    const back = s.act({ type: 'takeback-accept', by: 1 }, 8000);
    expect(live.apply(back.v, back.events, back.now)).toBe('applied');
    expect(live.view).toEqual(s.g.view(8000));
    // The asker's next request counts from the ply the game returned to.
    expect(live.view.takebackAt).toEqual([4, null]);
    expect(live.history.length).toBe(4);
    expect(live.myTurn).toBe(false);
  });

  it('keeps a draw offer until the opponent moves', () => {
    const s = server();
    const live = new LiveGame(s.g.view(0), s.v(), 'second');
    for (const [i, uci] of ['h3e3', 'h10g8'].entries()) {
      const r = s.act({ type: 'move', by: i as 0 | 1, uci, ply: i }, 1000 * (i + 1));
      live.apply(r.v, r.events, r.now);
    }
    const offer = s.act({ type: 'draw-offer', by: 0 }, 3000);
    live.apply(offer.v, offer.events, offer.now);
    expect(live.view.drawOffer).toBe('first');
    const red = s.act({ type: 'move', by: 0, uci: 'h1g3', ply: 2 }, 4000);
    live.apply(red.v, red.events, red.now);
    expect(live.view.drawOffer).toBe('first');
    const black = s.act({ type: 'move', by: 1, uci: 'b10c8', ply: 3 }, 5000);
    live.apply(black.v, black.events, black.now);
    expect(live.view.drawOffer).toBe(s.g.view(5000).drawOffer);
    expect(live.view.drawOffer).toBeNull();
  });

  it('warns before a move that would lose by the perpetual-check limit, as the server then rules', () => {
    // Black's general walks d10-d9 while Red's chariot checks it from i10 and i9 (RULES.md: one piece, limit 6).
    const fen = '3k5/9/9/9/9/9/9/9/9/4K3R w - - 0 1';
    const line = 'i1i10 d10d9 i10i9 d9d10 i9i10 d10d9 i10i9 d9d10 i9i10 d10d9 i10i9 d9d10'.split(' ');
    const g = table({ fen });
    line.forEach((uci, i) => {
      const res = g.apply({ type: 'move', by: (i % 2) as 0 | 1, uci, ply: i }, 1000 * (i + 1));
      if (!res.ok) throw new Error(res.error.message);
    });
    const live = new LiveGame(g.view(13_000), 13, 'first');
    expect(live.refereeState.runs?.[0]).toMatchObject({ kind: 'check', length: 6, limit: 6 });
    const warned = live.wouldViolate('i9i10');
    expect(warned).toMatchObject({ reason: 'perpetual-check', winner: 'second' });
    expect(live.wouldViolate('i9i8')).toBeNull();
    const res = g.apply({ type: 'move', by: 0, uci: 'i9i10', ply: 12 }, 14_000);
    expect(res.ok && res.value.find((e) => e.type === 'end')).toMatchObject({ verdict: { reason: 'perpetual-check', winner: 'second' } });
  });
});

describe("the page's work per move", () => {
  /** Black at d10 checked by Red's chariot six times in a row (the limit for one piece): Red to move. */
  function atTheLimit(): ServerGame {
    const g = table({ fen: '3k5/9/9/9/9/9/9/9/9/4K3R w - - 0 1' });
    'i1i10 d10d9 i10i9 d9d10 i9i10 d10d9 i10i9 d9d10 i9i10 d10d9 i10i9 d9d10'.split(' ').forEach((uci, i) => {
      const res = g.apply({ type: 'move', by: (i % 2) as 0 | 1, uci, ply: i }, 1000 * (i + 1));
      if (!res.ok) throw new Error(res.error.message);
    });
    return g;
  }

  it('clones no referee while no run is at its limit, however often the page asks', () => {
    const clones = vi.spyOn(XiangqiReferee.prototype, 'clone');
    try {
      const s = server();
      const live = new LiveGame(s.g.view(0), s.v(), 'first');
      for (const [i, uci] of ['h3e3', 'h10g8', 'h1g3'].entries()) {
        const { v, events } = s.act({ type: 'move', by: (i % 2) as 0 | 1, uci, ply: i }, 1000 * (i + 1));
        expect(live.apply(v, events, 1000 * (i + 1))).toBe('applied');
        // Only the page's asking is counted: the server's game may clone its start referee (a new game's).
        clones.mockClear();
        for (let r = 0; r < 10; r++) expect(live.movesThatViolate()).toEqual([]);
        expect(clones).not.toHaveBeenCalled();
      }
    } finally {
      clones.mockRestore();
    }
  });

  it('finds the moves that would lose by a run limit once per position: one clone per legal move, then none per render', () => {
    const g = atTheLimit();
    const clones = vi.spyOn(XiangqiReferee.prototype, 'clone');
    try {
      const live = new LiveGame(g.view(13_000), 13, 'first');
      expect(clones).not.toHaveBeenCalled();
      const bad = live.movesThatViolate();
      expect(bad).toContain('i9i10');
      expect(bad).not.toContain('i9i8');
      const perPosition = legalUcis(live.history.current).length;
      expect(clones).toHaveBeenCalledTimes(perPosition);
      for (let r = 0; r < 50; r++) expect(live.movesThatViolate()).toBe(bad);
      expect(clones).toHaveBeenCalledTimes(perPosition);
      // A full frame rebuilds the referee: the same position is worked out once more, and only once.
      live.reset(g.view(13_500), 13, 'first');
      for (let r = 0; r < 50; r++) expect(live.movesThatViolate()).toEqual(bad);
      expect(clones).toHaveBeenCalledTimes(2 * perPosition);
      // Red steps aside: the run is over, and the next positions cost no clone.
      const res = g.apply({ type: 'move', by: 0, uci: 'i9i8', ply: 12 }, 14_000);
      if (!res.ok) throw new Error(res.error.message);
      expect(live.apply(14, res.value, 14_000)).toBe('applied');
      expect(live.view.ply).toBe(13);
      for (let r = 0; r < 50; r++) expect(live.movesThatViolate()).toEqual([]);
      expect(clones).toHaveBeenCalledTimes(2 * perPosition);
    } finally {
      clones.mockRestore();
    }
  });
});

describe('the client copy of a game, caught up and timed by the server', () => {
  it('takes a version asked for again after a reconnect without playing anything twice', () => {
    // The mating move and the end share one version, so they arrive in one frame.
    const s = server();
    ['b3b5', 'e7e6', 'b5g5', 'd10e9'].forEach((uci, i) => {
      s.act({ type: 'move', by: (i % 2) as 0 | 1, uci, ply: i }, 1000 * (i + 1));
    });
    const live = new LiveGame(s.g.view(4000), s.v(), 'first');
    const last = s.act({ type: 'move', by: 0, uci: 'g5g10', ply: 4 }, 5000);
    expect(last.events.map((e) => e.type)).toEqual(['move', 'end']);
    expect(live.apply(last.v, last.events, last.now)).toBe('applied');
    expect(live.view.status).toBe('finished');
    expect(live.history.length).toBe(5);
    // `sub {since: v - 1}` sends version v again: nothing is applied twice.
    expect(live.apply(last.v, last.events, last.now)).toBe('ignored');
    expect(live.history.length).toBe(5);
  });

  it('asks for the full state when a frame does not follow from what it holds', () => {
    const s = server();
    const live = new LiveGame(s.g.view(0), s.v(), 'first');
    const first = s.act({ type: 'move', by: 0, uci: 'h3e3', ply: 0 }, 1000);
    // The right version number but a move of the wrong ply: refused, and nothing of it kept.
    const wrong = { ...first.events[0]!, ply: 5 } as GameEvent;
    expect(live.apply(first.v, [wrong], first.now)).toBe('resync');
    expect(live.v).toBe(first.v - 1);
    expect(live.apply(first.v, first.events, first.now)).toBe('applied');
  });

  it('asks for the last version held again when it resubscribes', () => {
    expect(resubscription('g1', 7)).toEqual({ t: 'sub', game: 'g1', since: 6 });
    expect(resubscription('g1', 1)).toEqual({ t: 'sub', game: 'g1', since: 0 });
    expect(resubscription('g1', 0)).toEqual({ t: 'sub', game: 'g1' });
  });

  it('times a disconnection by the server clock, and offers the claim only after the grace', () => {
    const s = server();
    const live = new LiveGame(s.g.view(0), s.v(), 'first');
    const spectator = new LiveGame(s.g.view(0), s.v(), null);
    // The server's clock runs far from this machine's.
    for (const [i, uci] of ['h3e3', 'h10g8'].entries()) {
      const r = s.act({ type: 'move', by: i as 0 | 1, uci, ply: i }, 1000 * (i + 1));
      for (const g of [live, spectator]) g.apply(r.v, r.events, r.now);
    }
    // Server time, far from this machine's Date.now().
    const serverNow = 3000;
    const gone = s.g.apply({ type: 'connection', color: 1, connected: false }, serverNow);
    if (!gone.ok) throw new Error(gone.error.message);
    for (const g of [live, spectator]) g.apply(s.v(), gone.value, serverNow);
    expect(live.view.disconnectedSince[1]).toBe(serverNow);
    expect(live.canClaimVictory(serverNow + DEFAULT_CONDUCT.disconnectGraceMs - 1)).toBe(false);
    expect(live.canClaimVictory(serverNow + DEFAULT_CONDUCT.disconnectGraceMs)).toBe(true);
    expect(spectator.canClaimVictory(serverNow + DEFAULT_CONDUCT.disconnectGraceMs)).toBe(false);
    // The server agrees at the same moment.
    expect(s.g.apply({ type: 'claim-victory', by: 0 }, serverNow + DEFAULT_CONDUCT.disconnectGraceMs).ok).toBe(true);
  });

  it('stops the clock where the flag fell, not at the start of the turn', () => {
    const s = server();
    const live = new LiveGame(s.g.view(0), s.v(), 'second');
    for (const [i, uci] of ['h3e3', 'h10g8', 'h1g3'].entries()) {
      const r = s.act({ type: 'move', by: (i % 2) as 0 | 1, uci, ply: i }, 1000 * (i + 1));
      live.apply(r.v, r.events, r.now);
    }
    // Black's clock runs from 3000 with 300 s: it flags at 303 000.
    const flag = s.act({ type: 'tick' }, 303_500);
    expect(flag.events[0]).toMatchObject({ type: 'end', verdict: { reason: 'timeout' } });
    live.apply(flag.v, flag.events, flag.now);
    expect(live.view.clock.running).toBeNull();
    expect(clockFace(live.view.clock, 1, 400_000).totalMs).toBe(0);
    expect(clockFace(live.view.clock, 0, 400_000).totalMs).toBe(s.g.view(303_500).clock.remainingMs[0]);
  });

  it('keeps the first-move deadlines the server sets: at the start, and for the second side after the first ply', () => {
    const g = table({}, [seats[0], null]);
    const live = new LiveGame(g.view(0), 1, 'first');
    const joined = g.apply({ type: 'join', seat: seats[1], color: 1 }, 5000);
    if (!joined.ok) throw new Error(joined.error.message);
    expect(live.apply(2, joined.value, 5000)).toBe('applied');
    expect(live.view.firstMoveDeadline).toBe(g.view(5000).firstMoveDeadline);
    const moved = g.apply({ type: 'move', by: 0, uci: 'h3e3', ply: 0 }, 9000);
    if (!moved.ok) throw new Error(moved.error.message);
    expect(live.apply(3, moved.value, 9000)).toBe('applied');
    expect(live.view.firstMoveDeadline).toBe(g.view(9000).firstMoveDeadline);
    expect(live.view.firstMoveDeadline).not.toBeNull();
  });

  it("follows the server's configured deadlines and claim grace, not the defaults", () => {
    const conduct = { firstMoveMs: 45_000, disconnectGraceMs: 20_000 };
    const g = table({}, [seats[0], null], conduct);
    const live = new LiveGame(g.view(0), 1, 'first');
    const joined = g.apply({ type: 'join', seat: seats[1], color: 1 }, 5000);
    if (!joined.ok) throw new Error(joined.error.message);
    live.apply(2, joined.value, 5000);
    expect(live.view.firstMoveDeadline).toBe(5000 + 45_000);
    let v = 2;
    for (const [i, uci] of ['h3e3', 'h10g8'].entries()) {
      const r = g.apply({ type: 'move', by: i as 0 | 1, uci, ply: i }, 6000 + i * 1000);
      if (!r.ok) throw new Error(r.error.message);
      live.apply(++v, r.value, 6000 + i * 1000);
      expect(live.view.firstMoveDeadline).toBe(i === 0 ? 6000 + 45_000 : null);
    }
    const gone = g.apply({ type: 'connection', color: 1, connected: false }, 10_000);
    if (!gone.ok) throw new Error(gone.error.message);
    live.apply(v, gone.value, 10_000);
    expect(live.canClaimVictory(10_000 + 20_000 - 1)).toBe(false);
    expect(live.canClaimVictory(10_000 + 20_000)).toBe(true);
    expect(DEFAULT_CONDUCT.disconnectGraceMs).not.toBe(20_000);
  });

  it('hears of a capture from the move event itself', () => {
    const s = server();
    const line = ['h3h10', 'i10h10'];
    const captures = line.map((uci, i) => s.act({ type: 'move', by: (i % 2) as 0 | 1, uci, ply: i }, 1000 * (i + 1)).events[0]);
    expect(captures).toMatchObject([
      { type: 'move', capture: 'n' },
      { type: 'move', capture: 'c' },
    ]);
    const quiet = server().act({ type: 'move', by: 0, uci: 'h3e3', ply: 0 }, 1000).events[0];
    expect(quiet).toMatchObject({ type: 'move', capture: null });
  });
});
