/**
 * Differential test against Fairy-Stockfish, as data: in thousands of
 * positions reached by seeded random play, our legal move set must equal the
 * engine's, as fixtures/differential/<run>.json keeps it (written by
 * scripts/gen-differential-fixtures.ts, `npm run fixtures:differential`; the
 * live engine is checked against the fixtures by
 * scripts/fairy/differential-fixtures.test.ts). No engine runs here.
 *
 * The engine was given each position as a FEN, so its "two passes in a row
 * end a Janggi game" rule never applies; we read the same FEN. The only other
 * tolerated differences are the house rules listed in HOUSE_DIFFERENCES.
 *
 * The fixtures must still be the positions the seeded walks reach: a change to
 * random play or to the rules that moves a walk fails here until the fixtures
 * are generated again.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HOUSE_DIFFERENCES } from '../scripts/fairy/house-differences.ts';
import { parseFen } from './fen.ts';
import { DIFFERENTIAL_RUNS, type DifferentialFixture, type DifferentialRun, parseDifferentialFixture, unpackMoves, walkFens } from './testing/differential.ts';
import { legalUcis } from './uci.ts';

const fixture = (name: string): DifferentialFixture =>
  parseDifferentialFixture(readFileSync(new URL(`../fixtures/differential/${name}.json`, import.meta.url), 'utf8'));

interface Tally {
  compared: number;
  exact: number;
  tolerated: Map<string, number>;
  failures: string[];
}

function compare(run: DifferentialRun, f: DifferentialFixture): Tally {
  const tally: Tally = { compared: 0, exact: 0, tolerated: new Map(), failures: [] };
  const differences = HOUSE_DIFFERENCES.filter((d) => d.variant === run.fairyVariant);
  for (const [fen, moves] of f.positions) {
    const parsed = parseFen(run.rules, fen);
    if (!parsed.ok) throw new Error(`${fen}: ${parsed.error.message}`);
    const pos = parsed.value;
    const ours = legalUcis(pos);
    const theirs = unpackMoves(moves);
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
    `${run.rules.key} vs Fairy-Stockfish ${run.fairyVariant}: ${tally.compared} positions, ${tally.exact} exact, tolerated ${JSON.stringify(Object.fromEntries(tally.tolerated))}`,
  );
  return tally;
}

const title = (run: DifferentialRun): string =>
  run.ruleSet === 'house'
    ? `${run.name}, against its house section`
    : `${run.rules.key} under the ${run.ruleSet} rule set, against Fairy-Stockfish ${run.fairyVariant} (janggi without bikjang or counting)`;

describe.each(DIFFERENTIAL_RUNS.map((run) => [title(run), run] as const))('legal moves equal Fairy-Stockfish: %s', (_title, run) => {
  const f = fixture(run.name);

  it('the fixture is this run: same game, rules, FS variant and section, walk', () => {
    expect({ game: f.game, rules: f.rules, fairyVariant: f.fairyVariant, section: f.section, walk: f.walk }).toEqual({
      game: run.rules.key,
      rules: run.ruleSet,
      fairyVariant: run.fairyVariant,
      section: run.section.name,
      walk: { games: run.games, plies: run.plies, seed: run.seed },
    });
  });

  it('the fixture holds exactly the positions the seeded walk reaches now, in order', () => {
    const walked = walkFens(run);
    const first = walked.findIndex((fen, i) => fen !== f.positions[i]?.[0]);
    const at = first >= 0 ? first : walked.length < f.count ? walked.length : -1;
    // A moved walk means stale fixtures: regenerate them (npm run fixtures:differential).
    expect(
      at === -1 ? null : { at, walk: walked[at] ?? '(walk ended)', fixture: f.positions[at]?.[0] ?? '(fixture ended)' },
      'the seeded walk has moved: run npm run fixtures:differential',
    ).toBeNull();
    expect(walked.length).toBe(f.count);
  });

  it('every position matches, or differs only where a house difference explains it', () => {
    const t = compare(run, f);
    expect(t.failures).toEqual([]);
    expect(t.compared).toBeGreaterThanOrEqual(2000);
    // Most positions must still match exactly where house rules differ: the tolerance is narrow.
    if (HOUSE_DIFFERENCES.some((d) => d.variant === run.fairyVariant)) expect(t.exact).toBeGreaterThanOrEqual(t.compared / 2);
    else expect(t.exact).toBe(t.compared);
  });
});
