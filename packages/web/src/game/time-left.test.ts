import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadLang, setLang, t } from '../i18n/index.ts';
import { formatTimeLeft, timeLeftParts } from './time-left.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

// English is fetched when chosen (i18n loadLang): loaded once before these tests switch to it.
beforeAll(() => loadLang('en'));
afterEach(() => setLang('vi'));

function both(ms: number): { vi: string; en: string } {
  setLang('vi');
  const vi = formatTimeLeft(ms);
  setLang('en');
  const en = formatTimeLeft(ms);
  return { vi, en };
}

describe('time left in words', () => {
  it("a correspondence game's first move: days and hours, not 172799 seconds", () => {
    expect(both(172_799_000)).toEqual({ vi: '1 ngày 23 giờ', en: '1 day 23 hours' });
    setLang('vi');
    expect(t('game.firstMove', { time: formatTimeLeft(172_799_000) })).toBe('Còn 1 ngày 23 giờ để đi nước đầu tiên');
    setLang('en');
    expect(t('game.firstMove', { time: formatTimeLeft(172_799_000) })).toBe('1 day 23 hours left for the first move');
  });

  it('two units at most, the larger first; a zero second unit left out', () => {
    expect(both(2 * DAY)).toEqual({ vi: '2 ngày', en: '2 days' });
    expect(both(3 * DAY + HOUR)).toEqual({ vi: '3 ngày 1 giờ', en: '3 days 1 hour' });
    expect(both(5 * HOUR + 3 * 60_000 + 59_000)).toEqual({ vi: '5 giờ 3 phút', en: '5 hours 3 minutes' });
    expect(both(HOUR)).toEqual({ vi: '1 giờ', en: '1 hour' });
    expect(both(2 * 60_000 + 5_000)).toEqual({ vi: '2 phút 5 giây', en: '2 minutes 5 seconds' });
    expect(both(42_000)).toEqual({ vi: '42 giây', en: '42 seconds' });
    expect(both(1_000)).toEqual({ vi: '1 giây', en: '1 second' });
  });

  it('seconds round up, so 0 shows only at the deadline (and past it)', () => {
    expect(timeLeftParts(29_001)).toEqual([{ unit: 'second', n: 30 }]);
    expect(timeLeftParts(59_500)).toEqual([{ unit: 'minute', n: 1 }]);
    expect(timeLeftParts(0)).toEqual([{ unit: 'second', n: 0 }]);
    expect(timeLeftParts(-5_000)).toEqual([{ unit: 'second', n: 0 }]);
    expect(timeLeftParts(DAY - 1)).toEqual([{ unit: 'day', n: 1 }]);
  });
});
