import { describe, expect, it } from 'vitest';
import { speedOf } from './speed.ts';

const fischer = (minutes: number, seconds: number) => ({ kind: 'fischer', baseMs: minutes * 60_000, incrementMs: seconds * 1000 }) as const;

describe('a clock’s speed (TV channels, issue 33 item 8.3)', () => {
  it('follows lichess’s bounds on base + 40 increments', () => {
    expect(
      [fischer(1, 0), fischer(2, 1), fischer(3, 0), fischer(3, 2), fischer(5, 3), fischer(10, 0), fischer(10, 5), fischer(15, 10), fischer(30, 0)].map(speedOf),
    ).toEqual(['bullet', 'bullet', 'blitz', 'blitz', 'blitz', 'rapid', 'rapid', 'rapid', 'classical']);
  });
  it('counts 25 byo-yomi periods, and days per move as correspondence', () => {
    expect(speedOf({ kind: 'byoyomi', baseMs: 60_000, periods: 3, periodMs: 10_000 })).toBe('blitz');
    expect(speedOf({ kind: 'byoyomi', baseMs: 10 * 60_000, periods: 3, periodMs: 30_000 })).toBe('rapid');
    expect(speedOf({ kind: 'correspondence', baseMs: 86_400_000 })).toBe('correspondence');
  });
});
