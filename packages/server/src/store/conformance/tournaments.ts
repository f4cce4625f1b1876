/** TournamentStore conformance: tournaments listed, players entered, pairings fenced by version and by who is free, results recorded once. */
import { beforeEach, describe, expect, it } from 'vitest';
import { pairing, T0, tournamentRow, tournamentTerms, user } from '../fixtures.ts';
import type { TournamentStore } from '../tournaments.ts';
import { TournamentConflict, UniqueViolation } from '../types.ts';
import type { UserStore } from '../users.ts';

/** What these tests use. */
type Under = UserStore & TournamentStore;

const running = { status: 'running', round: 0, rounds: 0, startedAt: T0 + 60_000, endedAt: null } as const;

export function describeTournamentStore(current: () => Under): void {
  describe('tournaments', () => {
    let store: Under;
    beforeEach(async () => {
      store = current();
      for (const id of ['u1', 'u2', 'u3', 'u4']) await store.createUser(user(id, `Player${id}`));
    });
    const enter = (tournamentId: string, userId: string, at = T0 + 10, max = 100) =>
      store.enterTournament({ tournamentId, userId, name: `Player${userId}`, rating: 1500.5, at }, max);

    it('read back as written, by id and by invite; ids, invites and schedule keys are unique', async () => {
      const t = tournamentRow('t1', { createdBy: 'u1', roomId: 'r1', inviteToken: 'inv1', scheduleKey: null });
      await store.createTournament(t);
      await store.createTournament(tournamentRow('t2', { scheduleKey: 'daily-2026-12-01' }, { kind: 'swiss', rounds: 7, roundGapMs: 30_000 }));
      expect(await store.tournament('t1')).toEqual(t);
      expect(await store.tournamentByInvite('inv1')).toEqual(t);
      expect(await store.tournamentByInvite('nope')).toBeNull();
      expect(await store.tournament('nope')).toBeNull();
      expect((await store.tournament('t2'))?.terms).toEqual(tournamentTerms({ kind: 'swiss', rounds: 7, roundGapMs: 30_000 }));
      await expect(store.createTournament(tournamentRow('t1'))).rejects.toEqual(new UniqueViolation('tournament'));
      await expect(store.createTournament(tournamentRow('t3', { inviteToken: 'inv1' }))).rejects.toEqual(new UniqueViolation('tournamentInvite'));
      await expect(store.createTournament(tournamentRow('t4', { scheduleKey: 'daily-2026-12-01' }))).rejects.toEqual(new UniqueViolation('tournamentSchedule'));
      expect(await store.tournament('t3')).toBeNull();
    });

    it('listed by status and start time, private ones left out of the public lists, by room', async () => {
      await store.createTournament(tournamentRow('late', {}, { startsAt: T0 + 3000 }));
      await store.createTournament(tournamentRow('soon', {}, { startsAt: T0 + 1000 }));
      await store.createTournament(tournamentRow('b-same', { roomId: 'r1' }, { startsAt: T0 + 2000 }));
      await store.createTournament(tournamentRow('a-same', { inviteToken: 'x' }, { startsAt: T0 + 2000 }));
      await store.createTournament(tournamentRow('done', { status: 'finished' }, { startsAt: T0 }));
      const ids = async (q: Partial<Parameters<TournamentStore['listTournaments']>[0]>) =>
        (await store.listTournaments({ statuses: ['upcoming', 'running'], listedOnly: false, limit: 50, ...q })).map((t) => t.id);
      expect(await ids({})).toEqual(['soon', 'a-same', 'b-same', 'late']);
      expect(await ids({ listedOnly: true })).toEqual(['soon', 'b-same', 'late']);
      expect(await ids({ latestFirst: true, limit: 2 })).toEqual(['late', 'b-same']);
      expect(await ids({ roomId: 'r1' })).toEqual(['b-same']);
      expect(await ids({ statuses: ['finished', 'cancelled'] })).toEqual(['done']);
      expect(await ids({ statuses: [] })).toEqual([]);
    });

    it('players enter once, come back with their place kept, and find it full', async () => {
      await store.createTournament(tournamentRow('t1'));
      expect(await enter('t1', 'u1', T0 + 10, 2)).toBe('joined');
      expect(await enter('t1', 'u2', T0 + 5, 2)).toBe('joined');
      expect(await enter('t1', 'u3', T0 + 20, 2)).toBe('full');
      expect(await store.setEntryActive('t1', 'u1', false)).toBe(true);
      await store.setEntryAway('t1', 'u1', T0 + 30);
      expect(await store.setEntryActive('t1', 'u3', false)).toBe(false);
      await store.setEntryAway('t1', 'u3', T0 + 30);
      let sheet = await store.tournamentSheet('t1');
      expect(sheet.entries).toEqual([
        { tournamentId: 't1', userId: 'u2', name: 'Playeru2', rating: 1500.5, joinedAt: T0 + 5, active: true, playing: null, awaySince: null },
        { tournamentId: 't1', userId: 'u1', name: 'Playeru1', rating: 1500.5, joinedAt: T0 + 10, active: false, playing: null, awaySince: T0 + 30 },
      ]);
      expect(await enter('t1', 'u1', T0 + 40, 2)).toBe('rejoined');
      sheet = await store.tournamentSheet('t1');
      expect(sheet.entries[1]).toMatchObject({ userId: 'u1', active: true, awaySince: null, joinedAt: T0 + 10 });
      await expect(store.enterTournament({ tournamentId: 't1', userId: 'ghost', name: 'g', rating: 1500, at: T0 }, 100)).rejects.toThrow();
      expect(await store.tournamentSheet('nope')).toEqual({ entries: [], pairings: [], byes: [] });
    });

    it('a player leaves a tournament not started as if never entered, and its version moves on; once started, no more', async () => {
      await store.createTournament(tournamentRow('t1'));
      expect(await enter('t1', 'u1', T0 + 10, 2)).toBe('joined');
      expect(await enter('t1', 'u2', T0 + 5, 2)).toBe('joined');
      expect(await store.leaveTournament('t1', 'u1')).toBe('left');
      expect((await store.tournamentSheet('t1')).entries.map((e) => e.userId)).toEqual(['u2']);
      // Each join moved it on, and so did the leave.
      expect((await store.tournament('t1'))?.version).toBe(4);
      // A start decided before the leave is refused.
      const start = { ...running, pairings: [], byes: [] };
      await expect(store.advanceTournament('t1', 3, start)).rejects.toThrow(TournamentConflict);
      expect(await store.leaveTournament('t1', 'u1')).toBe('not-entered');
      expect(await store.leaveTournament('nope', 'u1')).toBe('not-entered');
      // The place it freed is taken again, with a new join time.
      expect(await enter('t1', 'u3', T0 + 20, 2)).toBe('joined');
      expect(await enter('t1', 'u1', T0 + 30, 2)).toBe('full');
      await store.advanceTournament('t1', 5, start);
      expect(await store.leaveTournament('t1', 'u2')).toBe('started');
      expect((await store.tournamentSheet('t1')).entries.map((e) => e.userId)).toEqual(['u2', 'u3']);
      expect((await store.tournament('t1'))?.version).toBe(6);
    });

    it('entering moves the version on where the next decision reads the entries: before the start, and in a running Swiss or round-robin; not in a running arena', async () => {
      const version = async (id: string) => (await store.tournament(id))?.version;
      await store.createTournament(tournamentRow('rr', {}, { kind: 'roundRobin' }));
      expect(await enter('rr', 'u1', T0 + 10, 2)).toBe('joined');
      expect(await version('rr')).toBe(2);
      // A start decided before the second join (one player: cancel; or a round-robin's rounds) is refused.
      const start = { ...running, rounds: 1, pairings: [], byes: [] };
      expect(await enter('rr', 'u2', T0 + 20, 2)).toBe('joined');
      await expect(store.advanceTournament('rr', 2, start)).rejects.toThrow(TournamentConflict);
      expect(await version('rr')).toBe(3);
      // Full: nothing entered, nothing moved.
      expect(await enter('rr', 'u3', T0 + 30, 2)).toBe('full');
      expect(await version('rr')).toBe(3);
      await store.advanceTournament('rr', 3, start);
      // Running: a withdrawal moves it (issue 27: a round decided with the player is refused), and so does a withdrawn
      // player coming back (the next round pairs them rather than giving their opponent a forfeit).
      expect(await store.setEntryActive('rr', 'u2', false)).toBe(true);
      expect(await version('rr')).toBe(5);
      expect(await enter('rr', 'u2', T0 + 40, 2)).toBe('rejoined');
      expect(await version('rr')).toBe(6);
      await expect(store.advanceTournament('rr', 5, { ...start, round: 1 })).rejects.toThrow(TournamentConflict);

      await store.createTournament(tournamentRow('sw', {}, { kind: 'swiss', rounds: 3, lateJoinUntilRound: 2 }));
      for (const u of ['u1', 'u2']) await enter('sw', u);
      await store.advanceTournament('sw', 3, { ...running, rounds: 3, pairings: [], byes: [] });
      // A late player joining while round 1 is decided: that round's write is refused.
      expect(await enter('sw', 'u3', T0 + 50)).toBe('joined');
      await expect(
        store.advanceTournament('sw', 4, { ...running, round: 1, rounds: 3, pairings: [pairing('s1', 'u1', 'u2', { round: 1 })], byes: [] }),
      ).rejects.toThrow(TournamentConflict);
      expect(await version('sw')).toBe(5);
      expect((await store.tournamentSheet('sw')).pairings).toEqual([]);

      await store.createTournament(tournamentRow('ar', {}, { kind: 'arena' }));
      for (const u of ['u1', 'u2']) await enter('ar', u);
      await store.advanceTournament('ar', 3, { ...running, pairings: [], byes: [] });
      // A running arena: joins and returns leave the version alone, and a pass that read before them still pairs.
      expect(await enter('ar', 'u3', T0 + 60)).toBe('joined');
      expect(await store.setEntryActive('ar', 'u1', false)).toBe(true);
      expect(await enter('ar', 'u1', T0 + 70)).toBe('rejoined');
      expect(await version('ar')).toBe(4);
      await store.advanceTournament('ar', 4, { ...running, pairings: [pairing('a1', 'u1', 'u2')], byes: [] });
      expect(await version('ar')).toBe(5);
    });

    it('a new entry checked against a progress gone by (a start, a round paired since) is refused and writes nothing; a return is not', async () => {
      const enterSeen = (tournamentId: string, userId: string, status: 'upcoming' | 'running', round: number) =>
        store.enterTournament({ tournamentId, userId, name: `Player${userId}`, rating: 1500, at: T0 + 10 }, 100, { status, round });
      await store.createTournament(tournamentRow('rr', {}, { kind: 'roundRobin' }));
      expect(await enterSeen('rr', 'u1', 'upcoming', 0)).toBe('joined');
      expect(await enterSeen('rr', 'u2', 'upcoming', 0)).toBe('joined');
      await store.advanceTournament('rr', 3, { ...running, rounds: 1, pairings: [], byes: [] });
      // Checked while it was upcoming, written after its start: not entered, nothing moved.
      expect(await enterSeen('rr', 'u3', 'upcoming', 0)).toBe('changed');
      expect((await store.tournamentSheet('rr')).entries.map((e) => e.userId)).toEqual(['u1', 'u2']);
      expect((await store.tournament('rr'))?.version).toBe(4);
      // A withdrawn player coming back is let in whatever the progress.
      expect(await store.setEntryActive('rr', 'u2', false)).toBe(true);
      expect(await enterSeen('rr', 'u2', 'upcoming', 0)).toBe('rejoined');

      // A Swiss: checked before round 1 was paired, written after: refused; checked again on the new round: in.
      await store.createTournament(tournamentRow('sw', running, { kind: 'swiss', rounds: 3, lateJoinUntilRound: 2 }));
      await store.advanceTournament('sw', 1, { ...running, round: 1, rounds: 3, pairings: [], byes: [] });
      expect(await enterSeen('sw', 'u1', 'running', 0)).toBe('changed');
      expect(await enterSeen('sw', 'u1', 'running', 1)).toBe('joined');
      expect((await store.tournamentSheet('sw')).entries.map((e) => e.userId)).toEqual(['u1']);
    });

    it('an advance writes the progress, pairings and byes at the next version, and the paired players are playing', async () => {
      await store.createTournament(tournamentRow('t1'));
      await store.advanceTournament('t1', 1, { ...running, pairings: [], byes: [] });
      // Entered once the arena runs: their joins leave the version alone.
      for (const u of ['u1', 'u2', 'u3', 'u4']) await enter('t1', u);
      const p1 = pairing('g1', 'u1', 'u2', { berserk: [false, true] });
      const p2 = pairing('g2', 'u3', 'u4', { round: 1, pairedAt: T0 + 101 });
      await store.advanceTournament('t1', 2, {
        ...running,
        round: 1,
        rounds: 3,
        pairings: [p1, p2],
        byes: [{ round: 1, userId: 'u4', kind: 'late', points: 0 }],
      });
      expect(await store.tournament('t1')).toMatchObject({ status: 'running', round: 1, rounds: 3, startedAt: T0 + 60_000, endedAt: null, version: 3 });
      const sheet = await store.tournamentSheet('t1');
      expect(sheet.pairings).toEqual([p1, p2]);
      expect(sheet.byes).toEqual([{ round: 1, userId: 'u4', kind: 'late', points: 0 }]);
      expect(Object.fromEntries(sheet.entries.map((e) => [e.userId, e.playing]))).toEqual({ u1: 'g1', u2: 'g1', u3: 'g2', u4: 'g2' });
      expect(await store.tournamentGame('g2')).toEqual({ tournamentId: 't1', pairing: p2 });
      expect(await store.tournamentGame('nope')).toBeNull();
    });

    it('an advance decided on an old version, or pairing a busy player, is refused and writes nothing', async () => {
      // A running arena: the joins below leave its version at 1.
      await store.createTournament(tournamentRow('t1', running));
      for (const u of ['u1', 'u2', 'u3']) await enter('t1', u);
      await store.advanceTournament('t1', 1, { ...running, pairings: [pairing('g1', 'u1', 'u2')], byes: [] });
      // A second director that read version 1 pairs u3 with u1: refused on the version.
      await expect(store.advanceTournament('t1', 1, { ...running, pairings: [pairing('g2', 'u3', 'u4')], byes: [] })).rejects.toBeInstanceOf(
        TournamentConflict,
      );
      // At the right version, but u1 is playing g1: refused, and u3 is not left marked playing.
      await expect(store.advanceTournament('t1', 2, { ...running, pairings: [pairing('g3', 'u3', 'u1')], byes: [] })).rejects.toBeInstanceOf(
        TournamentConflict,
      );
      // A player not entered (u4): the bye given with it is not written either.
      await expect(
        store.advanceTournament('t1', 2, { ...running, pairings: [pairing('g4', 'u3', 'u4')], byes: [{ round: 1, userId: 'u3', kind: 'pab', points: 1 }] }),
      ).rejects.toBeInstanceOf(TournamentConflict);
      const sheet = await store.tournamentSheet('t1');
      expect(sheet.pairings.map((p) => p.gameId)).toEqual(['g1']);
      expect(sheet.byes).toEqual([]);
      expect(sheet.entries.find((e) => e.userId === 'u3')?.playing).toBeNull();
      expect((await store.tournament('t1'))?.version).toBe(2);
      await expect(store.advanceTournament('nope', 1, { ...running, pairings: [], byes: [] })).rejects.toBeInstanceOf(TournamentConflict);
    });

    it('a withdrawal moves the version on in a running Swiss (a round decided before it is refused); a paused or withdrawn player is never paired', async () => {
      const swiss = { ...running, round: 1, rounds: 3 } as const;
      await store.createTournament(tournamentRow('t1', swiss, { kind: 'swiss', rounds: 3 }));
      for (const u of ['u1', 'u2', 'u3', 'u4']) await enter('t1', u);
      const v = (await store.tournament('t1'))!.version;
      expect(await store.setEntryActive('t1', 'u4', false)).toBe(true);
      expect((await store.tournament('t1'))?.version).toBe(v + 1);
      await expect(store.advanceTournament('t1', v, { ...swiss, round: 2, pairings: [pairing('g1', 'u1', 'u2')], byes: [] })).rejects.toBeInstanceOf(
        TournamentConflict,
      );
      // At the new version, a pairing of the withdrawn player is refused too, and writes nothing.
      await expect(store.advanceTournament('t1', v + 1, { ...swiss, round: 2, pairings: [pairing('g2', 'u3', 'u4')], byes: [] })).rejects.toBeInstanceOf(
        TournamentConflict,
      );
      expect((await store.tournamentSheet('t1')).entries.find((e) => e.userId === 'u3')?.playing).toBeNull();
      // A running arena's pause does not move its version (its passes would be refused by every pause); the pairing is refused instead.
      await store.createTournament(tournamentRow('t2', running));
      for (const u of ['u1', 'u2']) await enter('t2', u);
      expect(await store.setEntryActive('t2', 'u2', false)).toBe(true);
      expect((await store.tournament('t2'))?.version).toBe(1);
      await expect(store.advanceTournament('t2', 1, { ...running, pairings: [pairing('h1', 'u1', 'u2')], byes: [] })).rejects.toBeInstanceOf(
        TournamentConflict,
      );
      expect(await store.setEntryActive('t2', 'u9', false)).toBe(false);
    });

    it('a half-point bye is stored for a round not paired yet, once a round, up to the most allowed, moving the version on', async () => {
      await store.createTournament(tournamentRow('t1', {}, { kind: 'swiss', rounds: 5 }));
      for (const u of ['u1', 'u2', 'u3']) await enter('t1', u);
      const v = (await store.tournament('t1'))!.version;
      expect(await store.requestHalfBye('t1', 'u1', 2, 2)).toBe('requested');
      expect((await store.tournament('t1'))?.version).toBe(v + 1);
      expect(await store.requestHalfBye('t1', 'u1', 2, 2)).toBe('taken');
      expect(await store.requestHalfBye('t1', 'u1', 3, 2)).toBe('requested');
      expect(await store.requestHalfBye('t1', 'u1', 4, 2)).toBe('limit');
      expect(await store.requestHalfBye('t1', 'u4', 2, 2)).toBe('not-entered');
      expect((await store.tournamentSheet('t1')).byes).toEqual([
        { round: 2, userId: 'u1', kind: 'half', points: 0.5 },
        { round: 3, userId: 'u1', kind: 'half', points: 0.5 },
      ]);
      // Round 2 paired: too late for it; refusals leave the version as it was.
      const at = (await store.tournament('t1'))!.version;
      await store.advanceTournament('t1', at, { status: 'running', round: 2, rounds: 5, startedAt: T0, endedAt: null, pairings: [], byes: [] });
      expect(await store.requestHalfBye('t1', 'u2', 2, 2)).toBe('paired');
      expect(await store.requestHalfBye('t1', 'u2', 1, 2)).toBe('paired');
      expect((await store.tournament('t1'))?.version).toBe(at + 1);
      expect(await store.setEntryActive('t1', 'u3', false)).toBe(true);
      expect(await store.requestHalfBye('t1', 'u3', 4, 2)).toBe('not-entered');
    });

    it("an advance's note is added to the tournament's notes, in order", async () => {
      await store.createTournament(tournamentRow('t1', running, { kind: 'swiss', rounds: 3 }));
      expect((await store.tournament('t1'))?.notes).toEqual([]);
      await store.advanceTournament('t1', 1, { ...running, round: 1, rounds: 3, pairings: [], byes: [], note: { round: 1, code: 'relaxed-bye' } });
      await store.advanceTournament('t1', 2, { ...running, round: 2, rounds: 3, pairings: [], byes: [] });
      await store.advanceTournament('t1', 3, {
        ...running,
        status: 'finished',
        round: 2,
        rounds: 3,
        pairings: [],
        byes: [],
        note: { round: 3, code: 'no-pairing' },
      });
      expect((await store.tournament('t1'))?.notes).toEqual([
        { round: 1, code: 'relaxed-bye' },
        { round: 3, code: 'no-pairing' },
      ]);
      expect((await store.listTournaments({ statuses: ['finished'], listedOnly: false, limit: 5 }))[0]?.notes).toHaveLength(2);
    });

    it("the live part (entries, games being played) and a player's pairings, without the rest of the sheet", async () => {
      await store.createTournament(tournamentRow('t1', running));
      await store.createTournament(tournamentRow('t2', running));
      for (const u of ['u1', 'u2', 'u3', 'u4']) await enter('t1', u);
      await enter('t2', 'u1');
      await enter('t2', 'u2');
      const g1 = pairing('g1', 'u1', 'u2');
      const g2 = pairing('g2', 'u3', 'u4', { pairedAt: T0 + 101 });
      await store.advanceTournament('t1', 1, { ...running, pairings: [g1, g2], byes: [] });
      await store.advanceTournament('t2', 1, { ...running, pairings: [pairing('h1', 'u2', 'u1')], byes: [] });
      const end = { result: 1, forfeit: false, plies: 30, endedAt: T0 + 5000 } as const;
      expect(await store.recordTournamentGame('g1', end)).toBe(true);
      const g3 = pairing('g3', 'u2', 'u1', { pairedAt: T0 + 6000 });
      await store.advanceTournament('t1', 2, { ...running, pairings: [g3], byes: [] });
      const live = await store.tournamentLive('t1');
      expect(live.entries).toEqual((await store.tournamentSheet('t1')).entries);
      expect(live.pairings).toEqual([g2, g3]);
      expect(live.byes).toEqual([]);
      // Finished and running, in the sheet's order; not another tournament's; nobody asked, nothing read.
      expect(await store.pairingsOf('t1', ['u1'])).toEqual([{ ...g1, ...end }, g3]);
      expect((await store.pairingsOf('t1', ['u4', 'u2'])).map((p) => p.gameId)).toEqual(['g1', 'g2', 'g3']);
      expect(await store.pairingsOf('t1', [])).toEqual([]);
      expect(await store.pairingsOf('nope', ['u1'])).toEqual([]);
      expect(await store.tournamentLive('nope')).toEqual({ entries: [], pairings: [], byes: [] });
      // What changed since a reader looked: paired since then, or named (once live, finished since); each once, not another tournament's.
      expect(await store.pairingsChanged('t1', T0 + 6000, [])).toEqual([g3]);
      expect(await store.pairingsChanged('t1', T0 + 6000, ['g1', 'g3', 'h1'])).toEqual([{ ...g1, ...end }, g3]);
      expect((await store.pairingsChanged('t1', 0, [])).map((p) => p.gameId)).toEqual(['g1', 'g2', 'g3']);
      expect(await store.pairingsChanged('t1', T0 + 7000, [])).toEqual([]);
    });

    it('a result is recorded once and frees both players; berserk only while the game runs', async () => {
      await store.createTournament(tournamentRow('t1', running));
      for (const u of ['u1', 'u2', 'u3']) await enter('t1', u);
      await store.advanceTournament('t1', 1, { ...running, pairings: [pairing('g1', 'u1', 'u2')], byes: [] });
      expect(await store.setTournamentBerserk('g1', 1)).toBe(true);
      expect(await store.setTournamentBerserk('nope', 0)).toBe(false);
      const end = { result: 0.5, forfeit: false, plies: 42, endedAt: T0 + 5000 } as const;
      expect(await store.recordTournamentGame('g1', end)).toBe(true);
      expect(await store.recordTournamentGame('g1', { ...end, result: 1 })).toBe(false);
      expect(await store.recordTournamentGame('nope', end)).toBe(false);
      expect(await store.setTournamentBerserk('g1', 0)).toBe(false);
      const sheet = await store.tournamentSheet('t1');
      expect(sheet.pairings).toEqual([pairing('g1', 'u1', 'u2', { ...end, berserk: [false, true] })]);
      expect(sheet.entries.every((e) => e.playing === null)).toBe(true);
      // Free again: the two may be paired once more (an arena's next game).
      await store.advanceTournament('t1', 2, { ...running, pairings: [pairing('g2', 'u2', 'u1', { pairedAt: T0 + 6000 })], byes: [] });
      const forfeit = { result: 1, forfeit: true, plies: 0, endedAt: T0 + 7000 } as const;
      expect(await store.recordTournamentGame('g2', forfeit)).toBe(true);
      expect((await store.tournamentSheet('t1')).pairings.map((p) => [p.gameId, p.result, p.forfeit])).toEqual([
        ['g1', 0.5, false],
        ['g2', 1, true],
      ]);
    });
  });
}
