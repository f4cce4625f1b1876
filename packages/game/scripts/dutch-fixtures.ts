/**
 * Makes the Dutch Swiss fixtures (packages/game/fixtures/dutch/*.trf): random
 * tournaments paired round by round by bbpPairings, a FIDE-endorsed program
 * (github.com/BieremaBoyzProgramming/bbpPairings, Apache-2.0), which the
 * club's own pairing must reproduce (dutch-fixtures.test.ts files). The
 * program is not part of the project: build it elsewhere (`make` in its
 * checkout) and name it here. Not run by the tests.
 *
 *   BBP_PAIRINGS=/work/bbp/bbpPairings.exe npx tsx packages/game/scripts/dutch-fixtures.ts
 *
 * Each tournament comes from bbpPairings' random generator (`--dutch -g
 * config -o file -s seed`): the config sets the players, the rounds, the
 * draw percentage and the rates of forfeits, of zero-point absences
 * (RetiredRate) and of half-point byes. The sizes, rounds, rates and seeds
 * are drawn from a fixed seed below, so a rerun makes the same files.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { prng } from '@youzai/rules';

const bin = process.env.BBP_PAIRINGS;
if (!bin) {
  console.error('Set BBP_PAIRINGS to the bbpPairings executable.');
  process.exit(2);
}
const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'dutch');
mkdirSync(out, { recursive: true });
const work = mkdtempSync(join(tmpdir(), 'dutch-'));

/** [how many tournaments, fewest players, most players, fewest rounds, most rounds] */
const PLAN: readonly (readonly [number, number, number, number, number])[] = [
  [60, 6, 15, 4, 8],
  [60, 16, 40, 5, 9],
  [50, 41, 80, 7, 11],
  [24, 81, 140, 8, 11],
  [20, 141, 200, 9, 11],
  [50, 6, 30, 5, 9],
  [30, 31, 60, 7, 11],
];

const rnd = prng(20261206);
const pick = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
let n = 0;
for (const [count, minP, maxP, minR, maxR] of PLAN) {
  for (let i = 0; i < count; i++) {
    n++;
    const players = pick(minP, maxP);
    const rounds = Math.min(pick(minR, maxR), players - 1);
    const config = [
      `PlayersNumber=${players}`,
      `RoundsNumber=${rounds}`,
      `DrawPercentage=${pick(10, 50)}`,
      `ForfeitRate=${pick(15, 60)}`,
      `RetiredRate=${pick(4, 30)}`,
      `HalfPointByeRate=${pick(3, 20)}`,
      'HighestRating=2700',
      'LowestRating=1200',
    ].join('\n');
    const cfg = join(work, 'config.txt');
    writeFileSync(cfg, `${config}\n`);
    const name = `t${String(n).padStart(3, '0')}-p${players}-r${rounds}.trf`;
    const seed = String(pick(1, 2 ** 31 - 1));
    try {
      execFileSync(bin, ['--dutch', '-g', cfg, '-o', join(work, name), '-s', seed], { stdio: 'pipe' });
    } catch (e) {
      console.error(`${name}: bbpPairings failed (${(e as Error).message.split('\n')[0]}), skipped`);
      continue;
    }
    // bbpPairings ends its lines with a carriage return alone and leaves the planned rounds out (XXR).
    const trf = readFileSync(join(work, name), 'utf8')
      .split(/\r\n|\r|\n/)
      .filter((l) => l !== '');
    writeFileSync(join(out, name), `${[...trf, `XXR ${rounds}`].join('\n')}\n`);
  }
}
rmSync(work, { recursive: true });
console.log(`${n} tournaments in ${out}`);
