import { describe, expect, it } from 'vitest';
import { game } from '../store/fixtures.ts';
import { clockSpec, gameEnd, movePlies } from './results.ts';

const row = (over: Parameters<typeof game>[1]) => game('g1', { updatedAt: 5000, ...over });

describe('a tournament game’s end', () => {
  it('a finished game scores its result; a running one nothing yet', () => {
    expect(gameEnd(row({ status: 'finished', result: '0-1', reason: 'resignation', plies: 30 }), 9)).toEqual({
      result: 0,
      forfeit: false,
      plies: 30,
      endedAt: 5000,
      noShow: null,
      berserk: [false, false],
    });
    expect(gameEnd(row({ status: 'finished', result: '1/2-1/2', reason: 'agreement', plies: 40 }), 9)?.result).toBe(0.5);
    expect(gameEnd(row({ status: 'active' }), 9)).toBeNull();
  });

  it('a first move never made loses for the side to move, as a forfeit; an abort is a forfeited draw; too short keeps its result', () => {
    expect(gameEnd(row({ status: 'aborted', result: null, reason: 'no-first-move', plies: 0 }), 9)).toMatchObject({ result: 0, forfeit: true, noShow: 0 });
    expect(gameEnd(row({ status: 'aborted', result: null, reason: 'no-first-move', plies: 1 }), 9)).toMatchObject({ result: 1, forfeit: true, noShow: 1 });
    expect(gameEnd(row({ status: 'aborted', result: null, reason: 'aborted', plies: 1 }), 9)).toMatchObject({ result: 0.5, forfeit: true, noShow: null });
    expect(gameEnd(row({ status: 'aborted', result: '1-0', reason: 'too-short', plies: 2 }), 9)).toMatchObject({ result: 1, forfeit: true, noShow: null });
  });

  it('records the plies that were moves: a Sittuyin game’s 16 placements are not; Xiangqi and Janggi plies (a pass included) all are', () => {
    const over = { status: 'finished', result: '1-0', reason: 'resignation' } as const;
    expect(gameEnd(row({ ...over, variant: 'sittuyin', plies: 16 }), 9)?.plies).toBe(0);
    expect(gameEnd(row({ ...over, variant: 'sittuyin', plies: 30 }), 9)?.plies).toBe(14);
    expect(gameEnd(row({ ...over, variant: 'xiangqi', plies: 30 }), 9)?.plies).toBe(30);
    expect(movePlies(row({ ...over, variant: 'janggi', plies: 30 }))).toBe(30);
    // A placement left unfinished: no move, and the side to place is still the no-show.
    expect(gameEnd(row({ status: 'aborted', result: null, reason: 'no-first-move', variant: 'sittuyin', plies: 5 }), 9)).toMatchObject({
      result: 1,
      plies: 0,
      noShow: 1,
    });
  });

  it('names who went berserk, from the game’s stored clock', () => {
    const data = { schema: 2, game: { clock: { berserk: [false, true] } }, extras: {} };
    expect(gameEnd(row({ status: 'finished', result: '0-1', reason: 'resignation', plies: 30, data }), 9)?.berserk).toEqual([false, true]);
    expect(gameEnd(row({ status: 'finished', result: '1-0', reason: 'resignation', plies: 30, data: { schema: 2, game: { clock: {} } } }), 9)?.berserk).toEqual(
      [false, false],
    );
  });

  it('the tournament’s clock as the game service takes it', () => {
    expect(clockSpec({ kind: 'fischer', baseMs: 90_000, incrementMs: 2_000 })).toEqual({ kind: 'fischer', minutes: 1.5, increment: 2 });
    expect(clockSpec({ kind: 'byoyomi', baseMs: 600_000, periods: 3, periodMs: 30_000 })).toEqual({ kind: 'byoyomi', minutes: 10, periods: 3, seconds: 30 });
  });
});
