/**
 * The Dutch system against bbpPairings on the larger fixtures (16 players
 * and up that this layer checks): heavier than the unit layer allows, so
 * the integration layer runs it (see ../src/tournament/dutch-reference.test.ts
 * for the small ones and the method).
 */
import { describe } from 'vitest';
import { describeFixtures } from '../src/tournament/dutch-reference.ts';

describe('Dutch system equals bbpPairings: 16-25 players', () => {
  describeFixtures(16, 25);
});
