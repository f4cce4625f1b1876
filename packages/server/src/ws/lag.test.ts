import { describe, expect, it } from 'vitest';
import { type ClockConfig, lagGainMs, lagQuotaStart, newClock, punch, startTurn } from '@youzai/game';
import { FakeTime } from '../service/time.ts';
import { LAG_REFRESH_MS, LagMeter, MAX_SAMPLE_MS } from './lag.ts';

describe('LagMeter', () => {
  it('half the round trip, smoothed; nothing before the first pong; one measure at a time', () => {
    let t = 0;
    const m = new LagMeter(() => t);
    expect(m.lagMs()).toBe(0);
    m.pong(); // a pong nobody asked for measures nothing
    expect(m.lagMs()).toBe(0);
    expect(m.start()).toBe(true);
    t = 100;
    expect(m.start()).toBe(false);
    t = 200;
    m.pong();
    expect(m.lagMs()).toBe(100);
    expect(m.start()).toBe(true);
    t = 220;
    m.pong();
    expect(m.lagMs()).toBe(78); // (3 × 100 + 10) / 4
  });

  it('is stale until a round trip came back within the given age (a move asks for one only then)', () => {
    let t = 0;
    const m = new LagMeter(() => t);
    expect(m.stale(LAG_REFRESH_MS)).toBe(true); // never measured
    m.start();
    t = 50;
    expect(m.stale(LAG_REFRESH_MS)).toBe(true); // a ping out is no sample yet
    m.pong();
    expect(m.stale(LAG_REFRESH_MS)).toBe(false);
    t = 50 + LAG_REFRESH_MS - 1;
    expect(m.stale(LAG_REFRESH_MS)).toBe(false);
    t = 50 + LAG_REFRESH_MS;
    expect(m.stale(LAG_REFRESH_MS)).toBe(true);
  });

  it('a stalled link counts for at most MAX_SAMPLE_MS', () => {
    let t = 0;
    const m = new LagMeter(() => t);
    m.start();
    t = 60_000;
    m.pong();
    expect(m.lagMs()).toBe(MAX_SAMPLE_MS);
  });
});

describe('faked lag is bounded per game (issue 31, item 11)', () => {
  /**
   * A 3-minute game, 40 moves a side: each turn the server pings the mover,
   * the pong comes back after `rttMs`, the mover thinks 2 s in all and is
   * charged by the game clock with the lag the meter measured.
   */
  function play(rttMs: number): { forgiven: number[]; quota: number } {
    const cfg: ClockConfig = { kind: 'fischer', baseMs: 180_000, incrementMs: 0 };
    const time = new FakeTime();
    const meter = new LagMeter(() => time.now());
    let c = newClock(cfg);
    const forgiven: number[] = [];
    for (let i = 0; i < 40; i++) {
      c = startTurn(c, 0, time.now());
      const before = c.mainMs[0];
      meter.start();
      time.advance(rttMs);
      meter.pong();
      time.advance(2_000 - rttMs);
      c = punch(c, 0, time.now(), meter.lagMs())!;
      forgiven.push(2_000 - (before - c.mainMs[0]));
    }
    return { forgiven, quota: lagQuotaStart(cfg) };
  }

  it('a player delaying every pong by a second (500 ms a move) is forgiven until the quota is spent, then only the gain', () => {
    const { forgiven, quota } = play(1_000);
    expect(lagGainMs({ kind: 'fischer', baseMs: 180_000, incrementMs: 0 })).toBe(200);
    expect(quota).toBe(2_000);
    // The quota pays for the first moves (the meter's first samples forgive less than 500)…
    expect(forgiven.slice(0, 4).every((f) => f > 200)).toBe(true);
    // …and from the 8th move on only the gain is forgiven: the faked rest is charged in full.
    expect(forgiven.slice(7)).toEqual(Array(33).fill(200));
    expect(forgiven.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(quota + 40 * 200);
  });

  it('an honest steady lag of 150 ms is forgiven on every move', () => {
    const { forgiven } = play(300);
    // The smoothed estimate climbs to 150 within a few pongs, then stays there for the whole game.
    expect(forgiven.slice(8)).toEqual(Array(32).fill(150));
    for (const f of forgiven) expect(f).toBeLessThanOrEqual(150);
  });
});
