/**
 * Fair-play reports over HTTP (issue 31, "Beyond"): admins only (403 for a
 * player); the player's rated games are analysed through the club's
 * analyses at the fixed node budget on the engine pool's background queue
 * (a fake pool records what it was asked); the figures are computed once,
 * when every game is analysed, and kept.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Analysis, AnalysisRequest } from '@youzai/engine';
import type { Identity } from '@youzai/protocol';
import { GAME_ANALYSIS_BUDGET, poolEvaluator } from '../analysis/engine-evaluate.ts';
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
const asked: AnalysisRequest[] = [];
const saved = process.env.ADMINS;

/** The engine pool's analyse, faked: it records the request and answers the first legal move at once. */
const fakePool = {
  analyse: async (req: AnalysisRequest): Promise<Analysis> => {
    asked.push(req);
    return { lines: [{ multipv: 1, depth: 7, score: { kind: 'cp', value: 15 }, pv: [req.legalMoves?.[0] ?? 'a1a2'] }] } as unknown as Analysis;
  },
};

beforeAll(async () => {
  process.env.ADMINS = 'fp_admin';
  store = memoryStore();
  app = await createApp({
    store,
    bus: new MemoryBus(),
    clock: systemClock,
    timers: systemTimers,
    publicUrl: 'http://test',
    httpRate: 1000,
    evaluate: poolEvaluator(fakePool),
    analyses: { sweepMs: 0 },
  });
  await new Promise<void>((r) => app.server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  process.env.ADMINS = saved;
  await app.close();
});

async function account(name = `fp${Date.now() % 100000}_${n++}`): Promise<TestClient & { name: string; id: string }> {
  if (isAdmin(name)) return Object.assign(await adminClient(base, store, name), { name });
  const c = new TestClient(base) as TestClient & { name: string; id: string };
  await c.http('POST', '/api/session');
  const r = await c.http('POST', '/api/register', { username: name, password: 'correct horse 1' });
  expect(r.json.ok).toBe(true);
  c.name = name;
  c.id = r.json.user.id;
  return c;
}

/** A game of 4 plies, then black resigns. */
async function play(white: Identity, black: Identity, rated: boolean): Promise<string> {
  const r = await app.games.createPaired(white, black, { variant: 'xiangqi', clock: { kind: 'fischer', minutes: 3, increment: 2 }, rated, color: 'first' });
  if (!r.ok) throw new Error(r.error.message);
  const id = r.value.id;
  for (const [ply, uci] of ['h3e3', 'h10g8', 'b1c3', 'b10c8'].entries()) {
    const res = await app.games.act(id, (ply % 2 ? black : white).id, { type: 'move', uci, ply });
    if (!res.ok) throw new Error(res.error.message);
  }
  expect((await app.games.act(id, black.id, { type: 'resign' })).ok).toBe(true);
  return id;
}

describe('fair-play reports', () => {
  it('admins only: a player is refused with 403 on every route', async () => {
    const player = await account();
    for (const [method, path, body] of [
      ['POST', '/api/admin/fair-play', { user: player.name }],
      ['GET', '/api/admin/fair-play', undefined],
      ['GET', '/api/admin/fair-play/abcdef', undefined],
    ] as const) {
      const r = await player.http(method, path, body);
      expect(r.status, `${method} ${path}`).toBe(403);
      expect(r.json.code).toBe('admin.required');
    }
  });

  it('analyses the player’s rated games on the background queue at the fixed budget, then keeps the figures once', async () => {
    const admin = await account('fp_admin');
    const [suspect, other] = [await account(), await account()];
    const id = (c: { id: string; name: string }): Identity => ({ id: c.id, name: c.name, guest: false });
    const rated = [await play(id(suspect), id(other), true), await play(id(other), id(suspect), true), await play(id(suspect), id(other), true)];
    await play(id(suspect), id(other), false);
    expect((await admin.http('POST', '/api/admin/fair-play', { user: 'nobody_here' })).json.code).toBe('user.not-found');

    const asked0 = asked.length;
    const made = await admin.http('POST', '/api/admin/fair-play', { user: suspect.name });
    expect(made.status).toBe(202);
    // The 3 rated games, newest first; the casual one is left out; past the per-user cap of 2 analyses.
    expect(made.json.report).toMatchObject({ user: suspect.name, state: 'pending', games: [...rated].reverse() });
    const reportId = made.json.report.id as string;

    let view = made.json.report;
    for (let i = 0; i < 200 && view.state !== 'done'; i++) {
      await new Promise((r) => setTimeout(r, 25));
      view = (await admin.http('GET', `/api/admin/fair-play/${reportId}`)).json.report;
    }
    expect(view.state).toBe('done');
    expect(view.figures.perGame.map((g: { gameId: string }) => g.gameId)).toEqual([...rated].reverse());
    expect(view.figures.perGame.map((g: { side: number }) => g.side)).toEqual([0, 1, 0]);
    expect(view.figures.overall).toMatchObject({ games: 3, moves: 6 });

    // Every search was a background one, at the fixed node budget of game analyses.
    const mine = asked.slice(asked0);
    expect(mine.length).toBe(3 * 5); // 5 positions a game, the start and after each of 4 moves
    for (const req of mine) expect(req).toMatchObject({ background: true, nodes: GAME_ANALYSIS_BUDGET.nodes, multipv: 1 });

    // Kept once: the next view reads it, and the list shows it done.
    const again = (await admin.http('GET', `/api/admin/fair-play/${reportId}`)).json.report;
    expect(again).toEqual(view);
    expect((await store.moderationLog(100)).filter((e) => e.action === 'fair-play-done')).toHaveLength(1);
    const list = (await admin.http('GET', '/api/admin/fair-play')).json.reports;
    expect(list[0]).toMatchObject({ id: reportId, state: 'done', user: suspect.name });
    expect(asked.length).toBe(asked0 + 15);
    expect((await admin.http('GET', '/api/admin/fair-play/nosuchreport')).json.code).toBe('fairplay.not-found');
  });
});
