/**
 * Differential test against Fairy-Stockfish (WASM, a devDependency): in
 * thousands of positions reached by seeded random play, our legal move set
 * must equal the engine's. The engine is given each position as a FEN, so its
 * "two passes in a row end a Janggi game" rule never applies. The only other
 * tolerated differences are the house rules listed in HOUSE_DIFFERENCES.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Fairy } from '../scripts/fairy/fairy.ts';
import { HOUSE_DIFFERENCES } from '../scripts/fairy/house-differences.ts';
import { makeFen, parseFen } from './fen.ts';
import type { Position } from './position.ts';
import { randomWalk } from './testing/random-play.ts';
import { legalUcis } from './uci.ts';
import type { VariantModule } from './variant.ts';
import { GAMES } from './descriptor.ts';
import type { VariantKey } from './types.ts';
import { JANGGI_TRADITIONAL_RULES, makeJanggi } from './variants/janggi/index.ts';

let fairy: Fairy;
beforeAll(async () => {
  fairy = await Fairy.create();
});
afterAll(async () => {
  await fairy.quit();
});

interface Tally {
  compared: number;
  exact: number;
  tolerated: Map<string, number>;
  failures: string[];
}

async function compare(v: VariantModule, fsVariant: string, games: number, plies: number, seed: number): Promise<Tally> {
  const tally: Tally = { compared: 0, exact: 0, tolerated: new Map(), failures: [] };
  const start = parseFen(v, v.startFen);
  if (!start.ok) throw new Error(start.error.message);
  const positions: Position[] = [];
  for (let g = 0; g < games; g++) randomWalk(start.value, plies, seed + g, (pos) => void positions.push(pos.clone()));
  const differences = HOUSE_DIFFERENCES.filter((d) => d.variant === fsVariant);
  for (const pos of positions) {
    const fen = makeFen(pos);
    const ours = legalUcis(pos);
    const theirs = await fairy.legalMoves(fsVariant, fen);
    tally.compared++;
    const oursOnly = ours.filter((m) => !theirs.includes(m));
    const theirsOnly = theirs.filter((m) => !ours.includes(m));
    if (oursOnly.length === 0 && theirsOnly.length === 0) {
      tally.exact++;
      continue;
    }
    const why = differences.find((d) => d.explains(pos, [...oursOnly, ...theirsOnly]));
    if (why) {
      tally.tolerated.set(why.id, (tally.tolerated.get(why.id) ?? 0) + 1);
      continue;
    }
    if (tally.failures.length < 5) tally.failures.push(`${fen}: ours only [${oursOnly.join(' ')}], Fairy-Stockfish only [${theirsOnly.join(' ')}]`);
  }
  console.log(
    `${v.key} vs Fairy-Stockfish ${fsVariant}: ${tally.compared} positions, ${tally.exact} exact, tolerated ${JSON.stringify(Object.fromEntries(tally.tolerated))}`,
  );
  return tally;
}

/**
 * How each game is walked (seeded random games of so many plies): a Record
 * over the keys, so a new game does not compile until it has its run. A game
 * whose house rules FS cannot express (HOUSE_DIFFERENCES) must still match
 * exactly in most positions; every other game in all.
 */
const RUNS: Record<VariantKey, { readonly plies: number; readonly seed: number }> = {
  xiangqi: { plies: 120, seed: 1 },
  janggi: { plies: 90, seed: 4 },
  sittuyin: { plies: 90, seed: 2 },
};

describe('legal moves equal Fairy-Stockfish', () => {
  it.each(GAMES.map((g) => [g.key, g] as const))('%s, against its house section', async (key, g) => {
    const run = RUNS[key];
    const t = await compare(g, key, 40, run.plies, run.seed);
    expect(t.failures).toEqual([]);
    expect(t.compared).toBeGreaterThanOrEqual(2000);
    // Most positions must still match exactly where house rules differ: the tolerance is narrow.
    if (HOUSE_DIFFERENCES.some((d) => d.variant === key)) expect(t.exact).toBeGreaterThanOrEqual(t.compared / 2);
    else expect(t.exact).toBe(t.compared);
  });

  it('janggi under the traditional rule set, against Fairy-Stockfish janggi without bikjang or counting', async () => {
    const t = await compare(makeJanggi(JANGGI_TRADITIONAL_RULES), 'janggicasual', 40, 90, 3);
    expect(t.failures).toEqual([]);
    expect(t.compared).toBeGreaterThanOrEqual(2000);
    expect(t.exact).toBe(t.compared);
  });
});
