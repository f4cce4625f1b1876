import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { memoryStore } from '../store/memory/store.ts';
import { ensureScheduled, loadSchedule, occurrences, Schedule, ScheduledTournament } from './schedule.ts';

const H = 3_600_000;
/** Tuesday 1 December 2026, 10:30 UTC. */
const NOW = Date.UTC(2026, 11, 1, 10, 30);

const entry = (over: Record<string, unknown> = {}): ScheduledTournament =>
  ScheduledTournament.parse({
    key: 'blitz-daily',
    name: 'Arena chớp nhoáng hằng ngày',
    every: 'day',
    at: '13:00',
    tournament: { kind: 'arena', variant: 'xiangqi', clock: { kind: 'fischer', minutes: 3, increment: 2 }, rated: true, minutes: 60 },
    ...over,
  });

describe('scheduled club tournaments', () => {
  it('repeat every hour, day or week at a UTC time', () => {
    expect(occurrences(entry(), NOW, NOW + 30 * H)).toEqual([Date.UTC(2026, 11, 1, 13), Date.UTC(2026, 11, 2, 13)]);
    expect(occurrences(entry({ at: '09:00' }), NOW, NOW + 24 * H)).toEqual([Date.UTC(2026, 11, 2, 9)]);
    expect(occurrences(entry({ every: 'hour', at: '00:45' }), NOW, NOW + 2 * H)).toEqual([Date.UTC(2026, 11, 1, 10, 45), Date.UTC(2026, 11, 1, 11, 45)]);
    // Sunday 6 December.
    expect(occurrences(entry({ every: 'week', weekday: 0, at: '20:00' }), NOW, NOW + 14 * 24 * H)).toEqual([
      Date.UTC(2026, 11, 6, 20),
      Date.UTC(2026, 11, 13, 20),
    ]);
    expect(occurrences(entry(), NOW, NOW + H)).toEqual([]);
  });

  it('each occurrence is created once, as the club’s, however often and by however many nodes it is tried', async () => {
    const store = memoryStore();
    await store.migrate();
    const e = entry({ announceHours: 30 });
    expect(await ensureScheduled(store, [e], NOW)).toBe(2);
    expect(await ensureScheduled(store, [e], NOW + 60_000)).toBe(0);
    await Promise.all([ensureScheduled(store, [e], NOW), ensureScheduled(store, [e], NOW)]);
    const rows = await store.listTournaments({ statuses: ['upcoming'], listedOnly: true, limit: 10 });
    expect(rows.map((r) => [r.scheduleKey, r.createdBy, r.terms.startsAt, r.terms.durationMs, r.terms.rated])).toEqual([
      [`blitz-daily@${Date.UTC(2026, 11, 1, 13)}`, null, Date.UTC(2026, 11, 1, 13), 60 * 60_000, true],
      [`blitz-daily@${Date.UTC(2026, 11, 2, 13)}`, null, Date.UTC(2026, 11, 2, 13), 60 * 60_000, true],
    ]);
  });

  it('a schedule file is checked, with what is wrong named', () => {
    const dir = mkdtempSync(join(tmpdir(), 'youzai-schedule-'));
    try {
      const good = join(dir, 'good.json');
      writeFileSync(
        good,
        JSON.stringify([
          {
            key: 'swiss-sunday',
            name: 'Swiss Chủ nhật',
            every: 'week',
            at: '14:00',
            tournament: { kind: 'swiss', variant: 'janggi', clock: { kind: 'byoyomi', minutes: 10, periods: 3, seconds: 30 }, rounds: 7 },
          },
        ]),
      );
      expect(loadSchedule(good)[0]).toMatchObject({ key: 'swiss-sunday', weekday: 0, announceHours: 6, tournament: { rounds: 7, rated: false } });
      const bad = join(dir, 'bad.json');
      writeFileSync(bad, JSON.stringify([{ key: 'X', name: 'n', every: 'month', at: '25:00', tournament: {} }]));
      expect(() => loadSchedule(bad)).toThrow(/bad\.json: .*key.*every.*at/s);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the example of docs/operations.md is a valid schedule file', () => {
    const doc = readFileSync(new URL('../../../../docs/operations.md', import.meta.url), 'utf8');
    const section = doc.slice(doc.indexOf('### Scheduled tournaments'));
    const json = /```json\n([\s\S]*?)```/.exec(section)?.[1];
    expect(json).toBeDefined();
    const parsed = Schedule.safeParse(JSON.parse(json!));
    expect(parsed.success && parsed.data.map((e) => [e.key, e.every, e.tournament.kind])).toEqual([
      ['blitz-daily', 'day', 'arena'],
      ['janggi-swiss-sunday', 'week', 'swiss'],
    ]);
  });
});
