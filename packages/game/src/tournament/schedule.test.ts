import { describe, expect, it } from 'vitest';
import { roundRobinRound, swissRound, type RoundPlan } from './rounds.ts';
import { nextStep, type TournamentStep } from './schedule.ts';
import { standings } from './standings.ts';
import { NOT_STARTED, type TournamentProgress, type TournamentTerms } from './terms.ts';
import type { Bye, Entrant, Pairing, Score } from './types.ts';

const terms = (extra: Partial<TournamentTerms>): TournamentTerms => ({
  kind: 'swiss',
  variant: 'xiangqi',
  clock: { kind: 'fischer', baseMs: 60_000, incrementMs: 0 },
  rated: false,
  startsAt: 10_000,
  durationMs: 0,
  rounds: 3,
  roundGapMs: 5_000,
  berserk: false,
  minRatedGames: 0,
  maxPlayers: 16,
  lateJoinUntilRound: 1,
  withdrawAfterMs: 60_000,
  ...extra,
});

const entrant = (userId: string, rating: number): Entrant => ({ userId, name: userId, rating, joinedAt: 0, active: true });

/** A tiny director over plain values, driven by fake time: what the server's does over the store. */
class Sim {
  progress: TournamentProgress = NOT_STARTED;
  entrants: Entrant[] = [];
  pairings: Pairing[] = [];
  byes: Bye[] = [];
  log: string[] = [];
  constructor(readonly terms: TournamentTerms) {}
  get sheet() {
    return { entrants: this.entrants, pairings: this.pairings, byes: this.byes };
  }
  step(now: number): TournamentStep {
    const s = nextStep(this.terms, this.progress, this.sheet, now);
    if (s.type === 'start') this.progress = { ...this.progress, status: 'running', rounds: s.rounds, startedAt: now };
    if (s.type === 'cancel') this.progress = { ...this.progress, status: 'cancelled', endedAt: now };
    if (s.type === 'finish') this.progress = { ...this.progress, status: 'finished', endedAt: now };
    if (s.type === 'pair-round') {
      const plan: RoundPlan | null = this.terms.kind === 'swiss' ? swissRound(this.sheet, s.round, this.progress.rounds) : roundRobinRound(this.sheet, s.round);
      if (!plan) throw new Error('no pairing');
      for (const [white, black] of plan.pairs) {
        this.pairings.push({
          round: s.round,
          gameId: `r${s.round}-${white}`,
          white,
          black,
          pairedAt: now,
          result: null,
          forfeit: false,
          berserk: [false, false],
          plies: 0,
          endedAt: null,
        });
      }
      this.byes.push(...plan.byes);
      this.progress = { ...this.progress, round: s.round };
    }
    if (s.type !== 'wait') this.log.push(`${now}:${s.type}${s.type === 'pair-round' ? s.round : ''}`);
    return s;
  }
  /** Ends every running game: the higher-rated player wins. */
  finishGames(now: number) {
    const rating = new Map(this.entrants.map((e) => [e.userId, e.rating]));
    this.pairings = this.pairings.map((p) =>
      p.result !== null ? p : { ...p, result: (rating.get(p.white)! >= rating.get(p.black)! ? 1 : 0) as Score, plies: 40, endedAt: now },
    );
  }
}

describe('tournament schedule with fake time', () => {
  it('a Swiss waits for its start, pairs each round after the last game and the pause, then finishes', () => {
    const sim = new Sim(terms({}));
    sim.entrants = ['a', 'b', 'c', 'd', 'e'].map((u, i) => entrant(u, 2000 - i * 100));
    expect(sim.step(0)).toEqual({ type: 'wait', until: 10_000 });
    expect(sim.step(10_000).type).toBe('start');
    expect(sim.step(10_000)).toEqual({ type: 'pair-round', round: 1 });
    expect(sim.step(10_001)).toEqual({ type: 'wait', until: null });
    sim.finishGames(40_000);
    expect(sim.step(41_000)).toEqual({ type: 'wait', until: 45_000 });
    expect(sim.step(45_000)).toEqual({ type: 'pair-round', round: 2 });
    sim.finishGames(60_000);
    expect(sim.step(65_000).type).toBe('pair-round');
    sim.finishGames(70_000);
    // No pause after the last round: the end is at once.
    expect(sim.step(70_000).type).toBe('finish');
    expect(sim.step(80_000)).toEqual({ type: 'wait', until: null });
    // Five players, three rounds: three different byes, no pair twice.
    expect(new Set(sim.byes.filter((b) => b.kind === 'pab').map((b) => b.userId)).size).toBe(3);
    const met = sim.pairings.map((p) => [p.white, p.black].sort().join());
    expect(new Set(met).size).toBe(met.length);
    // The strongest won every game.
    expect(standings('swiss', sim.sheet, 3)[0]).toMatchObject({ userId: 'a', points: 3 });
  });

  it('a late player joins before round 2 and scores nothing for round 1', () => {
    const sim = new Sim(terms({ lateJoinUntilRound: 2 }));
    sim.entrants = ['a', 'b', 'c', 'd'].map((u, i) => entrant(u, 2000 - i * 100));
    sim.step(10_000);
    sim.step(10_000);
    sim.finishGames(20_000);
    sim.entrants.push(entrant('late', 2500));
    sim.step(25_000);
    expect(sim.byes).toContainEqual({ round: 1, userId: 'late', kind: 'late', points: 0 });
    expect(sim.pairings.filter((p) => p.round === 2).length + sim.byes.filter((b) => b.round === 2).length).toBe(3);
  });

  it('a round-robin of five plays five rounds, each resting once, and a withdrawn player forfeits the rest', () => {
    const sim = new Sim(terms({ kind: 'roundRobin' }));
    sim.entrants = ['a', 'b', 'c', 'd', 'e'].map((u, i) => entrant(u, 2000 - i * 100));
    let now = 10_000;
    expect(sim.step(now)).toEqual({ type: 'start', rounds: 5 });
    for (let r = 1; r <= 5; r++) {
      now += 5_000;
      expect(sim.step(now)).toEqual({ type: 'pair-round', round: r });
      if (r === 3) sim.entrants = sim.entrants.map((e) => (e.userId === 'e' ? { ...e, active: false } : e));
      now += 1_000;
      sim.finishGames(now);
    }
    expect(sim.step(now + 5_000).type).toBe('finish');
    const rests = sim.byes.filter((b) => b.kind === 'rest' || (b.kind === 'absent' && b.round <= 3));
    expect(new Set(rests.map((b) => b.userId)).size).toBe(rests.length);
    // e withdrew after round 3 was paired: its later games are forfeits, its opponents score.
    const forfeits = sim.byes.filter((b) => b.kind === 'forfeit');
    expect(forfeits.every((b) => b.round > 3 && b.userId !== 'e' && b.points === 1)).toBe(true);
    expect(sim.pairings.some((p) => p.round > 3 && (p.white === 'e' || p.black === 'e'))).toBe(false);
    const met = sim.pairings.map((p) => [p.white, p.black].sort().join());
    expect(new Set(met).size).toBe(met.length);
  });

  it('an arena pairs every second while it runs, and ends on time', () => {
    const t = terms({ kind: 'arena', durationMs: 60_000 });
    const sim = new Sim(t);
    sim.entrants = [entrant('a', 1500), entrant('b', 1500)];
    sim.step(10_000);
    expect(sim.step(10_000)).toEqual({ type: 'pair-free', next: 11_000 });
    expect(sim.step(69_500)).toEqual({ type: 'pair-free', next: 70_000 });
    expect(sim.step(70_000)).toEqual({ type: 'finish' });
  });

  it('is cancelled when fewer than two players are there at the start', () => {
    const sim = new Sim(terms({}));
    sim.entrants = [entrant('a', 1500)];
    expect(sim.step(10_000)).toEqual({ type: 'cancel', why: 'too-few-players' });
  });

  it('decides from the stored state alone: the same rows give the same step after a restart', () => {
    const sim = new Sim(terms({}));
    sim.entrants = ['a', 'b', 'c', 'd'].map((u, i) => entrant(u, 2000 - i * 100));
    sim.step(10_000);
    sim.step(10_000);
    // Round 1 is paired: a second director reading the same rows pairs nothing more.
    const copy = JSON.parse(JSON.stringify({ progress: sim.progress, sheet: sim.sheet }));
    expect(nextStep(sim.terms, copy.progress, copy.sheet, 10_500)).toEqual({ type: 'wait', until: null });
  });
});
