/**
 * The texts a game needs, as i18n keys derived from its descriptor
 * (packages/rules): its names, its sides, its pieces by FEN letter, its
 * notations and its piece sets. The texts themselves are in vi.ts and en.ts; games.test.ts
 * checks every game of the registry has every key in both.
 */
import type { VariantModule } from '@youzai/rules';

export const variantNameKey = (key: string, long = false): string => `variant.${key}${long ? '.long' : ''}`;
export const sideKey = (key: string, color: 0 | 1): string => `side.${key}.${color}`;
export const roleKey = (key: string, letter: string): string => `role.${key}.${letter.toLowerCase()}`;
export const notationKey = (id: string): string => `notation.${id}`;
export const pieceSetKey = (set: string): string => `pieceset.${set}`;

/** Every key a game's pages use. */
export function gameTextKeys(v: VariantModule): string[] {
  return [
    variantNameKey(v.key),
    variantNameKey(v.key, true),
    sideKey(v.key, 0),
    sideKey(v.key, 1),
    ...v.roles.flatMap((r) => (r ? [roleKey(v.key, r.letter)] : [])),
    ...v.notations.map((n) => notationKey(n.id)),
    ...v.board.pieceSets.map(pieceSetKey),
  ];
}
