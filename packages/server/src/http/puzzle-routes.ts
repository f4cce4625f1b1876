/**
 * The puzzle trainer's HTTP API (docs/API.md, "Puzzles"). Reading a puzzle,
 * the daily and the themes needs no identity; `next`, results and
 * `/api/me/puzzles` are a player's (a guest gets one for their session).
 */
import { z } from 'zod';
import { VARIANT_KEYS, isVariantKey, type VariantKey } from '@youzai/rules';
import { body, fail, type Ctx } from './route.ts';
import type { Route } from './deps.ts';
import { sendJson } from './util.ts';

const PUZZLE_ID = '([a-z][0-9a-z]{7})';
/** `hint`: a hint was shown before the puzzle was solved (rated as a draw); a shown solution is `win: false`. */
const Result = z.object({ win: z.boolean(), hint: z.boolean().optional() }).strict();

function variantOf(ctx: Ctx): VariantKey {
  const v = ctx.url.searchParams.get('variant') ?? '';
  if (!isVariantKey(v)) fail('puzzle.variant', `Say which game: variant=${VARIANT_KEYS.join(', ')}`);
  return v;
}

export const PUZZLE_ROUTES: readonly Route[] = [
  {
    method: 'GET',
    path: /^\/api\/puzzles\/next$/,
    handler: async (ctx, { puzzles }) => {
      const variant = variantOf(ctx);
      const theme = ctx.url.searchParams.get('theme') || undefined;
      const r = await puzzles.next(ctx.user.id, variant, theme);
      if (!r.ok) fail(r.code, r.message);
      sendJson(ctx.res, 200, { ok: true, ...r.value });
    },
  },
  {
    method: 'GET',
    path: /^\/api\/puzzles\/daily$/,
    anonymous: true,
    handler: async (ctx, { puzzles }) => {
      const d = await puzzles.daily(variantOf(ctx));
      if (!d) fail('puzzle.not-found', 'There are no puzzles of this game on this server');
      sendJson(ctx.res, 200, { ok: true, ...d });
    },
  },
  {
    method: 'GET',
    path: /^\/api\/puzzles\/themes$/,
    anonymous: true,
    handler: async (ctx, { puzzles }) => {
      const variant = variantOf(ctx);
      sendJson(ctx.res, 200, { ok: true, variant, themes: puzzles.themes(variant) });
    },
  },
  {
    method: 'GET',
    path: new RegExp(`^/api/puzzles/${PUZZLE_ID}$`),
    anonymous: true,
    handler: async (ctx, { puzzles }) => {
      const p = await puzzles.view(ctx.params[0]!);
      if (!p) fail('puzzle.not-found', 'No such puzzle');
      sendJson(ctx.res, 200, { ok: true, puzzle: p });
    },
  },
  {
    method: 'POST',
    path: new RegExp(`^/api/puzzles/${PUZZLE_ID}/result$`),
    handler: async (ctx, { puzzles }) => {
      const { win, hint } = await body(ctx, Result);
      const r = await puzzles.result(ctx.user.id, ctx.params[0]!, win, hint === true);
      if (!r.ok) fail(r.code, r.message);
      sendJson(ctx.res, 200, { ok: true, ...r.value });
    },
  },
  {
    method: 'GET',
    path: /^\/api\/me\/puzzles$/,
    handler: async (ctx, { puzzles }) => sendJson(ctx.res, 200, { ok: true, ratings: await puzzles.mine(ctx.user.id) }),
  },
];
