// The pool against real engine workers: answers, faults, fairness, deadlines.
import { VARIANTS, VARIANT_KEYS, legalUcis, parseFen, type VariantKey } from '@youzai/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseMove } from './opponent.ts';
import { EngineError, EnginePool, type BestMoveRequest } from './pool.ts';
import type { Fault } from './protocol.ts';

const START = (v: VariantKey) => VARIANTS[v].startFen;
function legalAt(v: VariantKey, fen = START(v)): string[] {
  const p = parseFen(VARIANTS[v], fen);
  if (!p.ok) throw new Error(p.error.message);
  return legalUcis(p.value);
}
const request = (gameId: string, level = 1, variant: VariantKey = 'xiangqi'): BestMoveRequest => ({
  gameId,
  variant,
  fen: START(variant),
  level,
  legalMoves: legalAt(variant),
});

describe('EnginePool', () => {
  /** Faults to fake, by game id and attempt; and the order requests reach a worker. */
  const plan = new Map<string, Fault[]>();
  const dispatched: string[] = [];
  let pool: EnginePool;

  beforeAll(async () => {
    pool = new EnginePool({
      size: 2,
      hangGraceMs: 1500,
      faults: ({ gameId, attempt }) => {
        dispatched.push(gameId);
        return plan.get(gameId)?.[attempt - 1];
      },
    });
    await pool.warmup();
  });
  afterAll(async () => {
    await pool?.close();
  });

  it('answers an engine move among our legal moves in every game', async () => {
    for (const v of VARIANT_KEYS) {
      const m = await pool.bestMove(request(`start-${v}`, 2, v));
      expect(m.source).toBe('engine');
      expect(legalAt(v)).toContain(m.uci);
      expect(m.depth).toBeGreaterThanOrEqual(1);
      expect(m.score).toBeDefined();
    }
  });

  it('only ever plays a move from the list it is given (go searchmoves)', async () => {
    const only = ['a4a5', 'i4i5'];
    for (let i = 0; i < 3; i++) {
      const m = await pool.bestMove({ ...request(`only-${i}`, 3), legalMoves: only });
      expect(m.source).toBe('engine');
      expect(only).toContain(m.uci);
    }
  });

  it('Janggi: asks the built-in cannon when the custom one sees a check our rules do not', async () => {
    // Only legal move: the b7 cannon takes the d7 chariot. FS's custom cannon (c:mRcpR) would
    // then let the d1 cannon jump the d7 cannon onto the general, so it finds nothing legal.
    const fen = 'r1ba1abnr/3k5/2n6/1cBRp1pp1/p8/9/P1P2PP1P/2N1C4/4K4/3CAABNR b - - 0 11';
    expect(legalAt('janggi', fen)).toEqual(['b7d7']);
    const m = await pool.bestMove({ gameId: 'janggi-cannon', variant: 'janggi', fen, level: 4, legalMoves: ['b7d7'] });
    expect(m).toMatchObject({ uci: 'b7d7', source: 'engine' });
  });

  it('analyses at full strength: MultiPV lines, best first, each starting with one of our moves', async () => {
    // Red mates at once with the i8 chariot (i8i10); other moves do not mate.
    const fen = '3ak4/4a4/8R/9/1P4P2/2B5P/9/3A5/9/2BAK4 w - - 15 61';
    const legal = legalAt('xiangqi', fen);
    const a = await pool.analyse({ gameId: 'analyse', variant: 'xiangqi', fen, legalMoves: legal, multipv: 3, depth: 6, movetimeMs: 2000 });
    expect(a.lines).toHaveLength(3);
    expect(a.lines[0]).toMatchObject({ pv: ['i8i10'], score: { kind: 'mate', value: 1 } });
    for (const l of a.lines) expect(legal).toContain(l.pv[0]);
    expect(a.lines[1]!.score).not.toEqual({ kind: 'mate', value: 1 });
    // Restricted to the moves it is given, and a game move afterwards is a single-line search again.
    const only = await pool.analyse({ gameId: 'analyse', variant: 'xiangqi', fen, legalMoves: ['b6b7', 'g6g7'], multipv: 2, depth: 4, movetimeMs: 2000 });
    expect(only.lines.map((l) => l.pv[0]).sort()).toEqual(['b6b7', 'g6g7']);
    const m = await pool.bestMove({ gameId: 'analyse', variant: 'xiangqi', fen, level: 8, legalMoves: legal, movetimeMs: 300 });
    expect(m).toMatchObject({ uci: 'i8i10', source: 'engine' });
  });

  it('rejects a bad analysis request with code bad-request', async () => {
    const base = {
      gameId: 'bad-analyse',
      variant: 'xiangqi' as const,
      fen: START('xiangqi'),
      legalMoves: legalAt('xiangqi'),
      multipv: 2,
      depth: 4,
      movetimeMs: 100,
    };
    for (const bad of [
      { ...base, multipv: 0 },
      { ...base, depth: 41 },
      { ...base, movetimeMs: 0 },
      { ...base, legalMoves: [] },
    ]) {
      const e = await pool.analyse(bad).catch((x: unknown) => x);
      expect((e as EngineError).code).toBe('bad-request');
    }
  });

  it('replaces a worker that exits mid-search and retries the request', async () => {
    plan.set('crash', ['exit']);
    const before = pool.stats().restarts;
    const m = await pool.bestMove(request('crash'));
    expect(m.source).toBe('engine');
    expect(legalAt('xiangqi')).toContain(m.uci);
    expect(pool.stats().restarts).toBe(before + 1);
    expect(pool.stats().workers).toBe(2);
  });

  it('survives a worker terminated from outside while it searches', async () => {
    const before = pool.stats().restarts;
    const pending = pool.bestMove(request('killed', 8));
    await new Promise((r) => setTimeout(r, 300));
    const busy = pool.busyWorkersForTest();
    expect(busy).toHaveLength(1);
    await busy[0]!.terminate();
    const m = await pending;
    expect(legalAt('xiangqi')).toContain(m.uci);
    expect(pool.stats().restarts).toBe(before + 1);
  });

  it('terminates a hung worker after its timeout and retries on a fresh one', async () => {
    plan.set('hang', ['hang']);
    const before = pool.stats();
    const m = await pool.bestMove(request('hang'));
    expect(m.source).toBe('engine');
    expect(legalAt('xiangqi')).toContain(m.uci);
    expect(m.ms).toBeGreaterThanOrEqual(1500); // the hang was waited out
    expect(pool.stats().timeouts).toBe(before.timeouts + 1);
    expect(pool.stats().restarts).toBe(before.restarts + 1);
  });

  it('fails with an EngineError when the retry crashes too', async () => {
    plan.set('crash-twice', ['exit', 'exit']);
    const e = await pool.bestMove(request('crash-twice')).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(EngineError);
    expect((e as EngineError).code).toBe('crashed');
  });

  it('never lets an engine error out of chooseMove: it plays a legal fallback', async () => {
    plan.set('choose-crash', ['exit', 'exit']);
    const m = await chooseMove(pool, { gameId: 'choose-crash', variant: 'janggi', fen: START('janggi'), level: 1 });
    expect(m.source).toBe('fallback');
    expect(m.error).toBe('crashed');
    expect(legalAt('janggi')).toContain(m.uci);
    expect(m.uci).not.toBe('e2e2'); // no pass while other moves exist
  });

  it('replaces an answer outside our legal moves, or none, by a legal fallback', async () => {
    plan.set('illegal', ['illegal']);
    plan.set('none', ['none']);
    for (const id of ['illegal', 'none']) {
      const m = await pool.bestMove(request(id));
      expect(m.source).toBe('fallback');
      expect(legalAt('xiangqi')).toContain(m.uci);
    }
  });

  it('serves games round-robin: one game with many requests does not starve others', async () => {
    dispatched.length = 0;
    const calls = [...Array.from({ length: 6 }, () => pool.bestMove(request('greedy'))), pool.bestMove(request('B')), pool.bestMove(request('C'))];
    await Promise.all(calls);
    expect(dispatched).toHaveLength(8);
    // First come first served would dispatch B and C last (7th and 8th).
    expect(dispatched.indexOf('B')).toBeLessThan(4);
    expect(dispatched.indexOf('C')).toBeLessThan(5);
  });

  it('serves background analyses behind live requests, and never on the last free worker', async () => {
    await pool.warmup();
    dispatched.length = 0;
    const analysis = (gameId: string) =>
      pool.analyse({
        gameId,
        variant: 'xiangqi',
        fen: START('xiangqi'),
        legalMoves: legalAt('xiangqi'),
        multipv: 1,
        depth: 6,
        movetimeMs: 150,
        background: true,
      });
    const bg = ['bgA', 'bgB', 'bgC'].map(analysis);
    const live = [pool.bestMove(request('L1')), pool.bestMove(request('L2'))];
    expect(pool.stats().busy).toBe(2); // bgA and L1: bgB may not take the second worker
    const lines = await Promise.all(bg);
    await Promise.all(live);
    expect(dispatched).toEqual(['bgA', 'L1', 'L2', 'bgB', 'bgC']);
    for (const a of lines) expect(legalAt('xiangqi')).toContain(a.lines[0]!.pv[0]);
  });

  it('stops a search at its deadline, and rejects a request still queued at its deadline', async () => {
    await pool.warmup(); // both workers up again after the crash tests
    const t0 = performance.now();
    const busy = [pool.bestMove({ ...request('slow-1', 8), deadlineMs: 300 }), pool.bestMove({ ...request('slow-2', 8), deadlineMs: 300 })];
    const queued = pool.bestMove({ ...request('queued', 1), deadlineMs: 100 }).catch((x: unknown) => x);
    const e = await queued;
    expect(e).toBeInstanceOf(EngineError);
    expect((e as EngineError).code).toBe('deadline');
    for (const m of await Promise.all(busy)) expect(legalAt('xiangqi')).toContain(m.uci);
    expect(performance.now() - t0).toBeLessThan(1100); // level 8 alone would take 1200 ms
  });

  it('cancels on its signal: a queued analysis is rejected with code cancelled, a running one stops and answers its lines', async () => {
    await pool.warmup();
    const ask = (gameId: string, signal: AbortSignal) =>
      pool.analyse({
        gameId,
        variant: 'xiangqi',
        fen: START('xiangqi'),
        legalMoves: legalAt('xiangqi'),
        multipv: 2,
        depth: 40,
        movetimeMs: 20_000,
        background: true,
        signal,
      });
    const one = new AbortController();
    const two = new AbortController();
    dispatched.length = 0;
    const running = ask('board-1', one.signal);
    // Background searches never take the last free worker: the second waits in the queue.
    const queued = ask('board-2', two.signal).catch((x: unknown) => x);
    await expect.poll(() => dispatched.includes('board-1')).toBe(true);
    two.abort();
    expect(((await queued) as EngineError).code).toBe('cancelled');
    // Some search before the stop, so that it has lines to answer: on a loaded machine the worker may not
    // have run at all when it was dispatched (seen: an empty answer at load 10). Depth 1 takes milliseconds.
    await new Promise((r) => setTimeout(r, 500));
    one.abort();
    const a = await running;
    // Stopped long before its 20 s: the lines it had.
    expect(a.ms).toBeLessThan(20_000);
    expect(legalAt('xiangqi')).toContain(a.lines[0]!.pv[0]);
    expect(dispatched).not.toContain('board-2');
    const already = await ask('board-3', AbortSignal.abort()).catch((x: unknown) => x);
    expect((already as EngineError).code).toBe('cancelled');
  });

  it('leaves the event loop free while engines search', async () => {
    let ticks = 0;
    let last = performance.now();
    let worstGap = 0;
    const timer = setInterval(() => {
      const now = performance.now();
      worstGap = Math.max(worstGap, now - last);
      last = now;
      ticks++;
    }, 10);
    await Promise.all([pool.bestMove(request('loop-1', 8)), pool.bestMove(request('loop-2', 8))]);
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(40); // ~120 ticks in 1.2 s when nothing blocks
    expect(worstGap).toBeLessThan(250);
  });

  it('rejects bad requests with code bad-request', async () => {
    for (const bad of [
      { ...request('bad'), legalMoves: [] },
      { ...request('bad'), level: 9 },
      { ...request('bad'), fen: 'x\nquit' },
    ]) {
      const e = await pool.bestMove(bad).catch((x: unknown) => x);
      expect((e as EngineError).code).toBe('bad-request');
    }
  });
});

describe('EnginePool closed', () => {
  it('rejects with code closed, and chooseMove still moves', async () => {
    const pool = new EnginePool({ size: 1 });
    await pool.close();
    const e = await pool.bestMove(request('x')).catch((x: unknown) => x);
    expect((e as EngineError).code).toBe('closed');
    const m = await chooseMove(pool, { gameId: 'x', variant: 'sittuyin', fen: START('sittuyin'), level: 4 });
    expect(m).toMatchObject({ source: 'fallback', error: 'closed' });
    expect(legalAt('sittuyin')).toContain(m.uci);
  });
});
