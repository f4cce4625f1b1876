/**
 * TEST_CLOCK=1 only (docs/server.md): a test moves the node's time forward
 * instead of waiting for a scheduled event (a tournament's start, a round's
 * pause). Without TEST_CLOCK these routes do not exist: 404.
 */
import { z } from 'zod';
import { body } from './route.ts';
import type { Route } from './deps.ts';
import { sendJson } from './util.ts';

/** The node's time as a test moves it (service/time.ts ShiftedTime). */
export interface MovableTime {
  now(): number;
  /** Moves the time forward by `ms`, firing the timers that fall due; returns the new now. */
  advance(ms: number): number;
  readonly offsetMs: number;
}

/** A step of at most a year: anything longer is a mistake in the test. */
export const MAX_ADVANCE_MS = 366 * 24 * 3_600_000;

const Advance = z.object({ advanceMs: z.number().int().positive().max(MAX_ADVANCE_MS) }).strict();

export function testClockRoutes(time: MovableTime): Route[] {
  return [
    {
      method: 'GET',
      path: /^\/api\/test\/clock$/,
      anonymous: true,
      handler: async (ctx) => sendJson(ctx.res, 200, { ok: true, now: time.now(), offsetMs: time.offsetMs }),
    },
    {
      // advanceMs: a positive whole number of ms (anything else: 400 body.invalid).
      method: 'POST',
      path: /^\/api\/test\/clock$/,
      anonymous: true,
      handler: async (ctx) => {
        const { advanceMs } = await body(ctx, Advance);
        const now = time.advance(advanceMs);
        sendJson(ctx.res, 200, { ok: true, now, offsetMs: time.offsetMs });
      },
    },
  ];
}
