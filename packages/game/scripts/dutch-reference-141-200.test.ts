/** The Dutch system against bbpPairings, tournaments of 141 to 200 players (see dutch-reference.test.ts beside this file). */
import { describe } from 'vitest';
import { describeFixtures } from './dutch-reference.ts';

describe('Dutch system equals bbpPairings: 141-200 players', () => {
  describeFixtures(141, 200);
});
