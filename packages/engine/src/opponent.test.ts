import { startReferee } from '@youzai/game';
import { VARIANTS, legalUcis, parseFen } from '@youzai/rules';
import { describe, expect, it } from 'vitest';
import { chooseMove, deadlineMs, movesToAvoid, thinkTimeMs } from './opponent.ts';
import { EnginePool } from './pool.ts';

describe('thinking time', () => {
  it('is the level time when the clock allows it', () => {
    expect(thinkTimeMs(1)).toBe(50);
    expect(thinkTimeMs(8)).toBe(1200);
    expect(thinkTimeMs(8, { remainingMs: 10 * 60_000, incrementMs: 5000 })).toBe(1200);
  });

  it('never more than remaining/30 + increment/2', () => {
    expect(thinkTimeMs(8, { remainingMs: 30_000, incrementMs: 0 })).toBe(1000);
    expect(thinkTimeMs(8, { remainingMs: 3000, incrementMs: 200 })).toBe(200);
    expect(thinkTimeMs(8, { remainingMs: 60, incrementMs: 0 })).toBe(10); // floor: the engine needs a moment
    expect(thinkTimeMs(8, { remainingMs: -5, incrementMs: 0 })).toBe(10);
  });

  it('gives the whole request a deadline of a tenth of the clock plus the increment', () => {
    expect(deadlineMs(1200)).toBeUndefined();
    expect(deadlineMs(1200, { remainingMs: 60_000, incrementMs: 2000 })).toBe(8000);
    expect(deadlineMs(100, { remainingMs: 1000, incrementMs: 0 })).toBe(350);
  });
});

describe('chooseMove input', () => {
  const pool = new EnginePool({ size: 1 }); // never started: these fail before any search

  it('throws on a bad FEN or a finished game (caller bugs), not on engine trouble', async () => {
    await expect(chooseMove(pool, { gameId: 'g', variant: 'xiangqi', fen: 'nonsense', level: 1 })).rejects.toThrow(RangeError);
    // Red is checkmated (chariots on d5 and e3, horse on g3): no legal move.
    const mated = '3k5/9/9/9/9/3r5/9/4r1n2/9/4K4 w - - 0 1';
    await expect(chooseMove(pool, { gameId: 'g', variant: 'xiangqi', fen: mated, level: 1 })).rejects.toThrow(/no legal move/);
    await expect(chooseMove(pool, { gameId: 'g', variant: 'xiangqi', fen: VARIANTS.xiangqi.startFen, level: 0 })).rejects.toThrow(RangeError);
  });
});

describe('moves to avoid', () => {
  it('lists the checks that would take a run past its limit (Xiangqi)', () => {
    const r = startReferee('xiangqi', '4k4/9/R8/9/9/9/9/9/9/3K5 w - - 0 1');
    if (!r.ok) throw new Error(r.error.message);
    const referee = r.value;
    expect(movesToAvoid(referee)).toEqual([]);
    // Six checks by one chariot: the seventh would lose.
    for (const m of ['a8a10', 'e10e9', 'a10a9', 'e9e10', 'a9a10', 'e10e9', 'a10a9', 'e9e10', 'a9a10', 'e10e9', 'a10a9', 'e9e10']) {
      expect(referee.play(m).ok).toBe(true);
    }
    expect(referee.verdict).toBeNull();
    const avoid = movesToAvoid(referee);
    expect(avoid).toContain('a9a10');
    expect(avoid).not.toContain('d1d2');
  });

  it('chooseMove plays none of them while another move is legal', async () => {
    const pool = new EnginePool({ size: 1 });
    await pool.close(); // the fallback path: it must respect `avoid` too
    const fen = VARIANTS.xiangqi.startFen;
    const p = parseFen(VARIANTS.xiangqi, fen);
    if (!p.ok) throw new Error(p.error.message);
    const all = legalUcis(p.value);
    const m = await chooseMove(pool, { gameId: 'g', variant: 'xiangqi', fen, level: 1, avoid: all.filter((x) => x !== 'h3e3') });
    expect(m.uci).toBe('h3e3');
    const n = await chooseMove(pool, { gameId: 'g', variant: 'xiangqi', fen, level: 1, avoid: all });
    expect(all).toContain(n.uci); // everything avoided: still a legal move
  });
});
