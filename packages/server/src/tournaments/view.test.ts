/** What the tournament page reads of a Swiss: each round's boards and byes, and the standings' tie-breaks after each round. */
import type { Bye, Pairing } from '@youzai/game/tournament';
import { describe, expect, it } from 'vitest';
import { tournamentRow } from '../store/conformance/tournaments.ts';
import type { EntryRow, TournamentSheetRows } from '../store/tournaments.ts';
import { viewOf } from './view.ts';

const T0 = 1_800_000_000_000;

const entry = (userId: string, name: string, rating: number, joinedAt = T0): EntryRow => ({
  tournamentId: 'swiss1',
  userId,
  name,
  rating,
  joinedAt,
  active: true,
  playing: null,
  awaySince: null,
});

const game = (round: number, gameId: string, white: string, black: string, result: Pairing['result'], forfeit = false): Pairing => ({
  round,
  gameId,
  white,
  black,
  pairedAt: T0 + round * 1000,
  result,
  forfeit,
  berserk: [false, false],
  plies: result === null ? 0 : 20,
  endedAt: result === null ? null : T0 + round * 1000 + 500,
});

describe('the view of a Swiss', () => {
  const entries = [entry('ua', 'An', 1600), entry('ub', 'Bình', 1550), entry('uc', 'Chi', 1500), entry('ud', 'Dũng', 1450), entry('ue', 'Én', 1400, T0 + 1500)];
  const round1 = [game(1, 'g1', 'ua', 'uc', 1), game(1, 'g2', 'ud', 'ub', 0.5)];
  const round2 = [game(2, 'g3', 'ub', 'ua', null), game(2, 'g4', 'uc', 'ue', 0, true)];
  const byes: Bye[] = [
    { round: 1, userId: 'ue', kind: 'late', points: 0 },
    { round: 2, userId: 'ud', kind: 'pab', points: 1 },
  ];

  it('lists every round paired so far, the latest first, with its boards, results, forfeits and byes', () => {
    const sheet: TournamentSheetRows = { entries, pairings: [...round1, ...round2], byes };
    const v = viewOf(
      tournamentRow('swiss1', { status: 'running', round: 2, rounds: 3 }, { kind: 'swiss', rounds: 3, lateJoinUntilRound: 2 }),
      sheet,
      'ue',
      T0 + 5000,
    );
    expect(v.rounds?.map((r) => r.round)).toEqual([2, 1]);
    expect(v.rounds?.[0]?.games.map((g) => [g.id, g.white.name, g.black.name, g.result, g.forfeit])).toEqual([
      ['g3', 'Bình', 'An', null, false],
      ['g4', 'Chi', 'Én', 0, true],
    ]);
    expect(v.rounds?.[0]?.byes).toEqual([{ userId: 'ud', name: 'Dũng', kind: 'pab', points: 1 }]);
    expect(v.rounds?.[1]?.byes).toEqual([{ userId: 'ue', name: 'Én', kind: 'late', points: 0 }]);
    expect(v.rounds?.[1]?.games.map((g) => g.result)).toEqual([1, 0.5]);
    expect(v.tournament.terms.lateJoinUntilRound).toBe(2);
    // Round 2 is still being played: the tie-breaks are those after round 1 plus the finished games and byes of round 2.
    const row = (id: string) => v.standings.find((r) => r.userId === id)!;
    expect([row('ua').points, row('ud').points, row('ue').points]).toEqual([1, 1.5, 1]);
    expect(row('ua').buchholz).not.toBeNull();
    expect(row('ua').sonnebornBerger).not.toBeNull();
    expect(v.me).toMatchObject({ entered: true, active: true });
  });

  it('has no rounds before the first pairing, and none in an arena', () => {
    const empty: TournamentSheetRows = { entries, pairings: [], byes: [] };
    expect(viewOf(tournamentRow('swiss1', {}, { kind: 'swiss', rounds: 3 }), empty, null, T0).rounds).toEqual([]);
    expect(viewOf(tournamentRow('arena1', { status: 'running' }, { kind: 'arena' }), empty, null, T0).rounds).toBeNull();
  });
});

describe('the podium', () => {
  it('players tied on every key share their place: two firsts, then a third', () => {
    const entries = [entry('ua', 'An', 1500), entry('ub', 'Bình', 1500), entry('uc', 'Chi', 1400), entry('ud', 'Dũng', 1400)].map((e) => ({
      ...e,
      tournamentId: 'rr1',
    }));
    // A round-robin of four: An and Bình draw and win the rest; Chi beats Dũng.
    const pairings = [
      game(1, 'g1', 'ua', 'ub', 0.5),
      game(1, 'g2', 'uc', 'ud', 1),
      game(2, 'g3', 'ua', 'uc', 1),
      game(2, 'g4', 'ub', 'ud', 1),
      game(3, 'g5', 'ud', 'ua', 0),
      game(3, 'g6', 'uc', 'ub', 0),
    ];
    const v = viewOf(
      tournamentRow('rr1', { status: 'finished', round: 3, rounds: 3 }, { kind: 'roundRobin' }),
      { entries, pairings, byes: [] },
      null,
      T0 + 10_000,
    );
    expect(v.podium.map((r) => [r.name, r.rank, r.points])).toEqual([
      ['An', 1, 2.5],
      ['Bình', 1, 2.5],
      ['Chi', 3, 1],
    ]);
  });
});
