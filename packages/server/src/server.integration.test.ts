/**
 * The real server over real HTTP and WebSocket, with two players and a
 * spectator, against each storage back end.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from './app.ts';
import { MemoryBus } from './bus/bus.ts';
import { systemClock, systemTimers } from './service/time.ts';
import type { Store } from './store/types.ts';
import { TestClient } from './testing/client.ts';
import { STORE_KINDS, openTestStore } from './testing/stores.ts';

describe.each(STORE_KINDS)('server over HTTP and WebSocket (%s)', (kind) => {
  let app: App;
  let store: Store;
  let base: string;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ store, drop } = await openTestStore(kind));
    app = await createApp({ store, bus: new MemoryBus(), clock: systemClock, timers: systemTimers, publicUrl: 'http://test', httpRate: 1000 });
    await new Promise<void>((r) => app.server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app.close();
    await store.close();
    await drop();
  });

  it('plays a game by invitation: moves reach both players and a spectator; errors come with the state', async () => {
    const alice = new TestClient(base),
      bob = new TestClient(base),
      carol = new TestClient(base);
    for (const c of [alice, bob, carol]) expect((await c.http('POST', '/api/session')).json.user.guest).toBe(true);
    const created = await alice.http('POST', '/api/games', {
      variant: 'xiangqi',
      color: 'first',
      clock: { kind: 'fischer', minutes: 5, increment: 3 },
      opponent: { type: 'invite' },
    });
    expect(created.status).toBe(201);
    const id: string = created.json.id;
    const token = String(created.json.invite).split('/').pop();
    expect((await carol.http('POST', `/api/games/${id}/join`, { token: 'wrongwrongwrong1' })).json.code).toBe('invite.invalid');
    const joined = await bob.http('POST', `/api/games/${id}/join`, { token });
    expect(joined.json).toEqual({ ok: true, side: 'second' });
    expect((await carol.http('POST', `/api/games/${id}/join`, { token })).json.code).toBe('game.over');

    for (const c of [alice, bob, carol]) await c.connect();
    const subs = await Promise.all([alice, bob, carol].map((c, i) => c.request({ t: 'sub', game: id }, 100 + i)));
    expect(subs.every((s) => s.t === 'ack')).toBe(true);
    const state = (await carol.waitFor((m) => m.t === 'game')) as Extract<import('@youzai/protocol').ServerMessage, { t: 'game' }>;
    expect(state.view.status).toBe('active');
    expect(state.you).toBeNull();

    expect(await alice.request({ t: 'move', game: id, uci: 'h3e3', ply: 0 }, 1)).toMatchObject({ t: 'ack' });
    for (const c of [alice, bob, carol]) await c.waitFor((m) => m.t === 'events' && m.events.some((e) => e.type === 'move' && e.uci === 'h3e3'));
    // Stale, out of turn, illegal, not a player: each an error code, followed by the state.
    expect(await bob.request({ t: 'move', game: id, uci: 'h10g8', ply: 0 }, 2)).toMatchObject({ t: 'error', code: 'game.stale' });
    await bob.waitFor((m) => m.t === 'game' && m.view.ply === 1);
    expect(await alice.request({ t: 'move', game: id, uci: 'b1c3', ply: 1 }, 3)).toMatchObject({ t: 'error', code: 'game.not-your-turn' });
    expect(await bob.request({ t: 'move', game: id, uci: 'a10a1', ply: 1 }, 4)).toMatchObject({ t: 'error', code: 'move.illegal' });
    expect(await carol.request({ t: 'move', game: id, uci: 'h10g8', ply: 1 }, 5)).toMatchObject({ t: 'error', code: 'game.forbidden' });
    expect(await bob.request({ t: 'move', game: id, uci: 'h10g8', ply: 1 }, 6)).toMatchObject({ t: 'ack' });
    expect(await alice.request({ t: 'draw', game: id, op: 'offer' }, 7)).toMatchObject({ t: 'ack' });
    await bob.waitFor((m) => m.t === 'events' && m.events.some((e) => e.type === 'draw-offer'));
    expect(await bob.request({ t: 'draw', game: id, op: 'decline' }, 8)).toMatchObject({ t: 'ack' });
    for (const [c, uci, ply] of [
      [alice, 'b1c3', 2],
      [bob, 'b10c8', 3],
      [alice, 'i1i2', 4],
    ] as const) {
      expect(await c.request({ t: 'move', game: id, uci, ply }, 10 + ply)).toMatchObject({ t: 'ack' });
    }
    expect(await bob.request({ t: 'resign', game: id }, 20)).toMatchObject({ t: 'ack' });
    const end = await carol.waitFor((m) => m.t === 'events' && m.events.some((e) => e.type === 'end'));
    expect(end).toMatchObject({ events: [{ type: 'end', verdict: { result: '1-0', reason: 'resignation' } }] });
    // The spectator saw every move in order, one frame per version, versions increasing without a gap.
    type Frame = Extract<import('@youzai/protocol').ServerMessage, { t: 'events' }>;
    const frames = carol.received.filter((m): m is Frame => m.t === 'events' && m.events.some((e) => e.type !== 'connection'));
    const moves = frames.flatMap((f) => f.events.flatMap((e) => (e.type === 'move' ? [e.uci] : [])));
    expect(moves).toEqual(['h3e3', 'h10g8', 'b1c3', 'b10c8', 'i1i2']);
    const vs = frames.map((f) => f.v);
    expect(vs).toEqual(Array.from({ length: vs.length }, (_, i) => vs[0]! + i));

    const pgn = await carol.http('GET', `/api/games/${id}.pgn`);
    expect(pgn.text).toContain('[Variant "xiangqi"]');
    expect(pgn.text).toContain('[Result "1-0"]');
    // Xiangqi movetext in WXF, as Xiangqi PGN readers expect; our coordinates in a tag.
    expect(pgn.text).toMatch(/1\. C2\.5 \{\[%clk 0:05:00\]\} H8\+7/);
    expect(pgn.text).toContain('[Coordinates "h3e3 h10g8 b1c3 b10c8 i1i2"]');
    const json = await carol.http('GET', `/api/games/${id}.json`);
    expect(json.json.moves.map((m: { uci: string }) => m.uci)).toEqual(moves);
    for (const c of [alice, bob, carol]) c.close();
  });

  it('a client that reconnects catches up from the version it holds', async () => {
    const a = new TestClient(base),
      b = new TestClient(base);
    await a.http('POST', '/api/session');
    await b.http('POST', '/api/session');
    const g = await a.http('POST', '/api/games', {
      variant: 'janggi',
      color: 'first',
      clock: { kind: 'byoyomi', minutes: 1, periods: 3, seconds: 30 },
      opponent: { type: 'invite' },
    });
    await b.http('POST', `/api/games/${g.json.id}/join`, { token: String(g.json.invite).split('/').pop() });
    await b.connect();
    await b.request({ t: 'sub', game: g.json.id }, 1);
    const v0 = ((await b.waitFor((m) => m.t === 'game')) as { v: number }).v;
    b.close();
    expect((await a.http('POST', `/api/games/${g.json.id}/move`, { uci: 'e2e2', ply: 0 })).json).toEqual({ ok: true });
    const b2 = new TestClient(base);
    b2.cookie = b.cookie;
    await b2.connect();
    await b2.request({ t: 'sub', game: g.json.id, since: v0 }, 2);
    const ev = await b2.waitFor((m) => m.t === 'events');
    expect(ev).toMatchObject({ v: v0 + 1, events: [{ type: 'move', uci: 'e2e2' }] });
    expect(b2.received.some((m) => m.t === 'game')).toBe(false);
    b2.close();
  });

  it('accounts: a guest registers and keeps its games; login, logout, wrong password', async () => {
    const a = new TestClient(base),
      b = new TestClient(base);
    const guest = (await a.http('POST', '/api/session')).json.user;
    await b.http('POST', '/api/session');
    const g = await a.http('POST', '/api/games', {
      variant: 'sittuyin',
      color: 'first',
      clock: { kind: 'fischer', minutes: 3, increment: 2 },
      opponent: { type: 'invite' },
    });
    await b.http('POST', `/api/games/${g.json.id}/join`, { token: String(g.json.invite).split('/').pop() });
    await a.http('POST', `/api/games/${g.json.id}/move`, { uci: 'K@d2', ply: 0 });
    await a.http('POST', `/api/games/${g.json.id}/resign`);
    const name = `p${kind}${Date.now() % 100000}`;
    const reg = await a.http('POST', '/api/register', { username: name, password: 'correct horse' });
    expect(reg.json.user).toEqual({ id: guest.id, name, guest: false });
    expect((await b.http('POST', '/api/register', { username: name.toUpperCase(), password: 'another one' })).json.code).toBe('auth.username-taken');
    const hist = await b.http('GET', `/api/users/${name}/games`);
    expect(hist.json.games.map((x: { id: string }) => x.id)).toContain(g.json.id);
    expect((await a.http('POST', '/api/logout')).json.ok).toBe(true);
    // Logged out: no session, and a read makes none.
    expect((await a.http('GET', '/api/me')).json.user).toBeNull();
    expect((await a.http('POST', '/api/login', { username: name, password: 'wrong password' })).status).toBe(401);
    const login = await a.http('POST', '/api/login', { username: name, password: 'correct horse' });
    expect(login.json.user.id).toBe(guest.id);
    expect((await a.http('GET', '/api/me')).json.user.name).toBe(name);
  });

  it('challenges a named player, who accepts; the computer seat is held for the engine', async () => {
    const a = new TestClient(base),
      b = new TestClient(base);
    await a.http('POST', '/api/session');
    await b.http('POST', '/api/session');
    const bn = `c${kind}${Date.now() % 100000}`;
    await b.http('POST', '/api/register', { username: bn, password: 'a long pass phrase' });
    const ch = await a.http('POST', '/api/games', {
      variant: 'xiangqi',
      color: 'second',
      clock: { kind: 'fischer', minutes: 10, increment: 0 },
      opponent: { type: 'user', username: bn },
    });
    expect(ch.status).toBe(201);
    expect((await b.http('GET', '/api/challenges')).json.challenges.map((c: { id: string }) => c.id)).toContain(ch.json.id);
    expect((await b.http('POST', `/api/games/${ch.json.id}/join`, {})).json).toEqual({ ok: true, side: 'first' });
    const pc = await a.http('POST', '/api/games', {
      variant: 'janggi',
      color: 'first',
      clock: { kind: 'fischer', minutes: 10, increment: 5 },
      opponent: { type: 'computer', level: 3 },
    });
    const view = await a.http('GET', `/api/games/${pc.json.id}`);
    expect(view.json.view.seats[1]).toMatchObject({ kind: 'engine' });
    expect(view.json.view.status).toBe('active');
  });

  it('/api/stats tells the tail apart: GC pauses by kind, the group commit (SQLite), memory by kind', async () => {
    const c = new TestClient(base);
    await c.http('POST', '/api/session');
    await c.http('POST', '/api/games', {
      variant: 'janggi',
      color: 'first',
      clock: { kind: 'fischer', minutes: 5, increment: 3 },
      opponent: { type: 'invite' },
    });
    const s = (await c.http('GET', '/api/stats?reset')).json;
    expect(Object.keys(s.gc)).toEqual(['minor', 'major', 'incremental', 'weakcb', 'forced']);
    expect(s.memory.rss).toBeGreaterThan(0);
    expect(s.memory.heapTotal).toBeGreaterThanOrEqual(s.memory.heapUsed);
    expect(typeof s.eventLoopDelayMs.samples).toBe('number');
    if (kind === 'sqlite') {
      // The session and the game were written: at least one transaction, each write timed.
      expect(s.commits.batchSize.count).toBeGreaterThan(0);
      expect(s.commits.writeMs.count).toBeGreaterThanOrEqual(s.commits.batchSize.count);
    } else expect(s.commits).toBeNull();
  });

  it('/api/stats ignores ?reset without STATS_CONTROL: nobody can wipe the figures an operator reads', async () => {
    const c = new TestClient(base);
    await c.http('POST', '/api/session');
    await c.http('POST', '/api/games', {
      variant: 'janggi',
      color: 'first',
      clock: { kind: 'fischer', minutes: 5, increment: 3 },
      opponent: { type: 'invite' },
    });
    const first = (await new TestClient(base).http('GET', '/api/stats?reset')).json;
    const second = (await new TestClient(base).http('GET', '/api/stats?reset')).json;
    if (kind === 'sqlite') {
      expect(first.commits.batchSize.count).toBeGreaterThan(0);
      expect(second.commits.batchSize.count).toBeGreaterThanOrEqual(first.commits.batchSize.count);
    }
    expect(second.cpu).toBeDefined();
  });
});
