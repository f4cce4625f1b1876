/**
 * The puzzle format: a position, the side to move (the solver), and the
 * winning line in Fairy-Stockfish coordinates. The solver plays the even
 * plies (0, 2, ...), the opponent's replies are the odd plies, and the line
 * ends with a solver move. A data file is `{ format, variant, puzzles }`.
 */
import { VARIANT_KEYS, isSide, isVariantKey, type Result, type RuleError, type Side, type VariantKey } from '@youzai/rules';

export const PUZZLE_KINDS = ['mate', 'material'] as const;
export type PuzzleKind = (typeof PUZZLE_KINDS)[number];

export const MAX_MATE_IN = 5;

/** At most this many alternative lines per puzzle. */
export const MAX_ALTERNATIVES = 200;

/**
 * Themes as data. `mate-by-<role>` names the piece that gives mate by its
 * role name in the variant (`mate-by-chariot`, `mate-by-rook`, ...), so
 * those are built from the variant's roles, not listed here.
 */
export const THEMES = ['mate', 'mateIn1', 'mateIn2', 'mateIn3', 'mateIn4', 'mateIn5', 'material', 'sacrifice', 'quiet', 'short', 'long'] as const;
export type Theme = (typeof THEMES)[number] | `mate-by-${string}`;

export const MATE_BY = 'mate-by-';

export interface Puzzle {
  /** Stable: derived from the variant, position and line (puzzleId). */
  readonly id: string;
  readonly variant: VariantKey;
  /** The position the solver moves in. */
  readonly fen: string;
  /** The solver, who is to move in `fen` ('first' or 'second'). */
  readonly turn: Side;
  /** Solver and opponent moves alternately, solver first and last. */
  readonly solution: readonly string[];
  /**
   * Other accepted lines, as long as `solution` (absent when there are none):
   * a solver move that wins as fast as the line's, the defender's longest
   * reply to it, and so on (src/check.ts). At the last solver move any move
   * that wins at once is accepted, listed or not.
   */
  readonly alternatives?: readonly (readonly string[])[];
  readonly kind: PuzzleKind;
  /** The number of solver moves of a mate puzzle (1..5); null for material. */
  readonly mateIn: number | null;
  readonly themes: readonly string[];
  /** Difficulty: the puzzle's starting Glicko-2 rating. */
  readonly rating: number;
  /** Where it was mined, e.g. `self-play:7:g12:p48` (seed, game, ply). */
  readonly source: string;
}

/** Format 2: a puzzle's `turn` names a side ('first', 'second'); format 1 said 'white', 'black'. */
export interface PuzzleFile {
  readonly format: 2;
  readonly variant: VariantKey;
  readonly puzzles: readonly Puzzle[];
}

export type PuzzleShapeCode = 'puzzle.shape';

const ID = /^[a-z0-9-]{4,40}$/;
const UCI = /^(?:[A-Z]@[a-p](?:10|[1-9])|[a-p](?:10|[1-9])[a-p](?:10|[1-9])[a-z]?)$/;

/** Checks the shape of an unknown value (e.g. parsed JSON); the rules are checked by verifyPuzzle. */
export function decodePuzzle(u: unknown): Result<Puzzle, RuleError<PuzzleShapeCode>> {
  const bad = (why: string) => ({ ok: false as const, error: { code: 'puzzle.shape' as const, message: `not a puzzle: ${why}` } });
  if (typeof u !== 'object' || u === null) return bad('not an object');
  const o = u as Record<string, unknown>;
  if (typeof o.id !== 'string' || !ID.test(o.id)) return bad('id');
  if (typeof o.variant !== 'string' || !isVariantKey(o.variant)) return bad(`variant must be one of ${VARIANT_KEYS.join(', ')}`);
  if (typeof o.fen !== 'string' || o.fen.length > 200) return bad('fen');
  if (!isSide(o.turn)) return bad('turn');
  if (!Array.isArray(o.solution) || o.solution.length === 0 || o.solution.length > 2 * MAX_MATE_IN + 9) return bad('solution length');
  if (!o.solution.every((m) => typeof m === 'string' && UCI.test(m))) return bad('solution moves');
  if (o.alternatives !== undefined) {
    const a = o.alternatives;
    if (!Array.isArray(a) || a.length === 0 || a.length > MAX_ALTERNATIVES) return bad('alternatives');
    const len = (o.solution as string[]).length;
    if (!a.every((l) => Array.isArray(l) && l.length === len && l.every((m) => typeof m === 'string' && UCI.test(m)))) return bad('alternative lines');
  }
  if (typeof o.kind !== 'string' || !(PUZZLE_KINDS as readonly string[]).includes(o.kind)) return bad('kind');
  if (o.kind === 'mate' ? !(Number.isInteger(o.mateIn) && (o.mateIn as number) >= 1 && (o.mateIn as number) <= MAX_MATE_IN) : o.mateIn !== null) {
    return bad('mateIn');
  }
  if (!Array.isArray(o.themes) || !o.themes.every((t) => typeof t === 'string' && /^[a-zA-Z0-9-]{1,40}$/.test(t))) return bad('themes');
  if (typeof o.rating !== 'number' || !Number.isFinite(o.rating)) return bad('rating');
  if (typeof o.source !== 'string' || o.source.length > 100) return bad('source');
  return {
    ok: true,
    value: {
      id: o.id,
      variant: o.variant,
      fen: o.fen,
      turn: o.turn,
      solution: o.solution as string[],
      ...(o.alternatives !== undefined ? { alternatives: o.alternatives as string[][] } : {}),
      kind: o.kind as PuzzleKind,
      mateIn: o.kind === 'mate' ? (o.mateIn as number) : null,
      themes: o.themes as string[],
      rating: o.rating,
      source: o.source,
    },
  };
}

/** The solver's moves: plies 0, 2, 4, ... */
export const solverMoves = (p: Pick<Puzzle, 'solution'>): number => Math.ceil(p.solution.length / 2);

export const isSolverPly = (ply: number): boolean => ply >= 0 && ply % 2 === 0;

/**
 * A stable id: the variant's first letter and 7 base-36 digits of an FNV-1a
 * hash of the position and line, so regenerating the data keeps the ids of
 * puzzles it finds again.
 */
export function puzzleId(variant: VariantKey, fen: string, solution: readonly string[]): string {
  const text = `${variant}|${fen}|${solution.join(' ')}`;
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 ^ c, 0x5bd1e995) ^ (h2 >>> 13);
  }
  const n = ((h1 >>> 0) * 0x100000 + ((h2 >>> 0) & 0xfffff)) % 36 ** 7;
  return `${variant[0]}${n.toString(36).padStart(7, '0')}`;
}
