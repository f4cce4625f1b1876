/** A Swiss round's plan around the pairing itself: players excused by a half-point bye, and the criteria relaxed in order when no pairing meets them. */
import { describe, expect, it } from 'vitest';
import { swissRound } from './rounds.ts';
import type { Bye, Entrant, Pairing, TournamentSheet } from './types.ts';

const entrant = (userId: string, rating: number, active = true): Entrant => ({ userId, name: userId, rating, joinedAt: 0, active });
const game = (round: number, white: string, black: string, result: 0 | 0.5 | 1, forfeit = false): Pairing => ({
  round,
  gameId: `${round}${white}${black}`,
  white,
  black,
  pairedAt: round,
  result,
  forfeit,
  berserk: [false, false],
  plies: forfeit ? 0 : 30,
  endedAt: round,
});

describe('swissRound', () => {
  it('leaves out a player with a half-point bye in the round, and reads no bye of that round or later as history', () => {
    const sheet: TournamentSheet = {
      entrants: ['a', 'b', 'c', 'd', 'e'].map((u, i) => entrant(u, 2000 - 100 * i)),
      pairings: [],
      byes: [
        { round: 1, userId: 'e', kind: 'half', points: 0.5 },
        { round: 2, userId: 'a', kind: 'half', points: 0.5 },
      ],
    };
    const plan = swissRound(sheet, 1, 3)!;
    expect(plan.pairs.flat().sort()).toEqual(['a', 'b', 'c', 'd']);
    // No 'absent' or 'pab' for the excused player: their half-point bye stands.
    expect(plan.byes).toEqual([]);
    expect(plan.relaxed).toBeNull();
  });

  it('relaxes the one-bye rule when every player left has had a point without a game (the five-player case of issue 27)', () => {
    // Round 1: a and b never moved (forfeits; then withdrawn); c had the bye; d and e won by forfeit.
    const byes: Bye[] = [{ round: 1, userId: 'c', kind: 'pab', points: 1 }];
    const sheet: TournamentSheet = {
      entrants: [entrant('a', 2000, false), entrant('b', 1900, false), entrant('c', 1800), entrant('d', 1700), entrant('e', 1600)],
      pairings: [game(1, 'a', 'd', 0, true), game(1, 'b', 'e', 0, true)],
      byes,
    };
    const plan = swissRound(sheet, 2, 3)!;
    expect(plan.relaxed).toBe('relaxed-bye');
    expect(plan.pairs).toHaveLength(1);
    expect(plan.byes.filter((b) => b.kind === 'pab')).toHaveLength(1);
    expect(
      plan.byes
        .filter((b) => b.kind === 'absent')
        .map((b) => b.userId)
        .sort(),
    ).toEqual(['a', 'b']);
  });

  it('relaxes the no-rematch rule last: two players left who have met are paired again', () => {
    const sheet: TournamentSheet = {
      entrants: [entrant('a', 2000), entrant('b', 1900), entrant('c', 1800, false)],
      pairings: [game(1, 'a', 'b', 1)],
      byes: [{ round: 1, userId: 'c', kind: 'pab', points: 1 }],
    };
    const plan = swissRound(sheet, 2, 3)!;
    expect(plan.relaxed).toBe('relaxed-repeat');
    expect(plan.pairs.map((p) => [...p].sort())).toEqual([['a', 'b']]);
  });
});
