import { describe, expect, it } from 'vitest';
import { en } from '../i18n/en.ts';
import { vi } from '../i18n/vi.ts';
import { BOARD_THEMES, PIECE_STYLES } from './theme.ts';

describe('board themes and piece styles', () => {
  it('offer at least three of each, each named in Vietnamese and English', () => {
    expect(BOARD_THEMES.length).toBeGreaterThanOrEqual(3);
    expect(PIECE_STYLES.length).toBeGreaterThanOrEqual(3);
    const keys = [...BOARD_THEMES.map((b) => `board.theme.${b}`), ...PIECE_STYLES.map((p) => `board.pieces.${p}`)];
    for (const k of keys) {
      expect((vi as Record<string, string>)[k], k).toBeTruthy();
      expect((en as Record<string, string>)[k], k).toBeTruthy();
    }
  });
});
