import type { ArenaWaiting } from '@youzai/game/tournament';
import { describe, expect, it } from 'vitest';
import { DirectorTrace } from './director-trace.ts';

const waiting = (userId: string, waitingSince: number): ArenaWaiting => ({
  userId,
  points: 0,
  rating: 1500,
  lastOpponent: null,
  lastColour: null,
  colourBalance: 0,
  waitingSince,
});

describe('the director’s trace', () => {
  it('records a pass with its figures, and nothing for a pass that never began', async () => {
    const trace = new DirectorTrace();
    trace.endPass(1, 2);
    expect(trace.read().passes).toEqual([]);
    trace.beginPass();
    trace.listed(5);
    expect(await trace.timed('writeMs', async () => 'written')).toBe('written');
    trace.endPass(1000, 40);
    const [pass, ...rest] = trace.read().passes;
    expect(rest).toEqual([]);
    expect(pass).toMatchObject({ at: 1000, ms: 40, listMs: 5, free: 0, paired: 0, left: [] });
    expect(pass!.writeMs).toBeGreaterThanOrEqual(0);
  });

  it('keeps the last 2000 ends, oldest first', () => {
    const trace = new DirectorTrace();
    for (let i = 0; i < 2001; i++) trace.ended({ game: `g${i}`, players: ['a', 'b'], toldAt: i, recordedAt: i });
    const { ends } = trace.read();
    expect(ends).toHaveLength(2000);
    expect(ends[0]!.game).toBe('g1');
    expect(ends.at(-1)!.game).toBe('g2000');
  });

  it('counts a pairing pass’s players, names those left, and dates a wait from the first pass that had an opponent for them', () => {
    const trace = new DirectorTrace();
    trace.beginPass();
    // Nobody paired at 1000: a could have met c (free since 200) already.
    trace.waited('t1', [waiting('a', 100), waiting('b', 300), waiting('c', 200)], [], 1000);
    trace.endPass(1000, 1);
    trace.beginPass();
    // c is gone; a meets b, whom a could meet only from 300: a's wait still counts from 200.
    trace.waited('t1', [waiting('a', 100), waiting('b', 300)], [['a', 'b']], 2000);
    trace.endPass(2000, 1);
    const { passes, waits } = trace.read();
    expect(passes.map((p) => [p.free, p.paired, p.left])).toEqual([
      [3, 0, ['a', 'b', 'c']],
      [2, 2, []],
    ]);
    expect(waits).toEqual([
      { tournament: 't1', user: 'a', freeSince: 100, opponentSince: 200, pairedAt: 2000 },
      { tournament: 't1', user: 'b', freeSince: 300, opponentSince: 300, pairedAt: 2000 },
    ]);
  });
});
