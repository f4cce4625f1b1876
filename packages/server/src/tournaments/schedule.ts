/**
 * The club's scheduled tournaments, from a configuration file (JSON, named by
 * TOURNAMENTS_FILE): each entry repeats every hour, day or week at a UTC
 * time, and the director creates each occurrence a while before it starts.
 * An occurrence's key (entry key + start time) is unique in the store, so
 * it is created once whichever node, or how many times, tries. The file's
 * format is documented in docs/operations.md ("Scheduled tournaments"),
 * whose example is checked by schedule.test.ts.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { randomId } from '../service/ids.ts';
import type { TournamentStore } from '../store/tournaments.ts';
import { UniqueViolation } from '../store/types.ts';
import { CreateTournament, newTournament, termsOf } from './routes.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export const ScheduledTournament = z
  .object({
    key: z.string().regex(/^[a-z0-9-]{1,40}$/),
    name: z.string().trim().min(1).max(80),
    every: z.enum(['hour', 'day', 'week']),
    /** UTC "HH:MM" (for "hour", only the minutes count). */
    at: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/),
    /** "week": 0 Sunday … 6 Saturday. */
    weekday: z.number().int().min(0).max(6).default(0),
    /** Created (and listed as upcoming) this long before the start. */
    announceHours: z
      .number()
      .min(0)
      .max(24 * 14)
      .default(6),
    tournament: CreateTournament.omit({ name: true, startsAt: true, room: true, private: true, club: true }),
  })
  .strict();
export type ScheduledTournament = z.infer<typeof ScheduledTournament>;

export const Schedule = z.array(ScheduledTournament).max(200);

/** Reads and checks a schedule file; throws with the file's name and what is wrong. */
export function loadSchedule(path: string): ScheduledTournament[] {
  const r = Schedule.safeParse(JSON.parse(readFileSync(path, 'utf8')));
  if (!r.success) throw new Error(`${path}: ${r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return r.data;
}

/** The starts of an entry from `from` to `until` (inclusive), oldest first. */
export function occurrences(e: ScheduledTournament, from: number, until: number): number[] {
  const [hh, mm] = e.at.split(':').map(Number) as [number, number];
  const step = e.every === 'hour' ? HOUR : e.every === 'day' ? DAY : 7 * DAY;
  // The first start at or after `from`: from a known anchor of the series.
  const day = Math.floor(from / DAY) * DAY;
  let anchor = e.every === 'hour' ? Math.floor(from / HOUR) * HOUR + mm * 60_000 : day + hh * HOUR + mm * 60_000;
  if (e.every === 'week') anchor += ((e.weekday - new Date(day).getUTCDay() + 7) % 7) * DAY;
  while (anchor - step >= from) anchor -= step;
  while (anchor < from) anchor += step;
  const out: number[] = [];
  for (let t = anchor; t <= until; t += step) out.push(t);
  return out;
}

/** Creates the occurrences due to be announced; returns how many were new. */
export async function ensureScheduled(store: Pick<TournamentStore, 'createTournament'>, entries: readonly ScheduledTournament[], now: number): Promise<number> {
  let created = 0;
  for (const e of entries) {
    for (const startsAt of occurrences(e, now, now + e.announceHours * HOUR)) {
      const req = { ...e.tournament, name: e.name, startsAt, private: false, club: true };
      const row = newTournament(
        randomId(8),
        e.name,
        termsOf(req),
        { createdBy: null, roomId: null, inviteToken: null, scheduleKey: `${e.key}@${startsAt}` },
        now,
      );
      try {
        await store.createTournament(row);
        created++;
      } catch (err) {
        if (!(err instanceof UniqueViolation)) throw err;
      }
    }
  }
  return created;
}
