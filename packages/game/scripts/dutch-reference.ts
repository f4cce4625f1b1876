/**
 * Test support: the Dutch fixtures (packages/game/fixtures/dutch/*.trf, made
 * by bbpPairings) replayed round by round through the club's pairing. It
 * reads files, so it lives here, outside the package's Node-free src/.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { pairDutch } from '../src/tournament/dutch.ts';
import { swissCards } from '../src/tournament/swiss-cards.ts';
import { parseTrf } from '../src/tournament/trf.ts';
import { replayTournament } from '../src/tournament/trf-replay.ts';

const DIR = join(import.meta.dirname, '..', 'fixtures', 'dutch');

/** Rounds that disagree with the reference, by fixture. */
const known: Record<string, number[]> = JSON.parse(readFileSync(join(DIR, 'disagreements.json'), 'utf8'));

export const fixtureSize = (name: string): number => Number(/-p(\d+)-/.exec(name)?.[1] ?? 0);

/** One test per fixture of `min`..`max` players. */
export function describeFixtures(min: number, max: number): void {
  const names = readdirSync(DIR)
    .filter((f) => f.endsWith('.trf') && fixtureSize(f) >= min && fixtureSize(f) <= max)
    .sort();
  it.each(names)('%s', (name) => {
    const trf = parseTrf(readFileSync(join(DIR, name), 'utf8'));
    if (!trf.ok) throw new Error(trf.error.message);
    const rounds = replayTournament(trf.value, (r, round, total) =>
      pairDutch(swissCards(r.sheet, round, r.playing), { round, rounds: total, initial: r.initial }),
    );
    expect(rounds.length).toBeGreaterThan(0);
    const disagree = rounds.filter((r) => !r.agrees).map((r) => r.round);
    expect(disagree, `rounds that differ from bbpPairings in ${name}`).toEqual(known[name] ?? []);
  });
}
