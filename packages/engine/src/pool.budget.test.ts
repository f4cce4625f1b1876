// A node budget gives the same analysis whatever the load and whatever the engine searched before (issue 33,
// item 4): one engine thread, rebuilt before each budgeted search, a fixed hash, cleared, and no time limit reached.
import { VARIANTS, legalUcis, makeFen, parseFen, parseUci } from '@youzai/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnginePool, type AnalysisRequest } from './pool.ts';

const xiangqi = VARIANTS.xiangqi;
/** The position after 1. C2=5 (h3e3): Black to move. */
function afterCentralCannon(): { fen: string; legalMoves: string[] } {
  const p = parseFen(xiangqi, xiangqi.startFen);
  if (!p.ok) throw new Error(p.error.message);
  const m = parseUci(p.value, 'h3e3');
  if (!m.ok) throw new Error(m.error.message);
  p.value.play(m.value);
  return { fen: makeFen(p.value), legalMoves: legalUcis(p.value) };
}

describe('EnginePool analysis with a node budget', () => {
  let pool: EnginePool;
  beforeAll(async () => {
    pool = new EnginePool({ size: 2 });
    await pool.warmup();
  });
  afterAll(async () => {
    await pool?.close();
  });

  it('answers the same line, score and depth alone and while the machine is busy', async () => {
    const { fen, legalMoves } = afterCentralCannon();
    const budgeted: AnalysisRequest = { gameId: 'budget', variant: 'xiangqi', fen, legalMoves, multipv: 1, depth: 40, nodes: 120_000, movetimeMs: 30_000 };
    const alone = await pool.analyse(budgeted);
    expect(alone.lines).toHaveLength(1);
    expect(alone.lines[0]!.depth).toBeGreaterThanOrEqual(8);

    // Load: a long time-bound search of another position on the other worker, and a busy main thread,
    // while the same budgeted search runs again (on a worker whose hash already holds a search).
    const start = parseFen(xiangqi, xiangqi.startFen);
    if (!start.ok) throw new Error(start.error.message);
    const other = { gameId: 'load', variant: 'xiangqi' as const, fen: xiangqi.startFen, legalMoves: legalUcis(start.value), multipv: 3, depth: 40 };
    const load = pool.analyse({ ...other, movetimeMs: 4000 });
    const busy = setInterval(() => {
      const until = performance.now() + 40;
      while (performance.now() < until);
    }, 50);
    try {
      const loaded = await pool.analyse({ ...budgeted, gameId: 'budget-2' });
      await load;
      // Both workers have now searched other positions: once more on either of them.
      const again = await pool.analyse({ ...budgeted, gameId: 'budget-3' });
      expect(loaded.lines).toEqual(alone.lines);
      expect(again.lines).toEqual(alone.lines);
    } finally {
      clearInterval(busy);
    }
  });

  it('answers the same after other searches that ended mid-iteration (state ucinewgame keeps)', async () => {
    // Budgeted searches of another position, on the same engine just before. Before the search thread was rebuilt
    // for each budgeted search (FairyStockfish.forget), the answer after the first was depth 14, another line.
    const { fen, legalMoves } = afterCentralCannon();
    const budgeted: AnalysisRequest = { gameId: 'after', variant: 'xiangqi', fen, legalMoves, multipv: 1, depth: 40, nodes: 120_000, movetimeMs: 30_000 };
    const start = parseFen(xiangqi, xiangqi.startFen);
    if (!start.ok) throw new Error(start.error.message);
    const other = {
      gameId: 'other',
      variant: 'xiangqi' as const,
      fen: xiangqi.startFen,
      legalMoves: legalUcis(start.value),
      multipv: 3,
      depth: 40,
      movetimeMs: 30_000,
    };
    const one = new EnginePool({ size: 1 });
    try {
      const alone = await one.analyse(budgeted);
      for (const nodes of [35_838, 59_595]) {
        await one.analyse({ ...other, nodes });
        expect({ nodes, lines: (await one.analyse(budgeted)).lines }).toEqual({ nodes, lines: alone.lines });
      }
    } finally {
      await one.close();
    }
  });

  it('refuses a budget that is not a positive integer', async () => {
    const { fen, legalMoves } = afterCentralCannon();
    const req = { gameId: 'bad', variant: 'xiangqi' as const, fen, legalMoves, multipv: 1, depth: 10, movetimeMs: 1000 };
    await expect(pool.analyse({ ...req, nodes: 0 })).rejects.toMatchObject({ code: 'bad-request' });
    await expect(pool.analyse({ ...req, nodes: 1.5 })).rejects.toMatchObject({ code: 'bad-request' });
  });
});
