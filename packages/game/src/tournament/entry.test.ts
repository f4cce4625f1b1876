import { describe, expect, it } from 'vitest';
import { mayJoin, withdrawal } from './entry.ts';
import { nextStep } from './schedule.ts';
import { NOT_STARTED, type TournamentTerms } from './terms.ts';

const terms = (extra: Partial<TournamentTerms> = {}): TournamentTerms => ({
  kind: 'swiss',
  variant: 'xiangqi',
  clock: { kind: 'fischer', baseMs: 180_000, incrementMs: 2_000 },
  rated: true,
  startsAt: 1000,
  durationMs: 0,
  rounds: 5,
  roundGapMs: 10_000,
  berserk: false,
  minRatedGames: 3,
  maxPlayers: 2,
  lateJoinUntilRound: 2,
  withdrawAfterMs: 120_000,
  ...extra,
});
const empty = { entrants: [], pairings: [], byes: [] };
const member = { userId: 'u', guest: false, ratedGames: 10 };
const code = (r: ReturnType<typeof mayJoin>) => (r.ok ? 'ok' : r.error.code);

describe('joining a tournament', () => {
  it('guests join casual tournaments only', () => {
    expect(code(mayJoin(terms(), NOT_STARTED, empty, { userId: 'g', guest: true, ratedGames: 0 }))).toBe('guests-casual-only');
    expect(code(mayJoin(terms({ rated: false }), NOT_STARTED, empty, { userId: 'g', guest: true, ratedGames: 0 }))).toBe('ok');
  });

  it('a rated tournament asks for a number of rated games', () => {
    expect(code(mayJoin(terms(), NOT_STARTED, empty, { ...member, ratedGames: 2 }))).toBe('not-enough-rated-games');
    expect(code(mayJoin(terms(), NOT_STARTED, empty, member))).toBe('ok');
  });

  it('is refused when full, twice, over, or past the last round open to late players', () => {
    const full = {
      ...empty,
      entrants: [
        { userId: 'a', name: 'a', rating: 1500, joinedAt: 0, active: true },
        { userId: 'b', name: 'b', rating: 1500, joinedAt: 0, active: false },
      ],
    };
    expect(code(mayJoin(terms(), NOT_STARTED, full, member))).toBe('tournament-full');
    expect(code(mayJoin(terms(), NOT_STARTED, full, { ...member, userId: 'a' }))).toBe('already-joined');
    // A withdrawn player may come back even when the field is full.
    expect(code(mayJoin(terms(), NOT_STARTED, full, { ...member, userId: 'b' }))).toBe('ok');
    const running = { ...NOT_STARTED, status: 'running' as const, startedAt: 1000 };
    expect(code(mayJoin(terms({ maxPlayers: 10 }), { ...running, round: 1 }, empty, member))).toBe('ok');
    expect(code(mayJoin(terms({ maxPlayers: 10 }), { ...running, round: 2 }, empty, member))).toBe('tournament-started');
    expect(code(mayJoin(terms({ kind: 'roundRobin', maxPlayers: 10 }), running, empty, member))).toBe('tournament-started');
    expect(code(mayJoin(terms({ kind: 'arena', maxPlayers: 10 }), { ...running, round: 0 }, empty, member))).toBe('ok');
    expect(code(mayJoin(terms(), { ...running, status: 'finished' }, empty, member))).toBe('tournament-over');
  });

  it('before the start a player who withdraws leaves the draw and may join again; once it runs they are withdrawn', () => {
    const running = { ...NOT_STARTED, status: 'running' as const, startedAt: 1000 };
    expect(withdrawal(NOT_STARTED)).toBe('leave');
    expect(withdrawal(running)).toBe('withdraw');
    expect(withdrawal({ ...running, status: 'finished' })).toBe('withdraw');
    // Left: the entry is gone, so a five-player round-robin starts with four (three rounds, not five) and the place is free.
    const four = ['a', 'b', 'c', 'd'].map((userId) => ({ userId, name: userId, rating: 1500, joinedAt: 0, active: true }));
    const rr = terms({ kind: 'roundRobin', maxPlayers: 5 });
    expect(nextStep(rr, NOT_STARTED, { ...empty, entrants: four }, 1000)).toEqual({ type: 'start', rounds: 3 });
    expect(code(mayJoin(rr, NOT_STARTED, { ...empty, entrants: four }, { ...member, userId: 'e' }))).toBe('ok');
  });
});
