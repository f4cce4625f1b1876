import type { VariantKey } from '../types.ts';
import type { VariantModule } from '../variant.ts';
import { janggi } from './janggi/index.ts';
import { sittuyin } from './sittuyin/index.ts';
import { xiangqi } from './xiangqi/index.ts';

/** The one list of games. A fourth game is one folder and one line here. */
export const VARIANTS = { xiangqi, janggi, sittuyin } as const satisfies Record<VariantKey, VariantModule>;

export const variantOf = (key: VariantKey): VariantModule => VARIANTS[key];
