import { describe, expect, it } from 'vitest';
import { halfByeOffer, noteTexts, offers, trfUrl } from './tournament-actions.ts';
import type { TournamentView } from './tournament-tables.ts';

/** A Swiss of five rounds at `round`, the reader playing with the half-point byes `mine`, `allowed` in all. */
function swiss(over: { round?: number; status?: string; allowed?: number; mine?: number[]; active?: boolean; kind?: string; notes?: unknown[] } = {}) {
  return {
    tournament: {
      id: 'sw1',
      kind: over.kind ?? 'swiss',
      status: over.status ?? 'running',
      round: over.round ?? 1,
      rounds: 5,
      terms: { halfByes: over.allowed ?? 1 },
      notes: over.notes ?? [],
    },
    me: { entered: true, active: over.active ?? true, playing: null, rank: 1, halfByes: over.mine ?? [] },
  } as unknown as TournamentView;
}

describe('the half-point bye a Swiss player may ask for', () => {
  it('is offered for the next round while the player has byes left', () => {
    expect(halfByeOffer(swiss({ round: 1 }))).toEqual({ round: 2, left: 1 });
    expect(halfByeOffer(swiss({ round: 0, status: 'upcoming', allowed: 2 }))).toEqual({ round: 1, left: 2 });
  });

  it('is not offered for the last round, once used up, twice for a round, to a withdrawn player, or outside a running Swiss', () => {
    expect(halfByeOffer(swiss({ round: 4 }))).toBeNull();
    expect(halfByeOffer(swiss({ mine: [1] }))).toBeNull();
    expect(halfByeOffer(swiss({ allowed: 2, mine: [2] }))).toBeNull();
    expect(halfByeOffer(swiss({ allowed: 2, mine: [1] }))).toEqual({ round: 2, left: 1 });
    expect(halfByeOffer(swiss({ active: false }))).toBeNull();
    expect(halfByeOffer(swiss({ allowed: 0 }))).toBeNull();
    expect(halfByeOffer(swiss({ status: 'finished' }))).toBeNull();
    expect(halfByeOffer(swiss({ kind: 'arena' }))).toBeNull();
  });
});

describe("the director's notes", () => {
  it('say which rule was relaxed in which round, and after which round an early end came', () => {
    const v = swiss({
      notes: [
        { round: 2, code: 'relaxed-bye' },
        { round: 3, code: 'no-pairing' },
      ],
    });
    expect(noteTexts(v)).toEqual([
      { key: 'tour.note.relaxed-bye', params: { n: 2, last: 1 } },
      { key: 'tour.note.no-pairing', params: { n: 3, last: 2 } },
    ]);
  });
});

describe('the tournament report link', () => {
  it('is offered for a Swiss only, with a private one’s token', () => {
    expect(trfUrl(swiss(), null)).toBe('/api/tournaments/sw1/trf');
    expect(trfUrl(swiss(), 'tok123')).toBe('/api/tournaments/sw1/trf?invite=tok123');
    expect(trfUrl(swiss({ kind: 'roundRobin' }), null)).toBeNull();
  });
});

/** A tournament of `kind` in `status` at `round`, read by `me` (null: a newcomer who never entered). */
function seen(kind: string, status: string, round: number, me: { active: boolean; halfByes?: number[] } | null) {
  return {
    tournament: { id: 't1', kind, status, round, rounds: 5, terms: { lateJoinUntilRound: 3, halfByes: 1 }, notes: [] },
    me: me ? { entered: true, active: me.active, playing: null, rank: 1, halfByes: me.halfByes ?? [] } : null,
  } as unknown as TournamentView;
}

describe('what the reader may do', () => {
  it('a newcomer may join while it is open; a Swiss says until which round, then that it is too late', () => {
    expect(offers(seen('arena', 'upcoming', 0, null))).toEqual([{ kind: 'join' }]);
    expect(offers(seen('arena', 'running', 0, null))).toEqual([{ kind: 'join' }]);
    expect(offers(seen('swiss', 'running', 2, null))).toEqual([{ kind: 'join' }, { kind: 'late-until', round: 3 }]);
    expect(offers(seen('swiss', 'running', 3, null))).toEqual([{ kind: 'closed' }]);
    expect(offers(seen('roundRobin', 'upcoming', 0, null))).toEqual([{ kind: 'join' }]);
    expect(offers(seen('roundRobin', 'running', 1, null))).toEqual([{ kind: 'closed' }]);
  });

  it('a player pauses (arena) or withdraws, and may ask for a half-point bye in a Swiss; one who left may come back', () => {
    expect(offers(seen('arena', 'running', 0, { active: true }))).toEqual([{ kind: 'withdraw', pause: true }]);
    expect(offers(seen('swiss', 'running', 1, { active: true }))).toEqual([
      { kind: 'withdraw', pause: false },
      { kind: 'half-bye', round: 2 },
    ]);
    expect(offers(seen('swiss', 'running', 1, { active: true, halfByes: [2] }))).toEqual([{ kind: 'withdraw', pause: false }]);
    // A player who left may come back even once a newcomer may not.
    expect(offers(seen('roundRobin', 'running', 1, { active: false }))).toEqual([{ kind: 'join' }]);
  });

  it('nothing once it is over', () => {
    expect(offers(seen('swiss', 'finished', 5, { active: true }))).toEqual([]);
    expect(offers(seen('arena', 'cancelled', 0, null))).toEqual([]);
  });
});
