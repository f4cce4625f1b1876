/**
 * Dutch Swiss pairing time per round, over the bbpPairings fixtures
 * (packages/game/fixtures/dutch): every round of the tournaments nearest
 * to 60, 100 and 200 players is paired again from the rounds before it;
 * prints the median and the slowest round per size (wall time, and the
 * process's CPU time, which other work on a shared machine does not
 * inflate), and whether each round equals the reference.
 *
 *   npm run bench:swiss              (sizes 60, 100, 200; all rounds of one tournament each)
 *   npm run bench:swiss -- 60 100    (chosen sizes)
 *   ROUNDS=3 npm run bench:swiss     (the first rounds only)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pairDutch } from '../src/tournament/dutch.ts';
import { swissCards } from '../src/tournament/swiss-cards.ts';
import { parseTrf } from '../src/tournament/trf.ts';
import { pairingKey, replayRound } from '../src/tournament/trf-replay.ts';

const dir = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'dutch');
const sizes = process.argv
  .slice(2)
  .map(Number)
  .filter((x) => x > 0);
const maxRounds = Number(process.env.ROUNDS ?? 99);
const files = readdirSync(dir).filter((f) => f.endsWith('.trf'));
const size = (f: string) => Number(/-p(\d+)-/.exec(f)?.[1] ?? 0);

for (const want of sizes.length > 0 ? sizes : [60, 100, 200]) {
  const file = [...files].sort((a, b) => Math.abs(size(a) - want) - Math.abs(size(b) - want) || a.localeCompare(b))[0]!;
  const trf = parseTrf(readFileSync(join(dir, file), 'utf8'));
  if (!trf.ok) throw new Error(trf.error.message);
  const rounds = trf.value.rounds ?? 0;
  const times: number[] = [];
  const cpu: number[] = [];
  let equal = 0;
  for (let round = 1; round <= Math.min(rounds, maxRounds); round++) {
    const r = replayRound(trf.value, round);
    const cards = swissCards(r.sheet, round, r.playing);
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    const p = pairDutch(cards, { round, rounds, initial: r.initial });
    const c1 = process.cpuUsage(c0);
    times.push(performance.now() - t0);
    cpu.push((c1.user + c1.system) / 1000);
    if (JSON.stringify(pairingKey(p)) === JSON.stringify(r.expected)) equal++;
  }
  const stat = (xs: number[]) => {
    const sorted = [...xs].sort((a, b) => a - b);
    return `median ${(sorted[Math.floor(sorted.length / 2)] ?? 0).toFixed(0)} ms, slowest ${(sorted[sorted.length - 1] ?? 0).toFixed(0)} ms`;
  };
  console.log(
    `${String(size(file)).padStart(3)} players (${file}): ${times.length} rounds; wall ${stat(times)}; CPU ${stat(cpu)}; equal to bbpPairings ${equal}/${times.length}`,
  );
}
