/**
 * What a clock shows, computed from the server's reading (`remainingMs` as
 * of `at`, with the side whose time runs) and the server's time now. Pure.
 */
import type { ClockView } from '@youzai/protocol';
import { sideIndex } from '@youzai/rules';

export interface ClockFace {
  /** Time left before flagging. */
  readonly totalMs: number;
  /** Main time left, or the current byo-yomi period's time once in byo-yomi. */
  readonly shownMs: number;
  /** Byo-yomi: periods left (counting the current one when in byo-yomi); null under Fischer. */
  readonly periods: number | null;
  readonly inByoyomi: boolean;
  readonly running: boolean;
  /** Under 10 seconds: shown with tenths and in alarm colours. */
  readonly low: boolean;
}

export function clockFace(clock: ClockView, color: 0 | 1, serverNow: number): ClockFace {
  const running = clock.running !== null && sideIndex(clock.running) === color;
  const elapsed = running ? Math.max(0, serverNow - clock.at) : 0;
  const totalMs = Math.max(0, clock.remainingMs[color] - elapsed);
  const p = clock.periodMs;
  if (!p) return { totalMs, shownMs: totalMs, periods: null, inByoyomi: false, running, low: totalMs < 10_000 };
  const pl = clock.periodsLeft[color];
  if (totalMs > pl * p) return { totalMs, shownMs: totalMs - pl * p, periods: pl, inByoyomi: false, running, low: false };
  const n = Math.ceil(totalMs / p);
  const shownMs = totalMs - Math.max(0, n - 1) * p;
  return { totalMs, shownMs, periods: n, inByoyomi: true, running, low: shownMs < 10_000 };
}

/**
 * "1:02:03", "12:05", "0:42"; under 10 s with tenths, "0:09.3"; a day or
 * more (correspondence) "2 · 03:04" with `dayUnit` after the days ("2 ngày 03:04").
 * Rounds down, so 0 shows only at the flag.
 */
export function formatClock(ms: number, dayUnit = 'd'): string {
  const clamped = Math.max(0, ms);
  if (clamped >= 86_400_000) {
    const m = Math.floor(clamped / 60_000);
    const days = Math.floor(m / 1440);
    return `${days} ${dayUnit} ${String(Math.floor((m % 1440) / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  }
  if (clamped < 10_000) {
    const tenths = Math.floor(clamped / 100);
    return `0:0${Math.floor(tenths / 10)}.${tenths % 10}`;
  }
  const s = Math.floor(clamped / 1000);
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = String(s % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}
