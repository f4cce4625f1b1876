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
  await alice.http('GET', '/api/me');
  await bob.http('GET', '/api/me');
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
