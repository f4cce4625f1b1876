import { describe, expect, it } from 'vitest';
import { chartGeometry } from './rating-chart.ts';

describe('rating chart geometry', () => {
  it('places points by time and rating inside the axes, with rounded rating ticks and dated x ticks', () => {
    const day = 86_400_000;
    const g = chartGeometry(
      [
        { rating: 1500, at: 0 },
        { rating: 1543, at: day },
        { rating: 1488, at: 4 * day },
      ],
      320,
      170,
    );
    expect(g.yTicks.map((t) => t.value)).toEqual([1480, 1515, 1550]);
    expect(g.xTicks.map((t) => t.at)).toEqual([0, 2 * day, 4 * day]);
    const pts = g.points.split(' ').map((p) => p.split(',').map(Number));
    expect(pts[0]![0]).toBe(g.box.left);
    expect(pts[2]![0]).toBe(g.box.right);
    // One day of four along the time axis.
    expect(pts[1]![0]).toBeCloseTo(g.box.left + (g.box.right - g.box.left) / 4, 1);
    // Higher ratings higher up.
    expect(pts[1]![1]).toBeLessThan(pts[0]![1]!);
    expect(pts[2]![1]).toBeGreaterThan(pts[0]![1]!);
  });

  it('a single game or a flat history still has a readable scale', () => {
    const g = chartGeometry([{ rating: 1500, at: 5 }], 320, 170);
    expect(g.yTicks.map((t) => t.value)).toEqual([1490, 1500, 1510]);
    expect(g.xTicks).toHaveLength(1);
  });
});
