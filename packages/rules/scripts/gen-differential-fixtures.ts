// Writes packages/rules/fixtures/differential/<run>.json: Fairy-Stockfish's
// legal moves in every position of the differential runs (DIFFERENTIAL_RUNS
// in src/testing/differential.ts: seeded random games per game, and Janggi's
// traditional rules), asked through the harness (scripts/fairy/fairy.ts, the
// engine package's loader and house ini).
//   npm run fixtures:differential
// Run it again when the walk moves (random play or the rules change: the pure
// differential test says so), when a house section's ini changes or when the
// engine is upgraded (the live check, scripts/fairy/differential-fixtures.test.ts,
// says so). FS is given each position as a FEN, without history, so its
// "two passes in a row end a Janggi game" rule never applies.
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { makeFen } from '../src/fen.ts';
import { DIFFERENTIAL_RUNS, type DifferentialFixture, type DifferentialRun, packMoves, unpackMoves, walkRun } from '../src/testing/differential.ts';
import { Fairy, fairyVariant } from './fairy/fairy.ts';

/** The engine package and version, e.g. `fairy-stockfish-nnue.wasm 1.1.12`. */
function engineVersion(): string {
  const require = createRequire(join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'engine', 'package.json'));
  const pkg = JSON.parse(readFileSync(require.resolve('fairy-stockfish-nnue.wasm/package.json'), 'utf8')) as { name: string; version: string };
  return `${pkg.name} ${pkg.version}`;
}

/** The fixture as JSON: the header's fields one a line, then one position a line. */
function serialize(f: DifferentialFixture): string {
  const { positions, ...header } = f;
  const head = Object.entries(header).map(([k, v]) => `  ${JSON.stringify(k)}: ${JSON.stringify(v)}`);
  const rows = positions.map((p) => `  ${JSON.stringify(p)}`);
  return `{\n${head.join(',\n')},\n  "positions": [\n${rows.join(',\n')}\n  ]\n}\n`;
}

async function generate(fairy: Fairy, run: DifferentialRun, engine: string): Promise<DifferentialFixture> {
  if (fairyVariant(run.fairyVariant) !== run.section.name) {
    throw new Error(`${run.name}: the harness plays ${fairyVariant(run.fairyVariant)} for ${run.fairyVariant}, the run names ${run.section.name}`);
  }
  // The same FEN comes up again (each game's start): ask the engine once.
  const asked = new Map<string, string>();
  const positions: [string, string][] = [];
  for (const pos of walkRun(run)) {
    const fen = makeFen(pos);
    let moves = asked.get(fen);
    if (moves === undefined) {
      const list = await fairy.legalMoves(run.fairyVariant, fen);
      moves = packMoves(list);
      if (unpackMoves(moves).join(' ') !== list.join(' ')) throw new Error(`${fen}: packMoves does not round-trip ${list.join(' ')}`);
      asked.set(fen, moves);
    }
    positions.push([fen, moves]);
  }
  return {
    about:
      `Fairy-Stockfish's legal moves in each position of ${run.games} seeded random games of at most ${run.plies} plies ` +
      `(seeds ${run.seed} to ${run.seed + run.games - 1}), as [FEN, moves]: sorted, space-separated, a move with the previous move's origin ` +
      'written as its destination alone (h3e3 f3 = h3e3 h3f3; R@a1 b1 = R@a1 R@b1). Written by packages/rules/scripts/gen-differential-fixtures.ts ' +
      '(npm run fixtures:differential); read by packages/rules/src/differential.test.ts.',
    name: run.name,
    game: run.rules.key,
    rules: run.ruleSet,
    engine,
    fairyVariant: run.fairyVariant,
    section: run.section.name,
    sectionIni: run.section.ini,
    walk: { games: run.games, plies: run.plies, seed: run.seed },
    count: positions.length,
    positions,
  };
}

async function main(): Promise<void> {
  const outDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'differential');
  mkdirSync(outDir, { recursive: true });
  const engine = engineVersion();
  const fairy = await Fairy.create();
  const t0 = performance.now();
  let bytes = 0;
  try {
    for (const run of DIFFERENTIAL_RUNS) {
      const t = performance.now();
      const fixture = await generate(fairy, run, engine);
      const file = join(outDir, `${run.name}.json`);
      writeFileSync(file, serialize(fixture));
      const size = statSync(file).size;
      bytes += size;
      console.log(`${run.name}: ${fixture.count} positions, ${(size / 1024).toFixed(0)} KiB (${((performance.now() - t) / 1000).toFixed(1)} s)`);
    }
  } finally {
    await fairy.quit();
  }
  console.log(`done in ${((performance.now() - t0) / 1000).toFixed(1)} s, ${(bytes / 1024 / 1024).toFixed(2)} MiB in all`);
}

await main();
