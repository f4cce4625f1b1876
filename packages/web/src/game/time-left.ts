/**
 * A time left in words, for countdowns that may last days (a correspondence
 * game's first move): "1 ngày 23 giờ", "5 hours 3 minutes", "42 seconds".
 * The two largest units that matter, rounded down but for the seconds
 * (rounded up, so 0 shows only at the deadline).
 */
import { t } from '../i18n/index.ts';

export type TimeUnit = 'day' | 'hour' | 'minute' | 'second';
export interface TimePart {
  readonly unit: TimeUnit;
  readonly n: number;
}

/** Days and hours from a day on, hours and minutes from an hour, minutes and seconds from a minute, else seconds. */
export function timeLeftParts(ms: number): TimePart[] {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(s / 86_400);
  const hours = Math.floor((s % 86_400) / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = s % 60;
  const pair = (a: TimePart, b: TimePart): TimePart[] => (b.n > 0 ? [a, b] : [a]);
  if (days > 0) return pair({ unit: 'day', n: days }, { unit: 'hour', n: hours });
  if (hours > 0) return pair({ unit: 'hour', n: hours }, { unit: 'minute', n: minutes });
  if (minutes > 0) return pair({ unit: 'minute', n: minutes }, { unit: 'second', n: seconds });
  return [{ unit: 'second', n: seconds }];
}

/** The parts in the page's language. */
export function formatTimeLeft(ms: number): string {
  return timeLeftParts(ms)
    .map((p) => t(p.n === 1 ? `time.${p.unit}.one` : `time.${p.unit}.many`, { n: p.n }))
    .join(' ');
}
