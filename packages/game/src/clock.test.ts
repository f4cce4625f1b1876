import { describe, expect, it } from 'vitest';
import { LAG_CAP_MS, LAG_QUOTA_GAINS, flagAt, halt, lagGainMs, lagQuota, lagQuotaMax, newClock, punch, read, startTurn, type ClockConfig } from './clock.ts';

const fischer: ClockConfig = { kind: 'fischer', baseMs: 60_000, incrementMs: 2_000 };
const byo: ClockConfig = { kind: 'byoyomi', baseMs: 10_000, periods: 3, periodMs: 5_000 };

describe('Fischer clock', () => {
  it('charges the time spent and adds the increment', () => {
    const c = startTurn(newClock(fischer), 0, 1_000);
    expect(read(c, 0, 11_000).totalMs).toBe(50_000);
    expect(read(c, 1, 11_000).totalMs).toBe(60_000);
    const after = punch(c, 0, 11_000)!;
    expect(after.mainMs).toEqual([52_000, 60_000]);
    expect(after.running).toBeNull();
  });

  it('flags at exactly the budget, and a late move is refused', () => {
    const c = startTurn(newClock(fischer), 1, 0);
    expect(flagAt(c)).toBe(60_000);
    expect(punch(c, 1, 60_000)).toBeNull();
    expect(punch(c, 1, 59_999)).not.toBeNull();
  });

  it('forgives network lag up to the cap, never more than the time spent', () => {
    const c = startTurn(newClock(fischer), 0, 0);
    expect(punch(c, 0, 10_000, 200)!.mainMs[0]).toBe(60_000 - 9_800 + 2_000);
    expect(punch(c, 0, 10_000, 99_999)!.mainMs[0]).toBe(60_000 - (10_000 - LAG_CAP_MS) + 2_000);
    expect(punch(c, 0, 100, 400)!.mainMs[0]).toBe(60_000 + 2_000);
    expect(punch(c, 0, 10_000, -50)!.mainMs[0]).toBe(60_000 - 10_000 + 2_000);
  });

  it('a move held inside the server (relayed while its game changed owner) is timed at its arrival, never before its turn began (issue 26 G)', () => {
    // Arrived at 8 s, reached the game at 10 s: 8 s charged.
    expect(punch(startTurn(newClock(fischer), 0, 0), 0, 10_000, 0, 2_000)!.mainMs[0]).toBe(60_000 - 8_000 + 2_000);
    // The new owner gave the turn back at 9 s; the move had arrived before that: nothing charged.
    expect(punch(startTurn(newClock(fischer), 0, 9_000), 0, 11_200, 0, 2_700)!.mainMs[0]).toBe(60_000 + 2_000);
  });
});

describe('lag compensation from a per-game quota', () => {
  it('the gain grows with the time control: 100 ms for the fastest games, 200 ms from 3 minutes, always well under the cap', () => {
    expect(lagGainMs({ kind: 'fischer', baseMs: 15_000, incrementMs: 0 })).toBe(100);
    expect(lagGainMs({ kind: 'fischer', baseMs: 180_000, incrementMs: 0 })).toBe(200);
    expect(lagGainMs({ kind: 'fischer', baseMs: 60_000, incrementMs: 0 })).toBe(127);
    expect(lagGainMs({ kind: 'fischer', baseMs: 0, incrementMs: 3_000 })).toBe(164);
    expect(lagGainMs(byo)).toBeGreaterThan(100);
    for (const baseMs of [15_000, 60_000, 180_000, 10_800_000]) expect(lagGainMs({ kind: 'fischer', baseMs, incrementMs: 180_000 })).toBeLessThan(LAG_CAP_MS);
  });

  it('a player who always claims the cap is forgiven the quota, then only the gain per move', () => {
    const cfg: ClockConfig = { kind: 'fischer', baseMs: 15_000, incrementMs: 0 }; // gain 100, quota 1000 (its ceiling too)
    let c = newClock(cfg);
    expect(lagQuota(c, 0)).toBe(1000);
    expect(lagQuotaMax(cfg)).toBe(LAG_QUOTA_GAINS * lagGainMs(cfg));
    const forgiven: number[] = [];
    let t = 0;
    for (let i = 0; i < 6; i++) {
      c = startTurn(c, 0, t);
      t += 1_000;
      const before = c.mainMs[0];
      c = punch(c, 0, t, 10_000)!;
      forgiven.push(1_000 - (before - c.mainMs[0]));
    }
    // 500 (cap) twice, then what was left (1000 - 2 × 400 = 200), then the gain each move.
    expect(forgiven).toEqual([500, 500, 200, 100, 100, 100]);
    expect(lagQuota(c, 1)).toBe(1000);
  });

  it('an honest connection keeps its quota full, capped at its start', () => {
    const cfg = fischer; // 1+2: gain 164
    let c = newClock(cfg);
    for (let i = 0; i < 20; i++) c = punch(startTurn(c, 1, i * 1000), 1, i * 1000 + 500, 50)!;
    expect(lagQuota(c, 1)).toBe(lagQuotaMax(cfg));
    expect(lagQuotaMax(cfg)).toBe(LAG_QUOTA_GAINS * lagGainMs(cfg));
  });
});

describe('byo-yomi clock', () => {
  it('spends main time first, then periods; a move inside a period keeps it', () => {
    let c = startTurn(newClock(byo), 0, 0);
    expect(flagAt(c)).toBe(10_000 + 3 * 5_000);
    c = punch(c, 0, 12_000)!; // 2 s into the first period
    expect(c.mainMs[0]).toBe(0);
    expect(c.periodsLeft[0]).toBe(3);
    c = startTurn(c, 0, 20_000);
    expect(flagAt(c)).toBe(20_000 + 15_000);
    c = punch(c, 0, 26_000)!; // 6 s: one period used up
    expect(c.periodsLeft[0]).toBe(2);
  });

  it('reads the current period and flags when the last period runs out', () => {
    const c = startTurn({ ...newClock(byo), mainMs: [0, 10_000], periodsLeft: [1, 3] }, 0, 0);
    expect(read(c, 0, 1_000)).toEqual({ mainMs: 0, periodsLeft: 1, periodLeftMs: 4_000, totalMs: 4_000 });
    expect(flagAt(c)).toBe(5_000);
    expect(punch(c, 0, 5_000)).toBeNull();
    expect(punch(c, 0, 4_999)!.periodsLeft[0]).toBe(1);
  });
});

describe('halting a clock when the game ends mid-turn', () => {
  it('charges the running side the time it used, without increment, and stops', () => {
    const c = startTurn(newClock({ kind: 'fischer', baseMs: 60_000, incrementMs: 5_000 }), 0, 1_000);
    const h = halt(c, 11_000);
    expect(h.running).toBeNull();
    expect(h.mainMs).toEqual([50_000, 60_000]);
    expect(halt(c, 100_000).mainMs[0]).toBe(0); // flagged: nothing left, never negative
  });

  it('under byo-yomi, counts the periods used', () => {
    const c = startTurn(newClock({ kind: 'byoyomi', baseMs: 10_000, periods: 3, periodMs: 30_000 }), 1, 0);
    const h = halt(c, 10_000 + 45_000);
    expect(h.mainMs[1]).toBe(0);
    expect(h.periodsLeft).toEqual([3, 2]);
  });
});
