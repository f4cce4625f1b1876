// Every shipped puzzle, re-verified with the house rules.
import { readFileSync } from 'node:fs';
import { VARIANT_KEYS, legalUcis } from '@youzai/rules';
import { describe, expect, it } from 'vitest';
import { describeLine } from './describe.ts';
import { decodePuzzle, puzzleId, type Puzzle } from './puzzle.ts';
import { isAcceptedMove, isCheckmate, replay, verifyPuzzle } from './verify.ts';

/** The issue asks for at least this many per game. */
const MIN_PUZZLES = 300;

function load(variant: string): { format: unknown; variant: unknown; puzzles: Puzzle[] } {
  const file = JSON.parse(readFileSync(new URL(`../data/${variant}.json`, import.meta.url), 'utf8')) as {
    format: unknown;
    variant: unknown;
    puzzles: unknown[];
  };
  const puzzles = file.puzzles.map((u, i) => {
    const d = decodePuzzle(u);
    if (!d.ok) throw new Error(`${variant} #${i}: ${d.error.message}`);
    return d.value;
  });
  return { format: file.format, variant: file.variant, puzzles };
}

describe.each(VARIANT_KEYS)('shipped %s puzzles', (variant) => {
  const file = load(variant);
  const { puzzles } = file;

  it(`are at least ${MIN_PUZZLES}, of this game, with unique ids and positions`, () => {
    expect(file.format).toBe(2);
    expect(file.variant).toBe(variant);
    expect(puzzles.length).toBeGreaterThanOrEqual(MIN_PUZZLES);
    expect(puzzles.every((p) => p.variant === variant)).toBe(true);
    expect(new Set(puzzles.map((p) => p.id)).size).toBe(puzzles.length);
    expect(new Set(puzzles.map((p) => p.fen.split(' ').slice(0, 2).join(' '))).size).toBe(puzzles.length);
    expect(puzzles.filter((p) => p.id !== puzzleId(p.variant, p.fen, p.solution)).map((p) => p.id)).toEqual([]);
  });

  it('each: the side to move is the solver, every move is legal, a mate ends in checkmate, a material line wins material', () => {
    const failures: string[] = [];
    for (const p of puzzles) {
      const v = verifyPuzzle(p);
      if (!v.ok) failures.push(`${p.id}: ${v.error.code} ${v.error.message}`);
    }
    expect(failures).toEqual([]);
  });

  it('each: themes, mate count and starting rating are what the line shows', () => {
    const failures: string[] = [];
    for (const p of puzzles) {
      const d = describeLine(p);
      if (!d || JSON.stringify(d.themes) !== JSON.stringify(p.themes) || d.mateIn !== p.mateIn || d.rating !== p.rating) failures.push(p.id);
    }
    expect(failures).toEqual([]);
  });

  it('each mate: every mating move at the last move is accepted, every other move is not', () => {
    const failures: string[] = [];
    let alternatives = 0;
    for (const p of puzzles.filter((q) => q.kind === 'mate')) {
      const last = p.solution.length - 1;
      const before = replay(p, last);
      if (!before.ok) {
        failures.push(`${p.id}: ${before.error.message}`);
        continue;
      }
      const ref = before.value[before.value.length - 1]!;
      for (const m of legalUcis(ref.pos)) {
        const next = ref.clone();
        next.play(m);
        const mates = isCheckmate(next);
        if (mates && m !== p.solution[last]) alternatives++;
        if (isAcceptedMove(p, last, m) !== mates) failures.push(`${p.id}: ${m} ${mates ? 'mates but is refused' : 'is accepted but does not mate'}`);
      }
    }
    expect(failures).toEqual([]);
    expect(alternatives).toBeGreaterThan(0); // some puzzles do have several mating moves
  });

  it('mix several kinds and lengths (not all mate in one)', () => {
    const count = (f: (p: Puzzle) => boolean) => puzzles.filter(f).length;
    expect(count((p) => p.mateIn === 1)).toBeLessThanOrEqual(puzzles.length * 0.4);
    expect(count((p) => p.kind === 'mate' && p.mateIn! >= 2)).toBeGreaterThan(puzzles.length * 0.1);
    expect(count((p) => p.kind === 'material')).toBeGreaterThan(puzzles.length * 0.1);
  });
});
