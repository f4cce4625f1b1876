import { VARIANT_KEYS, type VariantKey } from '@youzai/rules';
import type { RulesDoc } from './types.ts';

export type { RulesDoc, RulesSection } from './types.ts';

/**
 * Every `<key>.ts` beside this file is a game's rules page (exports `vi` and
 * `en`), found by name, so a new game adds its file and edits no list here;
 * scripts/games.test.ts names a game without one.
 */
const FILES = import.meta.glob<{ vi: RulesDoc; en: RulesDoc }>(['./*.ts', '!./index.ts', '!./types.ts', '!./*.test.ts'], { eager: true });

/** One rules page per game, Vietnamese first. */
export const RULES_PAGES = Object.fromEntries(
  VARIANT_KEYS.flatMap((k) => {
    const page = FILES[`./${k}.ts`];
    return page ? [[k, { vi: page.vi, en: page.en }]] : [];
  }),
) as Record<VariantKey, { vi: RulesDoc; en: RulesDoc }>;
