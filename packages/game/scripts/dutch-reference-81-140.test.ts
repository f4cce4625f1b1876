/** The Dutch system against bbpPairings, tournaments of 81 to 140 players (see dutch-reference.test.ts beside this file). */
import { describe } from 'vitest';
import { describeFixtures } from './dutch-reference.ts';

describe('Dutch system equals bbpPairings: 81-140 players', () => {
  describeFixtures(81, 140);
});
