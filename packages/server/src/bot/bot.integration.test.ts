/**
 * The Bot API over real HTTP (memory store, fake time): tokens and their
 * scopes, the upgrade to a bot, the event stream, a game's stream and its
 * actions, challenges both ways, and a bot program (testing/bot-program.ts,
 * the API only) playing a full game of each game against a human client.
 */
import type { AddressInfo } from 'node:net';
import { VARIANT_KEYS, prng, type VariantKey } from '@youzai/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../app.ts';
import { MemoryBus } from '../bus/bus.ts';
import { FakeTime } from '../service/time.ts';
import { memoryStore } from '../store/memory/store.ts';
import { BotProgram, NdjsonReader, fenAfter, pickMove, type Choose } from '../testing/bot-program.ts';
import { EnginePool, chooseMove } from '@youzai/engine';
import { TestClient } from '../testing/client.ts';
import { KEEP_ALIVE_MS } from './ndjson.ts';

type Player = TestClient & { name: string; userId: string };

const time = new FakeTime();
let app: App;
let base: string;
const store = memoryStore();
let n = 0;
const CLOCK = { kind: 'fischer', minutes: 5, increment: 3 } as const;

beforeAll(async () => {
  app = await createApp({ store, bus: new MemoryBus(), clock: time, timers: time, publicUrl: 'http://test', httpRate: 10_000 });
  await new Promise<void>((r) => app.server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => app?.close());

async function player(prefix: string): Promise<Player> {
  const c = new TestClient(base) as Player;
  c.userId = (await c.http('POST', '/api/session')).json.user.id;
  c.name = `${prefix}${n++}`;
  expect((await c.http('POST', '/api/register', { username: c.name, password: 'a long pass phrase' })).json.ok).toBe(true);
  return c;
}

async function tokenOf(c: TestClient, scopes: string[] = ['bot:play', 'challenge:read', 'challenge:write']): Promise<string> {
  const r = await c.http('POST', '/api/tokens', { description: 'program', scopes });
  expect(r.status).toBe(201);
  return r.json.token as string;
}

const api = (token: string, method: string, path: string, form?: Record<string, string>) =>
  fetch(base + path, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    ...(form ? { body: new URLSearchParams(form).toString() } : {}),
  });

/** A new account upgraded to a bot, with its token. */
async function botAccount(): Promise<Player & { token: string }> {
  const c = (await player('bot')) as Player & { token: string };
  c.token = await tokenOf(c);
  expect((await api(c.token, 'POST', '/api/bot/account/upgrade')).status).toBe(200);
  return c;
}

/** The secret of an invitation's address (…/invite/{id}/{token}). */
const tokenIn = (invite: string): string => invite.split('/').pop()!;

const challenge = (from: TestClient, to: string, variant: VariantKey = 'xiangqi', clock: unknown = CLOCK) =>
  from.http('POST', '/api/games', { variant, color: 'first', clock, opponent: { type: 'user', username: to } });

describe('tokens', () => {
  it('are made by an account, shown once, stored hashed, listed without the secret, and revoked', async () => {
    const alice = await player('tok');
    const made = await alice.http('POST', '/api/tokens', { description: 'my bot', scopes: ['bot:play'] });
    expect(made.status).toBe(201);
    expect(made.json.token).toMatch(/^yzp_[A-Za-z0-9]{32}$/);
    const list = await alice.http('GET', '/api/tokens');
    expect(list.json.tokens).toEqual([{ id: made.json.id, description: 'my bot', scopes: ['bot:play'], createdAt: time.now() }]);
    expect(JSON.stringify(list.json)).not.toContain(made.json.token);
    const me = await api(made.json.token, 'GET', '/api/account');
    expect(await me.json()).toMatchObject({ id: alice.userId, username: alice.name });
    // A token opens only the routes that take one, and only with their scope.
    expect((await api(made.json.token, 'GET', '/api/stream/event')).status).toBe(200);
    const reader = await tokenOf(alice, ['challenge:read']);
    const noScope = await api(reader, 'POST', '/api/challenge/somebody', { 'clock.limit': '300', 'clock.increment': '0' });
    expect(noScope.status).toBe(403);
    expect(((await noScope.json()) as { code: string }).code).toBe('auth.token-scope');
    const plain = await api(made.json.token, 'POST', '/api/games');
    expect(plain.status).toBe(401);
    expect(((await plain.json()) as { code: string }).code).toBe('auth.token-route');
    // lichess's token test, as programs call it at start (a plain body of tokens, comma-separated).
    const body = new TextEncoder().encode(`${made.json.token},yzp_unknown,__proto__`);
    const tested = (await (await fetch(`${base}/api/token/test`, { method: 'POST', body })).json()) as Record<string, unknown>;
    expect(Object.keys(tested)).toEqual([made.json.token, 'yzp_unknown', '__proto__']);
    expect(tested[made.json.token]).toEqual({ scopes: 'bot:play', userId: alice.userId, expires: null });
    expect(tested.yzp_unknown).toBeNull();
    expect((await alice.http('POST', `/api/tokens/${made.json.id}/revoke`)).status).toBe(200);
    const gone = await api(made.json.token, 'GET', '/api/account');
    expect(gone.status).toBe(401);
    expect(((await gone.json()) as { code: string }).code).toBe('auth.token-invalid');
    expect((await api('yzp_nothing', 'GET', '/api/account')).status).toBe(401);
  });

  it('of a banned account are refused', async () => {
    const bad = await player('ban');
    const token = await tokenOf(bad);
    expect((await api(token, 'GET', '/api/account')).status).toBe(200);
    await store.setSanctions(bad.userId, { bannedAt: time.now() });
    const r = await api(token, 'GET', '/api/account');
    expect(r.status).toBe(403);
    expect(((await r.json()) as { code: string }).code).toBe('auth.banned');
  });

  it('are for accounts only', async () => {
    const guest = new TestClient(base);
    await guest.http('POST', '/api/session');
    const r = await guest.http('POST', '/api/tokens', { description: 'x', scopes: [] });
    expect(r.json.code).toBe('auth.account-required');
  });
});

describe('upgrade to a bot', () => {
  it('an account without games becomes a bot for good, marked BOT; one with a game cannot; bots stay out of the lobby', async () => {
    const bot = await botAccount();
    expect(await (await api(bot.token, 'GET', '/api/account')).json()).toMatchObject({ title: 'BOT' });
    expect((await bot.http('GET', `/api/users/${bot.name}`)).json.user.title).toBe('BOT');
    const again = await api(bot.token, 'POST', '/api/bot/account/upgrade');
    expect(((await again.json()) as { code: string }).code).toBe('bot.already');
    const human = await player('hum');
    const other = await player('oth');
    expect((await challenge(human, other.name)).status).toBe(201);
    const t = await tokenOf(human);
    const refused = await api(t, 'POST', '/api/bot/account/upgrade');
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { code: string }).code).toBe('bot.has-games');
    // A player that is not a bot does not use the bot endpoints.
    expect(((await (await api(t, 'POST', '/api/bot/game/abcdefgh/resign')).json()) as { code: string }).code).toBe('bot.not-bot');
    // The bot's own browser session: no seek, no quick pairing.
    await bot.connect();
    const seek = await bot.request({ t: 'seek-create', variant: 'xiangqi', clock: CLOCK, rated: false, color: 'random' }, 1);
    expect(seek).toMatchObject({ t: 'error', code: 'bot.lobby' });
    const pool = await bot.request({ t: 'pool-join', pool: 'xiangqi-5+3', rated: false }, 2);
    expect(pool).toMatchObject({ t: 'error', code: 'bot.lobby' });
    bot.close();
  });
  it('a seat the bot account takes from a browser page (its session, not its token) is marked BOT too', async () => {
    const bot = await botAccount();
    const human = await player('brw');
    // The bot's page makes an invitation; the human takes it.
    const made = await bot.http('POST', '/api/games', { variant: 'xiangqi', color: 'first', clock: CLOCK, opponent: { type: 'invite' } });
    expect(made.status).toBe(201);
    expect((await human.http('POST', `/api/games/${made.json.id}/join`, { token: tokenIn(made.json.invite) })).json.ok).toBe(true);
    const seats = (await human.http('GET', `/api/games/${made.json.id}`)).json.view.seats;
    expect([seats[0].title, seats[1].title]).toEqual(['BOT', undefined]);
    // The human invites; the bot's page takes the seat.
    const theirs = await human.http('POST', '/api/games', { variant: 'janggi', color: 'first', clock: CLOCK, opponent: { type: 'invite' } });
    expect((await bot.http('POST', `/api/games/${theirs.json.id}/join`, { token: tokenIn(theirs.json.invite) })).json.ok).toBe(true);
    const joined = (await bot.http('GET', `/api/games/${theirs.json.id}`)).json.view.seats;
    expect([joined[0].title, joined[1].title]).toEqual([undefined, 'BOT']);
  });
});

describe('event stream', () => {
  it('tells challenges (open ones first), their decline and withdrawal, and keeps alive with empty lines', async () => {
    const bot = await botAccount();
    const human = await player('eve');
    const first = await challenge(human, bot.name);
    const events = await NdjsonReader.open(`${base}/api/stream/event`, bot.token);
    expect(events.status).toBe(200);
    // Online while its event stream is open: listed among the bots.
    const online = (await (await fetch(`${base}/api/bot/online`, { headers: { accept: 'application/json' } })).json()) as { bots: { username: string }[] };
    expect(online.bots.map((b) => b.username)).toContain(bot.name);
    const open = await events.waitFor((e) => e.type === 'challenge' && e.challenge.id === first.json.id);
    expect(open.challenge).toMatchObject({
      id: first.json.id,
      status: 'created',
      challenger: { id: human.userId, name: human.name, title: null, rating: 1500, provisional: true },
      destUser: { id: bot.userId, name: bot.name, title: 'BOT' },
      variant: { key: 'xiangqi' },
      rated: false,
      speed: 'blitz',
      timeControl: { type: 'clock', limit: 300, increment: 3, show: '5+3' },
      color: 'white',
    });
    // Live: a new challenge, declined with lichess's reason.
    const second = await challenge(human, bot.name, 'janggi');
    await events.waitFor((e) => e.type === 'challenge' && e.challenge.id === second.json.id);
    expect((await api(bot.token, 'POST', `/api/challenge/${second.json.id}/decline`, { reason: 'tooFast' })).status).toBe(200);
    const declined = await events.waitFor((e) => e.type === 'challengeDeclined');
    expect(declined.challenge).toMatchObject({ id: second.json.id, status: 'declined', declineReasonKey: 'time-control' });
    // Withdrawn by the challenger.
    expect((await human.http('POST', `/api/games/${first.json.id}/decline`)).status).toBe(200);
    expect((await events.waitFor((e) => e.type === 'challengeCanceled')).challenge).toMatchObject({ id: first.json.id, status: 'canceled' });
    const before = events.keepAlives;
    time.advance(KEEP_ALIVE_MS);
    await new Promise((r) => setTimeout(r, 50));
    expect(events.keepAlives).toBeGreaterThan(before);
    events.close();
  });

  it('a player holds at most 3 event streams at once; a closed one frees its place; a session cookie opens none', async () => {
    const bot = await botAccount();
    const open = [];
    for (let i = 0; i < 3; i++) open.push(await NdjsonReader.open(`${base}/api/stream/event`, bot.token));
    expect(open.map((s) => s.status)).toEqual([200, 200, 200]);
    const fourth = await api(bot.token, 'GET', '/api/stream/event');
    expect(fourth.status).toBe(429);
    expect(((await fourth.json()) as { code: string }).code).toBe('limit.streams');
    open[0]!.close();
    await open[0]!.waitFor(() => false, 1000).catch(() => undefined);
    let again: NdjsonReader | null = null;
    for (let i = 0; i < 50 && again?.status !== 200; i++) {
      again = await NdjsonReader.open(`${base}/api/stream/event`, bot.token);
      if (again.status !== 200) await new Promise((r) => setTimeout(r, 20));
    }
    expect(again?.status).toBe(200);
    for (const s of [...open, again!]) s.close();
    expect((await bot.http('GET', '/api/stream/event')).json.code).toBe('auth.token-required');
  });

  it('a bot challenges a player (lichess fields, a form); accepted, it hears gameStart; aborted, gameFinish', async () => {
    const bot = await botAccount();
    const human = await player('ada');
    const events = await NdjsonReader.open(`${base}/api/stream/event`, bot.token);
    const made = await api(bot.token, 'POST', `/api/challenge/${human.name}`, {
      variant: 'sittuyin',
      'clock.limit': '180',
      'clock.increment': '2',
      color: 'black',
    });
    expect(made.status).toBe(200);
    const c = (await made.json()) as any;
    expect(c).toMatchObject({ status: 'created', variant: { key: 'sittuyin' }, color: 'black', challenger: { title: 'BOT' }, destUser: { name: human.name } });
    expect((await human.http('GET', `/api/games/${c.id}`)).json.view.seats[1]).toMatchObject({ name: bot.name, title: 'BOT' });
    expect((await human.http('POST', `/api/games/${c.id}/join`, {})).json.ok).toBe(true);
    const start = await events.waitFor((e) => e.type === 'gameStart');
    expect(start.game).toMatchObject({ gameId: c.id, color: 'black', isMyTurn: false, variant: { key: 'sittuyin' }, opponent: { username: human.name } });
    const playing = (await (await api(bot.token, 'GET', '/api/account/playing')).json()) as any;
    expect(playing.nowPlaying.map((g: { gameId: string }) => g.gameId)).toContain(c.id);
    expect((await api(bot.token, 'POST', `/api/bot/game/${c.id}/abort`)).status).toBe(200);
    const finish = await events.waitFor((e) => e.type === 'gameFinish');
    expect(finish.game).toMatchObject({ gameId: c.id, status: { name: 'aborted' } });
    events.close();
  });
});

describe('game stream and actions', () => {
  it('gameFull, gameState after each move, chat both ways, resign', async () => {
    const bot = await botAccount();
    const human = await player('gus');
    await human.connect();
    const c = await challenge(human, bot.name);
    expect((await api(bot.token, 'POST', `/api/challenge/${c.json.id}/accept`)).status).toBe(200);
    const game = await NdjsonReader.open(`${base}/api/bot/game/stream/${c.json.id}`, bot.token);
    const full = await game.waitFor((e) => e.type === 'gameFull');
    expect(full).toMatchObject({
      id: c.json.id,
      variant: { key: 'xiangqi' },
      speed: 'blitz',
      rated: false,
      clock: { initial: 300_000, increment: 3000 },
      white: { id: human.userId, name: human.name, title: null },
      black: { id: bot.userId, name: bot.name, title: 'BOT' },
      initialFen: 'startpos',
      state: { type: 'gameState', moves: '', wtime: 300_000, btime: 300_000, winc: 3000, binc: 3000, status: 'started' },
    });
    // The bot's seat is marked BOT for every page (seats carry it); the human's is not.
    const seats = (await human.http('GET', `/api/games/${c.json.id}`)).json.view.seats;
    expect([seats[0].title, seats[1].title]).toEqual([undefined, 'BOT']);
    expect((await human.http('POST', `/api/games/${c.json.id}/move`, { uci: 'h3e3', ply: 0 })).json.ok).toBe(true);
    expect(await game.waitFor((e) => e.type === 'gameState' && e.moves === 'h3e3')).toMatchObject({ status: 'started' });
    // The bot's move, in the UCI Fairy-Stockfish writes.
    expect((await api(bot.token, 'POST', `/api/bot/game/${c.json.id}/move/h10g8`)).status).toBe(200);
    await game.waitFor((e) => e.type === 'gameState' && e.moves === 'h3e3 h10g8');
    const illegal = await api(bot.token, 'POST', `/api/bot/game/${c.json.id}/move/a1a9`);
    expect(illegal.status).toBe(400);
    // Chat: the human's line reaches the stream; the bot's reaches the human's socket.
    await human.request({ t: 'sub', game: c.json.id }, 1);
    await human.request({ t: 'chat', game: c.json.id, channel: 'players', text: 'chào bot' }, 2);
    expect(await game.waitFor((e) => e.type === 'chatLine')).toEqual({ type: 'chatLine', room: 'player', username: human.name, text: 'chào bot' });
    expect((await api(bot.token, 'POST', `/api/bot/game/${c.json.id}/chat`, { room: 'player', text: 'good luck' })).status).toBe(200);
    await human.waitFor((m) => m.t === 'chat' && 'game' in m && m.text === 'good luck');
    expect((await api(bot.token, 'POST', `/api/bot/game/${c.json.id}/chat`, { room: 'spectator', text: 'hi' })).status).toBe(400);
    expect((await api(bot.token, 'POST', `/api/bot/game/${c.json.id}/resign`)).status).toBe(200);
    expect(await game.waitFor((e) => e.type === 'gameState' && e.status !== 'started')).toMatchObject({ status: 'resign', winner: 'white' });
    await game.waitFor(() => false, 2000).catch(() => undefined);
    expect(game.ended).toBe(true);
    human.close();
  });

  it('the stream counts as the bot being there: opponentGone when the human leaves; a claim once the bot’s stream has closed', async () => {
    const bot = await botAccount();
    const human = await player('leo');
    await human.connect();
    const c = await challenge(human, bot.name);
    const id = c.json.id as string;
    expect((await api(bot.token, 'POST', `/api/challenge/${id}/accept`)).status).toBe(200);
    await human.request({ t: 'sub', game: id }, 1);
    const game = await NdjsonReader.open(`${base}/api/bot/game/stream/${id}`, bot.token);
    await game.waitFor((e) => e.type === 'gameFull');
    // The human hears the bot arrive, as a player's socket would.
    await human.waitFor((m) => m.t === 'events' && m.game === id && m.events.some((e) => e.type === 'connection' && e.side === 'second' && e.connected));
    expect((await human.http('POST', `/api/games/${id}/move`, { uci: 'h3e3', ply: 0 })).json.ok).toBe(true);
    expect((await api(bot.token, 'POST', `/api/bot/game/${id}/move/h10g8`)).status).toBe(200);
    // The human's socket closes: the bot is told, with the time before it may claim.
    human.close();
    expect(await game.waitFor((e) => e.type === 'opponentGone')).toEqual({ type: 'opponentGone', gone: true, claimWinInSeconds: 60 });
    const back = new TestClient(base);
    back.cookie = human.cookie;
    await back.connect();
    await back.request({ t: 'sub', game: id }, 2);
    expect(await game.waitFor((e) => e.type === 'opponentGone' && e.gone === false)).toEqual({ type: 'opponentGone', gone: false });
    // While the bot's stream is open it is not away: no claim. Once closed, after the grace, the human may claim.
    time.advance(61_000);
    expect((await back.http('POST', `/api/games/${id}/claim-victory`)).json.code).toBe('claim.not-available');
    game.close();
    await back.waitFor((m) => m.t === 'events' && m.game === id && m.events.some((e) => e.type === 'connection' && e.side === 'second' && !e.connected));
    time.advance(61_000);
    expect((await back.http('POST', `/api/games/${id}/claim-victory`)).json.ok).toBe(true);
    back.close();
  });

  it('another player cannot open a game’s stream or move in it', async () => {
    const bot = await botAccount();
    const intruder = await botAccount();
    const human = await player('ivy');
    const c = await challenge(human, bot.name);
    expect((await api(bot.token, 'POST', `/api/challenge/${c.json.id}/accept`)).status).toBe(200);
    expect((await api(intruder.token, 'GET', `/api/bot/game/stream/${c.json.id}`)).status).toBe(403);
    expect((await api(intruder.token, 'POST', `/api/bot/game/${c.json.id}/move/h3e3`)).status).toBe(403);
  });
});

/** The bot program accepts a human's challenge and plays the game to its end through the API; the human plays the simple player. */
async function fullGame(variant: VariantKey, choose?: Choose): Promise<void> {
  const bot = await botAccount();
  const program = new BotProgram(base, bot.token, 7, choose);
  const human = await player('hu');
  await human.connect();
  const events = await NdjsonReader.open(`${base}/api/stream/event`, bot.token);
  const clock = variant === 'janggi' ? { kind: 'byoyomi', minutes: 10, periods: 3, seconds: 30 } : CLOCK;
  const c = await challenge(human, bot.name, variant, clock);
  // The program does what lichess-bot does: a challenge comes in, it accepts, a game starts, it plays it.
  const ch = await events.waitFor((e) => e.type === 'challenge' && e.challenge.id === c.json.id);
  expect(ch.challenge.variant.key).toBe(variant);
  expect((await program.post(`/api/challenge/${c.json.id}/accept`)).status).toBe(200);
  const start = await events.waitFor((e) => e.type === 'gameStart' && e.game.gameId === c.json.id);
  const playing = program.play(start.game.gameId);
  const rand = prng(11);
  await human.request({ t: 'sub', game: c.json.id }, 1);
  for (let ply = 0; ply < 2000; ply += 2) {
    const g = await human.http('GET', `/api/games/${c.json.id}`);
    if (g.json.view.status !== 'active') break;
    if (g.json.view.ply !== ply) {
      // Wait for the bot's reply.
      await human.waitFor((m) => m.t === 'events' && m.game === c.json.id && m.events.some((e) => e.type === 'move' && e.ply === ply), 30_000);
      ply -= 2;
      continue;
    }
    const uci = pickMove(variant, g.json.view.initialFen, g.json.view.moves, rand);
    if (!uci) break;
    const r = await human.http('POST', `/api/games/${c.json.id}/move`, { uci, ply });
    expect(r.json.ok, JSON.stringify(r.json)).toBe(true);
    const after = await human.http('GET', `/api/games/${c.json.id}`);
    if (after.json.view.status !== 'active') break;
    await human.waitFor((m) => m.t === 'events' && m.game === c.json.id && m.events.some((e) => e.type === 'move' && e.ply === ply + 2), 30_000);
  }
  const last = await playing;
  expect(last.status).not.toBe('started');
  const view = (await human.http('GET', `/api/games/${c.json.id}`)).json.view;
  expect(view.status).toBe('finished');
  expect(last.moves.split(' ').length).toBe(view.moves.length);
  const finish = await events.waitFor((e) => e.type === 'gameFinish' && e.game.gameId === c.json.id);
  expect(finish.game.status.name).toBe(last.status);
  console.log(
    `${variant}${choose ? ' (engine)' : ''}: ${view.moves.length} plies, ${view.verdict.reason} (${last.status}${last.winner ? `, ${last.winner} won` : ''})`,
  );
  events.close();
  human.close();
}

describe('a bot program plays a full game of each game against a human client', () => {
  for (const variant of VARIANT_KEYS) it(variant, { timeout: 300_000 }, () => fullGame(variant));
});

describe('a bot program driving Fairy-Stockfish (the engine package, level 3) through the API only', () => {
  let pool: EnginePool;
  beforeAll(async () => {
    pool = new EnginePool({ size: 1 });
    await pool.warmup();
  }, 120_000);
  afterAll(async () => pool?.close());
  const engine: Choose = async (gameId, variant, initialFen, moves) =>
    (await chooseMove(pool, { gameId, variant, fen: fenAfter(variant, initialFen, moves), level: 3 })).uci;
  for (const variant of VARIANT_KEYS) it(variant, { timeout: 300_000 }, () => fullGame(variant, engine));
});
