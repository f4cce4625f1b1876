import type { VariantKey } from '@youzai/rules';
import type { RulesDoc } from './types.ts';
import * as janggi from './janggi.ts';
import * as sittuyin from './sittuyin.ts';
import * as xiangqi from './xiangqi.ts';

export type { RulesDoc, RulesSection } from './types.ts';

/** One rules page per game, Vietnamese first (the compiler asks for a new game's). */
export const RULES_PAGES: Record<VariantKey, { vi: RulesDoc; en: RulesDoc }> = {
  xiangqi: { vi: xiangqi.vi, en: xiangqi.en },
  janggi: { vi: janggi.vi, en: janggi.en },
  sittuyin: { vi: sittuyin.vi, en: sittuyin.en },
};
