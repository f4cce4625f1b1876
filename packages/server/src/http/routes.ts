/**
 * The HTTP API's own table (docs/API.md): health, accounts, games, TV and the
 * solo board's engine; app.ts joins it with each feature's routes. What a
 * route is made of is in route.ts, what it is given in deps.ts. Every body is
 * decoded against a schema; every failure answers {ok:false, code, message}
 * with a fitting status.
 */
import { CreateGame, Credentials, DECLINE_REASONS, DRAW_OPS, TAKEBACK_OPS, type Identity } from '@youzai/protocol';
import { z } from 'zod';
import { VARIANT_KEYS, VARIANTS, legalUcis, parseFen } from '@youzai/rules';
import { LIVE_POSITION } from '../analysis/live-positions.ts';
import { identityOf } from '../auth/sessions.ts';
import { toJson, toPgn } from '../export/pgn.ts';
import { beforeQuery, limitQuery } from './query.ts';
import { storedSeats, type PlayerAction } from '../service/game-service.ts';
import { actFor, drawAction, takebackAction } from '../service/player-action.ts';
import { TV_CHANNELS, TV_GAMES, isTvChannel, memoTvChannels, tvCandidates, tvChannels } from '../service/tv.ts';
import { HttpError, sendJson, statusFor } from './util.ts';
import { checkNewPassword } from '../auth/passwords.ts';
import { reservedName } from '../auth/admins.ts';
import { LimitError } from '../limits/limits.ts';
import { ID, NAME, body, fail, isAnonymous, type Ctx } from './route.ts';
import type { Deps, Route } from './deps.ts';
import { createGame } from './create-game.ts';
import { STATS_ROUTE } from './stats.ts';

const Analysis = z.object({ variant: z.enum(VARIANT_KEYS), fen: z.string().max(256) }).strict();

const me = (ctx: Ctx): Identity => identityOf(ctx.user);

const Move = z.object({ uci: z.string().min(2).max(12), ply: z.number().int().nonnegative().max(10_000) }).strict();
const Draw = z.object({ op: z.enum(DRAW_OPS) }).strict();
const Takeback = z.object({ op: z.enum(TAKEBACK_OPS) }).strict();
const Join = z.object({ token: z.string().max(64).optional() }).strict();
const Decline = z.object({ reason: z.enum(DECLINE_REASONS).optional() }).strict();

async function act(ctx: Ctx, deps: Deps, action: PlayerAction): Promise<void> {
  const r = await actFor(deps.games, ctx.params[0]!, ctx.user.id, action);
  if (!r.ok) {
    const state = r.state && { v: r.state.v, view: r.state.view };
    sendJson(ctx.res, statusFor(r.error.code), { ok: false, code: r.error.code, message: r.error.message, state });
    return;
  }
  sendJson(ctx.res, 200, { ok: true });
}

export const ROUTES: readonly Route[] = [
  {
    // For the load balancer: 503 (with the reason) takes the node out of rotation while its database or Redis is unreachable.
    method: 'GET',
    path: /^\/health$/,
    anonymous: true,
    handler: async (ctx, { node, health }) => {
      const h = await health();
      sendJson(ctx.res, h.ok ? 200 : 503, h.ok ? { ok: true, node } : { ok: false, node, code: h.code ?? 'server.unavailable', reason: h.reason });
    },
  },
  STATS_ROUTE,
  // Without a session: user null (a read makes no guest).
  { method: 'GET', path: /^\/api\/me$/, handler: async (ctx) => sendJson(ctx.res, 200, { ok: true, user: isAnonymous(ctx.user) ? null : me(ctx) }) },
  {
    // Becoming a guest is an act: the client asks before its first action (a session, then the socket again).
    method: 'POST',
    path: /^\/api\/session$/,
    handler: async (ctx) => sendJson(ctx.res, 200, { ok: true, user: me(ctx) }),
  },
  {
    method: 'POST',
    path: /^\/api\/register$/,
    handler: async (ctx, { sessions, limits }) => {
      const c = await body(ctx, Credentials);
      const weak = checkNewPassword(c.password, c.username);
      if (!weak.ok) fail(weak.code, weak.message);
      // An admin's name is never registered over HTTP: admin power must not go to whoever asks for it first (auth/admins.ts).
      const reserved = reservedName(c.username);
      if (!reserved.ok) fail(reserved.error.code, reserved.error.message);
      await limits.enforce('register', { addr: ctx.addr });
      // On a new session (sessions.ts says why the guest's ends first).
      const r = await sessions.register(ctx.user, ctx.cookie, c.username, c.password, ctx.setSession);
      if (!r.ok) fail(r.error.code, r.error.message);
      ctx.user = r.value;
      sendJson(ctx.res, 200, { ok: true, user: me(ctx) });
    },
  },
  {
    method: 'POST',
    path: /^\/api\/login$/,
    anonymous: true,
    handler: async (ctx, { sessions, limits, moderation }) => {
      const c = await body(ctx, Credentials);
      // Counted before the password is verified: parallel guesses cannot all pass the throttle (limits/login.ts).
      const attempt = await limits.login.attempt(c.username, ctx.addr);
      if (!attempt.ok) throw new LimitError(attempt.error);
      const r = await sessions.login(c.username, c.password).catch(async (e: unknown) => {
        await attempt.value.abandon();
        throw e;
      });
      if (!r.ok) fail(r.error.code, r.error.message);
      await attempt.value.succeeded();
      // A banned or closed account cannot start a session.
      const refused = await moderation?.loginRefusal(r.value.id);
      if (refused) throw new HttpError(403, refused.code, refused.message);
      await sessions.end(ctx.cookie);
      ctx.setSession(await sessions.start(r.value));
      ctx.user = r.value;
      sendJson(ctx.res, 200, { ok: true, user: me(ctx) });
    },
  },
  {
    method: 'POST',
    path: /^\/api\/logout$/,
    anonymous: true,
    handler: async (ctx, { sessions }) => {
      await sessions.end(ctx.cookie);
      ctx.setSession(null);
      sendJson(ctx.res, 200, { ok: true });
    },
  },
  {
    method: 'POST',
    path: /^\/api\/games$/,
    handler: async (ctx, deps) => {
      const req = await body(ctx, CreateGame);
      const r = await createGame(ctx, deps, req);
      const { publicUrl } = deps;
      const invite = r.inviteToken ? `${publicUrl}/invite/${r.id}/${r.inviteToken}` : null;
      sendJson(ctx.res, 201, { ok: true, id: r.id, url: `${publicUrl}/game/${r.id}`, invite });
    },
  },
  {
    method: 'GET',
    path: /^\/api\/games$/,
    anonymous: true,
    handler: async (ctx, { games }) => sendJson(ctx.res, 200, { ok: true, games: await games.liveGames(100) }),
  },
  {
    // TV channels (issue 33, item 8.3): best, per game, per speed; each shows its best-rated live game (service/tv.ts).
    method: 'GET',
    path: /^\/api\/tv$/,
    anonymous: true,
    handler: async (ctx, { games, store, clock }) => {
      const channel = ctx.url.searchParams.get('channel') ?? 'best';
      if (!isTvChannel(channel)) fail('tv.channel', `No such TV channel: ${TV_CHANNELS.join(', ')}`);
      const channels = await memoTvChannels(games, clock.now(), async () =>
        tvChannels(await tvCandidates(await games.liveGames(TV_GAMES), (u) => store.ratings(u))),
      );
      sendJson(ctx.res, 200, { ok: true, channel, game: channels.find((c) => c.channel === channel)?.game ?? null, channels });
    },
  },
  {
    method: 'GET',
    path: new RegExp(`^/api/games/${ID}$`),
    handler: async (ctx, { games, ownerOf }) => {
      const s = await games.view(ctx.params[0]!, ctx.user.id);
      if (!s) fail('game.not-found', 'No such game');
      const live = s.view.status === 'active' || s.view.status === 'waiting';
      sendJson(ctx.res, 200, {
        ok: true,
        v: s.v,
        you: s.you,
        view: s.view,
        challenge: s.extras.challenge,
        inviteOpen: s.extras.invite !== null,
        owner: live ? await ownerOf(ctx.params[0]!) : null,
        // Sockets watching that are not the players' (a finished game's are not counted: 0).
        spectators: live ? s.spectators : 0,
      });
    },
  },
  {
    method: 'GET',
    path: new RegExp(`^/api/games/${ID}\\.(pgn|json)$`),
    anonymous: true,
    handler: async (ctx, { games, store, publicUrl }) => {
      const id = ctx.params[0]!;
      const s = await games.view(id);
      if (!s) fail('game.not-found', 'No such game');
      const moves = (await store.moves(id)).map((m) => ({ uci: m.uci, at: m.at, clockMs: m.clockMs }));
      if (ctx.params[1] === 'pgn') {
        ctx.res.writeHead(200, { 'content-type': 'application/x-chess-pgn; charset=utf-8', 'content-disposition': `attachment; filename="youzai-${id}.pgn"` });
        ctx.res.end(toPgn(s.view, moves, publicUrl));
      } else sendJson(ctx.res, 200, toJson(s.view, moves));
    },
  },
  {
    method: 'POST',
    path: new RegExp(`^/api/games/${ID}/join$`),
    handler: async (ctx, { games }) => {
      const j = await body(ctx, Join);
      const r = await games.join(ctx.params[0]!, me(ctx), j.token);
      if (!r.ok) fail(r.error.code, r.error.message);
      sendJson(ctx.res, 200, { ok: true, side: r.value });
    },
  },
  {
    method: 'POST',
    path: new RegExp(`^/api/games/${ID}/decline$`),
    handler: async (ctx, { games }) => {
      // The reason is optional, and so is the body.
      const d = ctx.req.headers['content-type'] ? await body(ctx, Decline) : { reason: undefined };
      const r = await games.decline(ctx.params[0]!, me(ctx), d.reason);
      if (!r.ok) fail(r.error.code, r.error.message);
      sendJson(ctx.res, 200, { ok: true });
    },
  },
  { method: 'POST', path: new RegExp(`^/api/games/${ID}/move$`), handler: async (ctx, deps) => act(ctx, deps, { type: 'move', ...(await body(ctx, Move)) }) },
  { method: 'POST', path: new RegExp(`^/api/games/${ID}/resign$`), handler: async (ctx, deps) => act(ctx, deps, { type: 'resign' }) },
  { method: 'POST', path: new RegExp(`^/api/games/${ID}/abort$`), handler: async (ctx, deps) => act(ctx, deps, { type: 'abort' }) },
  { method: 'POST', path: new RegExp(`^/api/games/${ID}/claim-victory$`), handler: async (ctx, deps) => act(ctx, deps, { type: 'claim-victory' }) },
  { method: 'POST', path: new RegExp(`^/api/games/${ID}/berserk$`), handler: async (ctx, deps) => act(ctx, deps, { type: 'berserk' }) },
  {
    method: 'POST',
    path: new RegExp(`^/api/games/${ID}/draw$`),
    handler: async (ctx, deps) => {
      const { op } = await body(ctx, Draw);
      if (op === 'offer') await deps.limits.enforce('draw', { user: ctx.user.id, addr: ctx.addr });
      await act(ctx, deps, drawAction(op));
    },
  },
  {
    method: 'POST',
    path: new RegExp(`^/api/games/${ID}/takeback$`),
    handler: async (ctx, deps) => act(ctx, deps, takebackAction((await body(ctx, Takeback)).op)),
  },
  {
    // Runs on the server: the engine's WASM build needs threads (SharedArrayBuffer, so a
    // cross-origin-isolated page) and megabytes of download in the browser; the server's
    // pool is already warm. Per-user rate limits keep it fair.
    method: 'POST',
    path: /^\/api\/analysis$/,
    handler: async (ctx, deps) => {
      const { analyse, limits } = deps;
      const req = await body(ctx, Analysis);
      const pos = parseFen(VARIANTS[req.variant], req.fen);
      if (!pos.ok) fail(pos.error.code, pos.error.message);
      if (legalUcis(pos.value).length === 0) fail('analysis.game-over', 'There is no move to suggest: the game is over');
      if (!analyse) fail('server.no-engine', 'The engine is not available on this server');
      // No engine for the current position of a game still being played, whoever asks (docs/security.md).
      if (await deps.livePositions.refuses(req.variant, req.fen)) fail('analysis.live-position', LIVE_POSITION);
      // One analysis at a time per player (a few per address), and so many a minute.
      const who = { user: ctx.user.id, addr: ctx.addr };
      const running = await limits.hold('hint-running', who);
      if (!running.ok) throw new LimitError(running.error);
      try {
        await limits.enforce('hint', who);
        sendJson(ctx.res, 200, { ok: true, ...(await analyse({ userId: ctx.user.id, variant: req.variant, fen: req.fen })) });
      } finally {
        await running.value();
      }
    },
  },
  {
    method: 'GET',
    path: /^\/api\/challenges$/,
    handler: async (ctx, { games }) => sendJson(ctx.res, 200, { ok: true, challenges: await games.challengesFor(ctx.user.id) }),
  },
  {
    method: 'GET',
    path: new RegExp(`^/api/users/${NAME}/games$`),
    handler: async (ctx, { store }) => {
      const limit = limitQuery(ctx.url, 20, 100);
      const before = beforeQuery(ctx.url);
      const u = await store.userByName(ctx.params[0]!);
      if (!u) fail('user.not-found', 'No such player');
      // Filters: one game (?variant=xiangqi) and the player's outcome (?outcome=win|draw|loss).
      const variant = ctx.url.searchParams.get('variant');
      if (variant !== null && !(VARIANT_KEYS as readonly string[]).includes(variant)) fail('query.invalid', 'variant: not a game of this club');
      const outcome = ctx.url.searchParams.get('outcome');
      if (outcome !== null && outcome !== 'win' && outcome !== 'draw' && outcome !== 'loss') fail('query.invalid', 'outcome: win, draw or loss');
      const rows = await store.games({
        userId: u.id,
        status: ['finished'],
        limit,
        ...(before !== undefined ? { before } : {}),
        ...(variant ? { variant } : {}),
        ...(outcome ? { outcome } : {}),
      });
      sendJson(ctx.res, 200, {
        ok: true,
        games: rows.map((g) => ({
          id: g.id,
          variant: g.variant,
          players: storedSeats(g).map((s) => s?.name ?? null),
          ids: [g.whiteId, g.blackId],
          result: g.result,
          reason: g.reason,
          plies: g.plies,
          whiteId: g.whiteId,
          blackId: g.blackId,
          endedAt: g.updatedAt,
          rated: g.rated,
        })),
      });
    },
  },
];
