import { describe, expect, it } from 'vitest';
import { LEVELS, MAX_LEVEL, isLevel, levelOf } from './levels.ts';

describe('levels', () => {
  it('has 8 levels, numbered 1..8', () => {
    expect(MAX_LEVEL).toBe(8);
    expect(LEVELS.map((l) => l.level)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('raises skill, depth and time with the level', () => {
    for (let i = 1; i < LEVELS.length; i++) {
      const [a, b] = [LEVELS[i - 1]!, LEVELS[i]!];
      expect(b.skill).toBeGreaterThan(a.skill);
      expect(b.depth).toBeGreaterThan(a.depth);
      expect(b.movetimeMs).toBeGreaterThan(a.movetimeMs);
    }
    expect(levelOf(8).skill).toBe(20); // full strength at the top
    expect(LEVELS.every((l) => l.skill >= -20 && l.skill <= 20)).toBe(true);
  });

  it('rejects levels outside 1..8', () => {
    expect(isLevel(0)).toBe(false);
    expect(isLevel(9)).toBe(false);
    expect(isLevel(2.5)).toBe(false);
    expect(isLevel('3')).toBe(false);
    expect(() => levelOf(0)).toThrow(RangeError);
    expect(levelOf(3).depth).toBe(3);
  });
});
