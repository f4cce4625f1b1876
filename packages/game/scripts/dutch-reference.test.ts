/**
 * The Dutch system against bbpPairings on the larger fixtures: minutes of
 * CPU, more than the unit layer allows, so the integration layer runs them
 * (../src/tournament/dutch-reference.test.ts has the method and the small
 * ones). Three files, 41-80, 81-140 and 141-200 players, run side by side.
 */
import { describe } from 'vitest';
import { describeFixtures } from './dutch-reference.ts';

describe('Dutch system equals bbpPairings: 41-80 players', () => {
  describeFixtures(41, 80);
});
