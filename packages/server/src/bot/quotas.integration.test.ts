/**
 * A bot obeys the quotas of every player: its draw offers (POST
 * /api/bot/game/{id}/draw/yes, and a move's ?offeringDraw=true) count
 * against the same 'draw' quota as a page's or a socket's.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../app.ts';
import { MemoryBus } from '../bus/bus.ts';
import { FakeTime } from '../service/time.ts';
import { memoryStore } from '../store/memory/store.ts';
import { TestClient } from '../testing/client.ts';

const time = new FakeTime();
let app: App;
let base: string;
let n = 0;
const CLOCK = { kind: 'fischer', minutes: 5, increment: 3 } as const;

beforeAll(async () => {
  // One draw offer per player in ten minutes, so that the second is past the quota.
  const draw = { user: { points: 1, seconds: 600 }, addr: { points: 100, seconds: 600 }, what: 'draw offers' };
  app = await createApp({
    store: memoryStore(),
    bus: new MemoryBus(),
    clock: time,
    timers: time,
    publicUrl: 'http://test',
    httpRate: 10_000,
    limits: { draw },
  });
  await new Promise<void>((r) => app.server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => app?.close());

async function player(): Promise<TestClient & { name: string }> {
  const c = new TestClient(base) as TestClient & { name: string };
  await c.http('POST', '/api/session');
  c.name = `quota${n++}`;
  expect((await c.http('POST', '/api/register', { username: c.name, password: 'a long pass phrase' })).json.ok).toBe(true);
  return c;
}

const api = (token: string, method: string, path: string) => fetch(base + path, { method, headers: { authorization: `Bearer ${token}` } });

/** A game the human opens (Red) against the bot, accepted and with Red's first move played. */
async function gameWith(human: TestClient, bot: { name: string; token: string }): Promise<string> {
  const c = await human.http('POST', '/api/games', { variant: 'xiangqi', color: 'first', clock: CLOCK, opponent: { type: 'user', username: bot.name } });
  expect(c.status).toBe(201);
  expect((await api(bot.token, 'POST', `/api/challenge/${c.json.id}/accept`)).status).toBe(200);
  expect((await human.http('POST', `/api/games/${c.json.id}/move`, { uci: 'h3e3', ply: 0 })).json.ok).toBe(true);
  return c.json.id as string;
}

describe('a bot’s draw offers', () => {
  it('take the draw quota, as a player’s do: past it, an offer is refused (limit.draw) and a move’s offer is dropped', async () => {
    const bot = await player();
    const made = await bot.http('POST', '/api/tokens', { description: 'program', scopes: ['bot:play', 'challenge:read', 'challenge:write'] });
    const token = made.json.token as string;
    expect((await api(token, 'POST', '/api/bot/account/upgrade')).status).toBe(200);
    const human = await player();
    const ids = [
      await gameWith(human, { name: bot.name, token }),
      await gameWith(human, { name: bot.name, token }),
      await gameWith(human, { name: bot.name, token }),
    ];
    // The first offer is within the quota.
    expect((await api(token, 'POST', `/api/bot/game/${ids[0]}/draw/yes`)).status).toBe(200);
    expect((await human.http('GET', `/api/games/${ids[0]}`)).json.view.drawOffer).toBe('second');
    // The second, in another game, is past it.
    const past = await api(token, 'POST', `/api/bot/game/${ids[1]}/draw/yes`);
    expect(past.status).toBe(429);
    expect(((await past.json()) as { code: string }).code).toBe('limit.draw');
    expect((await human.http('GET', `/api/games/${ids[1]}`)).json.view.drawOffer).toBeNull();
    // A move offering a draw is played; the offer past the quota is not made.
    expect((await api(token, 'POST', `/api/bot/game/${ids[2]}/move/h8e8?offeringDraw=true`)).status).toBe(200);
    const view = (await human.http('GET', `/api/games/${ids[2]}`)).json.view;
    expect([view.ply, view.drawOffer]).toEqual([2, null]);
  });
});
