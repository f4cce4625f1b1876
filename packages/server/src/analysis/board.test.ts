/** The analysis board's engine service: fair share by player, one session per tab and per player, refusals, legality, stop on close. */
import type { AddressInfo } from 'node:net';
import type { ServerMessage } from '@youzai/protocol';
import { VARIANTS } from '@youzai/rules';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp, type App } from '../app.ts';
import { MemoryBus } from '../bus/bus.ts';
import { systemClock, systemTimers } from '../service/time.ts';
import { memoryStore } from '../store/memory/store.ts';
import { TestClient } from '../testing/client.ts';
import { AnalysisBoards, BOARD_STEPS, type BoardClient, type BoardSearch } from './board.ts';

const XQ = VARIANTS.xiangqi.startFen;
/** Black to move after h3e3. */
const XQ_BLACK = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/4C2C1/9/RNBAKABNR b - - 1 1';
/** Seven plies from the start (past the open plies), and the position they reach. */
const LINE = ['h3e3', 'h10g8', 'h1g3', 'b10c8', 'i1h1', 'i10h10', 'b1c3'];
const AFTER_LINE = 'r1bakabr1/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN1C1N2/9/R1BAKABR1 b - - 7 4';

type Call = Parameters<BoardSearch>[0] & { resolve: (lines: Awaited<ReturnType<BoardSearch>>) => void; aborted: boolean };

/** An engine that answers only when told, oldest request first (as one worker serving a queue would). */
function fakeEngine() {
  const pending: Call[] = [];
  const served: string[] = [];
  const calls: Call[] = [];
  const search: BoardSearch = (req) =>
    new Promise((resolve, reject) => {
      const call: Call = { ...req, resolve, aborted: false };
      calls.push(call);
      pending.push(call);
      req.signal.addEventListener('abort', () => {
        call.aborted = true;
        const i = pending.indexOf(call);
        if (i >= 0) pending.splice(i, 1);
        reject(new Error('cancelled'));
      });
    });
  /** Answers the oldest request: its depth reached, the given line (default: a legal Xiangqi opening line). */
  const serve = (pv: readonly string[] = ['h3e3', 'h10g8'], score = { cp: 30 }) => {
    const c = pending.shift();
    if (!c) throw new Error('nothing to serve');
    served.push(c.key);
    c.resolve([{ pv, score, depth: c.depth }]);
  };
  return { search, serve, pending, served, calls };
}

function client(userId: string): BoardClient & { frames: Extract<ServerMessage, { t: 'board' }>[] } {
  const frames: Extract<ServerMessage, { t: 'board' }>[] = [];
  return { userId, frames, send: (m) => void (m.t === 'board' && frames.push(m)) };
}

const notLive = async () => false;

describe('AnalysisBoards', () => {
  it('deepens step by step, each step a bounded search, and says done at the last', async () => {
    const e = fakeEngine();
    const steps = [
      { depth: 4, movetimeMs: 100 },
      { depth: 8, movetimeMs: 200 },
    ];
    const boards = new AnalysisBoards({ search: e.search, live: notLive, maxSessions: 4, steps });
    const a = client('a');
    expect((await boards.start(a, { variant: 'xiangqi', fen: XQ, multipv: 3 })).ok).toBe(true);
    await expect.poll(() => e.pending.length).toBe(1);
    expect(e.pending[0]).toMatchObject({ key: 'board:a', depth: 4, movetimeMs: 100, multipv: 3 });
    expect(e.pending[0]!.legalMoves).toContain('h3e3');
    e.serve();
    await expect.poll(() => a.frames.length).toBe(1);
    expect(a.frames[0]).toEqual({ t: 'board', fen: XQ, state: 'running', depth: 4, lines: [{ pv: ['h3e3', 'h10g8'], eval: { cp: 30 }, depth: 4 }] });
    await expect.poll(() => e.pending.length).toBe(1);
    e.serve();
    await expect.poll(() => a.frames.length).toBe(2);
    expect(a.frames[1]).toMatchObject({ state: 'done', depth: 8 });
    expect(boards.running).toBe(0);
    // The default steps never hold an engine long: no step over 2.3 s.
    for (const s of BOARD_STEPS) expect(s.movetimeMs).toBeLessThanOrEqual(2300);
  });

  it('fair share: a player with a long analysis waits behind a newcomer, one step at a time', async () => {
    const e = fakeEngine();
    const boards = new AnalysisBoards({ search: e.search, live: notLive, maxSessions: 4 });
    const a = client('a');
    const b = client('b');
    await boards.start(a, { variant: 'xiangqi', fen: XQ, multipv: 1 });
    for (let i = 0; i < 3; i++) {
      await expect.poll(() => e.pending.length).toBe(1);
      e.serve();
    }
    await expect.poll(() => e.pending.length).toBe(1);
    await boards.start(b, { variant: 'xiangqi', fen: XQ, multipv: 1 });
    await expect.poll(() => e.pending.length).toBe(2);
    // Each player has one step waiting at most, so b is served after at most one more step of a's.
    expect(e.pending.map((c) => c.key).sort()).toEqual(['board:a', 'board:b']);
    e.serve();
    await expect.poll(() => e.pending.length).toBe(2);
    e.serve();
    expect(e.served).toEqual(['board:a', 'board:a', 'board:a', 'board:a', 'board:b']);
    await expect.poll(() => b.frames.length).toBe(1);
    boards.close();
  });

  it('one session per player: another tab takes it over, the first hears why; a new position replaces the old', async () => {
    const e = fakeEngine();
    const boards = new AnalysisBoards({ search: e.search, live: notLive, maxSessions: 4 });
    const tab1 = client('a');
    const tab2 = client('a');
    await boards.start(tab1, { variant: 'xiangqi', fen: XQ, multipv: 2 });
    await expect.poll(() => e.pending.length).toBe(1);
    await boards.start(tab2, { variant: 'xiangqi', fen: XQ_BLACK, multipv: 2 });
    expect(tab1.frames).toEqual([{ t: 'board', fen: '', state: 'stopped', depth: 0, lines: [], reason: 'replaced' }]);
    expect(e.calls[0]!.aborted).toBe(true);
    expect(boards.running).toBe(1);
    await expect.poll(() => e.pending.length).toBe(1);
    await boards.start(tab2, { variant: 'xiangqi', fen: XQ, multipv: 2 });
    expect(e.calls[1]!.aborted).toBe(true);
    expect(boards.running).toBe(1);
    boards.close();
  });

  it("refuses past the node capacity, a live game's position, a finished position, and without an engine", async () => {
    const e = fakeEngine();
    const boards = new AnalysisBoards({ search: e.search, live: async (_v, fen) => fen === XQ_BLACK, maxSessions: 1 });
    expect((await boards.start(client('a'), { variant: 'xiangqi', fen: XQ, multipv: 1 })).ok).toBe(true);
    const full = await boards.start(client('b'), { variant: 'xiangqi', fen: XQ, multipv: 1 });
    expect(full.ok ? null : full.error.code).toBe('analysis.board-full');
    const live = await boards.start(client('p'), { variant: 'xiangqi', fen: XQ_BLACK, multipv: 1 });
    expect(live.ok ? null : live.error.code).toBe('analysis.live-position');
    const mated = await boards.start(client('c'), { variant: 'xiangqi', fen: '1R2k4/R8/9/9/9/9/9/9/9/3K5 b - - 1 1', multipv: 1 });
    expect(mated.ok ? null : mated.error.code).toBe('analysis.game-over');
    const bad = await boards.start(client('c'), { variant: 'xiangqi', fen: 'nonsense', multipv: 1 });
    expect(bad.ok ? null : bad.error.code).toBe('analysis.bad-position');
    const none = await new AnalysisBoards({ live: notLive, maxSessions: 1 }).start(client('a'), { variant: 'xiangqi', fen: XQ, multipv: 1 });
    expect(none.ok ? null : none.error.code).toBe('server.no-engine');
    boards.close();
  });

  it('cuts a line at the first move our rules refuse, drops a line with none, and scores from the first side', async () => {
    const e = fakeEngine();
    const boards = new AnalysisBoards({ search: e.search, live: notLive, maxSessions: 1 });
    const a = client('a');
    await boards.start(a, { variant: 'xiangqi', fen: XQ_BLACK, multipv: 2 });
    await expect.poll(() => e.pending.length).toBe(1);
    const c = e.pending.shift()!;
    c.resolve([
      { pv: ['h10g8', 'a1a9', 'h1g3'], score: { cp: 40 }, depth: 8 },
      { pv: ['e1e2'], score: { mate: 3 }, depth: 8 },
    ]);
    await expect.poll(() => a.frames.length).toBe(1);
    // Black to move: +40 for Black is -40 from Red's view; a1a9 is illegal, so the line stops before it.
    expect(a.frames[0]!.lines).toEqual([{ pv: ['h10g8'], eval: { cp: -40 }, depth: 8 }]);
    boards.close();
  });
});

describe('the analysis board over the socket', () => {
  let app: App | null = null;
  afterEach(async () => {
    await app?.close();
    app = null;
  });

  async function serve(search: BoardSearch): Promise<string> {
    app = await createApp({
      store: memoryStore(),
      bus: new MemoryBus(),
      clock: systemClock,
      timers: systemTimers,
      publicUrl: 'http://test',
      httpRate: 1000,
      boardSearch: search,
    });
    await new Promise<void>((r) => app!.server.listen(0, '127.0.0.1', r));
    return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  }

  it("refuses a live game's current position to its players and a spectator guest, streams any other position to its players, and serves it once the game ended", async () => {
    const e = fakeEngine();
    const base = await serve(e.search);
    const [a, b, watcher] = [new TestClient(base), new TestClient(base), new TestClient(base)];
    for (const c of [a, b, watcher]) await c.http('POST', '/api/session');
    const g = await a.http('POST', '/api/games', {
      variant: 'xiangqi',
      color: 'first',
      clock: { kind: 'correspondence', days: 3 },
      opponent: { type: 'invite' },
    });
    await b.http('POST', `/api/games/${g.json.id}/join`, { token: String(g.json.invite).split('/').pop() });
    for (const [ply, uci] of LINE.entries())
      expect((await (ply % 2 === 0 ? a : b).http('POST', `/api/games/${g.json.id}/move`, { uci, ply })).json).toEqual({ ok: true });
    for (const c of [a, b, watcher]) await c.connect();
    // The spectator watches the game (its current position is on their screen).
    expect((await watcher.request({ t: 'sub', game: g.json.id }, 5)).t).not.toBe('error');
    for (const [i, c] of [a, b, watcher].entries()) {
      const r = await c.request({ t: 'board-start', variant: 'xiangqi', fen: AFTER_LINE }, 10 + i);
      expect(r).toMatchObject({ t: 'error', code: 'analysis.live-position' });
    }
    expect(e.calls).toHaveLength(0);
    // A correspondence game in progress does not switch the engine off for its players: another position is served.
    expect(await a.request({ t: 'board-start', variant: 'xiangqi', fen: XQ_BLACK, multipv: 2 }, 1)).toMatchObject({ t: 'ack' });
    await expect.poll(() => e.pending.length).toBe(1);
    expect(e.pending[0]).toMatchObject({ key: expect.stringMatching(/^board:/), multipv: 2 });
    e.serve(['h10g8'], { cp: 12 });
    const frame = await a.waitFor((m) => m.t === 'board');
    expect(frame).toMatchObject({ t: 'board', fen: XQ_BLACK, state: 'running', lines: [{ pv: ['h10g8'], eval: { cp: -12 } }] });
    // Over: its last position is served to anyone.
    expect((await b.http('POST', `/api/games/${g.json.id}/resign`)).json.ok).toBe(true);
    expect(await watcher.request({ t: 'board-start', variant: 'xiangqi', fen: AFTER_LINE }, 20)).toMatchObject({ t: 'ack' });
    for (const c of [a, b, watcher]) c.close();
  });

  it('stops when the socket closes: the search in flight is cancelled and no other starts', async () => {
    const e = fakeEngine();
    const base = await serve(e.search);
    const c = new TestClient(base);
    await c.http('POST', '/api/session');
    await c.connect();
    expect(await c.request({ t: 'board-start', variant: 'janggi', fen: VARIANTS.janggi.startFen }, 1)).toMatchObject({ t: 'ack' });
    await expect.poll(() => e.pending.length).toBe(1);
    expect(app!.boards.running).toBe(1);
    c.close();
    await expect.poll(() => e.calls[0]!.aborted).toBe(true);
    expect(app!.boards.running).toBe(0);
    expect(e.calls).toHaveLength(1);
  });

  it('board-stop ends the session; a cookieless socket is asked to get a session', async () => {
    const e = fakeEngine();
    const base = await serve(e.search);
    const anon = new TestClient(base);
    await anon.connect();
    expect(await anon.request({ t: 'board-start', variant: 'sittuyin', fen: VARIANTS.sittuyin.startFen }, 1)).toMatchObject({ code: 'auth.required' });
    const c = new TestClient(base);
    await c.http('POST', '/api/session');
    await c.connect();
    expect(await c.request({ t: 'board-start', variant: 'sittuyin', fen: VARIANTS.sittuyin.startFen }, 2)).toMatchObject({ t: 'ack' });
    await expect.poll(() => e.pending.length).toBe(1);
    expect(await c.request({ t: 'board-stop' }, 3)).toMatchObject({ t: 'ack' });
    expect(e.calls[0]!.aborted).toBe(true);
    expect(app!.boards.running).toBe(0);
    anon.close();
    c.close();
  });
});
