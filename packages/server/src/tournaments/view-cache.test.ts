import { describe, expect, it } from 'vitest';
import { MemoryBus } from '../bus/bus.ts';
import { tournamentTopic } from '../bus/topics.ts';
import { memoryStore } from '../store/memory/store.ts';
import { newTournament } from './routes.ts';
import { ENDED_VIEW_MAX_AGE_MS, TournamentViews } from './view-cache.ts';

const T0 = Date.UTC(2026, 11, 1, 12);

async function setup() {
  const store = memoryStore();
  await store.migrate();
  const terms = {
    kind: 'arena' as const,
    variant: 'xiangqi',
    clock: { kind: 'fischer' as const, baseMs: 180_000, incrementMs: 2_000 },
    rated: false,
    startsAt: T0 + 60_000,
    durationMs: 3_600_000,
    rounds: 0,
    roundGapMs: 0,
    berserk: false,
    minRatedGames: 0,
    maxPlayers: 100,
    lateJoinUntilRound: 0,
    withdrawAfterMs: 120_000,
  };
  await store.createTournament(newTournament('arena001', 'Arena', terms, { createdBy: null, roomId: null, inviteToken: null, scheduleKey: null }, T0));
  const join = async (id: string) => {
    await store.createUser({ id, username: id, passwordHash: null, createdAt: T0 });
    await store.enterTournament({ tournamentId: 'arena001', userId: id, name: id, rating: 1500, at: T0 }, 100);
  };
  await join('ua1111');
  await join('ub2222');
  let reads = 0;
  const counted = {
    tournamentSheet: (id: string) => {
      reads++;
      return store.tournamentSheet(id);
    },
    tournamentLive: (id: string) => {
      reads++;
      return store.tournamentLive(id);
    },
    pairingsChanged: (id: string, since: number, gameIds: readonly string[]) => store.pairingsChanged(id, since, gameIds),
  };
  let now = T0;
  const bus = new MemoryBus();
  const views = new TournamentViews({ store: counted, now: () => now, bus, maxAgeMs: 500 });
  const row = (await store.tournament('arena001'))!;
  return { store, views, row, bus, join, reads: () => reads, tick: (ms: number) => (now += ms) };
}

describe('tournament views shared by a node’s readers', () => {
  it('serves many readers from one read of the sheet, each with their own place', async () => {
    const w = await setup();
    const [a, b, anon] = await Promise.all([w.views.view(w.row, 'ua1111'), w.views.view(w.row, 'uc3333'), w.views.view(w.row, null)]);
    expect(w.reads()).toBe(1);
    expect(a.me).toMatchObject({ entered: true, active: true });
    expect(b.me).toEqual({ entered: false, active: false, playing: null, rank: null, halfByes: [] });
    expect(anon.me).toBeNull();
    expect(a.standings).toHaveLength(2);
    expect(a.standings).toEqual(b.standings);
  });

  it('reads again after a change made here, a change announced by another node, or half a second', async () => {
    const w = await setup();
    await w.views.view(w.row, 'ua1111');
    await w.join('uc3333');
    w.views.invalidate('arena001');
    const after = await w.views.view(w.row, 'uc3333');
    expect(w.reads()).toBe(2);
    expect(after.me).toMatchObject({ entered: true });
    expect(after.standings).toHaveLength(3);

    await w.join('ud4444');
    w.bus.publish(tournamentTopic('arena001'), 'changed elsewhere');
    expect((await w.views.view(w.row, null)).standings).toHaveLength(4);
    expect(w.reads()).toBe(3);

    w.tick(499);
    await w.views.view(w.row, null);
    expect(w.reads()).toBe(3);
    w.tick(1);
    await w.views.view(w.row, null);
    expect(w.reads()).toBe(4);
  });

  it("a finished tournament's view serves for a minute (nothing moves it), unless a change is announced", async () => {
    const w = await setup();
    const finished = { ...w.row, status: 'finished' as const };
    await w.views.view(finished, null);
    w.tick(ENDED_VIEW_MAX_AGE_MS - 1);
    await w.views.view(finished, null);
    expect(w.reads()).toBe(1);
    w.tick(1);
    await w.views.view(finished, null);
    expect(w.reads()).toBe(2);
    w.bus.publish(tournamentTopic('arena001'), 'changed');
    await w.views.view(finished, null);
    expect(w.reads()).toBe(3);
  });

  it('lets go of its bus subscriptions with the views it drops', async () => {
    const w = await setup();
    await w.views.view(w.row, null);
    expect(w.bus.subscribers(tournamentTopic('arena001'))).toBe(1);
    w.views.invalidate('arena001');
    expect(w.bus.subscribers(tournamentTopic('arena001'))).toBe(0);
    expect(w.views.size).toBe(0);
    await w.views.view(w.row, null);
    w.tick(600);
    await w.views.view(w.row, null);
    expect(w.bus.subscribers(tournamentTopic('arena001'))).toBe(1);
  });
});
