/**
 * The HTTP API of players (profiles, leaderboards, rating history, mutes),
 * the lobby snapshot and rooms (docs/API.md). Live changes come over the
 * socket; these are for pages that load, links that are shared, and bots.
 */
import { z } from 'zod';
import { LEADERBOARD_RULE } from '../players/ratings.ts';
import { VARIANT_KEYS, type VariantKey } from '@youzai/rules';
import { displayName, identityOf } from '../auth/sessions.ts';
import { ratingTag } from '../players/ratings.ts';
import { storedSeats } from '../service/game-service.ts';
import type { GameRow } from '../store/types.ts';
import { ID, NAME, body, fail, type Ctx } from './route.ts';
import type { Route } from './deps.ts';
import { limitQuery } from './query.ts';
import { sendJson } from './util.ts';

const VARIANT = `(${VARIANT_KEYS.join('|')})`;
const CreateRoom = z.object({ name: z.string().max(200).optional() }).strict();

const limitOf = (ctx: Ctx, fallback: number, max: number): number => limitQuery(ctx.url, fallback, max);

/** A finished game as profiles list it. */
function recentGame(g: GameRow) {
  const seats = storedSeats(g);
  return {
    id: g.id,
    variant: g.variant,
    players: [seats[0]?.name ?? null, seats[1]?.name ?? null],
    ids: [g.whiteId, g.blackId],
    result: g.result,
    reason: g.reason,
    plies: g.plies,
    rated: g.rated,
    endedAt: g.updatedAt,
  };
}

export const SOCIAL_ROUTES: readonly Route[] = [
  {
    method: 'GET',
    path: /^\/api\/lobby$/,
    anonymous: true,
    handler: async (ctx, { lobby }) => {
      const { seeks, counters, pools } = await lobby.snapshot();
      sendJson(ctx.res, 200, { ok: true, seeks, counters, pools });
    },
  },
  {
    method: 'GET',
    path: new RegExp(`^/api/leaderboard/${VARIANT}$`),
    anonymous: true,
    handler: async (ctx, { store }) => {
      const variant = ctx.params[0] as VariantKey;
      const rows = await store.leaderboard(variant, limitOf(ctx, 50, 200), LEADERBOARD_RULE);
      sendJson(ctx.res, 200, {
        ok: true,
        variant,
        players: rows.map((r, i) => ({ rank: i + 1, name: r.username, ...ratingTag(r), games: r.games })),
        // Who may be listed, so the page says it with the numbers the store was given.
        listed: { minGames: LEADERBOARD_RULE.minGames, maxDeviation: LEADERBOARD_RULE.maxDeviation },
      });
    },
  },
  {
    method: 'GET',
    path: new RegExp(`^/api/users/${NAME}$`),
    anonymous: true,
    handler: async (ctx, { store, presence, onlineAnywhere }) => {
      const u = await store.userByName(ctx.params[0]!);
      if (!u) fail('user.not-found', 'No such player');
      const [ratings, results, recent, bot] = await Promise.all([
        store.ratings(u.id),
        store.results(u.id),
        store.games({ userId: u.id, status: ['finished'], limit: 10 }),
        store.isBot(u.id),
      ]);
      const total = { wins: 0, draws: 0, losses: 0 };
      for (const r of results) {
        total.wins += r.wins;
        total.draws += r.draws;
        total.losses += r.losses;
      }
      sendJson(ctx.res, 200, {
        ok: true,
        user: {
          id: u.id,
          name: u.username,
          // A bot account (the Bot API) is marked as lichess marks it.
          title: bot ? 'BOT' : null,
          createdAt: u.createdAt,
          online: onlineAnywhere ? await onlineAnywhere(u.id) : presence.isOnline(u.id),
          // Every variant, rated or not yet: a newcomer shows the default, provisional.
          ratings: Object.fromEntries(
            VARIANT_KEYS.map((v) => {
              const row = ratings.find((r) => r.variant === v) ?? null;
              return [v, { ...ratingTag(row), games: row?.games ?? 0 }];
            }),
          ),
          results: { ...total, byVariant: Object.fromEntries(results.map((r) => [r.variant, { wins: r.wins, draws: r.draws, losses: r.losses }])) },
          recent: recent.map(recentGame),
        },
      });
    },
  },
  {
    method: 'GET',
    path: new RegExp(`^/api/users/${NAME}/ratings/${VARIANT}$`),
    anonymous: true,
    handler: async (ctx, { store }) => {
      const u = await store.userByName(ctx.params[0]!);
      if (!u) fail('user.not-found', 'No such player');
      const points = await store.ratingHistory(u.id, ctx.params[1]!, limitOf(ctx, 500, 5000));
      sendJson(ctx.res, 200, {
        ok: true,
        variant: ctx.params[1],
        points: points.map((p) => ({ game: p.gameId, at: p.ratedAt, ...ratingTag(p) })),
      });
    },
  },
  {
    method: 'GET',
    path: /^\/api\/me\/mutes$/,
    handler: async (ctx, { store }) => {
      const ids = await store.mutes(ctx.user.id);
      const users = await Promise.all(ids.map((id) => store.userById(id)));
      sendJson(ctx.res, 200, { ok: true, users: users.flatMap((u) => (u ? [{ id: u.id, name: displayName(u) }] : [])) });
    },
  },
  {
    method: 'POST',
    path: /^\/api\/rooms$/,
    handler: async (ctx, { rooms, publicUrl }) => {
      const req = await body(ctx, CreateRoom);
      const r = await rooms.create(identityOf(ctx.user), req.name);
      if (!r.ok) fail(r.error.code, r.error.message);
      sendJson(ctx.res, 201, { ok: true, id: r.value.id, url: `${publicUrl}/rooms/${r.value.id}`, room: r.value });
    },
  },
  {
    // The open rooms (issue 33, item 8.2: the page had nothing to list them with).
    method: 'GET',
    path: /^\/api\/rooms$/,
    anonymous: true,
    handler: async (ctx, { rooms }) => {
      sendJson(ctx.res, 200, { ok: true, rooms: await rooms.list() });
    },
  },
  {
    method: 'GET',
    path: new RegExp(`^/api/rooms/${ID}$`),
    anonymous: true,
    handler: async (ctx, { rooms }) => {
      const room = await rooms.view(ctx.params[0]!);
      if (!room) fail('room.not-found', 'No such room: it may have closed');
      sendJson(ctx.res, 200, { ok: true, room });
    },
  },
];
