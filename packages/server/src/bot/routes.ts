/**
 * The Bot API, after lichess's (docs/API.md, "Bot API"): personal API
 * tokens, the upgrade of an account to a bot, the event stream, a game's
 * stream and its actions, and challenges. A program written for lichess
 * needs only a new base URL and token. Everything goes through the same
 * game service, quotas and rules as a player's page.
 */
import { ClockSpec, CreateGame, DECLINE_REASONS, decodeBody, type DeclineReason, type GameView, type Identity } from '@youzai/protocol';
import { VARIANT_KEYS, VARIANTS, type Side } from '@youzai/rules';
import { z } from 'zod';
import { displayName, identityOf } from '../auth/sessions.ts';
import { isTokenScope, tokenView } from '../auth/tokens.ts';
import { gameChatTopic } from '../bus/topics.ts';
import { ID, NAME, body, fail, type Ctx } from '../http/route.ts';
import type { Deps, Route } from '../http/deps.ts';
import { createGame } from '../http/create-game.ts';
import { HttpError, readBody, sendJson } from '../http/util.ts';
import { actFor } from '../service/player-action.ts';
import type { PlayerAction } from '../service/game-service.ts';
import { TOKEN_SCOPES, type TokenScope } from '../store/tokens.ts';
import { eventsTopic, lichessPlayer, playersOf } from './events.ts';
import { type ChallengeSource, type LichessPlayer, challengeJson, eventGame, gameFull, gameState } from './lichess.ts';
import type { BotDeps } from './deps.ts';
import { NdjsonStream } from './ndjson.ts';

export type { BotDeps } from './deps.ts';

/** Event streams one player may hold open at once on a node. */
export const MAX_EVENT_STREAMS = 3;
/** Game streams one player may hold open at once on a node. */
export const MAX_GAME_STREAMS = 32;
/** Bots listed on /api/bot/online. */
export const ONLINE_BOTS = 100;

const PLAY: readonly TokenScope[] = ['bot:play', 'board:play'];
const CHALLENGE_WRITE: readonly TokenScope[] = ['challenge:write', 'bot:play', 'board:play'];
const EVENTS: readonly TokenScope[] = ['challenge:read', 'bot:play', 'board:play'];

const bot = (deps: Deps): BotDeps => {
  if (!deps.bot) fail('server.bot-api', 'The Bot API is not available on this node');
  return deps.bot;
};

/** The player's event and game streams open on this node, to cap them. */
const openStreams = new WeakMap<Set<NdjsonStream>, Map<string, number>>();
function takeStream(b: BotDeps, key: string, max: number): () => void {
  const m = openStreams.get(b.streams) ?? new Map<string, number>();
  openStreams.set(b.streams, m);
  const n = m.get(key) ?? 0;
  if (n >= max) fail('limit.streams', `At most ${max} such streams open at once`);
  m.set(key, n + 1);
  let given = false;
  return () => {
    if (given) return;
    given = true;
    const left = (m.get(key) ?? 1) - 1;
    if (left > 0) m.set(key, left);
    else m.delete(key);
  };
}

/**
 * A body's fields: JSON, or a form (what lichess's clients send; a form is
 * taken only from a token's holder, which a browser's form never is). An
 * empty body is no fields.
 */
async function fields(ctx: Ctx): Promise<Record<string, string>> {
  const type = ctx.req.headers['content-type'] ?? '';
  const text = await readBody(ctx.req);
  if (text.trim() === '') return {};
  if (/^application\/x-www-form-urlencoded\s*(;|$)/i.test(type) && ctx.token) return Object.fromEntries(new URLSearchParams(text));
  if (!/^application\/json\s*(;|$)/i.test(type))
    throw new HttpError(415, 'body.content-type', 'Send the body as application/json (or, with a token, as a form)');
  const r = decodeBody(z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])), text);
  if (!r.ok) throw new HttpError(400, r.code, r.message);
  return Object.fromEntries(Object.entries(r.value).map(([k, v]) => [k, String(v)]));
}

/** Streams are for programs: a token opens them, a browser's session does not (a page has its socket). */
function tokenOnly(ctx: Ctx): void {
  if (!ctx.token) throw new HttpError(401, 'auth.token-required', 'Open this stream with an API token (Authorization: Bearer)');
}

/** The requester as the game service names a player: a bot account's seats are marked BOT. */
async function whoActs(ctx: Ctx, deps: Deps): Promise<Identity> {
  const who = identityOf(ctx.user);
  return (await deps.store.isBot(ctx.user.id)) ? { ...who, bot: true } : who;
}

/** The bot endpoints are for bot accounts, as on lichess. */
async function needBot(ctx: Ctx, deps: Deps): Promise<void> {
  if (!(await deps.store.isBot(ctx.user.id)))
    fail('bot.not-bot', 'This endpoint is for bot accounts: upgrade the account first (POST /api/bot/account/upgrade)');
}

const CreateToken = z
  .object({
    description: z.string().trim().min(1).max(100),
    scopes: z.array(z.enum(TOKEN_SCOPES)).max(TOKEN_SCOPES.length),
  })
  .strict();

/** lichess's decline reasons onto the club's. */
const DECLINE_FROM_LICHESS: Readonly<Record<string, DeclineReason>> = {
  generic: 'generic',
  later: 'later',
  tooFast: 'time-control',
  tooSlow: 'time-control',
  timeControl: 'time-control',
  rated: 'rated',
  casual: 'casual',
  standard: 'variant',
  variant: 'variant',
  noBot: 'generic',
  onlyBot: 'generic',
};

/** A challenge's terms as lichess's clients post them, onto the club's CreateGame. */
function challengeTerms(f: Record<string, string>, username: string): CreateGame {
  const variant = f.variant ?? 'xiangqi';
  if (!(VARIANT_KEYS as readonly string[]).includes(variant)) fail('challenge.variant', `The variants are ${VARIANT_KEYS.join(', ')}`);
  const num = (k: string): number | undefined => (f[k] === undefined || f[k] === '' ? undefined : Number(f[k]));
  const days = num('days');
  const limit = num('clock.limit');
  let spec: unknown;
  if (days !== undefined) spec = { kind: 'correspondence', days };
  else if (limit !== undefined && num('clock.byoyomi') !== undefined)
    spec = { kind: 'byoyomi', minutes: limit / 60, periods: num('clock.periods') ?? 1, seconds: num('clock.byoyomi') };
  else if (limit !== undefined) spec = { kind: 'fischer', minutes: limit / 60, increment: num('clock.increment') ?? 0 };
  else fail('challenge.clock', 'Give clock.limit and clock.increment (seconds), or days');
  const clock = ClockSpec.safeParse(spec);
  if (!clock.success) fail('challenge.clock', clock.error.issues[0]?.message ?? 'This clock is not offered');
  const color = f.color === 'white' ? 'first' : f.color === 'black' ? 'second' : 'random';
  const req = CreateGame.safeParse({
    variant,
    color,
    clock: clock.data,
    rated: f.rated === 'true',
    opponent: { type: 'user', username },
    ...(f.fen ? { fen: f.fen } : {}),
  });
  if (!req.success) fail('body.invalid', req.error.issues[0]?.message ?? 'Invalid challenge');
  return req.data;
}

/** The challenge a waiting game is, in lichess's shape (state `created`). */
async function challengeView(deps: Deps, view: GameView, ch: { userId: string; name: string }): Promise<unknown> {
  const src: ChallengeSource = {
    id: view.id,
    seats: view.seats,
    variant: view.variant,
    rated: view.rated,
    clock: view.clockConfig,
    fen: view.initialFen === VARIANTS[view.variant].startFen ? null : view.initialFen,
  };
  const players = new Map<string, LichessPlayer>();
  for (const s of [...view.seats, { userId: ch.userId, name: ch.name, kind: 'human' as const }]) {
    if (s?.kind === 'human') players.set(s.userId, await lichessPlayer(deps, s.userId, s.name, view.variant));
  }
  return challengeJson(src, ch, 'created', deps.publicUrl, (id, name) => players.get(id) ?? { id, name, title: null, rating: 1500, provisional: true });
}

async function act(ctx: Ctx, deps: Deps, action: PlayerAction): Promise<void> {
  const r = await actFor(deps.games, ctx.params[0]!, ctx.user.id, action);
  if (!r.ok) fail(r.error.code, r.error.message);
  sendJson(ctx.res, 200, { ok: true });
}

const TOKEN_ROUTES: readonly Route[] = [
  {
    method: 'GET',
    path: /^\/api\/tokens$/,
    handler: async (ctx, deps) => {
      if (!ctx.user.username) fail('auth.account-required', 'Register to make API tokens');
      sendJson(ctx.res, 200, { ok: true, scopes: TOKEN_SCOPES, tokens: (await deps.store.tokensOf(ctx.user.id)).map(tokenView) });
    },
  },
  {
    method: 'POST',
    path: /^\/api\/tokens$/,
    handler: async (ctx, deps) => {
      const req = await body(ctx, CreateToken);
      await deps.limits.enforce('settings', { user: ctx.user.id, addr: ctx.addr });
      const r = await bot(deps).tokens.create(ctx.user, req.description, req.scopes.filter(isTokenScope));
      if (!r.ok) fail(r.error.code, r.error.message);
      // The secret is shown this once: the store keeps only its hash.
      sendJson(ctx.res, 201, { ok: true, token: r.value.token, ...tokenView(r.value.row) });
    },
  },
  {
    method: 'POST',
    path: new RegExp(`^/api/tokens/${ID}/revoke$`),
    handler: async (ctx, deps) => {
      if (!(await deps.store.deleteToken(ctx.user.id, ctx.params[0]!))) fail('token.not-found', 'No such token');
      sendJson(ctx.res, 200, { ok: true });
    },
  },
];

const ACCOUNT_ROUTES: readonly Route[] = [
  {
    // lichess's token test, as bot programs call it at start: the body is tokens, comma-separated; each answers its scopes and owner, or null.
    method: 'POST',
    path: /^\/api\/token\/test$/,
    anonymous: true,
    handler: async (ctx, deps) => {
      const text = await readBody(ctx.req);
      const secrets = text
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean)
        .slice(0, 20);
      // No prototype: a key is whatever the caller sent.
      const out: Record<string, { scopes: string; userId: string; expires: null } | null> = Object.create(null);
      for (const secret of secrets) {
        const r = await bot(deps).tokens.resolve(secret);
        out[secret] = r ? { scopes: r.token.scopes.join(','), userId: r.user.id, expires: null } : null;
      }
      sendJson(ctx.res, 200, out);
    },
  },
  {
    // lichess's /api/account, as bot programs read it at start (the BOT title above all).
    method: 'GET',
    path: /^\/api\/account$/,
    scope: 'any',
    handler: async (ctx, deps) => {
      const u = ctx.user;
      const isBot = u.id !== '' && (await deps.store.isBot(u.id));
      const ratings = u.id ? await deps.store.ratings(u.id) : [];
      sendJson(ctx.res, 200, {
        id: u.id,
        username: displayName(u),
        ...(isBot ? { title: 'BOT' } : {}),
        createdAt: u.createdAt,
        perfs: Object.fromEntries(ratings.map((r) => [r.variant, { rating: Math.round(r.rating), rd: Math.round(r.deviation), games: r.games }])),
        url: `${deps.publicUrl}/@/${displayName(u)}`,
      });
    },
  },
  {
    method: 'GET',
    path: /^\/api\/account\/playing$/,
    scope: 'any',
    handler: async (ctx, deps) => {
      const rows = await deps.store.games({ userId: ctx.user.id, status: ['active'], limit: 50 });
      const nowPlaying = [];
      for (const row of rows) {
        const s = await deps.games.view(row.id, ctx.user.id);
        if (s?.view.status === 'active') nowPlaying.push(eventGame(s.view, ctx.user.id, await playersOf(deps, s.view.seats, s.view.variant)));
      }
      sendJson(ctx.res, 200, { nowPlaying });
    },
  },
  {
    // An account with no game becomes a bot, for good (lichess's rule).
    method: 'POST',
    path: /^\/api\/bot\/account\/upgrade$/,
    scope: ['bot:play'],
    handler: async (ctx, deps) => {
      if (!ctx.user.username) fail('auth.account-required', 'Register first: guests cannot become bots');
      if (await deps.store.isBot(ctx.user.id)) fail('bot.already', 'This account is already a bot');
      // The store checks for games and marks the bot in one step: a game starting meanwhile is seen.
      if (!(await deps.store.makeBot(ctx.user.id, deps.clock.now()))) {
        if (await deps.store.isBot(ctx.user.id)) fail('bot.already', 'This account is already a bot');
        fail('bot.has-games', 'Only an account that has never played can become a bot');
      }
      sendJson(ctx.res, 200, { ok: true });
    },
  },
  {
    // Bots online now, as NDJSON (lichess's /api/bot/online), and as JSON for the club's page.
    method: 'GET',
    path: /^\/api\/bot\/online$/,
    anonymous: true,
    handler: async (ctx, deps) => {
      const ids = await deps.store.bots(ONLINE_BOTS * 4);
      const online = deps.onlineAnywhere ?? ((id: string) => Promise.resolve(deps.presence.isOnline(id)));
      const out = [];
      for (const id of ids) {
        if (out.length >= ONLINE_BOTS) break;
        if (!(await online(id))) continue;
        const u = await deps.store.userById(id);
        if (!u) continue;
        const ratings = await deps.store.ratings(id);
        out.push({
          id,
          username: displayName(u),
          title: 'BOT',
          online: true,
          perfs: Object.fromEntries(ratings.map((r) => [r.variant, { rating: Math.round(r.rating), games: r.games }])),
        });
      }
      if ((ctx.req.headers.accept ?? '').includes('application/json')) {
        sendJson(ctx.res, 200, { ok: true, bots: out });
        return;
      }
      ctx.res.writeHead(200, { 'content-type': 'application/x-ndjson; charset=utf-8', 'cache-control': 'no-store' });
      ctx.res.end(out.map((b) => `${JSON.stringify(b)}\n`).join(''));
    },
  },
];

const STREAM_ROUTES: readonly Route[] = [
  {
    // Challenges and games of the player, as they happen; first those open now (as lichess does).
    method: 'GET',
    path: /^\/api\/stream\/event$/,
    scope: EVENTS,
    handler: async (ctx, deps) => {
      tokenOnly(ctx);
      const b = bot(deps);
      const give = takeStream(b, `event:${ctx.user.id}`, MAX_EVENT_STREAMS);
      const uid = ctx.user.id;
      const buffered: string[] = [];
      let live = false;
      let stream: NdjsonStream | null = null;
      const unsub = b.bus.subscribe(eventsTopic(uid), (m) => (live && stream ? stream.send(JSON.parse(m as string)) : buffered.push(m as string)));
      try {
        await b.bus.whenSubscribed?.(eventsTopic(uid));
        stream = new NdjsonStream(ctx.res, { clock: deps.clock, timers: b.timers }, b.streams);
      } catch (e) {
        unsub();
        give();
        throw e;
      }
      const s = stream;
      // The player counts as online while the stream is open (the bots' list, a challenger's view).
      deps.presence.connect(uid);
      s.onClose(() => {
        unsub();
        give();
        deps.presence.disconnect(uid);
      });
      const sent = new Set<string>();
      try {
        for (const row of await deps.store.games({ userId: uid, status: ['active'], limit: 50 })) {
          const v = await deps.games.view(row.id, uid);
          if (v?.view.status !== 'active') continue;
          sent.add(`gameStart:${row.id}`);
          s.send({ type: 'gameStart', game: eventGame(v.view, uid, await playersOf(deps, v.view.seats, v.view.variant)) });
        }
        for (const row of await deps.store.games({ userId: uid, status: ['waiting'], limit: 50 })) {
          const v = await deps.games.view(row.id, uid);
          const ch = v?.extras.challenge;
          if (!v || !ch || v.view.status !== 'waiting') continue;
          sent.add(`challenge:${row.id}`);
          s.send({ type: 'challenge', challenge: await challengeView(deps, v.view, ch), compat: { bot: true, board: true } });
        }
        for (const c of await deps.games.challengesFor(uid)) {
          const v = await deps.games.view(c.id, uid);
          const ch = v?.extras.challenge;
          if (!v || !ch || v.view.status !== 'waiting' || sent.has(`challenge:${c.id}`)) continue;
          sent.add(`challenge:${c.id}`);
          s.send({ type: 'challenge', challenge: await challengeView(deps, v.view, ch), compat: { bot: true, board: true } });
        }
      } catch (e) {
        s.end();
        throw e;
      }
      // What was heard while the snapshot was read, less what it already showed.
      for (const m of buffered) {
        const e = JSON.parse(m) as { type: string; challenge?: { id: string }; game?: { id: string } };
        if (!sent.has(`${e.type}:${e.challenge?.id ?? e.game?.id ?? ''}`)) s.send(e);
      }
      live = true;
    },
  },
  {
    // One game: gameFull, then gameState at each change, chatLine, opponentGone; it ends with the game.
    method: 'GET',
    path: new RegExp(`^/api/bot/game/stream/${ID}$`),
    scope: PLAY,
    handler: async (ctx, deps) => {
      tokenOnly(ctx);
      await needBot(ctx, deps);
      await gameStream(ctx, deps);
    },
  },
];

async function gameStream(ctx: Ctx, deps: Deps): Promise<void> {
  const b = bot(deps);
  const id = ctx.params[0]!;
  const uid = ctx.user.id;
  const first = await deps.games.view(id, uid);
  if (!first) fail('game.not-found', 'No such game');
  if (first.you === null) fail('game.forbidden', 'You are not playing in this game');
  const mine: Side = first.you;
  const give = takeStream(b, `game:${uid}`, MAX_GAME_STREAMS);
  const stream = new NdjsonStream(ctx.res, { clock: deps.clock, timers: b.timers }, b.streams);
  let last = '';
  let chain: Promise<void> = Promise.resolve();
  const ended = (v: GameView) => v.status === 'finished' || v.status === 'aborted';
  const show = (v: GameView) => {
    const st = gameState(v, deps.clock.now());
    const key = JSON.stringify([st.moves, st.status, st.wdraw, st.bdraw, st.wtakeback, st.btakeback]);
    if (key !== last) {
      last = key;
      stream.send(st);
    }
    // The stream ends with the game, as lichess's does.
    if (ended(v)) stream.end();
  };
  const refresh = () => {
    chain = chain
      .then(async () => {
        if (stream.closed) return;
        const s = await deps.games.view(id, uid);
        if (s && !stream.closed) show(s.view);
      })
      .catch(() => stream.end());
  };
  const gone = (v: Pick<GameView, 'claimGraceMs' | 'disconnectedSince'>, isGone: boolean) => {
    const since = v.disconnectedSince[mine === 'first' ? 1 : 0];
    const grace = v.claimGraceMs;
    const left = grace === null ? null : Math.max(0, Math.ceil(((since ?? deps.clock.now()) + grace - deps.clock.now()) / 1000));
    stream.send({ type: 'opponentGone', gone: isGone, ...(isGone && left !== null ? { claimWinInSeconds: left } : {}) });
  };
  const unsubGame = deps.games.subscribe(
    id,
    (frame) => {
      let m: { t?: string; events?: { type: string; side?: Side; connected?: boolean }[] };
      try {
        m = JSON.parse(frame) as typeof m;
      } catch {
        return;
      }
      if (m.t === 'game') return refresh();
      if (m.t !== 'events' || !m.events) return;
      let changed = false;
      for (const e of m.events) {
        if (e.type !== 'connection') changed = true;
        else if (e.side !== mine) {
          const connected = e.connected === true;
          chain = chain.then(async () => {
            const s = await deps.games.view(id, uid);
            if (s && !stream.closed && !ended(s.view)) gone(s.view, !connected);
          });
        }
      }
      if (changed) refresh();
    },
    () => refresh(),
  );
  const chatTopic = gameChatTopic(id, 'players');
  const unsubChat = b.bus.subscribe(chatTopic, (m) => {
    const a = m as { from?: string; frame?: string };
    if (a.from === uid || typeof a.frame !== 'string') return;
    const line = JSON.parse(a.frame) as { user?: { name?: string }; text?: string };
    stream.send({ type: 'chatLine', room: 'player', username: line.user?.name ?? '?', text: line.text ?? '' });
  });
  // The program counts as connected to its game while the stream is open (no claim of abandonment against it).
  void deps.games.presence(id, uid, 1);
  stream.onClose(() => {
    unsubGame();
    unsubChat();
    give();
    void deps.games.presence(id, uid, -1);
  });
  // The state is read again once subscribed: nothing between the first read and the subscription is missed.
  chain = chain.then(async () => {
    const s = (await deps.games.view(id, uid)) ?? first;
    const playerOf = await playersOf(deps, s.view.seats, s.view.variant);
    const full = gameFull(s.view, deps.clock.now(), playerOf);
    last = JSON.stringify([full.state.moves, full.state.status, full.state.wdraw, full.state.bdraw, full.state.wtakeback, full.state.btakeback]);
    stream.send(full);
    const opp = s.view.disconnectedSince[mine === 'first' ? 1 : 0];
    if (opp !== null && !ended(s.view)) gone(s.view, true);
    if (ended(s.view)) stream.end();
  });
  await chain;
}

const GAME_ROUTES: readonly Route[] = [
  {
    method: 'POST',
    path: new RegExp(`^/api/bot/game/${ID}/move/([a-zA-Z0-9@]{2,12})$`),
    scope: PLAY,
    handler: async (ctx, deps) => {
      await needBot(ctx, deps);
      const id = ctx.params[0]!;
      const s = await deps.games.view(id, ctx.user.id);
      if (!s) fail('game.not-found', 'No such game');
      if (s.you === null) fail('game.forbidden', 'You are not playing in this game');
      const r = await actFor(deps.games, id, ctx.user.id, { type: 'move', uci: ctx.params[1]!, ply: s.view.ply });
      if (!r.ok) fail(r.error.code, r.error.message);
      // ?offeringDraw=true: a draw offer with the move, as lichess takes it; within the draw quota of every player, else the move alone.
      if (ctx.url.searchParams.get('offeringDraw') === 'true' && (await deps.limits.take('draw', { user: ctx.user.id, addr: ctx.addr })).ok)
        await actFor(deps.games, id, ctx.user.id, { type: 'draw-offer' });
      sendJson(ctx.res, 200, { ok: true });
    },
  },
  {
    method: 'POST',
    path: new RegExp(`^/api/bot/game/${ID}/chat$`),
    scope: PLAY,
    handler: async (ctx, deps) => {
      await needBot(ctx, deps);
      const f = await fields(ctx);
      // Players talk among themselves: a player never writes in the spectators' chat (the club's rule).
      if ((f.room ?? 'player') !== 'player') fail('chat.forbidden', 'Players do not write in the spectators’ chat');
      const seat = await deps.games.seat(ctx.params[0]!, ctx.user.id);
      if (seat === undefined) fail('game.not-found', 'No such game');
      if (seat === null) fail('game.forbidden', 'You are not playing in this game');
      const q = await deps.limits.take('chat', { user: ctx.user.id, addr: ctx.addr });
      if (!q.ok) fail(q.error.code, q.error.message);
      const r = await bot(deps).chat.post(identityOf(ctx.user), { game: ctx.params[0]!, channel: 'players' }, f.text ?? '');
      if (!r.ok) fail(r.error.code, r.error.message);
      sendJson(ctx.res, 200, { ok: true });
    },
  },
  ...(['abort', 'resign'] as const).map(
    (type): Route => ({
      method: 'POST',
      path: new RegExp(`^/api/bot/game/${ID}/${type}$`),
      scope: PLAY,
      handler: async (ctx, deps) => {
        await needBot(ctx, deps);
        await act(ctx, deps, { type });
      },
    }),
  ),
  {
    method: 'POST',
    path: new RegExp(`^/api/bot/game/${ID}/draw/(yes|no|true|false)$`),
    scope: PLAY,
    handler: async (ctx, deps) => {
      await needBot(ctx, deps);
      const yes = ctx.params[1] === 'yes' || ctx.params[1] === 'true';
      const s = await deps.games.view(ctx.params[0]!, ctx.user.id);
      if (!s) fail('game.not-found', 'No such game');
      const theirs = s.view.drawOffer !== null && s.view.drawOffer !== s.you;
      // An offer counts against the draw quota, as a page's and a socket's do.
      if (yes && !theirs) await deps.limits.enforce('draw', { user: ctx.user.id, addr: ctx.addr });
      await act(ctx, deps, { type: yes ? (theirs ? 'draw-accept' : 'draw-offer') : 'draw-decline' });
    },
  },
];

const CHALLENGE_ROUTES: readonly Route[] = [
  {
    method: 'POST',
    path: new RegExp(`^/api/challenge/${ID}/accept$`),
    scope: CHALLENGE_WRITE,
    handler: async (ctx, deps) => {
      const r = await deps.games.join(ctx.params[0]!, await whoActs(ctx, deps));
      if (!r.ok) fail(r.error.code === 'game.forbidden' || r.error.code === 'game.over' ? 'challenge.not-found' : r.error.code, r.error.message);
      sendJson(ctx.res, 200, { ok: true });
    },
  },
  {
    method: 'POST',
    path: new RegExp(`^/api/challenge/${ID}/decline$`),
    scope: CHALLENGE_WRITE,
    handler: async (ctx, deps) => {
      const f = await fields(ctx);
      const reason =
        DECLINE_FROM_LICHESS[f.reason ?? 'generic'] ??
        ((DECLINE_REASONS as readonly string[]).includes(f.reason ?? '') ? (f.reason as DeclineReason) : 'generic');
      const s = await deps.games.view(ctx.params[0]!, ctx.user.id);
      if (!s || s.extras.challenge?.userId !== ctx.user.id) fail('challenge.not-found', 'No such challenge to you');
      const r = await deps.games.decline(ctx.params[0]!, identityOf(ctx.user), reason);
      if (!r.ok) fail(r.error.code, r.error.message);
      sendJson(ctx.res, 200, { ok: true });
    },
  },
  {
    method: 'POST',
    path: new RegExp(`^/api/challenge/${ID}/cancel$`),
    scope: CHALLENGE_WRITE,
    handler: async (ctx, deps) => {
      const s = await deps.games.view(ctx.params[0]!, ctx.user.id);
      if (!s || s.you === null || s.view.status !== 'waiting') fail('challenge.not-found', 'No such challenge of yours');
      const r = await deps.games.decline(ctx.params[0]!, identityOf(ctx.user));
      if (!r.ok) fail(r.error.code, r.error.message);
      sendJson(ctx.res, 200, { ok: true });
    },
  },
  {
    // A challenge to a named player (lichess's fields: rated, clock.limit, clock.increment, days, color, variant, fen).
    method: 'POST',
    path: new RegExp(`^/api/challenge/${NAME}$`),
    scope: CHALLENGE_WRITE,
    handler: async (ctx, deps) => {
      const req = challengeTerms(await fields(ctx), ctx.params[0]!);
      const r = await createGame(ctx, deps, req, await whoActs(ctx, deps));
      const s = await deps.games.view(r.id, ctx.user.id);
      const ch = s?.extras.challenge;
      if (!s || !ch) fail('game.not-found', 'The challenge is gone');
      sendJson(ctx.res, 200, await challengeView(deps, s.view, ch));
    },
  },
];

export const BOT_ROUTES: readonly Route[] = [...TOKEN_ROUTES, ...ACCOUNT_ROUTES, ...STREAM_ROUTES, ...GAME_ROUTES, ...CHALLENGE_ROUTES];
