/**
 * The Dutch system against a reference: tournaments generated and paired by
 * bbpPairings (FIDE-endorsed; packages/game/scripts/dutch-fixtures.ts made
 * them), each round paired again here from the rounds before it. Pairs,
 * colours and the bye must equal the reference's. This file takes the
 * tournaments of 6 to 15 players; dutch-reference-16-40.test.ts and
 * packages/game/scripts/dutch-reference*.test.ts (integration layer) the larger ones.
 * Rounds known to disagree are listed in fixtures/dutch/disagreements.json:
 * each listed round must still disagree and every other one agree.
 */
import { describe } from 'vitest';
import { describeFixtures } from '../../scripts/dutch-reference.ts';

describe('Dutch system equals bbpPairings: 6-15 players', () => {
  describeFixtures(6, 15);
});
