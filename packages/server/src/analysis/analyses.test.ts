/** Finished games' analyses: the API, progress on the socket, the per-user cap, and a dead node's analysis taken over. */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp, type App, type AppOptions } from '../app.ts';
import { MemoryBus } from '../bus/bus.ts';
import { FakeTime, systemClock, systemTimers } from '../service/time.ts';
import { T0, game } from '../store/fixtures.ts';
import { memoryStore } from '../store/memory/store.ts';
import type { Store } from '../store/types.ts';
import { TestClient } from '../testing/client.ts';
import { GameAnalyses, firstSideView, type EvaluatePosition } from './analyses.ts';

/**
 * Scores by position (side to move's view): even, even, then +600 for Red:
 * the second side's move (ply 2) threw the game away.
 */
const SCORES = [{ cp: 20 }, { cp: -20 }, { cp: 600 }, { cp: -600 }];
const indexOf = (fen: string): number => {
  const [, turn, , , , full] = fen.split(' ');
  return (Number(full) - 1) * 2 + (turn === 'b' ? 1 : 0);
};
const scripted: EvaluatePosition = async ({ fen, legalMoves }) => ({ score: SCORES[indexOf(fen)] ?? { cp: 0 }, pv: [legalMoves[0]!, 'x'], depth: 12 });

async function start(over: Partial<AppOptions> = {}): Promise<{ app: App; base: string }> {
  const app = await createApp({
    store: memoryStore(),
    bus: new MemoryBus(),
    clock: systemClock,
    timers: systemTimers,
    publicUrl: 'http://test',
    httpRate: 1000,
    analyses: { sweepMs: 0 },
    ...over,
  });
  await new Promise<void>((r) => app.server.listen(0, '127.0.0.1', r));
  return { app, base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

/** A casual Xiangqi game against the computer: Red moves, the computer answers, Red resigns. */
async function finishedGame(c: TestClient, resign = true): Promise<string> {
  const g = await c.http('POST', '/api/games', {
    variant: 'xiangqi',
    color: 'first',
    clock: { kind: 'fischer', minutes: 5, increment: 0 },
    opponent: { type: 'computer', level: 1 },
  });
  const id = g.json.id as string;
  expect((await c.http('POST', `/api/games/${id}/move`, { uci: 'h3e3', ply: 0 })).json).toEqual({ ok: true });
  for (let i = 0; i < 100 && (await c.http('GET', `/api/games/${id}`)).json.view.ply < 2; i++) await new Promise((r) => setTimeout(r, 20));
  if (resign) expect((await c.http('POST', `/api/games/${id}/resign`)).json).toEqual({ ok: true });
  return id;
}

describe('POST/GET /api/games/{id}/analysis', () => {
  let s: Awaited<ReturnType<typeof start>>;
  beforeAll(async () => {
    s = await start({ evaluate: scripted });
  });
  afterAll(async () => {
    await s.app.close();
  });

  it('refuses a game still being played, with its code', async () => {
    const c = new TestClient(s.base);
    const id = await finishedGame(c, false);
    const r = await c.http('POST', `/api/games/${id}/analysis`);
    expect(r.status).toBe(409);
    expect(r.json).toMatchObject({ ok: false, code: 'analysis.game-in-progress' });
    // Not asked for: an answer, not a 404 (issue 33, item 8.9).
    const none = await c.http('GET', `/api/games/${id}/analysis`);
    expect([none.status, none.json]).toEqual([200, { ok: true, state: 'none', progress: 0 }]);
    expect((await c.http('POST', '/api/games/nosuchgame1/analysis')).status).toBe(404);
  });

  it('queues, reports progress on the socket, judges each ply and keeps it for everyone', async () => {
    const c = new TestClient(s.base);
    const id = await finishedGame(c);
    await c.connect();
    await c.request({ t: 'sub', game: id }, 1);
    const r = await c.http('POST', `/api/games/${id}/analysis`);
    expect(r.status).toBe(202);
    expect(r.json).toEqual({ ok: true, state: 'queued', progress: 0 });
    await s.app.analyses.sweep();
    await c.waitFor((m) => m.t === 'analysis' && m.game === id && m.state === 'done');
    const progress = c.received.flatMap((m) => (m.t === 'analysis' ? [m.progress] : []));
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBe(1);
    c.close();

    const other = new TestClient(s.base);
    const a = await other.http('GET', `/api/games/${id}/analysis`);
    expect(a.json).toMatchObject({ ok: true, state: 'done', progress: 1, accuracy: [expect.any(Number), expect.any(Number)] });
    const plies = a.json.plies as { ply: number; eval: unknown; best?: string; depth?: number; judgement?: string }[];
    expect(plies.map((p) => p.ply)).toEqual([0, 1, 2]);
    // The depth the engine reached, per position (issue 33, item 4).
    expect(plies.map((p) => p.depth)).toEqual([12, 12, 12]);
    expect(plies.map((p) => p.eval)).toEqual([{ cp: 20 }, { cp: 20 }, { cp: 600 }]);
    expect(plies.map((p) => p.judgement ?? null)).toEqual([null, null, 'blunder']);
    expect(plies[1]!.best).toMatch(/^[a-i]\d+[a-i]\d+$/);
    expect(a.json.counts).toEqual([
      { inaccuracy: 0, mistake: 0, blunder: 0 },
      { inaccuracy: 0, mistake: 0, blunder: 1 },
    ]);
    expect(a.json.accuracy[0]).toBeGreaterThan(a.json.accuracy[1]);
    // The PGN's Site tag links the game's page.
    expect((await other.http('GET', `/api/games/${id}.pgn`)).text).toContain(`[Site "http://test/game/${id}"]`);
    // Asked again by anyone: the same analysis, not a new one.
    expect((await other.http('POST', `/api/games/${id}/analysis`)).json).toEqual({ ok: true, state: 'done', progress: 1 });
  });
});

describe('limits and engines', () => {
  it('caps the analyses one user may have waiting', async () => {
    const hang: EvaluatePosition = () => new Promise(() => undefined);
    const s = await start({ evaluate: hang, analyses: { sweepMs: 0, perUser: 1 } });
    try {
      const c = new TestClient(s.base);
      const [g1, g2] = [await finishedGame(c), await finishedGame(c)];
      expect((await c.http('POST', `/api/games/${g1}/analysis`)).status).toBe(202);
      const second = await c.http('POST', `/api/games/${g2}/analysis`);
      expect(second.status).toBe(429);
      expect(second.json.code).toBe('limit.analysis');
      // Another visitor is not held by it.
      expect((await new TestClient(s.base).http('POST', `/api/games/${g2}/analysis`)).status).toBe(202);
    } finally {
      await s.app.close();
    }
  });

  it('caps the analyses waiting or running from one address, whoever asks; a place frees when its analysis is done', async () => {
    // The engine answers only once let go: until then every analysis waits or runs.
    let letGo = false;
    const held: (() => void)[] = [];
    const gated: EvaluatePosition = async (req) => {
      if (!letGo) await new Promise<void>((r) => held.push(r));
      return scripted(req);
    };
    const s = await start({
      evaluate: gated,
      analyses: { sweepMs: 0, perUser: 2 },
      openLimits: { analysis: { addr: 2, leaseSeconds: 3600, what: 'analyses waiting or running' } },
    });
    try {
      // Three guests behind one address (every client here is 127.0.0.1), each with a finished game.
      const [a, b, c] = [new TestClient(s.base), new TestClient(s.base), new TestClient(s.base)];
      const [g1, g2, g3] = [await finishedGame(a), await finishedGame(b), await finishedGame(c)];
      expect((await a.http('POST', `/api/games/${g1}/analysis`)).status).toBe(202);
      expect((await b.http('POST', `/api/games/${g2}/analysis`)).status).toBe(202);
      // The third guest's own cap is untouched, the address's is reached.
      const refused = await c.http('POST', `/api/games/${g3}/analysis`);
      expect([refused.status, refused.json.code]).toEqual([429, 'limit.open-analysis']);
      expect(refused.json.message).toMatch(/At most 2 analyses waiting or running at once from one address/);
      expect((await c.http('GET', `/api/games/${g3}/analysis`)).json.state).toBe('none');
      // An analysis asked for already is answered as it is: no new place.
      expect((await c.http('POST', `/api/games/${g1}/analysis`)).status).toBe(202);
      // Done: the places are free again, without anyone saying so.
      letGo = true;
      for (const r of held.splice(0)) r();
      for (const g of [g1, g2]) {
        for (let i = 0; i < 500 && (await a.http('GET', `/api/games/${g}/analysis`)).json.state !== 'done'; i++) await new Promise((r) => setTimeout(r, 20));
        expect((await a.http('GET', `/api/games/${g}/analysis`)).json.state).toBe('done');
      }
      expect((await c.http('POST', `/api/games/${g3}/analysis`)).status).toBe(202);
    } finally {
      await s.app.close();
    }
  });

  it('says so when the server has no engine', async () => {
    const s = await start();
    try {
      const c = new TestClient(s.base);
      const id = await finishedGame(c);
      const r = await c.http('POST', `/api/games/${id}/analysis`);
      expect(r.status).toBe(503);
      expect(r.json.code).toBe('server.no-engine');
    } finally {
      await s.app.close();
    }
  });
});

describe('GameAnalyses across nodes', () => {
  async function finishedRow(store: Store, id: string): Promise<void> {
    // From a position of its own: Red's chariot faces Black's.
    const g = game(id, { data: { game: { setup: { variant: 'xiangqi', fen: 'r2aka3/9/9/9/9/R8/9/9/9/3K5 w - - 0 1' } } } });
    await store.createGame(g);
    const moves = ['d1d2', 'a10a5'].map((uci, i) => ({ gameId: id, ply: i + 1, uci, at: T0 + i, clockMs: 1000 }));
    await store.saveGame({ ...g, status: 'finished', result: '0-1', reason: 'resign', plies: 2, version: 2 }, 1, moves);
  }

  it("takes over a dead node's analysis once its claim is stale, and fences the dead node out", async () => {
    const store = memoryStore();
    await store.migrate();
    await finishedRow(store, 'g1');
    const time = new FakeTime(T0);
    const bus = new MemoryBus();
    let release: () => void = () => undefined;
    const stuck: EvaluatePosition = (req) =>
      new Promise((resolve) => {
        release = () => resolve({ score: { cp: 0 }, pv: [req.legalMoves[0]!], depth: 1 });
      });
    const a = new GameAnalyses({ store, bus, clock: time, timers: time, node: 'a', evaluate: stuck, sweepMs: 0, staleMs: 30_000 });
    const b = new GameAnalyses({ store, bus, clock: time, timers: time, node: 'b', evaluate: scripted, sweepMs: 0, staleMs: 30_000 });
    expect((await a.request('g1', 'u1')).ok).toBe(true);
    await a.sweep();
    expect(await store.analysis('g1')).toMatchObject({ state: 'running', holder: 'a/1' });
    await b.sweep();
    expect(b.active).toBe(0); // a's claim is fresh
    time.advance(30_001);
    await b.sweep();
    await new Promise((r) => setTimeout(r, 50));
    expect(await store.analysis('g1')).toMatchObject({ state: 'done', holder: 'b/1' });
    release(); // a wakes up: its write is refused, and the result stays b's
    await new Promise((r) => setTimeout(r, 20));
    expect(a.active).toBe(0);
    expect((await b.view('g1'))?.plies?.map((p) => p.eval)).toEqual([{ cp: 20 }, { cp: 20 }, { cp: 600 }]);
    a.close();
    b.close();
  });

  it('looks for queued analyses on its own every sweepMs of the time it is given', async () => {
    const store = memoryStore();
    await store.migrate();
    await finishedRow(store, 'g2');
    // Queued by another node: nothing here was asked, only the sweep finds it.
    await store.requestAnalysis({
      gameId: 'g2',
      state: 'queued',
      done: 0,
      total: 3,
      requestedBy: 'u1',
      requestedAt: T0,
      updatedAt: T0,
      holder: null,
      data: null,
    });
    const looks = vi.spyOn(store, 'unfinishedAnalyses');
    const time = new FakeTime(T0);
    const a = new GameAnalyses({ store, bus: new MemoryBus(), clock: time, timers: time, node: 'a', evaluate: scripted, sweepMs: 10_000 });
    time.advance(9_999);
    expect(looks).not.toHaveBeenCalled();
    time.advance(1);
    expect(looks).toHaveBeenCalledTimes(1);
    await a.sweep(); // the sweep under way
    expect(await store.analysis('g2')).toMatchObject({ holder: 'a/1' });
    time.advance(10_000);
    expect(looks).toHaveBeenCalledTimes(2);
    await a.sweep();
    time.advance(10_000);
    expect(looks).toHaveBeenCalledTimes(3);
    await a.sweep();
    a.close();
    time.advance(60_000);
    expect(looks).toHaveBeenCalledTimes(3);
  });

  it('reads engine scores from the first side', () => {
    expect(firstSideView({ cp: 35 }, 0)).toEqual({ cp: 35 });
    expect(firstSideView({ cp: 35 }, 1)).toEqual({ cp: -35 });
    expect(firstSideView({ mate: 3 }, 1)).toEqual({ mate: -3 });
  });
});
