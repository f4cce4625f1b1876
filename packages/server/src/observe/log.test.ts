/**
 * The structured log over real HTTP and WebSocket: one JSON line per request
 * and per socket action worth keeping, with node, user and game ids; a
 * password and a session cookie never appear in it.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../app.ts';
import { MemoryBus } from '../bus/bus.ts';
import { systemClock, systemTimers } from '../service/time.ts';
import { memoryStore } from '../store/memory/store.ts';
import { TestClient } from '../testing/client.ts';
import { invitation } from '../testing/invite.ts';
import { createLogger, gameOfPath, loggedPath } from './log.ts';

const PASSWORD = 'correct-horse-battery-staple-42';

describe('logs', () => {
  let app: App;
  let base: string;
  const lines: string[] = [];
  const entries = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);

  beforeAll(async () => {
    const log = createLogger({ node: 'n7', level: 'debug', destination: { write: (s: string) => void lines.push(s) } });
    app = await createApp({ store: memoryStore(), bus: new MemoryBus(), clock: systemClock, timers: systemTimers, publicUrl: 'http://test', node: 'n7', log });
    await new Promise<void>((r) => app.server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => app.close());

  it('write a line per request and socket action, with node, user and game, and never a password or a session cookie', async () => {
    const alice = new TestClient(base);
    const bob = new TestClient(base);
    expect((await alice.http('POST', '/api/register', { username: 'alice_log', password: PASSWORD })).status).toBe(200);
    expect((await alice.http('POST', '/api/logout')).status).toBe(200);
    expect((await alice.http('POST', '/api/login', { username: 'alice_log', password: 'wrong-password-123' })).status).toBe(401);
    expect((await alice.http('POST', '/api/login', { username: 'alice_log', password: PASSWORD })).status).toBe(200);
    const cookie = alice.cookie.split('=')[1]!;
    expect(cookie.length).toBeGreaterThan(10);
    const { id, token, joined } = await invitation(alice, bob);
    expect(joined.status).toBe(200);
    await alice.connect();
    expect(await alice.request({ t: 'sub', game: id }, 1)).toMatchObject({ t: 'ack' });
    expect(await alice.request({ t: 'move', game: id, uci: 'h3e3', ply: 0 }, 2)).toMatchObject({ t: 'ack' });
    expect(await alice.request({ t: 'move', game: id, uci: 'h0g2', ply: 0 }, 3)).toMatchObject({ t: 'error' });
    alice.close();
    // The close is logged once the server has seen it (a loaded machine takes a while).
    for (let i = 0; i < 100 && !lines.some((l) => l.includes('"socket closed"')); i++) await new Promise((r) => setTimeout(r, 50));

    const me = (await alice.http('GET', '/api/me')).json.user.id as string;
    const all = lines.join('\n');
    expect(all).not.toContain(PASSWORD);
    expect(all).not.toContain('wrong-password-123');
    expect(all).not.toContain(cookie);
    expect(all).not.toContain(token);
    const log = entries();
    expect(log.every((e) => e.node === 'n7' && typeof e.time === 'string' && typeof e.level === 'number')).toBe(true);
    const requests = log.filter((e) => e.msg === 'request');
    expect(requests.find((e) => e.path === '/api/login' && e.status === 401)).toMatchObject({ code: 'auth.bad-credentials', method: 'POST' });
    expect(requests.find((e) => e.path === `/api/games/${id}/join`)).toMatchObject({ game: id, status: 200 });
    expect(requests.find((e) => e.path === '/api/games' && e.method === 'POST')).toMatchObject({ user: me, status: 201 });
    const actions = log.filter((e) => e.msg === 'socket action');
    // The accepted move at debug (20), the refused one at info (30), each with user and game.
    expect(actions).toEqual([
      expect.objectContaining({ level: 20, user: me, game: id, t: 'move' }),
      expect.objectContaining({ level: 30, user: me, game: id, t: 'move', code: 'game.stale' }),
    ]);
    expect(log.some((e) => e.msg === 'socket opened' && e.user === me)).toBe(true);
    expect(log.some((e) => e.msg === 'socket closed' && e.user === me)).toBe(true);
  });

  it('redact secret-looking fields even when code logs them by mistake', () => {
    const out: string[] = [];
    const log = createLogger({ node: 'n', destination: { write: (s: string) => void out.push(s) } });
    log.info({ password: 'pw-1', req: { headers: { cookie: 'yz=abc', authorization: 'Bearer t' } }, user: { token: 'tk-9' } }, 'oops');
    expect(out.join('')).not.toMatch(/pw-1|yz=abc|Bearer t|tk-9/);
  });

  it('cut invitation tokens out of paths and find the game in them', () => {
    expect(loggedPath('/invite/abcdef12/SECRETTOKEN123456')).toBe('/invite/abcdef12/…');
    expect(gameOfPath('/api/games/abcdef12/move')).toBe('abcdef12');
    expect(gameOfPath('/api/games/abcdef12.pgn')).toBe('abcdef12');
    expect(gameOfPath('/api/me')).toBeUndefined();
  });
});
