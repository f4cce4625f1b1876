// The live engine still agrees with the differential fixtures
// (fixtures/differential, written by scripts/gen-differential-fixtures.ts):
// the section each was made with is the house ini's section now, and
// Fairy-Stockfish gives the fixture's moves on a sample spread over each file.
// A new engine version or house ini that disagrees with the data fails here:
// regenerate the fixtures (npm run fixtures:differential).
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIFFERENTIAL_RUNS, type DifferentialFixture, parseDifferentialFixture, unpackMoves } from '../../src/testing/differential.ts';
import { Fairy, fairyVariant } from './fairy.ts';

/** Positions asked per fixture, first and last included. */
const SAMPLE = 50;

const fixture = (name: string): DifferentialFixture =>
  parseDifferentialFixture(readFileSync(new URL(`../../fixtures/differential/${name}.json`, import.meta.url), 'utf8'));

/** `n` indices spread evenly over `0..count - 1`, both ends included. */
const spread = (count: number, n: number): number[] =>
  count <= n ? [...Array(count).keys()] : [...new Set(Array.from({ length: n }, (_, i) => Math.round((i * (count - 1)) / (n - 1))))];

describe('differential fixtures against the live Fairy-Stockfish', () => {
  let fairy: Fairy;
  beforeAll(async () => {
    fairy = await Fairy.create();
  });
  afterAll(async () => {
    await fairy?.quit();
  });

  it.each(DIFFERENTIAL_RUNS.map((run) => [run.name, run] as const))('%s', async (_name, run) => {
    const f = fixture(run.name);
    expect(fairyVariant(f.fairyVariant), 'the harness plays the fixture section').toBe(f.section);
    expect(f.sectionIni, 'the house section changed: run npm run fixtures:differential').toBe(run.section.ini);
    const picked = spread(f.count, SAMPLE);
    expect(picked).toHaveLength(Math.min(SAMPLE, f.count));
    const disagree: string[] = [];
    for (const i of picked) {
      const [fen, moves] = f.positions[i]!;
      const live = await fairy.legalMoves(f.fairyVariant, fen);
      if (live.join(' ') !== unpackMoves(moves).join(' ')) disagree.push(`#${i} ${fen}: fixture [${unpackMoves(moves).join(' ')}], engine [${live.join(' ')}]`);
    }
    expect(disagree, 'Fairy-Stockfish disagrees with the fixture: run npm run fixtures:differential').toEqual([]);
  });
});
