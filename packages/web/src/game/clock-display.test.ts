import { describe, expect, it } from 'vitest';
import type { ClockView } from '@youzai/protocol';
import { SIDES } from '@youzai/rules';
import { clockFace, formatClock } from './clock-display.ts';

const fischer = (a: number, b: number, running: 0 | 1 | null, at = 1000): ClockView => ({
  remainingMs: [a, b],
  periodsLeft: [0, 0],
  periodMs: 0,
  running: running === null ? null : SIDES[running],
  at,
});

describe('clock display', () => {
  it('counts down only the running side, from the server reading', () => {
    const c = fischer(60_000, 50_000, 0);
    expect(clockFace(c, 0, 1000 + 1500).totalMs).toBe(58_500);
    expect(clockFace(c, 1, 1000 + 1500).totalMs).toBe(50_000);
    expect(clockFace(c, 0, 1000 + 1500).running).toBe(true);
    expect(clockFace(c, 1, 1000).running).toBe(false);
  });

  it('never shows less than zero, nor counts back before the reading', () => {
    const c = fischer(1000, 50_000, 0);
    expect(clockFace(c, 0, 1000 + 5000).totalMs).toBe(0);
    expect(clockFace(c, 0, 500).totalMs).toBe(1000);
  });

  it('formats minutes, hours and tenths under ten seconds', () => {
    expect(formatClock(600_000)).toBe('10:00');
    expect(formatClock(61_999)).toBe('1:01');
    expect(formatClock(3_723_000)).toBe('1:02:03');
    expect(formatClock(9_350)).toBe('0:09.3');
    expect(formatClock(10_000)).toBe('0:10');
    expect(formatClock(-5)).toBe('0:00.0');
  });

  it('marks low time', () => {
    expect(clockFace(fischer(9_999, 0, null), 0, 0).low).toBe(true);
    expect(clockFace(fischer(10_000, 0, null), 0, 0).low).toBe(false);
  });

  it('shows byo-yomi: main time first, then the current period and the periods left', () => {
    // 3 periods of 30 s; main time 20 s left at the reading.
    const c: ClockView = { remainingMs: [20_000 + 90_000, 90_000], periodsLeft: [3, 3], periodMs: 30_000, running: 'first', at: 0 };
    const main = clockFace(c, 0, 5_000);
    expect(main).toMatchObject({ shownMs: 15_000, periods: 3, inByoyomi: false });
    const inPeriod = clockFace(c, 0, 25_000);
    expect(inPeriod).toMatchObject({ shownMs: 25_000, periods: 3, inByoyomi: true });
    const second = clockFace(c, 0, 52_000);
    expect(second).toMatchObject({ shownMs: 28_000, periods: 2, inByoyomi: true });
    // The waiting side is in byo-yomi already with a fresh period.
    expect(clockFace(c, 1, 52_000)).toMatchObject({ shownMs: 30_000, periods: 3, inByoyomi: true });
  });

  it('a day or more (correspondence) shows days, hours and minutes', () => {
    expect(formatClock(3 * 86_400_000, 'ngày')).toBe('3 ngày 00:00');
    expect(formatClock(86_400_000 + 5 * 3_600_000 + 7 * 60_000 + 59_000)).toBe('1 d 05:07');
    expect(formatClock(86_399_000)).toBe('23:59:59');
  });
});
