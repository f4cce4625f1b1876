import { describe, expect, it } from 'vitest';
import { DEFAULT_PARAMS, DEFAULT_RATING, expectedScore, isProvisional, rate, rateGame, type RatedGame, type Rating } from './glicko2.ts';

const r = (rating: number, deviation: number, volatility = 0.06): Rating => ({ rating, deviation, volatility });

describe("Glickman's worked example (glicko2.pdf, τ = 0.5)", () => {
  const player = r(1500, 200);
  const games: RatedGame[] = [
    { opponent: r(1400, 30), score: 1 },
    { opponent: r(1550, 100), score: 0 },
    { opponent: r(1700, 300), score: 0 },
  ];
  const after = rate(player, games, { tau: 0.5 });

  it('gives μ′ = −0.2069 and φ′ = 0.8722 on the Glicko-2 scale', () => {
    expect((after.rating - 1500) / 173.7178).toBeCloseTo(-0.2069, 4);
    expect(after.deviation / 173.7178).toBeCloseTo(0.8722, 4);
  });

  it('gives r′ ≈ 1464.06, RD′ ≈ 151.52, σ′ ≈ 0.05999', () => {
    // The paper rounds its intermediate values to 4 digits, so r′ is good to about 0.01.
    expect(Math.abs(after.rating - 1464.06)).toBeLessThan(0.01);
    expect(Math.abs(after.deviation - 151.52)).toBeLessThan(0.005);
    expect(Math.abs(after.volatility - 0.05999)).toBeLessThan(0.00001);
  });
});

describe('rate', () => {
  it('with no games only grows RD (step 6)', () => {
    const before = r(1800, 100, 0.06);
    const after = rate(before, []);
    expect(after.rating).toBe(1800);
    expect(after.volatility).toBe(0.06);
    expect(after.deviation).toBeCloseTo(Math.hypot(100, 0.06 * 173.7178), 9);
    expect(after.deviation).toBeGreaterThan(100);
  });

  it('raises RD no further than maxDeviation', () => {
    expect(rate(DEFAULT_RATING, []).deviation).toBe(350);
    expect(rate(r(1500, 349.9), []).deviation).toBe(350);
    expect(rate(r(1500, 200), [], { maxDeviation: 150 }).deviation).toBe(150);
  });

  it('lowers RD no further than minDeviation', () => {
    const opponent = r(1500, 50);
    const many: RatedGame[] = Array.from({ length: 200 }, (_, i) => ({ opponent, score: i % 2 ? 1 : 0 }));
    expect(rate(r(1500, 50), many, { minDeviation: 0 }).deviation).toBeLessThan(45);
    expect(rate(r(1500, 50), many).deviation).toBe(DEFAULT_PARAMS.minDeviation);
    expect(rate(r(1500, 50), many, { minDeviation: 60 }).deviation).toBe(60);
  });

  it('weighs several games in one period', () => {
    const opp = r(1500, 80);
    const twoWins = rate(DEFAULT_RATING, [
      { opponent: opp, score: 1 },
      { opponent: opp, score: 1 },
    ]);
    const oneWin = rate(DEFAULT_RATING, [{ opponent: opp, score: 1 }]);
    expect(twoWins.rating).toBeGreaterThan(oneWin.rating);
    expect(twoWins.deviation).toBeLessThan(oneWin.deviation);
  });
});

describe('rateGame', () => {
  it('a draw between equals changes no rating but lowers both RDs', () => {
    const [w, b] = rateGame(r(1600, 120), r(1600, 120), 0.5);
    expect(w.rating).toBe(1600);
    expect(b.rating).toBe(1600);
    expect(w.deviation).toBeLessThan(120);
    expect(w).toEqual(b);
  });

  it('a win raises the winner and lowers the loser by the same amount between equals', () => {
    const [w, b] = rateGame(DEFAULT_RATING, DEFAULT_RATING, 1);
    expect(w.rating).toBeGreaterThan(1500);
    expect(b.rating).toBeLessThan(1500);
    expect(w.rating - 1500).toBeCloseTo(1500 - b.rating, 9);
    const [w2, b2] = rateGame(DEFAULT_RATING, DEFAULT_RATING, 0);
    expect(w2.rating).toBeCloseTo(b.rating, 9);
    expect(b2.rating).toBeCloseTo(w.rating, 9);
  });

  it('rates both sides from the pre-game ratings', () => {
    const white = r(1700, 90, 0.05);
    const black = r(1550, 200, 0.07);
    const [w, b] = rateGame(white, black, 0, { tau: 0.5 });
    expect(w).toEqual(rate(white, [{ opponent: black, score: 0 }], { tau: 0.5 }));
    expect(b).toEqual(rate(black, [{ opponent: white, score: 1 }], { tau: 0.5 }));
    expect(w.rating).toBeLessThan(1700);
    expect(b.rating).toBeGreaterThan(1550);
  });

  it('an upset moves ratings more than an expected result', () => {
    const strong = r(1900, 80);
    const weak = r(1500, 80);
    const [expectedWin] = rateGame(strong, weak, 1);
    const [upsetLoss] = rateGame(strong, weak, 0);
    expect(1900 - upsetLoss.rating).toBeGreaterThan(expectedWin.rating - 1900);
  });

  it('does not mutate its inputs', () => {
    const white = Object.freeze(r(1650, 150));
    const black = Object.freeze(r(1500, 300));
    const params = Object.freeze({ ...DEFAULT_PARAMS, initial: Object.freeze({ ...DEFAULT_RATING }) });
    const games = Object.freeze([Object.freeze({ opponent: black, score: 1 as const })]);
    rateGame(white, black, 1, params);
    rate(white, games, params);
    rate(white, [], params);
    expect(white).toEqual(r(1650, 150));
    expect(black).toEqual(r(1500, 300));
    expect(DEFAULT_RATING).toEqual(r(1500, 350));
  });
});

describe('expectedScore and isProvisional', () => {
  it('is one half between equals and sums to one either way round', () => {
    expect(expectedScore(DEFAULT_RATING, DEFAULT_RATING)).toBe(0.5);
    const a = r(1800, 60);
    const b = r(1600, 250);
    expect(expectedScore(a, b)).toBeGreaterThan(0.5);
    expect(expectedScore(a, b) + expectedScore(b, a)).toBeCloseTo(1, 12);
  });

  it('is less confident when the ratings are uncertain', () => {
    expect(expectedScore(r(1800, 50), r(1600, 50))).toBeGreaterThan(expectedScore(r(1800, 300), r(1600, 300)));
  });

  it('marks RD above 110 provisional', () => {
    expect(isProvisional(DEFAULT_RATING)).toBe(true);
    expect(isProvisional(r(1500, 110.01))).toBe(true);
    expect(isProvisional(r(1500, 110))).toBe(false);
    expect(isProvisional(r(1500, 60))).toBe(false);
  });
});
