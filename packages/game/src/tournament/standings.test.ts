import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { standings, type ArenaMemo } from './standings.ts';
import type { Bye, Entrant, Pairing, Score } from './types.ts';

const entrant = (userId: string, rating: number, active = true): Entrant => ({ userId, name: userId, rating, joinedAt: 0, active });
const game = (round: number, white: string, black: string, result: Score | null, forfeit = false): Pairing => ({
  round,
  gameId: `${round}${white}${black}`,
  white,
  black,
  pairedAt: 0,
  result,
  forfeit,
  berserk: [false, false],
  plies: 40,
  endedAt: result === null ? null : round,
});

describe('Swiss standings', () => {
  // Five players, two rounds: a beat b and drew c; b beat e; c beat d; d had the bye in round 1; e the bye in round 2.
  const sheet = {
    entrants: [entrant('a', 2000), entrant('b', 1900), entrant('c', 1800), entrant('d', 1700), entrant('e', 1600)],
    pairings: [game(1, 'a', 'b', 1), game(1, 'c', 'e', 0.5), game(2, 'c', 'a', 0.5), game(2, 'b', 'd', 1)],
    byes: [
      { round: 1, userId: 'd', kind: 'pab', points: 1 },
      { round: 2, userId: 'e', kind: 'pab', points: 1 },
    ] satisfies Bye[],
  };

  it('points, Buchholz (an unplayed round counts the player’s own points) and Sonneborn–Berger', () => {
    const rows = standings('swiss', sheet, 2);
    const by = Object.fromEntries(rows.map((r) => [r.userId, r]));
    expect(by.a!.points).toBe(1.5);
    expect(by.c!.points).toBe(1);
    expect(by.e!.points).toBe(1.5);
    // a met b (1) and c (1): 2. d met b (1) and had a bye (own 1): 2. e met c (1), bye (own 1.5): 2.5.
    expect(by.a!.buchholz).toBe(2);
    expect(by.d!.buchholz).toBe(2);
    expect(by.e!.buchholz).toBe(2.5);
    // SB: a beat b (1) and drew c (1): 1 + 0.5 = 1.5. e drew c: 0.5.
    expect(by.a!.sonnebornBerger).toBe(1.5);
    expect(by.e!.sonnebornBerger).toBe(0.5);
    // b, c and d have 1 point: c met e and a (3), b met a and d (2.5), d met b and had the bye (2).
    expect(by.c!.buchholz).toBe(3);
    expect(by.b!.buchholz).toBe(2.5);
    // e (1.5, Buchholz 2.5) ranks above a (1.5, Buchholz 2).
    expect(rows.map((r) => r.userId)).toEqual(['e', 'a', 'c', 'b', 'd']);
    expect(rows.map((r) => r.rank)).toEqual([1, 2, 3, 4, 5]);
  });

  it('a running game counts for no one yet', () => {
    const rows = standings('swiss', { ...sheet, pairings: [...sheet.pairings, game(3, 'a', 'e', null)] }, 2);
    expect(rows.find((r) => r.userId === 'a')!.games).toBe(2);
  });
});

describe('round-robin standings', () => {
  it('Sonneborn–Berger breaks a tie, then wins; players equal on everything share the rank', () => {
    const entrants = [entrant('a', 1500), entrant('b', 1500), entrant('c', 1500), entrant('d', 1500)];
    // a: beat c, lost to b, drew d (1.5). b: beat a, lost to d, drew c (1.5). c, d.
    const pairings = [game(1, 'a', 'c', 1), game(1, 'b', 'a', 1), game(2, 'd', 'a', 0.5), game(2, 'd', 'b', 1), game(3, 'b', 'c', 0.5), game(3, 'c', 'd', 0.5)];
    const rows = standings('roundRobin', { entrants, pairings, byes: [] });
    const by = Object.fromEntries(rows.map((r) => [r.userId, r]));
    expect([by.a!.points, by.b!.points, by.c!.points, by.d!.points]).toEqual([1.5, 1.5, 1, 2]);
    // a: beat c (1) + half d (1) = 2; b: beat a (1.5) + half c (0.5) = 2.
    expect(by.a!.sonnebornBerger).toBe(2);
    expect(by.b!.sonnebornBerger).toBe(2);
    expect(rows[0]!.userId).toBe('d');
    expect(by.a!.rank).toBe(2);
    expect(by.b!.rank).toBe(2);
    expect(by.c!.rank).toBe(4);
  });
});

describe('arena standings', () => {
  it('ranks by arena points, then performance', () => {
    const entrants = [entrant('a', 1500), entrant('b', 1500), entrant('c', 2000), entrant('d', 1000)];
    // a and b each win one game: a beat c (2000), b beat d (1000): a performs better.
    const pairings = [game(0, 'a', 'c', 1), game(0, 'd', 'b', 0)];
    const rows = standings('arena', { entrants, pairings, byes: [] });
    expect(rows.map((r) => r.userId)).toEqual(['a', 'b', 'c', 'd']);
    expect(rows[0]!.points).toBe(2);
    expect(rows[0]!.performance).toBe(2400);
    expect(rows[0]!.marks?.map((m) => m.outcome)).toEqual(['W']);
  });
});

describe('arena standings kept between computations', () => {
  it('with a memo carried from one computation to the next, as each game ends: the same as computed afresh (property)', () => {
    const players = ['a', 'b', 'c', 'd', 'e', 'f'];
    const entrants = players.map((u, i) => entrant(u, 1500 + 50 * i));
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(5), fc.nat(5), fc.constantFrom<Score>(0, 0.5, 1), fc.boolean(), fc.nat(40)), { minLength: 1, maxLength: 30 }),
        (games) => {
          const memo: ArenaMemo = new Map();
          const pairings: Pairing[] = [];
          for (const [i, [w, b, result, forfeit, plies]] of games.entries()) {
            if (w === b) continue;
            pairings.push({
              ...game(i + 1, players[w]!, players[b]!, result, forfeit),
              gameId: `g${i}`,
              pairedAt: i,
              plies,
              berserk: [plies % 2 === 0, false],
            });
            const sheet = { entrants, pairings: [...pairings], byes: [] };
            expect(standings('arena', sheet, 0, memo)).toEqual(standings('arena', sheet));
          }
        },
      ),
      { numRuns: 100 },
    );
  });
});
