export const VARIANT_KEYS = ['xiangqi', 'janggi', 'sittuyin'] as const;
export type VariantKey = (typeof VARIANT_KEYS)[number];

export const COLORS = ['white', 'black'] as const;
export type ColorName = (typeof COLORS)[number];
/** 0 moves first (Red in Xiangqi and Sittuyin, Cho in Janggi); 1 is the other side. */
export type Color = 0 | 1;
export type ByColor<T> = readonly [T, T];

export const isVariantKey = (s: string): s is VariantKey => (VARIANT_KEYS as readonly string[]).includes(s);
