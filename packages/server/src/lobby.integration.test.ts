/**
 * The lobby, rooms, chat and ratings over real HTTP and WebSocket: seeks and
 * counters reach every lobby client, pairings reach both players, chat keeps
 * its channels and mutes, and a rated game shows on leaderboards and profiles.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerMessage } from '@youzai/protocol';
import { createApp, type App } from './app.ts';
import { MemoryBus } from './bus/bus.ts';
import { systemClock, systemTimers } from './service/time.ts';
import { memoryStore } from './store/memory/store.ts';
import { TestClient } from './testing/client.ts';

type Msg<T extends ServerMessage['t']> = Extract<ServerMessage, { t: T }>;
const is =
  <T extends ServerMessage['t']>(t: T, pred: (m: Msg<T>) => boolean = () => true) =>
  (m: ServerMessage): boolean =>
    m.t === t && pred(m as Msg<T>);

let app: App;
let base: string;
let n = 0;

beforeAll(async () => {
  app = await createApp({
    store: memoryStore(),
    bus: new MemoryBus(),
    clock: systemClock,
    timers: systemTimers,
    publicUrl: 'http://test',
    httpRate: 1000,
    lobby: { countersIntervalMs: 50 },
  });
  await new Promise<void>((r) => app.server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => app.close());

/** A connected player: a guest, or registered when named. */
async function client(register = false): Promise<TestClient & { name: string; userId: string }> {
  const c = new TestClient(base) as TestClient & { name: string; userId: string };
  const me = (await c.http('POST', '/api/session')).json.user;
  c.userId = me.id;
  c.name = me.name;
  if (register) {
    c.name = `p${Date.now() % 100000}_${n++}`;
    expect((await c.http('POST', '/api/register', { username: c.name, password: 'a long pass phrase' })).json.ok).toBe(true);
  }
  await c.connect();
  return c;
}

const seek = { t: 'seek-create', variant: 'xiangqi', clock: { kind: 'fischer', minutes: 5, increment: 3 } };

describe('lobby over WebSocket', () => {
  it('seeks: created, seen by everyone in the lobby, accepted, gone; both players get the game', async () => {
    const [alice, bob, carol] = await Promise.all([client(), client(), client()]);
    for (const [i, c] of [alice, bob, carol].entries()) expect(await c.request({ t: 'lobby-sub' }, 1 + i)).toMatchObject({ t: 'ack' });
    expect(carol.received.find((m) => m.t === 'lobby')).toMatchObject({
      t: 'lobby',
      seeks: [],
      pools: expect.arrayContaining([expect.objectContaining({ id: 'xiangqi-5+3', waiting: 0 })]),
    });

    const ack = await alice.request({ ...seek, color: 'first' }, 10);
    expect(ack).toMatchObject({ t: 'ack', seek: expect.any(String) });
    const id = (ack as Msg<'ack'>).seek!;
    for (const c of [bob, carol]) await c.waitFor(is('seeks', (m) => m.add.some((s) => s.id === id && s.user.id === alice.userId && s.color === 'first')));
    await carol.waitFor(is('counters', (m) => m.seeking >= 1));

    const from = [alice.received.length, bob.received.length];
    expect(await bob.request({ t: 'seek-accept', seek: id }, 11)).toMatchObject({ t: 'ack' });
    const pa = (await alice.waitFor(is('paired'), 5000, from[0])) as Msg<'paired'>;
    const pb = (await bob.waitFor(is('paired'), 5000, from[1])) as Msg<'paired'>;
    expect(pa).toMatchObject({ side: 'first', opponent: { id: bob.userId }, via: 'seek' });
    expect(pb).toMatchObject({ game: pa.game, side: 'second', opponent: { id: alice.userId } });
    await carol.waitFor(is('seeks', (m) => m.remove.includes(id)));
    expect(await carol.request({ t: 'seek-accept', seek: id }, 12)).toMatchObject({ t: 'error', code: 'seek.not-found' });
    expect(await bob.request({ t: 'sub', game: pa.game }, 13)).toMatchObject({ t: 'ack' });
    expect(await bob.waitFor(is('game', (m) => m.game === pa.game))).toMatchObject({ you: 'second', view: { status: 'active' } });

    // A seek goes with its owner's last socket.
    const again = (await alice.request(seek, 14)) as Msg<'ack'>;
    await carol.waitFor(is('seeks', (m) => m.add.some((s) => s.id === again.seek)));
    const online = app.presence.online;
    const mark = carol.received.length;
    alice.close();
    await carol.waitFor(
      is('seeks', (m) => m.remove.includes(again.seek!)),
      5000,
      mark,
    );
    await carol.waitFor(
      is('counters', (m) => m.online === online - 1),
      5000,
      mark,
    );
    const http = await carol.http('GET', '/api/lobby');
    expect(http.json.seeks.some((s: { id: string }) => s.id === again.seek)).toBe(false);
    for (const c of [bob, carol]) c.close();
  });

  it('counters: players online and seeking, pushed to every lobby client', async () => {
    const watcher = await client();
    await watcher.request({ t: 'lobby-sub' }, 1);
    const before = (watcher.received.find((m) => m.t === 'lobby') as Msg<'lobby'>).counters;
    const others = await Promise.all([client(), client(), client()]);
    await watcher.waitFor(is('counters', (m) => m.online === before.online + 3));
    await others[0]!.request({ t: 'pool-join', pool: 'janggi-10b3x30' }, 2);
    await watcher.waitFor(is('counters', (m) => m.seeking === before.seeking + 1));
    expect(await others[0]!.request({ t: 'pool-leave' }, 3)).toMatchObject({ t: 'ack' });
    await watcher.waitFor(is('counters', (m) => m.seeking === before.seeking));
    for (const c of [watcher, ...others]) c.close();
  });

  it('quick pairing: two players in one pool get a game', async () => {
    const [a, b] = await Promise.all([client(true), client(true)]);
    expect(await a.request({ t: 'pool-join', pool: 'sittuyin-3+2' }, 1)).toMatchObject({ t: 'ack' });
    await a.waitFor(is('pool', (m) => m.pool === 'sittuyin-3+2'));
    expect(await b.request({ t: 'pool-join', pool: 'sittuyin-3+2' }, 2)).toMatchObject({ t: 'ack' });
    const pa = (await a.waitFor(is('paired'))) as Msg<'paired'>;
    expect(((await b.waitFor(is('paired'))) as Msg<'paired'>).game).toBe(pa.game);
    expect((await a.http('GET', `/api/games/${pa.game}`)).json.view).toMatchObject({ variant: 'sittuyin', rated: true, status: 'active' });
    a.close();
    b.close();
  });
});

describe('chat over WebSocket', () => {
  it('players and spectators have their own chats; HTML arrives as inert text; mutes hide lines', async () => {
    const [alice, bob, carol, dave] = await Promise.all([client(), client(), client(), client()]);
    const s = (await alice.request(seek, 1)) as Msg<'ack'>;
    await bob.request({ t: 'seek-accept', seek: s.seek }, 1);
    const game = ((await alice.waitFor(is('paired'))) as Msg<'paired'>).game;
    for (const [i, c] of [alice, bob, carol, dave].entries()) expect(await c.request({ t: 'sub', game }, 10 + i)).toMatchObject({ t: 'ack' });

    const html = '<img src=x onerror="alert(1)">gg & <b>wp</b>';
    expect(await alice.request({ t: 'chat', game, channel: 'players', text: html }, 20)).toMatchObject({ t: 'ack' });
    const line = (await bob.waitFor(is('chat'))) as Msg<'chat'>;
    expect(line).toMatchObject({ game, channel: 'players', text: html, user: { id: alice.userId } });
    expect(await carol.request({ t: 'chat', game, channel: 'spectators', text: 'who wins?' }, 21)).toMatchObject({ t: 'ack' });
    await dave.waitFor(is('chat', (m) => m.text === 'who wins?'));
    expect(await carol.request({ t: 'chat', game, channel: 'players', text: 'psst' }, 22)).toMatchObject({ t: 'error', code: 'chat.forbidden' });
    expect(await alice.request({ t: 'chat', game, channel: 'spectators', text: 'hi' }, 23)).toMatchObject({ t: 'error', code: 'chat.forbidden' });
    expect(await dave.request({ t: 'chat', game, channel: 'spectators', text: 'x'.repeat(301) }, 24)).toMatchObject({ t: 'error', code: 'chat.too-long' });
    // The raw frame holds the text as a JSON string, exactly as sent.
    const raw = await new Promise<string>((resolve) => {
      bob.ws!.once('message', (d) => resolve(String(d)));
      void alice.request({ t: 'chat', game, channel: 'players', text: '</script><script>x()</script>' }, 25);
    });
    expect(JSON.parse(raw).text).toBe('</script><script>x()</script>');

    // Rate: a burst of 3, then refused.
    const burst = await Promise.all([1, 2, 3, 4].map((i) => dave.request({ t: 'chat', game, channel: 'spectators', text: `l${i}` }, 30 + i)));
    expect(burst.filter((r) => r.t === 'error').map((r) => (r as Msg<'error'>).code)).toContain('chat.rate-limited');

    // Mutes: bob mutes alice; carol does not.
    expect(await bob.request({ t: 'mute', user: alice.userId }, 40)).toMatchObject({ t: 'ack' });
    const fromBob = bob.received.length;
    await new Promise((r) => setTimeout(r, 1100)); // alice's chat bucket refills
    await alice.request({ t: 'chat', game, channel: 'players', text: 'muted line' }, 41);
    await bob.request({ t: 'draw', game, op: 'offer' }, 42); // something after it, to know the line would have arrived
    await bob.waitFor(
      is('events', (m) => m.events.some((e) => e.type === 'draw-offer')),
      5000,
      fromBob,
    );
    expect(bob.received.slice(fromBob).some((m) => m.t === 'chat' && m.text === 'muted line')).toBe(false);
    expect((await bob.http('GET', '/api/me/mutes')).json.users).toEqual([{ id: alice.userId, name: alice.name }]);
    // Someone subscribing later gets the recent lines.
    const late = await client();
    await late.request({ t: 'sub', game }, 1);
    expect(await late.waitFor(is('chat-log'))).toMatchObject({
      channel: 'spectators',
      lines: expect.arrayContaining([expect.objectContaining({ text: 'who wins?' })]),
    });
    for (const c of [alice, bob, carol, dave, late]) c.close();
  });
});

describe('rooms over WebSocket', () => {
  it('open a room, meet there, chat, challenge, watch its games', async () => {
    const [alice, bob] = await Promise.all([client(), client()]);
    const made = await alice.http('POST', '/api/rooms', { name: 'Cờ tướng tối thứ Sáu' });
    expect(made.status).toBe(201);
    const room: string = made.json.id;
    expect(made.json.url).toBe(`http://test/rooms/${room}`);
    expect(await alice.request({ t: 'room-join', room }, 1)).toMatchObject({ t: 'ack' });
    expect(alice.received.find((m) => m.t === 'room')).toMatchObject({ room: { id: room, name: 'Cờ tướng tối thứ Sáu', owner: { id: alice.userId } } });
    expect(await bob.request({ t: 'room-join', room }, 1)).toMatchObject({ t: 'ack' });
    await alice.waitFor(is('room-members', (m) => m.members.length === 2));
    expect(await bob.request({ t: 'room-chat', room, text: 'xin chào' }, 2)).toMatchObject({ t: 'ack' });
    await alice.waitFor(is('chat', (m) => 'room' in m && m.room === room && m.text === 'xin chào'));

    const ch = (await alice.request(
      { t: 'room-challenge', room, to: bob.userId, variant: 'janggi', clock: { kind: 'byoyomi', minutes: 5, periods: 3, seconds: 30 } },
      3,
    )) as Msg<'ack'>;
    expect(ch.challenge).toEqual(expect.any(String));
    await bob.waitFor(is('room-challenges', (m) => m.challenges.some((c) => c.id === ch.challenge && c.to?.id === bob.userId)));
    expect(await bob.request({ t: 'room-accept', room, challenge: ch.challenge }, 4)).toMatchObject({ t: 'ack' });
    const pa = (await alice.waitFor(is('paired'))) as Msg<'paired'>;
    expect(pa.via).toBe('room');
    await bob.waitFor(is('room-games', (m) => m.games.some((g) => g.id === pa.game)));
    expect((await new TestClient(base).http('GET', `/api/rooms/${room}`)).json.room.games).toEqual([
      { id: pa.game, variant: 'janggi', players: expect.any(Array) },
    ]);

    // The room stays while anyone is in it.
    bob.close();
    await alice.waitFor(is('room-members', (m) => m.members.length === 1));
    alice.close();
  });
});

describe('ratings over HTTP and WebSocket', () => {
  it('a rated game updates both players once; leaderboards and profiles show it', async () => {
    const [alice, bob] = await Promise.all([client(true), client(true)]);
    const s = (await alice.request({ ...seek, rated: true, color: 'first' }, 1)) as Msg<'ack'>;
    expect(await bob.request({ t: 'seek-accept', seek: s.seek }, 1)).toMatchObject({ t: 'ack' });
    const game = ((await alice.waitFor(is('paired'))) as Msg<'paired'>).game;
    await alice.request({ t: 'sub', game }, 2);
    expect(await alice.request({ t: 'move', game, uci: 'h3e3', ply: 0 }, 3)).toMatchObject({ t: 'ack' });
    expect(await bob.request({ t: 'move', game, uci: 'h10g8', ply: 1 }, 3)).toMatchObject({ t: 'ack' });
    expect(await alice.request({ t: 'move', game, uci: 'b1c3', ply: 2 }, 3)).toMatchObject({ t: 'ack' });
    expect(await bob.request({ t: 'move', game, uci: 'b10c8', ply: 3 }, 3)).toMatchObject({ t: 'ack' });
    expect(await bob.request({ t: 'resign', game }, 4)).toMatchObject({ t: 'ack' });
    const r = (await alice.waitFor(is('ratings'))) as Msg<'ratings'>;
    expect(r.players[0]).toMatchObject({ userId: alice.userId, before: { rating: 1500, provisional: true } });
    expect(r.players[0].diff).toBeGreaterThan(0);
    expect(r.players[1].diff).toBeLessThan(0);

    const board = (await new TestClient(base).http('GET', '/api/leaderboard/xiangqi')).json;
    const names = board.players.map((p: { name: string }) => p.name);
    // One game and a provisional rating: not on the leaderboard (it lists settled ratings only).
    expect(board.ok).toBe(true);
    expect(board.listed).toEqual({ minGames: 10, maxDeviation: 110 });
    expect(names).not.toContain(alice.name);
    expect(names).not.toContain(bob.name);

    const profile = (await new TestClient(base).http('GET', `/api/users/${alice.name}`)).json.user;
    expect(profile).toMatchObject({
      name: alice.name,
      online: true,
      ratings: { xiangqi: { rating: r.players[0].after.rating, provisional: true, games: 1 }, janggi: { rating: 1500, provisional: true, games: 0 } },
      results: { wins: 1, draws: 0, losses: 0, byVariant: { xiangqi: { wins: 1, draws: 0, losses: 0 } } },
      recent: [{ id: game, players: [alice.name, bob.name], result: '1-0', reason: 'resignation', rated: true }],
    });
    const history = (await new TestClient(base).http('GET', `/api/users/${bob.name}/ratings/xiangqi`)).json;
    expect(history.points).toEqual([{ game, at: expect.any(Number), ...r.players[1].after }]);
    alice.close();
    bob.close();
    await new Promise((res) => setTimeout(res, 50));
    expect((await new TestClient(base).http('GET', `/api/users/${alice.name}`)).json.user.online).toBe(false);
  });
});
