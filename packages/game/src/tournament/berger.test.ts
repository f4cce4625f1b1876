import { describe, expect, it } from 'vitest';
import { bergerRound, bergerRounds, bergerTable, crossTable } from './berger.ts';
import type { Pairing } from './types.ts';

const show = (players: number) => bergerTable(players).map((r) => r.map((b) => `${b.white}-${b.black}`).join(' '));

describe('Berger tables', () => {
  // The tables as printed in the FIDE Handbook, C.05 Annex 1.
  it('4 players', () => {
    expect(show(4)).toEqual(['1-4 2-3', '4-3 1-2', '2-4 3-1']);
  });

  it('6 players', () => {
    expect(show(6)).toEqual(['1-6 2-5 3-4', '6-4 5-3 1-2', '2-6 3-1 4-5', '6-5 1-4 2-3', '3-6 4-2 5-1']);
  });

  it('8 players', () => {
    expect(show(8)).toEqual([
      '1-8 2-7 3-6 4-5',
      '8-5 6-4 7-3 1-2',
      '2-8 3-1 4-7 5-6',
      '8-6 7-5 1-4 2-3',
      '3-8 4-2 5-1 6-7',
      '8-7 1-6 2-5 3-4',
      '4-8 5-3 6-2 7-1',
    ]);
  });

  it('an odd field: the last number is the bye', () => {
    expect(bergerRounds(5)).toBe(5);
    expect(bergerRound(5, 1)).toEqual([
      { white: 1, black: 0 },
      { white: 2, black: 5 },
      { white: 3, black: 4 },
    ]);
  });

  it.each([3, 4, 5, 9, 12, 15, 16])('%i players: everyone meets everyone once, colours balanced', (n) => {
    const met = new Set<string>();
    const whites = new Array(n + 1).fill(0);
    const rounds = bergerTable(n);
    for (const round of rounds) {
      const busy = new Set<number>();
      for (const b of round) {
        expect(busy.has(b.white) || (b.black !== 0 && busy.has(b.black))).toBe(false);
        busy.add(b.white);
        if (b.black === 0) continue;
        busy.add(b.black);
        const key = [Math.min(b.white, b.black), Math.max(b.white, b.black)].join('-');
        expect(met.has(key)).toBe(false);
        met.add(key);
        whites[b.white]++;
      }
    }
    expect(met.size).toBe((n * (n - 1)) / 2);
    const games = n % 2 === 0 ? n - 1 : n - 1;
    for (let p = 1; p <= n; p++) expect(Math.abs(whites[p] - (games - whites[p]))).toBeLessThanOrEqual(1);
  });
});

describe('cross table', () => {
  const game = (white: string, black: string, result: 0 | 0.5 | 1 | null): Pairing => ({
    round: 1,
    gameId: `${white}${black}`,
    white,
    black,
    pairedAt: 0,
    result,
    forfeit: false,
    berserk: [false, false],
    plies: 40,
    endedAt: result === null ? null : 1,
  });

  it('shows each result from both sides and sums the rows', () => {
    const t = crossTable(['a', 'b', 'c'], [game('a', 'b', 1), game('c', 'a', 0.5), game('b', 'c', null)]);
    expect(t.cells).toEqual([
      [null, 1, 0.5],
      [0, null, null],
      [0.5, null, null],
    ]);
    expect(t.totals).toEqual([1.5, 0, 0.5]);
  });
});
