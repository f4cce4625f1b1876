/**
 * Moderation over HTTP and the socket: reports with the game, admins only
 * (ADMINS), a mute refused in chat, a ban ending sessions and sockets and
 * refusing login, a closed account, a voided game, a cheater's games voided
 * for their opponents and kept off the leaderboard; every action logged.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerMessage } from '@youzai/protocol';
import { createApp, type App } from '../app.ts';
import { isAdmin } from '../auth/admins.ts';
import { MemoryBus } from '../bus/bus.ts';
import { systemClock, systemTimers } from '../service/time.ts';
import { memoryStore } from '../store/memory/store.ts';
import type { Store } from '../store/types.ts';
import { adminClient } from '../testing/admin.ts';
import { TestClient } from '../testing/client.ts';

let app: App;
let base: string;
let store: Store;
let n = 0;
const saved = process.env.ADMINS;

beforeAll(async () => {
  process.env.ADMINS = 'Root_mod, other';
  store = memoryStore();
  app = await createApp({ store, bus: new MemoryBus(), clock: systemClock, timers: systemTimers, publicUrl: 'http://test', httpRate: 1000 });
  await new Promise<void>((r) => app.server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  process.env.ADMINS = saved;
  await app.close();
});

async function account(name = `m${Date.now() % 100000}_${n++}`): Promise<TestClient & { name: string; id: string }> {
  // An admin's name is not registered over HTTP: the operator claims it.
  if (isAdmin(name)) return Object.assign(await adminClient(base, store, name), { name });
  const c = new TestClient(base) as TestClient & { name: string; id: string };
  await c.http('POST', '/api/session');
  const r = await c.http('POST', '/api/register', { username: name, password: 'correct horse 1' });
  expect(r.json.ok).toBe(true);
  c.name = name;
  c.id = r.json.user.id;
  return c;
}

describe('moderation', () => {
  it('reports reach the admins only; an admin mutes (chat refused), bans (sessions, sockets, login), closes; all logged', async () => {
    const root = await account('root_mod');
    const [bob, carol, dave] = [await account(), await account(), await account()];
    expect((await bob.http('POST', '/api/reports', { user: carol.name, game: 'abcdefgh', reason: 'abuse', text: 'rude in chat' })).status).toBe(201);
    expect((await bob.http('POST', '/api/reports', { user: bob.name, reason: 'cheat' })).json.code).toBe('report.self');
    expect((await bob.http('POST', '/api/reports', { user: carol.name, reason: 'spam' })).json.code).toBe('body.invalid');
    expect((await new TestClient(base).http('POST', '/api/reports', { user: carol.name, reason: 'cheat' })).json.code).toBe('auth.account-required');
    for (const path of ['/api/admin/reports', '/api/admin/log']) {
      const r = await bob.http('GET', path);
      expect(r.status).toBe(403);
      expect(r.json.code).toBe('admin.required');
    }
    expect((await bob.http('POST', `/api/admin/users/${carol.name}/ban`, {})).status).toBe(403);
    const reports = (await root.http('GET', '/api/admin/reports')).json.reports;
    const mine = reports.find((r: { reporter: string }) => r.reporter === bob.name);
    expect(mine).toMatchObject({ reported: carol.name, gameId: 'abcdefgh', reason: 'abuse', text: 'rude in chat', resolvedAt: null });

    // Mute: Carol's chat lines are refused, on a socket opened before or after.
    await carol.connect();
    const room = (await carol.http('POST', '/api/rooms', { name: 'r' })).json.id;
    expect(await carol.request({ t: 'room-join', room }, 1)).toMatchObject({ t: 'ack' });
    expect(await carol.request({ t: 'room-chat', room, text: 'before' }, 2)).toMatchObject({ t: 'ack' });
    expect((await root.http('POST', `/api/admin/users/${carol.name}/mute`, { minutes: 10, note: 'rude' })).json).toMatchObject({ ok: true });
    expect(await carol.request({ t: 'room-chat', room, text: 'after' }, 3)).toMatchObject({ t: 'error', code: 'chat.muted' });
    // Told on her bell, in both languages, with the reason.
    const told = (await carol.waitFor((m) => m.t === 'notification' && m.notification.kind === 'moderation')) as Extract<ServerMessage, { t: 'notification' }>;
    expect(told.notification.data.text).toMatchObject({ en: 'The moderators muted you in every chat for 10 minutes. Reason: rude' });
    expect((await root.http('POST', `/api/admin/users/${carol.name}/mute`, { minutes: 0 })).json.ok).toBe(true);
    expect(await carol.request({ t: 'room-chat', room, text: 'again' }, 4)).toMatchObject({ t: 'ack' });
    expect((await root.http('POST', `/api/admin/reports/${mine.id}/resolve`, {})).json.ok).toBe(true);
    expect((await root.http('GET', '/api/admin/reports')).json.reports.some((r: { id: string }) => r.id === mine.id)).toBe(false);

    // Ban: the socket closes, the cookie is no longer Bob's, login is refused; lifted, login works.
    await bob.connect();
    expect((await root.http('POST', `/api/admin/users/${bob.name}/ban`, { note: 'spam' })).json.ok).toBe(true);
    await new Promise((r) => setTimeout(r, 100));
    expect(bob.closedWith).toBe(4003);
    expect((await bob.http('GET', '/api/me')).json.user).toBeNull();
    const login = await bob.http('POST', '/api/login', { username: bob.name, password: 'correct horse 1' });
    expect(login.status).toBe(403);
    expect(login.json.code).toBe('auth.banned');
    expect((await root.http('GET', `/api/admin/users/${bob.name}`)).json.sanctions).toMatchObject({ bannedAt: expect.any(Number) });
    expect((await root.http('POST', `/api/admin/users/${bob.name}/ban`, { on: false })).json.ok).toBe(true);
    expect((await bob.http('POST', '/api/login', { username: bob.name, password: 'correct horse 1' })).json.ok).toBe(true);

    // Close: the same, for good.
    expect((await root.http('POST', `/api/admin/users/${dave.name}/close`, {})).json.ok).toBe(true);
    expect((await dave.http('POST', '/api/login', { username: dave.name, password: 'correct horse 1' })).json.code).toBe('auth.closed');

    const log = (await root.http('GET', '/api/admin/log')).json.log as { admin: string; action: string; target: string | null; detail: string }[];
    expect(log.map((e) => [e.action, e.target])).toEqual([
      ['close', dave.name],
      ['ban', bob.name],
      ['ban', bob.name],
      ['resolve', null],
      ['mute', carol.name],
      ['mute', carol.name],
    ]);
    expect(log.every((e) => e.admin === 'root_mod')).toBe(true);
    expect(log[5]!.detail).toMatch(/muted for 10 min — rude/);
    carol.close();
  });

  it('void a game’s rating effect; a cheater’s games voided for their opponents, their later games never count', async () => {
    const root = await account('other');
    const [a, b, c] = [await account(), await account(), await account()];
    const at = Date.now();
    const g1 = await store.applyRatedGame({ gameId: 'voidgame1', variant: 'xiangqi', whiteId: a.id, blackId: b.id, score: 1, at });
    expect(g1!.counted).toBe(true);
    expect((await root.http('POST', '/api/admin/games/voidgame1/void', { note: 'fixed' })).json).toMatchObject({
      ok: true,
      detail: expect.stringMatching(/taken back/),
    });
    // Their only rated game voided: both are newcomers again, with no Xiangqi rating (the next game starts from 1500).
    expect(await store.ratings(a.id)).toEqual([]);
    expect(await store.ratings(b.id)).toEqual([]);
    expect((await root.http('POST', '/api/admin/games/voidgame1/void', {})).json.code).toBe('moderation.not-voidable');

    // c beats a and b; c is marked a cheater: both get back what they lost.
    await store.applyRatedGame({ gameId: 'voidgame2', variant: 'xiangqi', whiteId: c.id, blackId: a.id, score: 1, at: at + 1 });
    await store.applyRatedGame({ gameId: 'voidgame3', variant: 'xiangqi', whiteId: b.id, blackId: c.id, score: 0, at: at + 2 });
    expect((await store.ratings(a.id))[0]!.rating).toBeLessThan(1500);
    const r = await root.http('POST', `/api/admin/users/${c.name}/cheater`, {});
    expect(r.json.detail).toMatch(/2 rated games voided/);
    expect(await store.ratings(a.id)).toEqual([]);
    expect(await store.ratings(b.id)).toEqual([]);
    expect(await store.ratedGamesOf(c.id, 10)).toEqual([]);
  });
});
