import type { RulesDoc } from './types.ts';
import * as janggi from './janggi.ts';
import * as sittuyin from './sittuyin.ts';
import * as xiangqi from './xiangqi.ts';

export type { RulesDoc, RulesSection } from './types.ts';

/** One rules page per game, Vietnamese first. */
export const RULES_PAGES: Record<'xiangqi' | 'janggi' | 'sittuyin', { vi: RulesDoc; en: RulesDoc }> = {
  xiangqi: { vi: xiangqi.vi, en: xiangqi.en },
  janggi: { vi: janggi.vi, en: janggi.en },
  sittuyin: { vi: sittuyin.vi, en: sittuyin.en },
};
