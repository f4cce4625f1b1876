export const VARIANT_KEYS = ['xiangqi', 'janggi', 'sittuyin'] as const;
export type VariantKey = (typeof VARIANT_KEYS)[number];

/** The names of the piece art files (pieces/<game>/<white|black>-<letter>.svg) and of the board's orientation only. */
export const COLORS = ['white', 'black'] as const;
export type ColorName = (typeof COLORS)[number];
/**
 * 0 moves first (Red in Xiangqi and Sittuyin, Cho in Janggi); 1 is the other side. The index of a
 * side inside rules and game (hot paths, ByColor tuples); where a side crosses a package line
 * (the wire, puzzles) it is named: a Side.
 */
export type Color = 0 | 1;
export type ByColor<T> = readonly [T, T];

/**
 * The one vocabulary for sides where they cross a package line: 'first' moves first (Red, Cho),
 * 'second' is the other side, in every game (the lobby's colour choice says the same). A side's
 * index is its place in SIDES, so ByColor tuples stay ordered [first, second].
 */
export const SIDES = ['first', 'second'] as const;
export type Side = (typeof SIDES)[number];
/** The side whose index is `c`. */
export const sideOf = (c: Color): Side => SIDES[c];
/** The index of a side (for ByColor tuples and the rules). */
export const sideIndex = (s: Side): Color => (s === 'first' ? 0 : 1);
/** The other side. */
export const otherSide = (s: Side): Side => (s === 'first' ? 'second' : 'first');
export const isSide = (s: unknown): s is Side => s === 'first' || s === 'second';

export const isVariantKey = (s: string): s is VariantKey => (VARIANT_KEYS as readonly string[]).includes(s);
