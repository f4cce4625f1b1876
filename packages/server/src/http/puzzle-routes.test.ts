/** The puzzle trainer's HTTP API over the real app, memory storage and a fixed clock. */
import type { AddressInfo } from 'node:net';
import { INITIAL_PLAYER_RATING, describeLine, initialPuzzleRating, judgeMove, rateAttempt, type Puzzle, type PuzzleKind } from '@youzai/puzzles';
import type { VariantKey } from '@youzai/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../app.ts';
import { MemoryBus } from '../bus/bus.ts';
import { PuzzleBank } from '../puzzles/bank.ts';
import { systemTimers } from '../service/time.ts';
import { memoryStore } from '../store/memory/store.ts';
import type { Store } from '../store/types.ts';
import { TestClient } from '../testing/client.ts';

function puzzle(id: string, variant: VariantKey, fen: string, solution: string[], kind: PuzzleKind): Puzzle {
  const d = describeLine({ variant, fen, solution, kind })!;
  return {
    id,
    variant,
    fen,
    turn: fen.split(' ')[1] === 'b' ? 'second' : 'first',
    solution,
    kind,
    mateIn: d.mateIn,
    themes: d.themes,
    rating: d.rating,
    source: 'test',
  };
}

const MATE1 = puzzle('x0000001', 'xiangqi', '3ak4/4a4/8R/9/1P4P2/2B5P/9/3A5/9/2BAK4 w - - 15 61', ['i8i10'], 'mate');
const TWO_MATES = puzzle('x0000002', 'xiangqi', '4kab2/3Ra4/4N1n1b/pP6p/1n2C1p2/3RP3P/6P2/B8/9/3AKA3 w - - 3 39', ['d9d10'], 'mate');
const MATE2 = puzzle('x0000003', 'xiangqi', '1CRaka3/1c1r5/9/p5R2/9/3N2P1P/P2cP4/3AB1N2/9/4KAB2 w - - 1 25', ['g7e7', 'd9e9', 'c10c1'], 'mate');
const MATERIAL = puzzle('x0000004', 'xiangqi', '1rbakabnr/9/1cn1c4/p1p1p1p1p/1C7/2P6/P3P1P1P/2N4C1/9/R1BAKABNR w - - 6 4', ['b6b10'], 'material');
const JANGGI = puzzle('j0000001', 'janggi', '5c3/4aa3/3k5/7p1/9/c4p3/9/3AAKn2/9/5C3 b - - 33 87', ['f5e5', 'f1f9', 'e9f9'], 'mate');
const XIANGQI = [MATE1, TWO_MATES, MATE2, MATERIAL];
/** Either rook to the 7th rank mates in 2: the line takes c1c7, the check found d2d7 (packages/puzzles, src/check.ts). */
const ROOK_ROLL: Puzzle = {
  ...puzzle('s0000001', 'sittuyin', '6k1/8/8/8/8/p6K/3R4/2R5 w - - 0 40', ['c1c7', 'g8h8', 'd2d8'], 'mate'),
  alternatives: [['d2d7', 'g8f8', 'c1c8']],
};

/** 18:00 UTC on 1 January 2026: already 2 January in Vietnam. */
const NOW = Date.UTC(2026, 0, 1, 18, 0);

describe('puzzle API', () => {
  let app: App;
  let base: string;
  let store: Store;

  beforeAll(async () => {
    store = memoryStore();
    app = await createApp({
      store,
      bus: new MemoryBus(),
      clock: { now: () => NOW },
      timers: systemTimers,
      publicUrl: 'http://test',
      httpRate: 1000,
      puzzles: new PuzzleBank([...XIANGQI, JANGGI]),
      random: () => 0,
    });
    await new Promise<void>((r) => app.server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app.close();
  });

  it('next: a visitor gets the puzzle nearest their rating, whole, and no session (a read makes no guest)', async () => {
    const c = new TestClient(base);
    const r = await c.http('GET', '/api/puzzles/next?variant=xiangqi');
    expect(r.status).toBe(200);
    expect(c.cookie).toBe('');
    // 1500 for a newcomer: the mate in 2 (1120 + quiet/sacrifice points, if any) is nearest.
    const nearest = [...XIANGQI].sort((a, b) => Math.abs(a.rating - 1500) - Math.abs(b.rating - 1500))[0]!;
    expect(r.json).toEqual({
      ok: true,
      puzzle: {
        id: nearest.id,
        variant: 'xiangqi',
        fen: nearest.fen,
        turn: nearest.turn,
        solution: nearest.solution,
        alternatives: [],
        kind: nearest.kind,
        mateIn: nearest.mateIn,
        themes: nearest.themes,
        rating: nearest.rating,
        plays: 0,
      },
      player: { rating: 1500, deviation: 350, provisional: true, attempts: 0, wins: 0, streak: 0, bestStreak: 0 },
    });
  });

  it('result: the first attempt moves both ratings once; a replay is not rated', async () => {
    const c = new TestClient(base);
    await c.http('POST', '/api/session');
    const win = await c.http('POST', `/api/puzzles/${MATE2.id}/result`, { win: true });
    expect(win.status).toBe(200);
    expect(win.json.rated).toBe(true);
    expect(win.json.rating).toBeGreaterThan(1500);
    expect(win.json.diff).toBe(win.json.rating - 1500);
    expect(win.json.player).toMatchObject({ rating: win.json.rating, attempts: 1, wins: 1, streak: 1, bestStreak: 1, provisional: true });
    expect(win.json.puzzle.id).toBe(MATE2.id);
    expect(win.json.puzzle.rating).toBeLessThan(MATE2.rating);
    expect(win.json.puzzle.plays).toBe(1);
    const again = await c.http('POST', `/api/puzzles/${MATE2.id}/result`, { win: false });
    expect(again.json).toMatchObject({ ok: true, rated: false, rating: win.json.rating, diff: 0, player: win.json.player, puzzle: win.json.puzzle });
    // The puzzle's own rating is served with it from now on.
    const view = await c.http('GET', `/api/puzzles/${MATE2.id}`);
    expect(view.json.puzzle).toMatchObject({ id: MATE2.id, rating: win.json.puzzle.rating, plays: 1 });
    // A loss on a fresh puzzle takes the streak back to 0.
    const loss = await c.http('POST', `/api/puzzles/${MATE1.id}/result`, { win: false });
    expect(loss.json.diff).toBeLessThan(0);
    expect(loss.json.player).toMatchObject({ attempts: 2, wins: 1, streak: 0, bestStreak: 1 });
  });

  it('next skips what the solver has played, then offers the one played longest ago', async () => {
    const c = new TestClient(base);
    const seen: string[] = [];
    for (let i = 0; i < XIANGQI.length; i++) {
      const r = await c.http('GET', '/api/puzzles/next?variant=xiangqi');
      seen.push(r.json.puzzle.id);
      await c.http('POST', `/api/puzzles/${r.json.puzzle.id}/result`, { win: true });
    }
    expect([...seen].sort()).toEqual(XIANGQI.map((p) => p.id).sort());
    const r = await c.http('GET', '/api/puzzles/next?variant=xiangqi');
    expect(r.json.puzzle.id).toBe(seen[0]);
    expect(r.json.player).toMatchObject({ attempts: 4, wins: 4, streak: 4 });
  });

  it('next by theme; an unknown theme or game is refused', async () => {
    const c = new TestClient(base);
    expect((await c.http('GET', '/api/puzzles/next?variant=xiangqi&theme=material')).json.puzzle.id).toBe(MATERIAL.id);
    expect((await c.http('GET', '/api/puzzles/next?variant=janggi&theme=mateIn2')).json.puzzle.id).toBe(JANGGI.id);
    const theme = await c.http('GET', '/api/puzzles/next?variant=xiangqi&theme=mateIn5');
    expect([theme.status, theme.json.code]).toEqual([400, 'puzzle.bad-theme']);
    for (const q of ['', '?variant=chess']) {
      const r = await c.http('GET', `/api/puzzles/next${q}`);
      expect([r.status, r.json.code]).toEqual([400, 'puzzle.variant']);
    }
    const none = await c.http('GET', '/api/puzzles/next?variant=sittuyin');
    expect([none.status, none.json.code]).toEqual([404, 'puzzle.not-found']);
  });

  it('daily: the same puzzle all day for everyone, dated in Vietnam, without a session', async () => {
    const a = await new TestClient(base).http('GET', '/api/puzzles/daily?variant=xiangqi');
    const b = new TestClient(base);
    const again = await b.http('GET', '/api/puzzles/daily?variant=xiangqi');
    expect(a.json.date).toBe('2026-01-02');
    expect(a.json.puzzle.id).toBe(MATE2.id); // the only one of two moves or more
    expect(again.json.puzzle.id).toBe(a.json.puzzle.id);
    expect(b.cookie).toBe('');
  });

  it('themes: counted per game, the most common first', async () => {
    const r = await new TestClient(base).http('GET', '/api/puzzles/themes?variant=xiangqi');
    expect(r.json.variant).toBe('xiangqi');
    expect(r.json.themes[0]).toEqual({ theme: 'short', count: 4 });
    expect(r.json.themes).toContainEqual({ theme: 'mate', count: 3 });
    expect(r.json.themes).toContainEqual({ theme: 'material', count: 1 });
    expect(r.json.themes).toContainEqual({ theme: 'mate-by-chariot', count: 3 });
  });

  it('me/puzzles: a rating per game, apart from game ratings', async () => {
    const c = new TestClient(base);
    const me = (await c.http('POST', '/api/session')).json.user;
    await c.http('POST', `/api/puzzles/${JANGGI.id}/result`, { win: true });
    const r = await c.http('GET', '/api/me/puzzles');
    expect(Object.keys(r.json.ratings)).toEqual(['xiangqi', 'janggi', 'sittuyin']);
    expect(r.json.ratings.xiangqi).toEqual({ rating: 1500, deviation: 350, provisional: true, attempts: 0, wins: 0, streak: 0, bestStreak: 0 });
    expect(r.json.ratings.janggi).toMatchObject({ attempts: 1, wins: 1, streak: 1 });
    expect(r.json.ratings.janggi.rating).toBeGreaterThan(1500);
    expect(await store.ratings(me.id)).toEqual([]);
  });

  it('refuses unknown puzzles and malformed results', async () => {
    const c = new TestClient(base);
    const missing = await c.http('GET', '/api/puzzles/x9999999');
    expect([missing.status, missing.json.code]).toEqual([404, 'puzzle.not-found']);
    const post = await c.http('POST', '/api/puzzles/x9999999/result', { win: true });
    expect([post.status, post.json.code]).toEqual([404, 'puzzle.not-found']);
    for (const bad of [{}, { win: 'yes' }, { win: true, extra: 1 }]) {
      const r = await c.http('POST', `/api/puzzles/${MATE1.id}/result`, bad);
      expect([r.status, r.json.code]).toEqual([400, 'body.invalid']);
    }
  });
});

describe('puzzle API: a hint and a shown solution', () => {
  it('a solve after a hint is rated as a draw (less than a clean solve, no win, the streak kept); a shown solution is a loss (issue 33, item 8.5)', async () => {
    const app = await createApp({
      store: memoryStore(),
      bus: new MemoryBus(),
      clock: { now: () => NOW },
      timers: systemTimers,
      publicUrl: 'http://test',
      httpRate: 1000,
      puzzles: new PuzzleBank([MATE1, TWO_MATES]),
    });
    await new Promise<void>((r) => app.server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    try {
      // Each solver's first attempt at a puzzle nobody has played: the same ratings before, so only the result differs.
      const [clean, helped, shown] = [new TestClient(base), new TestClient(base), new TestClient(base)];
      const expected = (score: 0 | 0.5 | 1, p: Puzzle) => Math.round(rateAttempt(INITIAL_PLAYER_RATING, initialPuzzleRating(p), score).player.rating);
      const a = (await clean.http('POST', `/api/puzzles/${MATE1.id}/result`, { win: true })).json;
      const b = (await helped.http('POST', `/api/puzzles/${TWO_MATES.id}/result`, { win: true, hint: true })).json;
      expect(a).toMatchObject({ rated: true, rating: expected(1, MATE1), player: { wins: 1, streak: 1 } });
      expect(b).toMatchObject({ rated: true, rating: expected(0.5, TWO_MATES), player: { attempts: 1, wins: 0, streak: 0 } });
      expect(b.diff).toBeLessThan(expected(1, TWO_MATES) - 1500);
      // A clean solve, then a helped one: the streak neither grows nor breaks.
      expect((await clean.http('POST', `/api/puzzles/${TWO_MATES.id}/result`, { win: true, hint: true })).json.player).toMatchObject({ wins: 1, streak: 1 });
      // Giving up to see the solution is a loss, as lichess counts it.
      const c = (await shown.http('POST', `/api/puzzles/${MATE1.id}/result`, { win: false })).json;
      expect(c.diff).toBeLessThan(0);
      expect(c.player).toMatchObject({ wins: 0, streak: 0 });
      expect((await shown.http('POST', `/api/puzzles/${MATE1.id}/result`, { win: true, hint: 'yes' })).json.code).toBe('body.invalid');
    } finally {
      await app.close();
    }
  });
});

describe('puzzle API: alternative lines', () => {
  it('a puzzle carries its alternative lines: the trainer accepts the other winning move and plays its reply', async () => {
    const app = await createApp({
      store: memoryStore(),
      bus: new MemoryBus(),
      clock: { now: () => NOW },
      timers: systemTimers,
      publicUrl: 'http://test',
      httpRate: 1000,
      puzzles: new PuzzleBank([ROOK_ROLL]),
    });
    await new Promise<void>((r) => app.server.listen(0, '127.0.0.1', r));
    const c = new TestClient(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
    const r = await c.http('GET', `/api/puzzles/${ROOK_ROLL.id}`);
    await app.close();
    expect(r.status).toBe(200);
    const view = r.json.puzzle;
    expect(view.alternatives).toEqual([['d2d7', 'g8f8', 'c1c8']]);
    // The client judges with the served view (packages/web, pages/puzzles.ts).
    expect(judgeMove(view, [], 'd2d7')).toEqual({ verdict: 'right', reply: 'g8f8' });
    expect(judgeMove(view, ['d2d7', 'g8f8'], 'c1c8')).toEqual({ verdict: 'solved' });
    expect(judgeMove(view, [], 'c1c7')).toEqual({ verdict: 'right', reply: 'g8h8' });
    expect(judgeMove(view, [], 'c1c6')).toEqual({ verdict: 'wrong' });
  });
});

describe('puzzle API on the shipped data', () => {
  it('loads every game’s data file at start', async () => {
    const app = await createApp({
      store: memoryStore(),
      bus: new MemoryBus(),
      clock: { now: () => NOW },
      timers: systemTimers,
      publicUrl: 'http://test',
      httpRate: 1000,
    });
    await new Promise<void>((r) => app.server.listen(0, '127.0.0.1', r));
    try {
      const c = new TestClient(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
      for (const v of ['xiangqi', 'janggi', 'sittuyin']) {
        const r = await c.http('GET', `/api/puzzles/next?variant=${v}`);
        expect(r.status, v).toBe(200);
        expect(r.json.puzzle.variant).toBe(v);
        const daily = await c.http('GET', `/api/puzzles/daily?variant=${v}`);
        expect(daily.json.puzzle.variant).toBe(v);
      }
    } finally {
      await app.close();
    }
  });
});
