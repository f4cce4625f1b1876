import { describe, expect, it } from 'vitest';
import { CONDUCT_REASONS } from '@youzai/game';
import { REASONS } from '@youzai/rules';
import { CATALOGS } from '../i18n/catalogs.ts';
import { engineLevel, hasProfile, outcomeFor, seatOf, type RecentGame } from './profile-data.ts';

const game = (result: string | null, ids: [string | null, string | null] = ['u1', 'u2']): RecentGame => ({
  id: 'g1',
  variant: 'xiangqi',
  players: ['lan', 'minh'],
  ids,
  result,
  reason: 'checkmate',
  plies: 40,
  rated: true,
  endedAt: 0,
});

describe("a profile's recent games", () => {
  it("reads the result from the player's seat", () => {
    expect(seatOf(game('1-0'), 'u2')).toBe(1);
    expect(outcomeFor(game('1-0'), 'u1')).toBe('win');
    expect(outcomeFor(game('1-0'), 'u2')).toBe('loss');
    expect(outcomeFor(game('0-1'), 'u2')).toBe('win');
    expect(outcomeFor(game('1/2-1/2'), 'u1')).toBe('draw');
    expect(outcomeFor(game(null), 'u1')).toBeNull();
    expect(outcomeFor(game('1-0'), 'someone-else')).toBeNull();
  });

  it('links only account names, not guests or the computer', () => {
    expect(hasProfile('lan', 'u1')).toBe(true);
    expect(hasProfile('Khách-ab12', 'u9')).toBe(false);
    expect(hasProfile('Máy cấp 3', 'engine')).toBe(false);
    expect(hasProfile('robot', 'engine')).toBe(false);
    expect(hasProfile(null, null)).toBe(false);
    expect(engineLevel('Máy cấp 3')).toBe('3');
    expect(engineLevel(null)).toBe('?');
  });

  it('has a name for every verdict reason, in both languages', () => {
    for (const reason of [...REASONS, ...CONDUCT_REASONS]) {
      for (const cat of Object.values(CATALOGS)) expect((cat as Record<string, string>)[`reason.${reason}`], reason).toBeTruthy();
    }
  });
});
