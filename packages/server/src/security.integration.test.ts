/**
 * The attacks of issue 13, each tried against the real server: a page of
 * another site (or of another port of the same host) acting with a player's
 * cookie, by WebSocket and by form post.
 */
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from './app.ts';
import { MemoryBus } from './bus/bus.ts';
import { systemClock, systemTimers } from './service/time.ts';
import { memoryStore } from './store/memory/store.ts';
import { TestClient } from './testing/client.ts';

let app: App;
let base: string;
let port: number;

beforeAll(async () => {
  app = await createApp({
    store: memoryStore(),
    bus: new MemoryBus(),
    clock: systemClock,
    timers: systemTimers,
    publicUrl: 'https://club.test',
    origins: ['https://www.club.test'],
    httpRate: 1000,
  });
  await new Promise<void>((r) => app.server.listen(0, '127.0.0.1', r));
  port = (app.server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(async () => app.close());

/** Alice and Bob in a live game; Alice is the victim. */
async function liveGame(): Promise<{ alice: TestClient; bob: TestClient; id: string }> {
  const alice = new TestClient(base);
  const bob = new TestClient(base);
  await alice.http('POST', '/api/session');
  await bob.http('POST', '/api/session');
  const created = await alice.http('POST', '/api/games', {
    variant: 'xiangqi',
    clock: { kind: 'fischer', minutes: 5, increment: 0 },
    opponent: { type: 'invite' },
  });
  const id: string = created.json.id;
  await bob.http('POST', `/api/games/${id}/join`, { token: String(created.json.invite).split('/').pop() });
  return { alice, bob, id };
}

const post = (path: string, cookie: string, headers: Record<string, string>, body?: string) =>
  fetch(base + path, { method: 'POST', headers: { cookie, ...headers }, ...(body !== undefined ? { body } : {}) });

const status = async (c: TestClient, id: string): Promise<string> => (await c.http('GET', `/api/games/${id}`)).json.view.status;

/** Opens a socket with these headers: resolves with the welcome, or the refused upgrade's status and body. */
function upgrade(headers: Record<string, string>): Promise<{ welcome: boolean; status?: number; body?: string }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, { headers });
    ws.on('message', () => {
      ws.close();
      resolve({ welcome: true });
    });
    ws.on('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ welcome: false, status: res.statusCode ?? 0, body }));
    });
    ws.on('error', reject);
  });
}

describe('same-site and cross-site forgery', () => {
  it('refuses a WebSocket upgrade from another site or another port of the same host, with the victim’s cookie', async () => {
    const { alice, id } = await liveGame();
    for (const origin of ['https://evil.example', `http://127.0.0.1:${port + 1}`, 'null']) {
      const r = await upgrade({ cookie: alice.cookie, origin });
      expect(r.status, origin).toBe(403);
      expect(JSON.parse(r.body!)).toMatchObject({ ok: false, code: 'http.origin' });
    }
    expect(await status(alice, id)).toBe('active');
    // The club's own page, by any of its names, still opens its socket.
    for (const origin of [base, 'https://club.test', 'https://www.club.test']) expect((await upgrade({ cookie: alice.cookie, origin })).welcome).toBe(true);
  });

  it('refuses state-changing posts from another origin: coded 403, the game untouched', async () => {
    const { alice, id } = await liveGame();
    for (const path of [`/api/games/${id}/resign`, `/api/games/${id}/abort`, `/api/games/${id}/claim-victory`, '/api/logout']) {
      const r = await post(path, alice.cookie, { origin: `http://127.0.0.1:${port + 1}` });
      expect(r.status, path).toBe(403);
      expect(await r.json()).toMatchObject({ ok: false, code: 'http.origin' });
    }
    const site = await post(`/api/games/${id}/resign`, alice.cookie, { 'sec-fetch-site': 'same-site' });
    expect(site.status).toBe(403);
    expect(await status(alice, id)).toBe('active');
  });

  it('refuses a form post (a content type a page may send without asking) even without Origin', async () => {
    const { alice, id } = await liveGame();
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'text/plain']) {
      const r = await post(`/api/games/${id}/resign`, alice.cookie, { 'content-type': type }, '');
      expect(r.status, type).toBe(415);
      expect(await r.json()).toMatchObject({ code: 'body.content-type' });
    }
    expect(await status(alice, id)).toBe('active');
  });

  it('accepts the club’s own origins', async () => {
    const { alice, id } = await liveGame();
    const r = await post(`/api/games/${id}/resign`, alice.cookie, { origin: 'https://www.club.test', 'sec-fetch-site': 'same-site' });
    expect(r.status).toBe(200);
    expect(await status(alice, id)).toBe('finished');
  });
});

/** A second club with small quotas, to reach them in a few requests. */
async function smallClub(extra: Partial<Parameters<typeof createApp>[0]> = {}): Promise<{ app: App; base: string }> {
  const a = await createApp({
    store: memoryStore(),
    bus: new MemoryBus(),
    clock: systemClock,
    timers: systemTimers,
    publicUrl: 'http://club.test',
    httpRate: 1000,
    limits: {
      guest: { addr: { points: 4, seconds: 3600 }, what: 'new guests' },
      invite: { user: { points: 2, seconds: 600 }, addr: { points: 3, seconds: 600 }, what: 'invitations' },
      seek: { user: { points: 2, seconds: 600 }, addr: { points: 30, seconds: 600 }, what: 'seeks' },
      chat: { user: { points: 2, seconds: 60 }, addr: { points: 30, seconds: 60 }, what: 'chat lines' },
      draw: { user: { points: 1, seconds: 600 }, addr: { points: 30, seconds: 600 }, what: 'draw offers' },
    },
    ...extra,
  });
  await new Promise<void>((r) => a.server.listen(0, '127.0.0.1', r));
  return { app: a, base: `http://127.0.0.1:${(a.server.address() as AddressInfo).port}` };
}

const INVITE = { variant: 'xiangqi', color: 'first', clock: { kind: 'fischer', minutes: 5, increment: 0 }, opponent: { type: 'invite' } };

describe('guests and quotas', () => {
  it('a visitor who only reads gets no guest and no session', async () => {
    const c = new TestClient(base);
    for (const path of ['/', '/play/some-page', '/api/me', '/api/games', '/api/challenges', '/api/puzzles/next?variant=xiangqi']) {
      const r = await c.http('GET', path);
      expect(r.status, path).toBeLessThan(500);
      expect(r.headers.get('set-cookie'), path).toBeNull();
    }
    expect((await c.http('GET', '/api/me')).json).toEqual({ ok: true, user: null });
    // The first act makes one.
    const s = await c.http('POST', '/api/session');
    expect(s.json.user.guest).toBe(true);
    expect(c.cookie).toMatch(/^yz_session=/);
    expect((await c.http('GET', '/api/me')).json.user.id).toBe(s.json.user.id);
    // Asking again keeps the same guest.
    expect((await c.http('POST', '/api/session')).json.user.id).toBe(s.json.user.id);
  });

  it('a visitor without a session watches a room without joining it; acting there needs a session', async () => {
    const owner = new TestClient(base);
    const room = (await owner.http('POST', '/api/rooms', { name: 'Quiet room' })).json.id as string;
    const members = async () => (await owner.http('GET', `/api/rooms/${room}`)).json.room.members.length as number;
    const before = await members();
    const reader = await new TestClient(base).connect();
    expect(await reader.request({ t: 'room-join', room }, 1)).toMatchObject({ t: 'ack' });
    expect(await reader.waitFor((m) => m.t === 'room')).toMatchObject({ t: 'room', room: { id: room } });
    expect(await members()).toBe(before);
    expect(await reader.request({ t: 'room-chat', room, text: 'hi' }, 2)).toMatchObject({ t: 'error', id: 2, code: 'auth.required' });
    expect(await reader.request({ t: 'room-leave', room }, 3)).toMatchObject({ t: 'ack' });
    reader.close();
  });

  it('a player has at most 5 games waiting for an opponent at once', async () => {
    const c = new TestClient(base);
    for (let i = 0; i < 5; i++) expect((await c.http('POST', '/api/games', { ...INVITE, opponent: { type: 'invite' } })).status).toBe(201);
    const r = await c.http('POST', '/api/games', INVITE);
    expect([r.status, r.json.code]).toEqual([400, 'game.too-many-waiting']);
    expect((await c.http('POST', '/api/games', { ...INVITE, opponent: { type: 'computer', level: 1 } })).status).toBe(201);
  });

  it('new guests per address are capped: 429 limit.guest with Retry-After', async () => {
    const club = await smallClub();
    try {
      for (let i = 0; i < 4; i++) expect((await new TestClient(club.base).http('POST', '/api/session')).status).toBe(200);
      const r = await new TestClient(club.base).http('POST', '/api/session');
      expect(r.status).toBe(429);
      expect(r.json.code).toBe('limit.guest');
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
      // Acting without a session is refused the same way, and makes no guest.
      const g = await new TestClient(club.base).http('POST', '/api/games', INVITE);
      expect(g.json.code).toBe('limit.guest');
      expect(g.headers.get('set-cookie')).toBeNull();
    } finally {
      await club.app.close();
    }
  });

  it('invitations are capped per player, and many guests from one address cannot dodge the address’s cap', async () => {
    const club = await smallClub();
    try {
      const a = new TestClient(club.base);
      const b = new TestClient(club.base);
      for (let i = 0; i < 2; i++) expect((await a.http('POST', '/api/games', INVITE)).status).toBe(201);
      const third = await a.http('POST', '/api/games', INVITE);
      expect([third.status, third.json.code]).toEqual([429, 'limit.invite']);
      expect(third.json.message).toMatch(/At most 2 invitations/);
      expect((await b.http('POST', '/api/games', INVITE)).status).toBe(201);
      const fromAddress = await b.http('POST', '/api/games', INVITE);
      expect([fromAddress.status, fromAddress.json.code]).toEqual([429, 'limit.invite']);
      expect(fromAddress.json.message).toMatch(/from one address/);
    } finally {
      await club.app.close();
    }
  });

  it('seeks, chat lines and draw offers over the socket: a coded refusal carrying the request’s id', async () => {
    const club = await smallClub();
    try {
      const a = new TestClient(club.base);
      const b = new TestClient(club.base);
      await a.http('POST', '/api/session');
      await b.http('POST', '/api/session');
      await a.connect();
      await b.connect();
      const seek = { t: 'seek-create', variant: 'xiangqi', clock: { kind: 'fischer', minutes: 5, increment: 0 }, rated: false, color: 'random' };
      expect(await a.request(seek, 1)).toMatchObject({ t: 'ack' });
      expect(await a.request(seek, 2)).toMatchObject({ t: 'ack' });
      expect(await a.request(seek, 3)).toMatchObject({ t: 'error', id: 3, code: 'limit.seek' });

      const created = await a.http('POST', '/api/games', INVITE);
      const id: string = created.json.id;
      await b.http('POST', `/api/games/${id}/join`, { token: String(created.json.invite).split('/').pop() });
      await a.request({ t: 'sub', game: id }, 4);
      const chat = (n: number) => a.request({ t: 'chat', game: id, channel: 'players', text: `hello ${n}` }, 10 + n);
      expect(await chat(0)).toMatchObject({ t: 'ack' });
      await new Promise((r) => setTimeout(r, 1100)); // the chat's own one-a-second pace
      expect(await chat(1)).toMatchObject({ t: 'ack' });
      await new Promise((r) => setTimeout(r, 1100));
      expect(await chat(2)).toMatchObject({ t: 'error', id: 12, code: 'limit.chat' });

      expect(await a.request({ t: 'draw', game: id, op: 'offer' }, 20)).toMatchObject({ t: 'ack' });
      await a.request({ t: 'move', game: id, uci: 'h3e3', ply: 0 }, 21);
      expect(await a.request({ t: 'draw', game: id, op: 'offer' }, 22)).toMatchObject({ t: 'error', id: 22, code: 'limit.draw' });
      a.close();
      b.close();
    } finally {
      await club.app.close();
    }
  });

  it('hints (POST /api/analysis): one at a time per player (a second, meanwhile, is refused at once)', async () => {
    let calls = 0;
    let release: () => void = () => undefined;
    const club = await smallClub({
      analyse: () => {
        calls++;
        return new Promise((resolve) => (release = () => resolve({ bestmove: 'h2e2', score: { cp: 10 }, depth: 5 })));
      },
    });
    try {
      const a = new TestClient(club.base);
      await a.http('POST', '/api/session');
      const req = { variant: 'xiangqi', fen: 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1' };
      const first = a.http('POST', '/api/analysis', req);
      await expect.poll(() => calls, { timeout: 30_000 }).toBe(1);
      const second = await a.http('POST', '/api/analysis', req);
      expect([second.status, second.json.code]).toEqual([429, 'limit.hint-running']);
      release();
      expect((await first).json.bestmove).toBe('h2e2');
      const third = a.http('POST', '/api/analysis', req);
      await expect.poll(() => calls, { timeout: 30_000 }).toBe(2);
      release();
      expect((await third).status).toBe(200);
    } finally {
      await club.app.close();
    }
  });
});

describe('login and sessions', () => {
  it('wrong passwords: a few are answered 401, then 429 with a growing Retry-After; the right one waits too', async () => {
    const owner = new TestClient(base);
    await owner.http('POST', '/api/session');
    expect((await owner.http('POST', '/api/register', { username: 'victim_1', password: 'a fine long secret' })).status).toBe(200);
    const attacker = new TestClient(base);
    const statuses: number[] = [];
    const waits: number[] = [];
    for (let i = 0; i < 12; i++) {
      const r = await attacker.http('POST', '/api/login', { username: 'victim_1', password: `guess number ${i}` });
      statuses.push(r.status);
      if (r.status === 429) {
        expect(r.json.code).toBe('auth.throttled');
        waits.push(Number(r.headers.get('retry-after')));
      }
      // Wait out short locks so the count can grow.
      if (r.status === 429 && waits.at(-1)! <= 2) await new Promise((res) => setTimeout(res, waits.at(-1)! * 1000 + 50));
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(Math.max(...waits)).toBeGreaterThanOrEqual(2);
    const right = await attacker.http('POST', '/api/login', { username: 'victim_1', password: 'a fine long secret' });
    expect(right.status).toBe(429);
  });

  it('refuses passwords that are only spaces or among the commonest', async () => {
    const c = new TestClient(base);
    await c.http('POST', '/api/session');
    for (const password of ['          ', 'password123', 'Matkhau123', '12345678', 'my name is weakling1']) {
      const r = await c.http('POST', '/api/register', { username: 'weakling1', password });
      expect([r.status, r.json.code], password).toEqual([400, 'auth.weak-password']);
    }
  });

  it('registering and logging in give a new session id; the old cookie is worth nothing after', async () => {
    const c = new TestClient(base);
    await c.http('POST', '/api/session');
    const planted = c.cookie;
    expect((await c.http('POST', '/api/register', { username: 'fixated_1', password: 'not planted here' })).status).toBe(200);
    expect(c.cookie).not.toBe(planted);
    const old = new TestClient(base);
    old.cookie = planted;
    expect((await old.http('GET', '/api/me')).json.user).toBeNull();
    expect((await c.http('GET', '/api/me')).json.user.name).toBe('fixated_1');
    const before = c.cookie;
    expect((await c.http('POST', '/api/login', { username: 'fixated_1', password: 'not planted here' })).status).toBe(200);
    expect(c.cookie).not.toBe(before);
  });

  it('logging out closes that session’s sockets, not those of the player’s other sessions', async () => {
    const a = new TestClient(base);
    await a.http('POST', '/api/session');
    await a.http('POST', '/api/register', { username: 'leaver_1', password: 'leaving for now' });
    const other = new TestClient(base);
    await other.http('POST', '/api/login', { username: 'leaver_1', password: 'leaving for now' });
    await a.connect();
    await other.connect();
    await a.waitFor((m) => m.t === 'welcome');
    await other.waitFor((m) => m.t === 'welcome');
    expect((await a.http('POST', '/api/logout')).status).toBe(200);
    await expect.poll(() => a.closedWith, { timeout: 3000 }).toBe(4001);
    expect(other.closedWith).toBeNull();
    expect(await other.request({ t: 'ping' }, 1)).toMatchObject({ t: 'pong', id: 1 });
    other.close();
  });
});

describe('socket protocol', () => {
  it('every refusal, rate-limited ones included, carries the id of the frame it refuses', async () => {
    const c = new TestClient(base);
    await c.connect();
    for (let i = 1; i <= 60; i++) c.send({ t: 'sub', id: i, game: 'nosuchgame1' });
    c.ws!.send(Buffer.from(JSON.stringify({ t: 'ping', id: 99 })), { binary: true });
    const answers = await Promise.all(
      [...Array(60).keys()].map((i) => c.waitFor((m) => (m.t === 'ack' || m.t === 'error') && 'id' in m && m.id === i + 1, 5000)),
    );
    expect(answers.some((m) => m.t === 'error' && m.code === 'rate-limited')).toBe(true);
    // A binary frame is refused too (rate-limited or malformed), with its id.
    expect(await c.waitFor((m) => m.t === 'error' && 'id' in m && m.id === 99, 5000)).toMatchObject({ t: 'error', id: 99 });
    c.close();
  });
});

describe('headers', () => {
  it('a content security policy without inline script, no framing, a referrer policy; HSTS for an https club', async () => {
    for (const path of ['/', '/api/games']) {
      const r = await fetch(base + path);
      const csp = r.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(r.headers.get('x-frame-options')).toBe('DENY');
      expect(r.headers.get('referrer-policy')).toBe('same-origin');
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
      expect(r.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    }
    const club = await smallClub();
    try {
      const r = await fetch(`${club.base}/`);
      expect(r.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(r.headers.get('strict-transport-security')).toBeNull();
    } finally {
      await club.app.close();
    }
  });
});
