/**
 * The behaviour every Store must have, as vitest tests, run against each back
 * end and configuration in CONFORMANCE_RUNS below. One suite per concern
 * (users.ts, games.ts, ratings.ts, puzzles.ts, social.ts beside this file),
 * plus what belongs to the store as a whole here: migrations, meta,
 * durability across a reopen. A new back end passes all of them before it is
 * used.
 */
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { T0, game, played, tournamentRow, user, type StoreFixture } from '../fixtures.ts';
import type { PuzzleResult } from '../puzzles.ts';
import type { Store } from '../types.ts';
import { describeAnalysisStore } from './analyses.ts';
import { describeGameStore } from './games.ts';
import { describeModerationStore } from './moderation.ts';
import { describeNotificationStore } from './notifications.ts';
import { describeImportStore } from './imports.ts';
import { describePuzzleStore } from './puzzles.ts';
import { describeRatingStore } from './ratings.ts';
import { describeSocialStore } from './social.ts';
import { describeTokenStore } from './tokens.ts';
import { describeTournamentStore } from './tournaments.ts';
import { describeUserStore } from './users.ts';

/**
 * Every back end and configuration the conformance suite runs on, each with
 * the test file (under store/) that calls describeStore for it: one file per
 * back end, so that they run in parallel test workers. A configuration we
 * ship goes here, and into its file.
 */
export const CONFORMANCE_RUNS = {
  memory: 'memory/conformance.test.ts',
  'SQLite :memory:': 'sqlite/conformance.test.ts',
  'SQLite file': 'sqlite/conformance.test.ts',
  // The timer path of group commit, and batches cut short by maxBatch.
  'SQLite file, 2 ms window, batches of 3': 'sqlite/conformance.test.ts',
  // What openStore returns by default: the SQLite store on a worker thread.
  'SQLite file on a worker thread': 'sqlite/threaded.conformance.test.ts',
  // PostgreSQL runs on every machine of this kind and in CI (127.0.0.1:5432, database test): no skipping.
  PostgreSQL: 'postgres/conformance.test.ts',
} as const;

export type ConformanceRun = keyof typeof CONFORMANCE_RUNS;

const attempt: PuzzleResult = {
  userId: 'u1',
  puzzleId: 'x1',
  variant: 'xiangqi',
  win: true,
  at: T0,
  initial: { rating: 1320, deviation: 300, volatility: 0.06 },
};

/**
 * `durable`: the back end keeps data across close and reopen (its fixture provides `reopen`).
 * Every test starts on an empty, migrated store: a fresh one, or, where the
 * fixture can empty it, the previous test's store emptied. A test that fails
 * leaves its store behind: the next one opens a fresh store.
 */
export function describeStore(name: ConformanceRun, setup: () => Promise<StoreFixture>, { durable }: { durable: boolean }): void {
  describe(`${name}: Store conformance`, () => {
    /** The fixture in use; kept from one test to the next where it can be emptied. */
    let fx: StoreFixture | null = null;
    let store: Store;
    let opened: Store[] = [];

    async function release(): Promise<void> {
      const f = fx;
      fx = null;
      for (const s of opened.splice(0)) await s.close();
      await f?.dispose();
    }

    beforeEach(async () => {
      if (fx?.empty) {
        await fx.empty();
        return;
      }
      fx = await setup();
      store = fx.store;
      opened = [store];
      await store.migrate();
    });
    afterEach(async ({ task }) => {
      if (fx?.empty && task.result?.state !== 'fail') {
        // Kept for the next test: the store in use now (a reopen's, after one); those it replaced are closed.
        for (const s of opened) if (s !== store) await s.close();
        opened = [store];
        return;
      }
      await release();
    });
    afterAll(release);

    async function reopen(): Promise<Store> {
      const again = fx?.reopen;
      if (!again) throw new Error(`${name}: the fixture cannot reopen its storage`);
      await store.close();
      store = await again();
      opened.push(store);
      await store.migrate();
      return store;
    }

    it('migrate twice is idempotent and keeps the data', async () => {
      await store.setMeta('k', 'v');
      await store.createGame(game('g1'));
      await store.migrate();
      await store.migrate();
      expect(await store.getMeta('k')).toBe('v');
      expect((await store.game('g1'))?.id).toBe('g1');
      await store.createGame(game('g2'));
    });

    it('meta: absent is null, set, overwrite', async () => {
      expect(await store.getMeta('secret')).toBeNull();
      await store.setMeta('secret', 'a');
      expect(await store.getMeta('secret')).toBe('a');
      await store.setMeta('secret', 'b');
      expect(await store.getMeta('secret')).toBe('b');
    });

    it('meta if absent: the first value stored wins; a second attempt, or racing ones, answer the first', async () => {
      expect(await store.setMetaIfAbsent('secret', 'a')).toBe('a');
      expect(await store.setMetaIfAbsent('secret', 'b')).toBe('a');
      expect(await store.getMeta('secret')).toBe('a');
      const raced = await Promise.all(['c', 'd', 'e'].map((v) => store.setMetaIfAbsent('other', v)));
      expect(new Set(raced).size).toBe(1);
      expect(await store.getMeta('other')).toBe(raced[0]);
    });

    // Only back ends that keep data can show they keep it; the others do not register this test.
    const itDurable = durable ? it : ((() => undefined) as unknown as typeof it);
    itDurable('data survives closing and reopening', async () => {
      await store.createUser(user('u1', 'Alice'));
      await store.createSession({ tokenHash: 'ab', userId: 'u1', createdAt: T0, expiresAt: T0 + 1 });
      await store.setMeta('k', 'v');
      const g = game('g1', { inviteToken: 'inv' });
      await store.createGame(g);
      const next = played(g, 3);
      await store.saveGame(next.row, 1, next.moves);
      await store.createUser(user('u2', 'Bob'));
      const change = await store.applyRatedGame({ gameId: 'g9', variant: 'xiangqi', whiteId: 'u1', blackId: 'u2', score: 0.5, at: T0 });
      await store.setMute('u1', 'u2', true, T0);
      // Blocked first: a block ends the follows made before it (the route refuses this follow; the store keeps what it is given).
      await store.setBlock('u2', 'u1', true, T0);
      await store.setFollow('u1', 'u2', true, T0);
      await store.putNotification({ userId: 'u1', id: 'n1', kind: 'challenge', data: { game: 'g1' }, createdAt: T0, readAt: null });
      await store.setNotificationOff('u1', 'your-turn', true);
      const solved = await store.applyPuzzleResult(attempt);
      await store.createTournament(tournamentRow('t1'));
      await store.enterTournament({ tournamentId: 't1', userId: 'u1', name: 'Alice', rating: 1500, at: T0 }, 10);
      const s = await reopen();
      // The join moved its version on (a start decided before it would be refused).
      expect(await s.tournament('t1')).toEqual(tournamentRow('t1', { version: 2 }));
      expect((await s.tournamentSheet('t1')).entries.map((e) => e.userId)).toEqual(['u1']);
      expect(await s.puzzleRatings('u1')).toEqual([solved.player]);
      expect(await s.puzzleStates('xiangqi')).toEqual([solved.puzzle]);
      expect((await s.applyPuzzleResult(attempt)).rated).toBe(false);
      expect((await s.ratings('u1'))[0]).toMatchObject({ ...change!.players[0].after, games: 1 });
      expect(await s.applyRatedGame({ gameId: 'g9', variant: 'xiangqi', whiteId: 'u1', blackId: 'u2', score: 0.5, at: T0 })).toBeNull();
      expect(await s.mutes('u1')).toEqual(['u2']);
      expect(await s.relation('u1', 'u2')).toEqual({ follows: true, followedBy: false, blocks: false, blockedBy: true });
      expect(await s.notifications('u1', { limit: 5 })).toEqual([
        { userId: 'u1', id: 'n1', kind: 'challenge', data: { game: 'g1' }, createdAt: T0, readAt: null },
      ]);
      expect(await s.notificationsOff('u1')).toEqual(['your-turn']);
      expect(await s.userByName('alice')).toEqual(user('u1', 'Alice'));
      expect(await s.session('ab')).toEqual({ tokenHash: 'ab', userId: 'u1', createdAt: T0, expiresAt: T0 + 1 });
      expect(await s.getMeta('k')).toBe('v');
      expect(await s.game('g1')).toEqual(next.row);
      expect(await s.gameByInvite('inv')).toEqual(next.row);
      expect(await s.moves('g1')).toEqual(next.moves);
    });

    describeUserStore(() => store);
    describeGameStore(() => store);
    describeRatingStore(() => store);
    describePuzzleStore(() => store);
    describeSocialStore(() => store);
    describeNotificationStore(() => store);
    describeTournamentStore(() => store);
    describeAnalysisStore(() => store);
    describeImportStore(() => store);
    describeModerationStore(() => store);
    describeTokenStore(() => store);
  });
}
