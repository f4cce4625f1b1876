/** The HTTP API of moderation: players' reports, and the admins' actions, reports and log (admins only: ADMINS). */
import { z } from 'zod';
import { isAdmin } from '../auth/admins.ts';
import { displayName } from '../auth/sessions.ts';
import { ID, NAME, body, fail, type Ctx } from '../http/route.ts';
import type { Deps, Route } from '../http/deps.ts';
import { limitQuery } from '../http/query.ts';
import { HttpError, sendJson } from '../http/util.ts';
import type { ModLogRow, ReportRow, UserRow } from '../store/types.ts';
import type { FairPlay, FairPlayReport } from './fair-play.ts';
import { MUTE_MAX_MINUTES, REPORT_REASONS, type AdminAction, type Moderation } from './moderation.ts';

const Report = z
  .object({
    user: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/),
    game: z
      .string()
      .regex(/^[A-Za-z0-9]{1,24}$/)
      .optional(),
    reason: z.enum(REPORT_REASONS),
    text: z.string().max(500).default(''),
  })
  .strict();
const Note = z.object({ note: z.string().max(300).default('') }).strict();
const Mute = z.object({ minutes: z.number().int().min(0).max(MUTE_MAX_MINUTES), note: z.string().max(300).default('') }).strict();
const FairPlayAsk = z
  .object({
    user: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/),
    report: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,24}$/)
      .optional(),
  })
  .strict();
const OnOff = z.object({ on: z.boolean().default(true), note: z.string().max(300).default('') }).strict();

function moderation(deps: Deps): Moderation {
  if (!deps.moderation) throw new HttpError(503, 'server.unavailable', 'Moderation is not available');
  return deps.moderation;
}

function fairPlay(deps: Deps): FairPlay {
  if (!deps.fairPlay) throw new HttpError(503, 'server.unavailable', 'Fair-play reports are not available');
  return deps.fairPlay;
}

/** A fair-play report as the page reads it: the player's name beside the id. */
async function withName(deps: Deps, r: FairPlayReport, names: Map<string, string | null>) {
  return { ...r, user: await nameOf(deps, r.userId, names) };
}

function admin(ctx: Ctx): UserRow {
  if (!isAdmin(ctx.user.username)) throw new HttpError(403, 'admin.required', 'Only the club’s admins can do this');
  return ctx.user;
}

async function nameOf(deps: Deps, id: string | null, cache: Map<string, string | null>): Promise<string | null> {
  if (id === null) return null;
  if (!cache.has(id)) {
    const u = await deps.store.userById(id);
    cache.set(id, u ? displayName(u) : null);
  }
  return cache.get(id) ?? null;
}

async function act(ctx: Ctx, deps: Deps, a: AdminAction, note: string): Promise<void> {
  const r = await moderation(deps).act(admin(ctx), a, note);
  if (!r.ok) fail(r.error.code, r.error.message);
  sendJson(ctx.res, 200, { ok: true, detail: r.value.detail });
}

export const MODERATION_ROUTES: readonly Route[] = [
  {
    method: 'POST',
    path: /^\/api\/reports$/,
    handler: async (ctx, deps) => {
      const b = await body(ctx, Report);
      const r = await moderation(deps).report(ctx.user, b);
      if (!r.ok) fail(r.error.code, r.error.message);
      sendJson(ctx.res, 201, { ok: true, id: r.value.id });
    },
  },
  {
    method: 'GET',
    path: /^\/api\/admin\/reports$/,
    handler: async (ctx, deps) => {
      admin(ctx);
      const rows: ReportRow[] = await moderation(deps).reports(ctx.url.searchParams.get('all') !== '1', limitQuery(ctx.url, 100, 500));
      const names = new Map<string, string | null>();
      const reports = [];
      for (const r of rows) {
        reports.push({ ...r, reporter: await nameOf(deps, r.reporterId, names), reported: await nameOf(deps, r.reportedId, names) });
      }
      sendJson(ctx.res, 200, { ok: true, reports });
    },
  },
  {
    method: 'GET',
    path: /^\/api\/admin\/log$/,
    handler: async (ctx, deps) => {
      admin(ctx);
      const rows: ModLogRow[] = await moderation(deps).log(limitQuery(ctx.url, 100, 500));
      const names = new Map<string, string | null>();
      const log = [];
      for (const e of rows) log.push({ ...e, target: await nameOf(deps, e.targetId, names) });
      sendJson(ctx.res, 200, { ok: true, log });
    },
  },
  {
    method: 'GET',
    path: new RegExp(`^/api/admin/users/${NAME}$`),
    handler: async (ctx, deps) => {
      admin(ctx);
      const u = await deps.store.userByName(ctx.params[0]!);
      if (!u) fail('user.not-found', 'No such player');
      sendJson(ctx.res, 200, { ok: true, user: { id: u.id, name: displayName(u) }, sanctions: await moderation(deps).sanctions(u.id) });
    },
  },
  {
    method: 'POST',
    path: new RegExp(`^/api/admin/users/${NAME}/mute$`),
    handler: async (ctx, deps) => {
      const b = await body(ctx, Mute);
      await act(ctx, deps, { type: 'mute', user: ctx.params[0]!, minutes: b.minutes }, b.note);
    },
  },
  {
    method: 'POST',
    path: new RegExp(`^/api/admin/users/${NAME}/ban$`),
    handler: async (ctx, deps) => {
      const b = await body(ctx, OnOff);
      await act(ctx, deps, { type: 'ban', user: ctx.params[0]!, on: b.on }, b.note);
    },
  },
  {
    method: 'POST',
    path: new RegExp(`^/api/admin/users/${NAME}/close$`),
    handler: async (ctx, deps) => {
      const b = await body(ctx, Note);
      await act(ctx, deps, { type: 'close', user: ctx.params[0]! }, b.note);
    },
  },
  {
    method: 'POST',
    path: new RegExp(`^/api/admin/users/${NAME}/cheater$`),
    handler: async (ctx, deps) => {
      const b = await body(ctx, OnOff);
      await act(ctx, deps, { type: 'cheater', user: ctx.params[0]!, on: b.on }, b.note);
    },
  },
  {
    method: 'POST',
    path: new RegExp(`^/api/admin/games/${ID}/void$`),
    handler: async (ctx, deps) => {
      const b = await body(ctx, Note);
      await act(ctx, deps, { type: 'void', game: ctx.params[0]! }, b.note);
    },
  },
  {
    method: 'POST',
    path: /^\/api\/admin\/reports\/([A-Za-z0-9_-]{1,24})\/resolve$/,
    handler: async (ctx, deps) => {
      const b = await body(ctx, Note);
      await act(ctx, deps, { type: 'resolve', report: ctx.params[0]! }, b.note);
    },
  },
  {
    // Fair-play report (issue 31, Beyond): the player's last 20 rated games analysed on the background queue.
    method: 'POST',
    path: /^\/api\/admin\/fair-play$/,
    handler: async (ctx, deps) => {
      const who = admin(ctx);
      const b = await body(ctx, FairPlayAsk);
      const r = await fairPlay(deps).request(who, b.user, b.report ?? null);
      if (!r.ok) fail(r.error.code, r.error.message);
      sendJson(ctx.res, 202, { ok: true, report: await withName(deps, r.value, new Map()) });
    },
  },
  {
    method: 'GET',
    path: /^\/api\/admin\/fair-play$/,
    handler: async (ctx, deps) => {
      admin(ctx);
      const names = new Map<string, string | null>();
      const reports = [];
      for (const r of await fairPlay(deps).list(limitQuery(ctx.url, 20, 100))) reports.push(await withName(deps, r, names));
      sendJson(ctx.res, 200, { ok: true, reports });
    },
  },
  {
    method: 'GET',
    path: /^\/api\/admin\/fair-play\/([A-Za-z0-9_-]{1,24})$/,
    handler: async (ctx, deps) => {
      admin(ctx);
      const r = await fairPlay(deps).view(ctx.params[0]!);
      if (!r) fail('fairplay.not-found', 'No such fair-play report');
      sendJson(ctx.res, 200, { ok: true, report: await withName(deps, r, new Map()) });
    },
  },
];
