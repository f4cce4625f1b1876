import { describe, expect, it } from 'vitest';
import { sparkPoints } from './sparkline.ts';

const parse = (points: string) => points.split(' ').map((p) => p.split(',').map(Number) as [number, number]);

describe('sparkline geometry', () => {
  it('spans the box inside the padding, higher ratings higher up', () => {
    const g = sparkPoints([1500, 1600, 1550], 100, 20, 2);
    expect(g.min).toBe(1500);
    expect(g.max).toBe(1600);
    expect(parse(g.points)).toEqual([
      [2, 18],
      [50, 2],
      [98, 10],
    ]);
    expect(g.last).toEqual({ x: 98, y: 10 });
  });

  it('draws a flat history across the middle', () => {
    const pts = parse(sparkPoints([1500, 1500, 1500], 100, 20, 2).points);
    expect(pts.every(([, y]) => y === 10)).toBe(true);
  });

  it('draws one game as a short flat line ending at its point', () => {
    const g = sparkPoints([1480], 100, 20, 2);
    expect(parse(g.points)).toEqual([
      [2, 10],
      [98, 10],
    ]);
  });

  it('draws nothing without data, and skips values that are not numbers', () => {
    expect(sparkPoints([], 100, 20)).toEqual({ points: '', min: 0, max: 0, last: null });
    expect(parse(sparkPoints([1500, Number.NaN, 1600], 100, 20, 0).points)).toEqual([
      [0, 20],
      [100, 0],
    ]);
  });
});
