/**
 * Issue 31, item 10, attacked as the review did: a rematch offer/decline loop
 * made game after game with no quota; tournament join/withdraw had none (40
 * in 1.7 s); 10 invitations raced in parallel all passed a cap of 5 waiting
 * games. Real HTTP, memory store and bus, the default quotas.
 */
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../app.ts';
import { MemoryBus } from '../bus/bus.ts';
import { MAX_WAITING_GAMES } from '../http/create-game.ts';
import { systemClock, systemTimers } from '../service/time.ts';
import { tournamentRow } from '../store/fixtures.ts';
import { memoryStore } from '../store/memory/store.ts';
import { TestClient } from '../testing/client.ts';
import { LIMIT_RULES } from './rules.ts';

const store = memoryStore();
let app: App;
let base: string;
let n = 0;
const clients: TestClient[] = [];

beforeAll(async () => {
  app = await createApp({ store, bus: new MemoryBus(), clock: systemClock, timers: systemTimers, publicUrl: 'http://test', httpRate: 10_000 });
  await new Promise<void>((r) => app.server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const c of clients) c.close();
  await app?.close();
});

async function account(): Promise<TestClient & { name: string }> {
  const c = new TestClient(base) as TestClient & { name: string };
  clients.push(c);
  c.name = `quota${n++}`;
  expect((await c.http('POST', '/api/register', { username: c.name, password: 'a long pass phrase' })).status).toBe(200);
  return c;
}

const INVITE = { variant: 'xiangqi', color: 'first', clock: { kind: 'fischer', minutes: 5, increment: 3 }, opponent: { type: 'invite' } };

describe('quotas the review found missing (issue 31, item 10)', () => {
  it('a rematch offer/decline loop is refused past the rematch quota', async () => {
    const [alice, bob] = [await account(), await account()];
    const made = await alice.http('POST', '/api/games', INVITE);
    const game = made.json.id as string;
    expect((await bob.http('POST', `/api/games/${game}/join`, { token: String(made.json.invite).split('/').pop() })).json.ok).toBe(true);
    expect((await alice.http('POST', `/api/games/${game}/resign`)).json.ok).toBe(true);
    const quota = LIMIT_RULES.rematch.user.points;
    const answers: number[] = [];
    for (let i = 0; i < quota + 5; i++) {
      const offer = await alice.http('POST', `/api/games/${game}/rematch`, { op: 'offer' });
      answers.push(offer.status);
      if (offer.status !== 200) {
        expect(offer.json.code).toBe('limit.rematch');
        expect(Number(offer.headers.get('retry-after'))).toBeGreaterThan(0);
        continue;
      }
      expect((await bob.http('POST', `/api/games/${game}/rematch`, { op: 'decline' })).json.state).toBe('declined');
    }
    expect(answers.filter((s) => s === 200)).toHaveLength(quota);
    expect(answers.slice(quota).every((s) => s === 429)).toBe(true);
  });

  it('tournament join/withdraw, 40 times over, is refused past the quota', async () => {
    const t = tournamentRow('quotaT1', {}, { startsAt: Date.now() + 3_600_000 });
    await store.createTournament(t);
    const lan = await account();
    const quota = LIMIT_RULES['tour-entry'].user.points;
    const answers: { status: number; code?: string }[] = [];
    for (let i = 0; i < 40; i++) {
      const r = await lan.http('POST', `/api/tournaments/${t.id}/${i % 2 === 0 ? 'join' : 'withdraw'}`, {});
      answers.push({ status: r.status, code: r.json.code });
    }
    expect(answers.slice(0, quota).every((a) => a.status === 200)).toBe(true);
    expect(answers.slice(quota).every((a) => a.status === 429 && a.code === 'limit.tour-entry')).toBe(true);
  });

  it('10 invitations raced in parallel make at most the cap of waiting games', async () => {
    // The review raced them on a real database: each check read 0 waiting games before any was written. A store whose writes take a while does the same.
    const slow = memoryStore();
    const app2 = await createApp({
      store: {
        ...slow,
        createGame: async (...a: Parameters<typeof slow.createGame>) => {
          await delay(30);
          return slow.createGame(...a);
        },
      },
      bus: new MemoryBus(),
      clock: systemClock,
      timers: systemTimers,
      publicUrl: 'http://test',
      httpRate: 10_000,
    });
    try {
      await new Promise<void>((r) => app2.server.listen(0, '127.0.0.1', r));
      const c = new TestClient(`http://127.0.0.1:${(app2.server.address() as AddressInfo).port}`);
      expect((await c.http('POST', '/api/register', { username: 'racer', password: 'a long pass phrase' })).status).toBe(200);
      const all = await Promise.all(Array.from({ length: 10 }, () => c.http('POST', '/api/games', INVITE)));
      const made = all.filter((r) => r.status === 201);
      expect(made).toHaveLength(MAX_WAITING_GAMES);
      for (const r of all.filter((x) => x.status !== 201)) expect(r.json.code).toBe('game.too-many-waiting');
      // A place frees when a waiting game ends: one withdrawn, one more may wait.
      expect((await c.http('POST', `/api/games/${made[0]!.json.id}/decline`, {})).json.ok).toBe(true);
      expect((await c.http('POST', '/api/games', INVITE)).status).toBe(201);
    } finally {
      await app2.close();
    }
  });
});
