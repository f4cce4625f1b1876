/** The solo board's hint endpoint: decoding, position checks, and the engine seam. */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../app.ts';
import { MemoryBus } from '../bus/bus.ts';
import { systemClock, systemTimers } from '../service/time.ts';
import { memoryStore } from '../store/memory/store.ts';
import { TestClient } from '../testing/client.ts';

async function start(withEngine: boolean): Promise<{ app: App; base: string; asked: string[] }> {
  const asked: string[] = [];
  const app = await createApp({
    store: memoryStore(),
    bus: new MemoryBus(),
    clock: systemClock,
    timers: systemTimers,
    publicUrl: 'http://test',
    httpRate: 1000,
    ...(withEngine
      ? {
          analyse: async (r: { fen: string }) => {
            asked.push(r.fen);
            return { bestmove: 'h3e3', score: { cp: 30 }, depth: 9 };
          },
        }
      : {}),
  });
  await new Promise<void>((r) => app.server.listen(0, '127.0.0.1', r));
  return { app, base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, asked };
}

describe('POST /api/analysis', () => {
  let s: Awaited<ReturnType<typeof start>>;
  let none: Awaited<ReturnType<typeof start>>;
  beforeAll(async () => {
    s = await start(true);
    none = await start(false);
  });
  afterAll(async () => {
    await s.app.close();
    await none.app.close();
  });
  const start_ = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';
  const LINE = ['h3e3', 'h10g8', 'h1g3', 'b10c8', 'i1h1', 'i10h10', 'b1c3'];
  const BEFORE_LAST = 'r1bakabr1/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKABR1 w - - 6 4';
  const AFTER_LINE = 'r1bakabr1/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN1C1N2/9/R1BAKABR1 b - - 7 4';

  it("answers the engine's move and score for a valid position", async () => {
    const c = new TestClient(s.base);
    const r = await c.http('POST', '/api/analysis', { variant: 'xiangqi', fen: start_ });
    expect(r.json).toEqual({ ok: true, bestmove: 'h3e3', score: { cp: 30 }, depth: 9 });
    expect(s.asked).toEqual([start_]);
  });

  it('refuses a bad FEN and a finished position before asking the engine', async () => {
    const c = new TestClient(s.base);
    expect((await c.http('POST', '/api/analysis', { variant: 'xiangqi', fen: 'nonsense' })).json.code).toBe('fen.ranks');
    const mated = await c.http('POST', '/api/analysis', { variant: 'xiangqi', fen: '1R2k4/R8/9/9/9/9/9/9/9/3K5 b - - 1 1' });
    expect(mated.json.code).toBe('analysis.game-over');
    expect(s.asked.length).toBe(1);
  });

  /** A correspondence game between two new players, played to ply 7 (past the open plies); its id and its players. */
  async function liveGame(): Promise<{ id: string; a: TestClient; b: TestClient }> {
    const [a, b] = [new TestClient(s.base), new TestClient(s.base)];
    await a.http('POST', '/api/session');
    await b.http('POST', '/api/session');
    const g = await a.http('POST', '/api/games', {
      variant: 'xiangqi',
      color: 'first',
      clock: { kind: 'correspondence', days: 3 },
      opponent: { type: 'invite' },
    });
    await b.http('POST', `/api/games/${g.json.id}/join`, { token: String(g.json.invite).split('/').pop() });
    for (const [ply, uci] of LINE.entries()) {
      const mover = ply % 2 === 0 ? a : b;
      expect((await mover.http('POST', `/api/games/${g.json.id}/move`, { uci, ply })).json).toEqual({ ok: true });
    }
    return { id: String(g.json.id), a, b };
  }

  it("refuses a live game's current position to a guest, another account and its own players, and serves it once the game ended", async () => {
    const { id, a, b } = await liveGame();
    const guest = new TestClient(s.base);
    await guest.http('POST', '/api/session');
    const other = new TestClient(s.base);
    await other.http('POST', '/api/register', { username: `other${Date.now() % 100000}`, password: 'correct horse' });
    const asked = s.asked.length;
    // The same position with other move counters is the same position.
    for (const fen of [AFTER_LINE, AFTER_LINE.replace(/ 7 4$/, ' 0 1')])
      for (const c of [guest, other, a, b]) {
        const refused = await c.http('POST', '/api/analysis', { variant: 'xiangqi', fen });
        expect([refused.status, refused.json.code]).toEqual([403, 'analysis.live-position']);
        expect(String(refused.json.message)).toMatch(/game being played/);
      }
    expect(s.asked.length).toBe(asked);
    expect((await a.http('POST', `/api/games/${id}/resign`)).json.ok).toBe(true);
    for (const c of [guest, other, b]) expect((await c.http('POST', '/api/analysis', { variant: 'xiangqi', fen: AFTER_LINE })).json.ok).toBe(true);
  });

  it('serves the players of a correspondence game in progress every other position, and the shared start to anyone', async () => {
    const { a, b } = await liveGame();
    // The position one ply before: no longer the game's current one.
    for (const c of [a, b]) expect((await c.http('POST', '/api/analysis', { variant: 'xiangqi', fen: BEFORE_LAST })).json.ok).toBe(true);
    expect((await a.http('POST', '/api/analysis', { variant: 'xiangqi', fen: start_ })).json.ok).toBe(true);
  });

  it('says so when the server has no engine', async () => {
    const r = await new TestClient(none.base).http('POST', '/api/analysis', {
      variant: 'janggi',
      fen: 'rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1',
    });
    expect(r.status).toBe(503);
    expect(r.json.code).toBe('server.no-engine');
  });
});
