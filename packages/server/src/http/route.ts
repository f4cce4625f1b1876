/**
 * What every HTTP route is made of, apart from the table that lists them
 * (routes.ts): the request's context, a route over the deps it reads, and
 * the helpers a handler uses (a decoded body, a refusal, path parts). A
 * feature's routes (tournaments, puzzles, social, ...) import these, not the
 * table.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { decodeBody } from '@youzai/protocol';
import type { z } from 'zod';
import type { TokenRow, TokenScope, UserRow } from '../store/types.ts';
import { HttpError, readBody, statusFor } from './util.ts';

export interface Ctx {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  /** The session's user; on reads without a session (and on `anonymous` routes) the anonymous row, id ''. */
  user: UserRow;
  /** The client's address as quotas count it (limits/address.ts). */
  readonly addr: string;
  readonly params: string[];
  readonly url: URL;
  setSession(cookieValue: string | null): void;
  readonly cookie: string | undefined;
  /** The API token the request came with (Authorization: Bearer), when it came with one instead of a session. */
  readonly token?: TokenRow;
}

/** A route over `D`, the deps its handler reads (routes.ts's `Route` reads all of `Deps`). */
export interface RouteOf<D> {
  readonly method: string;
  readonly path: RegExp;
  readonly handler: (ctx: Ctx, deps: D) => Promise<void>;
  /** Public reads need no identity: no guest is created for them. */
  readonly anonymous?: boolean;
  /**
   * Reachable with a personal API token (`Authorization: Bearer`) that holds
   * one of these scopes ('any': any token); absent: a session's only. Such a
   * route takes a form body (application/x-www-form-urlencoded) from a token's
   * holder too, as lichess's clients send (a browser's form carries no token).
   */
  readonly scope?: readonly TokenScope[] | 'any';
}

export const ID = '([A-Za-z0-9]{6,16})';
export const NAME = '([A-Za-z0-9_-]{1,40})';

export async function body<S extends z.core.$ZodType>(ctx: Ctx, schema: S): Promise<z.infer<S>> {
  const type = ctx.req.headers['content-type'] ?? '';
  if (!type.startsWith('application/json')) throw new HttpError(415, 'body.content-type', 'Send the body as application/json');
  const text = await readBody(ctx.req);
  const r = decodeBody(schema, text);
  if (!r.ok) throw new HttpError(400, r.code, r.message);
  return r.value;
}

export function fail(code: string, message: string): never {
  throw new HttpError(statusFor(code), code, message);
}

/** A reader without a session (no guest is made for reads). */
export const isAnonymous = (u: UserRow): boolean => u.id === '';
