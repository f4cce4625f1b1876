import { describe, expect, it } from 'vitest';
import { VARIANT_KEYS, VARIANTS } from '@youzai/rules';
import { en } from '../i18n/en.ts';
import { vi } from '../i18n/vi.ts';
import { BOARD_THEMES } from './theme.ts';

describe('board themes and piece sets', () => {
  it('offer at least three boards, named in Vietnamese and English', () => {
    expect(BOARD_THEMES.length).toBeGreaterThanOrEqual(3);
    for (const k of BOARD_THEMES.map((b) => `board.theme.${b}`)) {
      expect((vi as Record<string, string>)[k], k).toBeTruthy();
      expect((en as Record<string, string>)[k], k).toBeTruthy();
    }
  });

  it('offer at least three piece sets per game, each named, with the sets the issue asks for', () => {
    for (const key of VARIANT_KEYS) {
      const sets = VARIANTS[key].board.pieceSets;
      expect(sets.length, key).toBeGreaterThanOrEqual(3);
      expect(new Set(sets).size, key).toBe(sets.length);
      for (const s of sets) {
        expect((vi as Record<string, string>)[`pieceset.${s}`], s).toBeTruthy();
        expect((en as Record<string, string>)[`pieceset.${s}`], s).toBeTruthy();
      }
    }
    expect(VARIANTS.xiangqi.board.pieceSets).toEqual(expect.arrayContaining(['traditional', 'beginner']));
    expect(VARIANTS.janggi.board.pieceSets).toEqual(expect.arrayContaining(['traditional', 'contrast']));
    expect(VARIANTS.sittuyin.board.pieceSets[0]).toBe('burmese');
  });
});
