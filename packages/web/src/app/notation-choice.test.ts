import { VARIANTS } from '@youzai/rules';
import { describe, expect, it } from 'vitest';
import { notationOf } from './notation-choice.ts';

describe('the notation shown', () => {
  it('is the visitor’s choice where the game has it, else Vietnamese, else the game’s own first', () => {
    expect(notationOf(VARIANTS.xiangqi, undefined).id).toBe('xiangqi-vietnamese');
    expect(notationOf(VARIANTS.xiangqi, 'xiangqi-wxf').id).toBe('xiangqi-wxf');
    expect(notationOf(VARIANTS.janggi, undefined).id).toBe('janggi-korean');
    expect(notationOf(VARIANTS.janggi, 'janggi-algebraic').id).toBe('janggi-algebraic');
    expect(notationOf(VARIANTS.janggi, 'xiangqi-wxf').id).toBe('janggi-korean');
    expect(notationOf(VARIANTS.sittuyin, undefined).id).toBe('sittuyin-algebraic');
  });
});
