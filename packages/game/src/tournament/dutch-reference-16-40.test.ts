/** The Dutch system against bbpPairings, tournaments of 16 to 40 players (see dutch-reference.test.ts). */
import { describe } from 'vitest';
import { describeFixtures } from '../../scripts/dutch-reference.ts';

describe('Dutch system equals bbpPairings: 16-40 players', () => {
  describeFixtures(16, 40);
});
