/** Bodies of the HTTP API, decoded with the same care as socket frames. */
import { z } from 'zod';
import { VARIANT_KEYS } from '@youzai/rules';
import { CLOCK_LIMITS, CORRESPONDENCE_DAYS, isBaseMinutes } from './clock-limits.ts';

export const Username = z.string().regex(/^[A-Za-z0-9_-]{3,20}$/, 'Usernames are 3 to 20 letters, digits, _ or -');
export const Password = z.string().min(8, 'Passwords have at least 8 characters').max(200);

export const Credentials = z.object({ username: Username, password: Password }).strict();
export type Credentials = z.infer<typeof Credentials>;

const Minutes = z.number().min(CLOCK_LIMITS.minutes.min).max(CLOCK_LIMITS.minutes.max).refine(isBaseMinutes, {
  message: 'The base time is 0, ¼, ½, ¾, 1 or 1½ minutes, or a whole number of minutes up to 180',
});

export const ClockSpec = z.discriminatedUnion('kind', [
  z
    .object({ kind: z.literal('fischer'), minutes: Minutes, increment: z.number().int().min(CLOCK_LIMITS.increment.min).max(CLOCK_LIMITS.increment.max) })
    .strict()
    .refine((c) => c.minutes > 0 || c.increment > 0, { message: 'A clock with no base time needs an increment', path: ['increment'] }),
  z
    .object({
      kind: z.literal('byoyomi'),
      minutes: Minutes,
      periods: z.number().int().min(CLOCK_LIMITS.periods.min).max(CLOCK_LIMITS.periods.max),
      seconds: z.number().int().min(CLOCK_LIMITS.seconds.min).max(CLOCK_LIMITS.seconds.max),
    })
    .strict(),
  /** Correspondence: days per move (1, 2, 3, 5, 7 or 14). */
  z
    .object({
      kind: z.literal('correspondence'),
      days: z.literal(CORRESPONDENCE_DAYS),
    })
    .strict(),
]);
export type ClockSpec = z.infer<typeof ClockSpec>;

export const Opponent = z.discriminatedUnion('type', [
  /** An invitation link: the first visitor takes the free seat. */
  z.object({ type: z.literal('invite') }).strict(),
  /** A challenge to a named player. */
  z.object({ type: z.literal('user'), username: Username }).strict(),
  /** The computer at a level from 1 to 8 (its seat waits for the engine). */
  z.object({ type: z.literal('computer'), level: z.number().int().min(1).max(8) }).strict(),
]);

export const CreateGame = z
  .object({
    variant: z.enum(VARIANT_KEYS),
    fen: z.string().max(256).optional(),
    color: z.enum(['random', 'first', 'second']).default('random'),
    clock: ClockSpec,
    opponent: Opponent,
    rated: z.boolean().default(false),
  })
  .strict();
export type CreateGame = z.infer<typeof CreateGame>;

export type BodyErrorCode = 'body.malformed' | 'body.invalid' | 'body.too-large';

/** Decodes a JSON body against a schema. Never throws. */
export function decodeBody<S extends z.core.$ZodType>(
  schema: S,
  text: string,
): { ok: true; value: z.infer<S> } | { ok: false; code: BodyErrorCode; message: string } {
  let raw: unknown;
  let proto = false;
  try {
    // A `__proto__` key is no field of ours: refused wherever it is, rather than dropped unseen by a record or a strip.
    raw =
      text === ''
        ? {}
        : JSON.parse(text, (key, value: unknown) => {
            if (key === '__proto__') proto = true;
            return value;
          });
  } catch {
    return { ok: false, code: 'body.malformed', message: 'The body is not valid JSON' };
  }
  if (proto) return { ok: false, code: 'body.invalid', message: 'body: "__proto__" is not a field' };
  const r = z.safeParse(schema, raw);
  if (!r.success) {
    const issue = r.error.issues[0];
    return { ok: false, code: 'body.invalid', message: `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}` };
  }
  return { ok: true, value: r.data };
}
