import { MAX_ROLE } from '../board.ts';
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

/**
 * Throws when a game's role ids do not fit a piece code or a move (ids
 * 1..MAX_ROLE, ROLE_BITS in board.ts): a game written with more kinds of
 * piece than that is a programmer's mistake, said when the registry loads
 * rather than as pieces that silently change kind.
 */
export function checkRoles(v: VariantModule): void {
  const top = v.roles.length - 1;
  if (top > MAX_ROLE)
    throw new Error(`${v.key}: role ids go up to ${top}, but a piece code holds role ids 1..${MAX_ROLE}; widen ROLE_BITS in packages/rules/src/board.ts`);
}

for (const v of Object.values(VARIANTS)) checkRoles(v);
