import type { VariantKey } from '../types.ts';
import type { VariantModule } from '../variant.ts';
import { janggi } from './janggi/index.ts';
import { sittuyin } from './sittuyin/index.ts';
import { xiangqi } from './xiangqi/index.ts';

/**
 * The one list of games. A fourth game is one folder, one line here and its
 * key in VARIANT_KEYS (types.ts); see docs/adding-a-game.md.
 */
export const VARIANTS = { xiangqi, janggi, sittuyin } as const satisfies { readonly [K in VariantKey]: VariantModule<K> };

export const variantOf = (key: VariantKey): VariantModule<VariantKey> => VARIANTS[key];
