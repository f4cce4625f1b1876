import { describe, expect, it } from 'vitest';
import { GAMES, VARIANTS } from '@youzai/rules';
import { HOUSE_INI, houseIni } from './house-ini.ts';

/** `[name:base]` headers of an ini, in order. */
const headers = (ini: string): string[] => [...ini.matchAll(/^\[([\w-]+):([\w-]+)\]$/gm)].map((m) => m[1]!);

describe('the house ini', () => {
  it("holds every game's sections, in the order the games and their sections are listed", () => {
    expect(headers(HOUSE_INI)).toEqual(GAMES.flatMap((g) => g.engine.sections.map((s) => s.name)));
    for (const g of GAMES) expect(g.engine.sections.length, g.key).toBeGreaterThan(0);
  });

  it('keeps the options of each section under its header', () => {
    const janggi = HOUSE_INI.slice(HOUSE_INI.indexOf('[janggi-house:'), HOUSE_INI.indexOf('[janggi-house-jump:'));
    expect(janggi).toMatch(/^customPiece2 = c:mRcpR$/m);
    expect(janggi).toMatch(/^nMoveRule = 100$/m);
  });

  it('refuses a section defined twice or without its header', () => {
    expect(() => houseIni([VARIANTS.xiangqi, VARIANTS.xiangqi])).toThrow(/twice/);
    const bad = { ...VARIANTS.sittuyin, engine: { sections: [{ name: 'other', ini: '[sittuyin-house:sittuyin]' }] as const } };
    expect(() => houseIni([bad])).toThrow(/must start/);
  });
});
