import { describe, expect, it } from 'vitest';
import { LagMeter, MAX_SAMPLE_MS } from './lag.ts';

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

  it('a stalled link counts for at most MAX_SAMPLE_MS', () => {
    let t = 0;
    const m = new LagMeter(() => t);
    m.start();
    t = 60_000;
    m.pong();
    expect(m.lagMs()).toBe(MAX_SAMPLE_MS);
  });
});
