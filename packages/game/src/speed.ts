/**
 * A clock's speed, as lichess names its TV channels and pools: from the time
 * one game is expected to take, its base time plus 40 moves' increments
 * (Janggi's byo-yomi: plus 25 periods, as lishogi counts it). Pure.
 */
import type { ClockConfig } from './clock.ts';

export const SPEEDS = ['bullet', 'blitz', 'rapid', 'classical', 'correspondence'] as const;
export type Speed = (typeof SPEEDS)[number];

/** Expected game time under 3 minutes: bullet; under 8: blitz; under 25: rapid; else classical (lichess's bounds). */
export function speedOf(c: ClockConfig): Speed {
  if (c.kind === 'correspondence') return 'correspondence';
  const ms = c.baseMs + (c.kind === 'fischer' ? 40 * c.incrementMs : 25 * c.periodMs);
  return ms < 180_000 ? 'bullet' : ms < 480_000 ? 'blitz' : ms < 1_500_000 ? 'rapid' : 'classical';
}
