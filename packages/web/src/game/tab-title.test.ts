import { beforeAll, describe, expect, it } from 'vitest';
import { setLang } from '../i18n/index.ts';
import { gameTabTitle } from './tab-title.ts';

const seat = (name: string) => ({ kind: 'human', userId: name, name, rating: null }) as never;

describe('a game tab title', () => {
  beforeAll(() => setLang('vi'));

  it('names the players, the game and whose turn it is', () => {
    const v = { variant: 'xiangqi', seats: [seat('lan'), seat('minh')], status: 'active', turn: 'second' } as const;
    expect(gameTabTitle(v, false)).toBe('lan – minh · Cờ tướng · Lượt Đen · Youzai');
    expect(gameTabTitle(v, true)).toBe('▶ Đến lượt bạn · lan – minh · Cờ tướng · Lượt Đen · Youzai');
  });

  it('says when it waits for a player or is over (never "your turn" then)', () => {
    expect(gameTabTitle({ variant: 'janggi', seats: [seat('lan'), null], status: 'waiting', turn: 'first' }, true)).toContain('lan – … · ');
    const over = gameTabTitle({ variant: 'sittuyin', seats: [seat('lan'), seat('minh')], status: 'finished', turn: 'first' }, true);
    expect(over).toMatch(/Đã kết thúc · Youzai$/);
    expect(over).not.toContain('▶');
  });
});
