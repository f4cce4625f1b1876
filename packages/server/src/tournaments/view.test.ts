/** What the tournament page reads of a Swiss: each round's boards and byes, and the standings' tie-breaks after each round. */
import type { Bye, Pairing } from '@youzai/game/tournament';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tournamentRow } from '../store/fixtures.ts';
import type { EntryRow, TournamentSheetRows } from '../store/tournaments.ts';
import { latestEnded, NEAR, PLAYING_SHOWN, STANDINGS_PAGE, viewOf } from './view.ts';

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

describe('the view of a big arena', () => {
  // 120 players, rated 1000 + i: player i ranks 120 − i (no games yet; rating decides).
  const n = 120;
  const ids = Array.from({ length: n }, (_, i) => `u${String(i).padStart(4, '0')}`);
  const entries = ids.map((u, i) => ({ ...entry(u, `P${i}`, 1000 + i), tournamentId: 'big' }));
  // 60 games being played.
  const pairings = Array.from({ length: n / 2 }, (_, i) => game(0, `g${i}`, ids[2 * i]!, ids[2 * i + 1]!, null));
  const row = tournamentRow('big', { status: 'running' }, { kind: 'arena' });
  const sheet: TournamentSheetRows = { entries, pairings, byes: [] };

  it('sends one page of the standings, and says which of how many', () => {
    const v = viewOf(row, sheet, null, T0);
    expect(v.standings).toHaveLength(STANDINGS_PAGE);
    expect(v.standings[0]!.name).toBe('P119');
    expect(v.standingsPage).toEqual({ page: 1, pages: 3, total: n, size: STANDINGS_PAGE });
    const last = viewOf(row, sheet, null, T0, 3);
    expect(last.standings.map((r) => r.rank)).toEqual(Array.from({ length: 20 }, (_, i) => 101 + i));
    // A page past the end, or not a page, reads the last or the first.
    expect(viewOf(row, sheet, null, T0, 9).standingsPage.page).toBe(3);
    expect(viewOf(row, sheet, null, T0, Number.NaN).standingsPage.page).toBe(1);
    expect(last.near).toEqual([]);
  });

  it("adds the reader's own rows when they are on another page, and not when they are on this one", () => {
    // P10 ranks 110: page 3.
    const v = viewOf(row, sheet, 'u0010', T0);
    expect(v.me).toMatchObject({ entered: true, rank: 110 });
    expect(v.near.map((r) => r.rank)).toEqual([110 - NEAR, 109, 110, 111, 110 + NEAR]);
    expect(viewOf(row, sheet, 'u0010', T0, 3).near).toEqual([]);
    // The last row: no rows below it.
    expect(viewOf(row, sheet, 'u0000', T0).near.map((r) => r.rank)).toEqual([118, 119, 120]);
    expect(viewOf(row, sheet, 'nobody', T0).near).toEqual([]);
  });

  it('sends the strongest games being played, and how many there are', () => {
    const many = { ...sheet, entries: [...entries, ...entries.map((e) => ({ ...e, userId: `x${e.userId}` }))] };
    const more = [...pairings, ...pairings.map((p) => ({ ...p, gameId: `x${p.gameId}`, white: `x${p.white}`, black: `x${p.black}` }))];
    const v = viewOf(row, { ...many, pairings: more }, null, T0);
    expect(v.playingCount).toBe(n);
    expect(v.playing).toHaveLength(PLAYING_SHOWN);
    expect(v.playing[0]!.white.rating + v.playing[0]!.black.rating).toBe(1118 + 1119);
  });
});

describe('the games that ended last', () => {
  it('in one pass, the same as sorting every finished game by its end, latest first, ties in the sheet’s order (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.option(fc.nat(20), { nil: null }), { maxLength: 60 }), fc.nat(12), (ends, n) => {
        const games = ends.map((endedAt, i) => ({ id: i, result: endedAt === null ? null : 1, endedAt }));
        const sorted = games
          .filter((g) => g.result !== null)
          .sort((a, b) => (b.endedAt ?? 0) - (a.endedAt ?? 0))
          .slice(0, n);
        expect(latestEnded(games, n)).toEqual(sorted);
      }),
      { numRuns: 300 },
    );
  });
});
