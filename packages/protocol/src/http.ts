/** Bodies of the HTTP API, decoded with the same care as socket frames. */
import { z } from 'zod';
import { VARIANT_KEYS } from '@youzai/rules';

export const Username = z.string().regex(/^[A-Za-z0-9_-]{3,20}$/, 'Usernames are 3 to 20 letters, digits, _ or -');
export const Password = z.string().min(8, 'Passwords have at least 8 characters').max(200);

export const Credentials = z.object({ username: Username, password: Password }).strict();
export type Credentials = z.infer<typeof Credentials>;

export const ClockSpec = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('fischer'), minutes: z.number().min(0).max(180), increment: z.number().int().min(0).max(180) }).strict(),
  z
    .object({
      kind: z.literal('byoyomi'),
      minutes: z.number().min(0).max(180),
      periods: z.number().int().min(1).max(10),
      seconds: z.number().int().min(5).max(300),
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
export function decodeBody<S extends z.ZodType>(
  schema: S,
  text: string,
): { ok: true; value: z.infer<S> } | { ok: false; code: BodyErrorCode; message: string } {
  let raw: unknown;
  try {
    raw = text === '' ? {} : JSON.parse(text);
  } catch {
    return { ok: false, code: 'body.malformed', message: 'The body is not valid JSON' };
  }
  const r = schema.safeParse(raw);
  if (!r.success) {
    const issue = r.error.issues[0];
    return { ok: false, code: 'body.invalid', message: `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}` };
  }
  return { ok: true, value: r.data };
}
