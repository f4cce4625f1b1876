import { describe, expect, it } from 'vitest';
import { pagerOf, podiumPlaces, type StandingRow } from './tournament-tables.ts';

const row = (name: string, rank: number, points: number): StandingRow => ({
  userId: `u-${name}`,
  name,
  rating: 1500,
  active: true,
  rank,
  points,
  games: 3,
  wins: 1,
  buchholz: null,
  sonnebornBerger: null,
  performance: null,
  marks: null,
  onStreak: false,
});

describe('the podium', () => {
  it('gives each player the medal of their rank: two tied first share gold, and the next is third', () => {
    expect(podiumPlaces([row('An', 1, 4), row('Bình', 1, 4), row('Chi', 3, 2)])).toEqual([
      { place: 1, medal: '🥇', name: 'An', points: 4 },
      { place: 1, medal: '🥇', name: 'Bình', points: 4 },
      { place: 3, medal: '🥉', name: 'Chi', points: 2 },
    ]);
  });

  it('without ties: gold, silver, bronze', () => {
    expect(podiumPlaces([row('An', 1, 5), row('Bình', 2, 4), row('Chi', 3, 2)]).map((p) => p.medal)).toEqual(['🥇', '🥈', '🥉']);
  });
});

describe('the standings pager', () => {
  it('is hidden for one page, and offers the pages before and after the one shown', () => {
    expect(pagerOf({ page: 1, pages: 1, total: 12, size: 50 })).toEqual({ shown: false, prev: null, next: null });
    expect(pagerOf({ page: 1, pages: 20, total: 1000, size: 50 })).toEqual({ shown: true, prev: null, next: 2 });
    expect(pagerOf({ page: 7, pages: 20, total: 1000, size: 50 })).toEqual({ shown: true, prev: 6, next: 8 });
    expect(pagerOf({ page: 20, pages: 20, total: 1000, size: 50 })).toEqual({ shown: true, prev: 19, next: null });
  });
});
