import { describe, expect, it } from 'vitest';
import { ARENA_PAIRING, arenaScore, opponentSince, pairArena, type ArenaWaiting } from './arena.ts';
import type { Pairing, Score } from './types.ts';

let clock = 0;
const game = (white: string, black: string, result: Score, opts: { plies?: number; berserk?: [boolean, boolean] } = {}): Pairing => ({
  round: 0,
  gameId: `g${++clock}`,
  white,
  black,
  pairedAt: clock,
  result,
  forfeit: false,
  berserk: opts.berserk ?? [false, false],
  plies: opts.plies ?? 40,
  endedAt: clock,
});

describe('arena scoring', () => {
  it('2 a win, 1 a draw; after two wins each game scores double until one is not won', () => {
    const games = [game('a', 'b', 1), game('c', 'a', 0), game('a', 'd', 1), game('e', 'a', 0.5), game('a', 'b', 1), game('a', 'c', 0)];
    const s = arenaScore('a', games);
    expect(s.marks.map((m) => `${m.outcome}${m.points}`)).toEqual(['W2', 'W2', 'W4', 'D2', 'W2', 'L0']);
    expect(s.points).toBe(12);
    expect(s.wins).toBe(4);
    expect(s.onStreak).toBe(false);
    expect(arenaScore('a', games.slice(0, 3)).onStreak).toBe(true);
  });

  it('a draw in fewer than 10 moves each scores nothing', () => {
    expect(arenaScore('a', [game('a', 'b', 0.5, { plies: 19 })]).points).toBe(0);
    expect(arenaScore('b', [game('a', 'b', 0.5, { plies: 20 })]).points).toBe(1);
  });

  it('a berserk win of at least 7 moves each gets a point more; a berserk loss costs nothing more', () => {
    expect(arenaScore('a', [game('a', 'b', 1, { berserk: [true, false] })]).points).toBe(3);
    expect(arenaScore('a', [game('a', 'b', 1, { berserk: [true, false], plies: 13 })]).points).toBe(2);
    expect(arenaScore('b', [game('a', 'b', 1, { berserk: [false, true] })]).points).toBe(0);
    expect(arenaScore('a', [game('a', 'b', 1, { berserk: [false, true] })]).berserks).toBe(0);
  });

  it('games still running do not count', () => {
    expect(arenaScore('a', [{ ...game('a', 'b', 1), result: null }]).games).toBe(0);
  });
});

const waiting = (userId: string, points: number, rating: number, extra: Partial<ArenaWaiting> = {}): ArenaWaiting => ({
  userId,
  points,
  rating,
  lastOpponent: null,
  lastColour: null,
  colourBalance: 0,
  waitingSince: 0,
  ...extra,
});

describe('arena pairing', () => {
  it('pairs neighbours in the ranking by score, then rating', () => {
    const pairs = pairArena([waiting('low', 0, 1500), waiting('top', 6, 1500), waiting('mid', 2, 1900), waiting('mid2', 2, 1600)], 0);
    expect(pairs.map((p) => [...p].sort().join('+')).sort()).toEqual(['low+mid2', 'mid+top'].sort());
  });

  it('does not pair the opponents of the last game again at once', () => {
    const pairs = pairArena([waiting('a', 4, 2000, { lastOpponent: 'b' }), waiting('b', 4, 1990, { lastOpponent: 'a' }), waiting('c', 2, 1500)], 1000);
    expect(pairs).toHaveLength(1);
    expect(pairs[0]).toContain('a');
    expect(pairs[0]).toContain('c');
  });

  it('lets the last opponents meet again once both have waited long enough', () => {
    const two = [waiting('a', 4, 2000, { lastOpponent: 'b' }), waiting('b', 4, 1990, { lastOpponent: 'a' })];
    expect(pairArena(two, ARENA_PAIRING.rematchAfterMs - 1)).toHaveLength(0);
    expect(pairArena(two, ARENA_PAIRING.rematchAfterMs)).toHaveLength(1);
  });

  it('gives white to the player who had it less, then alternates', () => {
    expect(pairArena([waiting('a', 0, 2000, { colourBalance: 1 }), waiting('b', 0, 1000, { colourBalance: 0 })], 0)).toEqual([['b', 'a']]);
    expect(pairArena([waiting('a', 0, 2000, { lastColour: 0 }), waiting('b', 0, 1000, { lastColour: 1 })], 0)).toEqual([['b', 'a']]);
    expect(pairArena([waiting('a', 0, 2000), waiting('b', 0, 1000)], 0)).toEqual([['a', 'b']]);
  });

  it('opponentSince: a pair who just met has nobody to meet until a third is free, then from the later wait', () => {
    const a = waiting('a', 0, 1500, { lastOpponent: 'b', waitingSince: 1000 });
    const b = waiting('b', 0, 1500, { lastOpponent: 'a', waitingSince: 1000 });
    expect([...opponentSince([a, b], 2000)]).toEqual([
      ['a', null],
      ['b', null],
    ]);
    const c = waiting('c', 0, 1500, { lastOpponent: 'x', waitingSince: 1800 });
    const since = opponentSince([a, b, c], 2000);
    expect(since.get('a')).toBe(1800);
    expect(since.get('b')).toBe(1800);
    // c may meet a, who was free first: c's own wait starts later, so it counts from c's.
    expect(since.get('c')).toBe(1800);
    // Once both have waited the rematch delay they may meet again: from then on each has someone to meet.
    expect(opponentSince([a, b], 1000 + ARENA_PAIRING.rematchAfterMs).get('a')).toBe(1000);
  });

  it('pairs a thousand free players, each once', () => {
    const free = Array.from({ length: 1000 }, (_, i) => waiting(`u${i}`, (i * 7) % 13, 1000 + ((i * 37) % 1000), { lastOpponent: `u${i ^ 1}` }));
    const pairs = pairArena(free, 0);
    const seen = new Set(pairs.flat());
    expect(seen.size).toBe(pairs.length * 2);
    expect(pairs.length).toBeGreaterThanOrEqual(495);
    for (const [w, b] of pairs) expect(free.find((f) => f.userId === w)!.lastOpponent).not.toBe(b);
  });
});
