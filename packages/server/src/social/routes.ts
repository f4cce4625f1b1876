/**
 * The HTTP API of players finding each other (docs/API.md, "Social"):
 * notifications and their settings, follows and blocks, player search, and
 * a player's ongoing games. Live changes come over the socket.
 */
import { z } from 'zod';
import { NOTIFICATION_KINDS, ALWAYS_ON_KINDS } from '@youzai/protocol';
import { displayName } from '../auth/sessions.ts';
import { NAME, body, fail, type Ctx } from '../http/route.ts';
import type { Deps, Route } from '../http/deps.ts';
import { beforeQuery, intQuery } from '../http/query.ts';
import { sendJson } from '../http/util.ts';
import type { UserRow } from '../store/types.ts';
import { followingOf, ongoing } from './activity.ts';

const MarkRead = z.object({ ids: z.array(z.string().min(1).max(64)).max(200).optional() }).strict();
const Setting = z.object({ kind: z.enum(NOTIFICATION_KINDS), off: z.boolean() }).strict();
const Toggle = z.object({ on: z.boolean().default(true) }).strict();
/** Search results. */
export const SEARCH_LIMIT = 10;

// Checked at the boundary: a malformed or out-of-range number is a coded 400 (http/query.ts).
const intParam = (ctx: Ctx, key: string, fallback: number, max: number): number =>
  Math.min(max, intQuery(ctx.url, key, 1, Number.MAX_SAFE_INTEGER) ?? fallback);
const beforeParam = (ctx: Ctx): number | undefined => beforeQuery(ctx.url);

/** Following, blocking and being notified need an account: a guest's session is one browser's. */
function account(ctx: Ctx): void {
  if (!ctx.user.username) fail('auth.account-required', 'Register to follow or block players');
}

async function target(ctx: Ctx, deps: Deps): Promise<UserRow> {
  const u = await deps.store.userByName(ctx.params[0]!);
  if (!u?.username) fail('user.not-found', 'No such player');
  if (u.id === ctx.user.id) fail('social.self', 'That is you');
  return u;
}

const online = (deps: Deps, id: string): Promise<boolean> => (deps.onlineAnywhere ? deps.onlineAnywhere(id) : Promise.resolve(deps.presence.isOnline(id)));

export const NOTIFICATION_ROUTES: readonly Route[] = [
  {
    method: 'GET',
    path: /^\/api\/notifications$/,
    handler: async (ctx, { notifier }) => {
      const before = beforeParam(ctx);
      sendJson(ctx.res, 200, { ok: true, ...(await notifier.list(ctx.user.id, intParam(ctx, 'limit', 30, 100), before)) });
    },
  },
  {
    method: 'POST',
    path: /^\/api\/notifications\/read$/,
    handler: async (ctx, { notifier }) => {
      const req = await body(ctx, MarkRead);
      sendJson(ctx.res, 200, { ok: true, ...(await notifier.markRead(ctx.user.id, req.ids ?? null)) });
    },
  },
  {
    method: 'GET',
    path: /^\/api\/notifications\/settings$/,
    handler: async (ctx, { notifier }) =>
      sendJson(ctx.res, 200, { ok: true, kinds: NOTIFICATION_KINDS, alwaysOn: ALWAYS_ON_KINDS, off: await notifier.off(ctx.user.id) }),
  },
  {
    method: 'POST',
    path: /^\/api\/notifications\/settings$/,
    handler: async (ctx, { notifier }) => {
      const req = await body(ctx, Setting);
      if (!(await notifier.setOff(ctx.user.id, req.kind, req.off))) fail('notifications.always-on', 'Messages from the moderators cannot be turned off');
      sendJson(ctx.res, 200, { ok: true, off: await notifier.off(ctx.user.id) });
    },
  },
];

export const PLAYER_ROUTES: readonly Route[] = [
  {
    // Player search by name prefix: a range read of the names' index.
    method: 'GET',
    path: /^\/api\/players$/,
    anonymous: true,
    handler: async (ctx, deps) => {
      const prefix = (ctx.url.searchParams.get('q') ?? '').trim();
      if (!/^[A-Za-z0-9_-]{1,20}$/.test(prefix)) fail('search.invalid', 'Search by the first letters of a name (letters, digits, _ or -)');
      const rows = await deps.store.searchUsers(prefix, intParam(ctx, 'limit', SEARCH_LIMIT, 30));
      const players = await Promise.all(rows.map(async (u) => ({ id: u.id, name: displayName(u), online: await online(deps, u.id) })));
      sendJson(ctx.res, 200, { ok: true, players });
    },
  },
  {
    method: 'GET',
    path: new RegExp(`^/api/users/${NAME}/relation$`),
    handler: async (ctx, deps) => {
      const u = await deps.store.userByName(ctx.params[0]!);
      if (!u?.username) fail('user.not-found', 'No such player');
      const self = u.id === ctx.user.id;
      const rel = self ? { follows: false, followedBy: false, blocks: false, blockedBy: false } : await deps.store.relation(ctx.user.id, u.id);
      sendJson(ctx.res, 200, { ok: true, self, ...rel, followers: await deps.store.followerCount(u.id) });
    },
  },
  {
    method: 'POST',
    path: new RegExp(`^/api/users/${NAME}/follow$`),
    handler: async (ctx, deps) => {
      account(ctx);
      const u = await target(ctx, deps);
      const { on } = await body(ctx, Toggle);
      if (on) {
        const rel = await deps.store.relation(ctx.user.id, u.id);
        if (rel.blocks) fail('social.blocked', 'Unblock this player before following them');
        // A blocked player hears nothing of the blocker: no follow (issue 31, item 8).
        if (rel.blockedBy) fail('social.blocked-by', 'This player does not accept followers from you');
      }
      await deps.store.setFollow(ctx.user.id, u.id, on, deps.clock.now());
      sendJson(ctx.res, 200, { ok: true, follows: on });
    },
  },
  {
    method: 'POST',
    path: new RegExp(`^/api/users/${NAME}/block$`),
    handler: async (ctx, deps) => {
      account(ctx);
      const u = await target(ctx, deps);
      const { on } = await body(ctx, Toggle);
      await deps.store.setBlock(ctx.user.id, u.id, on, deps.clock.now());
      deps.onBlock?.(ctx.user.id, u.id, on);
      sendJson(ctx.res, 200, { ok: true, blocks: on });
    },
  },
  {
    // The players you follow: who is online, and what they are playing (one click to watch).
    method: 'GET',
    path: /^\/api\/me\/following$/,
    handler: async (ctx, deps) => {
      const out = await followingOf({ store: deps.store, online: (id) => online(deps, id) }, ctx.user.id);
      sendJson(ctx.res, 200, { ok: true, users: out });
    },
  },
  {
    method: 'GET',
    path: /^\/api\/me\/blocks$/,
    handler: async (ctx, { store }) => {
      const ids = await store.blocks(ctx.user.id);
      const users = await Promise.all(ids.map((id) => store.userById(id)));
      sendJson(ctx.res, 200, { ok: true, users: users.flatMap((u) => (u ? [{ id: u.id, name: displayName(u) }] : [])) });
    },
  },
  {
    // Your ongoing games (correspondence ones above all), yours to move first.
    method: 'GET',
    path: /^\/api\/me\/games$/,
    handler: async (ctx, { store }) => {
      const rows = await store.games({ userId: ctx.user.id, status: ['active'], limit: 100 });
      const games = rows.map((g) => ongoing(g, ctx.user.id));
      games.sort((a, b) => Number(b.yourTurn) - Number(a.yourTurn) || b.updatedAt - a.updatedAt);
      sendJson(ctx.res, 200, { ok: true, games });
    },
  },
];

export const SOCIAL_API_ROUTES: readonly Route[] = [...NOTIFICATION_ROUTES, ...PLAYER_ROUTES];
