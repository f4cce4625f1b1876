/**
 * The puzzles the server offers: the shipped data files, loaded once at
 * start and read-only after. Their live ratings are in the store.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { decodePuzzle, solverMoves, type Puzzle } from '@youzai/puzzles';
import type { PuzzleThemeCount } from '@youzai/protocol';
import { VARIANT_KEYS, type VariantKey } from '@youzai/rules';

/** How many puzzles carry a theme: the wire's shape. */
export type ThemeCount = PuzzleThemeCount;

export class PuzzleBank {
  private readonly byId = new Map<string, Puzzle>();
  private readonly byVariant = new Map<VariantKey, Puzzle[]>();

  constructor(puzzles: readonly Puzzle[]) {
    for (const v of VARIANT_KEYS) this.byVariant.set(v, []);
    for (const p of puzzles) {
      if (this.byId.has(p.id)) throw new Error(`puzzle ${p.id} is listed twice`);
      this.byId.set(p.id, p);
      this.byVariant.get(p.variant)!.push(p);
    }
    for (const list of this.byVariant.values()) list.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  get size(): number {
    return this.byId.size;
  }

  get(id: string): Puzzle | null {
    return this.byId.get(id) ?? null;
  }

  /** A variant's puzzles, by id; only those with `theme` when given. */
  of(variant: VariantKey, theme?: string): readonly Puzzle[] {
    const all = this.byVariant.get(variant) ?? [];
    return theme === undefined ? all : all.filter((p) => p.themes.includes(theme));
  }

  /** The themes of a variant's puzzles, the most common first. */
  themes(variant: VariantKey): ThemeCount[] {
    const counts = new Map<string, number>();
    for (const p of this.of(variant)) for (const t of p.themes) counts.set(t, (counts.get(t) ?? 0) + 1);
    return [...counts].map(([theme, count]) => ({ theme, count })).sort((a, b) => b.count - a.count || (a.theme < b.theme ? -1 : 1));
  }

  /**
   * The puzzle of the day: the same for everyone all day, from a hash of
   * the day and the game. Drawn among the puzzles of two moves or more,
   * which make a better daily than a mate in one.
   */
  daily(variant: VariantKey, day: string): Puzzle | null {
    const all = this.of(variant);
    const longer = all.filter((p) => solverMoves(p) >= 2);
    const pool = longer.length > 0 ? longer : all;
    if (pool.length === 0) return null;
    return pool[fnv1a(`${day}|${variant}`) % pool.length]!;
  }
}

function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** The data files shipped in packages/puzzles/data, one per game (a missing file is an empty game). */
export function loadShippedPuzzles(): PuzzleBank {
  const require = createRequire(import.meta.url);
  const puzzles: Puzzle[] = [];
  for (const v of VARIANT_KEYS) {
    let text: string;
    try {
      text = readFileSync(require.resolve(`@youzai/puzzles/data/${v}.json`), 'utf8');
    } catch {
      console.error(`no puzzles for ${v}: packages/puzzles/data/${v}.json is missing`);
      continue;
    }
    const file = JSON.parse(text) as { puzzles?: unknown[] };
    for (const u of file.puzzles ?? []) {
      const p = decodePuzzle(u);
      if (!p.ok) throw new Error(`packages/puzzles/data/${v}.json: ${p.error.message}`);
      puzzles.push(p.value);
    }
  }
  return new PuzzleBank(puzzles);
}
