import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseFen } from './fen.ts';
import { divide, perft } from './perft.ts';
import { VARIANT_KEYS } from './types.ts';
import { VARIANTS } from './variants/registry.ts';

interface Fixture {
  readonly name: string;
  readonly fen: string;
  readonly counts: readonly number[];
}

/** Fixtures come from Fairy-Stockfish (scripts/gen-perft-fixtures.ts); Janggi's start from RULES.md. */
const fixtures = (key: string): Fixture[] => JSON.parse(readFileSync(new URL(`../fixtures/perft/${key}.json`, import.meta.url), 'utf8')) as Fixture[];

describe.each(VARIANT_KEYS)('perft %s', (key) => {
  const all = fixtures(key);
  it('has the start position and at least six other positions', () => {
    expect(all[0]!.fen).toBe(VARIANTS[key].startFen);
    expect(all.length).toBeGreaterThanOrEqual(7);
  });
  it.each(all.map((f) => [f.name, f] as const))('%s', (_name, f) => {
    const parsed = parseFen(VARIANTS[key], f.fen);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const got = f.counts.map((_, i) => perft(parsed.value, i + 1));
    expect(got).toEqual(f.counts);
  });
});

describe('divide', () => {
  it('sums to perft and is sorted by move', () => {
    const pos = parseFen(VARIANTS.janggi, VARIANTS.janggi.startFen);
    if (!pos.ok) throw new Error('start');
    const d = divide(pos.value, 2);
    expect(d.reduce((s, x) => s + x.nodes, 0)).toBe(2914);
    expect(d.map((x) => x.move)).toEqual(d.map((x) => x.move).sort());
    expect(d.some((x) => x.move === 'e2e2')).toBe(true); // the pass
  });
});
