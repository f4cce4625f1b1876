import { describe, expect, it } from 'vitest';
import type { TournamentSummary } from '@youzai/protocol';
import { homeShowsTournaments } from './tournament-lists.ts';

const one = {} as TournamentSummary;

describe('the home page’s tournaments card', () => {
  it('shows only with a tournament running or upcoming: no empty card on the home page (issue 33, item 8.1)', () => {
    expect(homeShowsTournaments({ running: [], upcoming: [] })).toBe(false);
    expect(homeShowsTournaments({ running: [one], upcoming: [] })).toBe(true);
    expect(homeShowsTournaments({ running: [], upcoming: [one] })).toBe(true);
  });
});
