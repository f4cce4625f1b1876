/** ModerationStore conformance: sanctions, sessions ended, reports, the log, voiding a rated game. */
import { beforeEach, describe, expect, it } from 'vitest';
import { T0, user } from '../fixtures.ts';
import { NO_SANCTIONS, voidPointId, type ModerationStore, type ModLogRow, type ReportRow } from '../moderation.ts';
import type { RatingStore } from '../ratings.ts';
import type { UserStore } from '../users.ts';

type Under = UserStore & RatingStore & ModerationStore;

const report = (id: string, at: number, over: Partial<ReportRow> = {}): ReportRow => ({
  id,
  reporterId: 'a',
  reportedId: 'b',
  gameId: null,
  reason: 'cheat',
  text: 'engine moves',
  createdAt: at,
  resolvedAt: null,
  resolvedBy: null,
  ...over,
});
const entry = (id: string, at: number, over: Partial<ModLogRow> = {}): ModLogRow => ({
  id,
  at,
  admin: 'Root',
  action: 'mute',
  targetId: 'b',
  gameId: null,
  detail: '',
  ...over,
});

export function describeModerationStore(current: () => Under): void {
  describe('moderation', () => {
    let store: Under;
    beforeEach(async () => {
      store = current();
      for (const [id, name] of [
        ['a', 'Alice'],
        ['b', 'Bob'],
        ['c', 'Carol'],
        ['d', 'Dave'],
      ] as const)
        await store.createUser(user(id, name));
    });

    it('sanctions: none at first; fields set one by one and kept; cleared with null', async () => {
      expect(await store.sanctions('a')).toEqual(NO_SANCTIONS);
      expect(await store.sanctions('nobody')).toEqual(NO_SANCTIONS);
      await store.setSanctions('a', { mutedUntil: T0 + 10 });
      await store.setSanctions('a', { bannedAt: T0 });
      expect(await store.sanctions('a')).toEqual({ mutedUntil: T0 + 10, bannedAt: T0, closedAt: null, cheaterAt: null });
      await store.setSanctions('a', { mutedUntil: null, cheaterAt: T0 + 1, closedAt: T0 + 2 });
      expect(await store.sanctions('a')).toEqual({ mutedUntil: null, bannedAt: T0, closedAt: T0 + 2, cheaterAt: T0 + 1 });
      expect(await store.sanctions('b')).toEqual(NO_SANCTIONS);
      await expect(store.setSanctions('ghost', { bannedAt: T0 })).rejects.toThrow();
    });

    it('every session of a user is ended, and only theirs', async () => {
      for (const [h, u] of [
        ['h1', 'a'],
        ['h2', 'a'],
        ['h3', 'b'],
      ] as const)
        await store.createSession({ tokenHash: h, userId: u, createdAt: T0, expiresAt: T0 + 1000 });
      expect(await store.deleteUserSessions('a')).toBe(2);
      expect(await store.session('h1')).toBeNull();
      expect(await store.session('h2')).toBeNull();
      expect(await store.session('h3')).not.toBeNull();
      expect(await store.deleteUserSessions('a')).toBe(0);
    });

    it('reports: newest first, open ones or all; resolved once, by whom and when', async () => {
      await store.addReport(report('r1', T0));
      await store.addReport(report('r2', T0 + 5, { reportedId: 'c', gameId: 'g1', reason: 'abuse', text: 'rude in chat' }));
      await store.addReport(report('r3', T0 + 9));
      expect((await store.reports(true, 10)).map((r) => r.id)).toEqual(['r3', 'r2', 'r1']);
      expect((await store.reports(true, 2)).map((r) => r.id)).toEqual(['r3', 'r2']);
      expect(await store.resolveReport('r2', 'Root', T0 + 20)).toBe(true);
      expect(await store.resolveReport('r2', 'Other', T0 + 21)).toBe(false);
      expect(await store.resolveReport('nope', 'Root', T0 + 21)).toBe(false);
      expect((await store.reports(true, 10)).map((r) => r.id)).toEqual(['r3', 'r1']);
      const all = await store.reports(false, 10);
      expect(all.map((r) => r.id)).toEqual(['r3', 'r2', 'r1']);
      expect(all[1]).toEqual(
        report('r2', T0 + 5, { reportedId: 'c', gameId: 'g1', reason: 'abuse', text: 'rude in chat', resolvedAt: T0 + 20, resolvedBy: 'Root' }),
      );
      await expect(store.addReport(report('r9', T0, { reportedId: 'ghost' }))).rejects.toThrow();
    });

    it('the log: every entry as written, newest first', async () => {
      await store.logModeration(entry('l1', T0));
      await store.logModeration(entry('l2', T0 + 3, { action: 'void', targetId: null, gameId: 'g1', detail: 'engine' }));
      await store.logModeration(entry('l3', T0 + 1, { action: 'ban' }));
      expect(await store.moderationLog(10)).toEqual([
        entry('l2', T0 + 3, { action: 'void', targetId: null, gameId: 'g1', detail: 'engine' }),
        entry('l3', T0 + 1, { action: 'ban' }),
        entry('l1', T0),
      ]);
      expect(await store.moderationLog(1)).toHaveLength(1);
    });

    it('voiding a counted rated game takes back both players’ changes once; uncounted and unknown games are not voided', async () => {
      const base = (id: string) => store.ratings(id).then((r) => r.find((x) => x.variant === 'xiangqi')!);
      await store.applyRatedGame({ gameId: 'g0', variant: 'xiangqi', whiteId: 'a', blackId: 'c', score: 0.5, at: T0 });
      await store.applyRatedGame({ gameId: 'g0b', variant: 'xiangqi', whiteId: 'd', blackId: 'b', score: 0.5, at: T0 });
      const [a0, b0] = [await base('a'), await base('b')];
      const change = await store.applyRatedGame({ gameId: 'g1', variant: 'xiangqi', whiteId: 'a', blackId: 'b', score: 1, at: T0 + 10 });
      expect((await base('a')).rating).toBeGreaterThan(a0.rating);
      expect(await store.ratedGamesOf('a', 10)).toMatchObject([
        { gameId: 'g1', whiteId: 'a', blackId: 'b', counted: true, voidedAt: null },
        { gameId: 'g0', counted: true },
      ]);
      const voided = await store.voidRatedGame('g1', T0 + 20);
      expect(voided).toMatchObject({ gameId: 'g1', variant: 'xiangqi', counted: true, voidedAt: T0 + 20 });
      expect(voided!.deltas[0]).toBeCloseTo(change!.players[0].after.rating - change!.players[0].before.rating, 9);
      // g1 was both players' last game: their whole state before it is back, exactly.
      const state = (r: { rating: number; deviation: number; volatility: number; games: number }) => [r.rating, r.deviation, r.volatility, r.games];
      expect(state(await base('a'))).toEqual(state(a0));
      expect(state(await base('b'))).toEqual(state(b0));
      expect(voided!.states[0]).toEqual({ before: expect.objectContaining({ games: 1 }), after: expect.objectContaining({ games: 2 }) });
      expect((await store.ratingHistory('b', 'xiangqi', 10)).at(-1)).toMatchObject({ gameId: voidPointId('g1'), ratedAt: T0 + 20 });
      expect(await store.voidRatedGame('g1', T0 + 30)).toBeNull();
      expect(await store.voidRatedGame('nope', T0 + 30)).toBeNull();
      expect((await store.ratedGamesOf('a', 10)).map((g) => g.gameId)).toEqual(['g0']);
      // An uncounted game (over the pair limit) has nothing to take back.
      const pairLimit = { games: 0, withinMs: 1000 };
      expect((await store.applyRatedGame({ gameId: 'g2', variant: 'xiangqi', whiteId: 'a', blackId: 'b', score: 1, at: T0 + 40, pairLimit }))!.counted).toBe(
        false,
      );
      expect(await store.voidRatedGame('g2', T0 + 50)).toBeNull();
    });

    it('voiding a game that moved one player only (the newcomer rule) takes back that player’s change and leaves the other as they are', async () => {
      await store.createUser(user('n', 'Newcomer'));
      const base = (id: string) => store.ratings(id).then((r) => r.find((x) => x.variant === 'sittuyin')!);
      let at = T0;
      for (const o of ['b', 'c', 'd', 'b', 'c'])
        await store.applyRatedGame({ gameId: `s-${o}-${at}`, variant: 'sittuyin', whiteId: 'a', blackId: o, score: 0.5, at: at++ });
      const a0 = await base('a');
      const newcomer = { games: 5, opponents: 3 };
      const held = await store.applyRatedGame({ gameId: 'sn', variant: 'sittuyin', whiteId: 'n', blackId: 'a', score: 1, at: at++, newcomer });
      expect(held).toMatchObject({ counted: true, held: ['a'] });
      // A later game of the held player, then the void.
      await store.applyRatedGame({ gameId: 's-d-last', variant: 'sittuyin', whiteId: 'a', blackId: 'd', score: 1, at: at++ });
      const a1 = await base('a');
      expect(a1.games).toBe(a0.games + 1);
      expect(await store.voidRatedGame('sn', at++)).toMatchObject({ gameId: 'sn', deltas: [expect.any(Number), 0] });
      const state = (r: { rating: number; deviation: number; volatility: number; games: number }) => [r.rating, r.deviation, r.volatility, r.games];
      expect(state(await base('a'))).toEqual(state(a1));
      expect(await base('n')).toBeUndefined();
    });

    it('voiding a game followed by others takes back its own change of rating, deviation and volatility, and the game', async () => {
      const base = (id: string) => store.ratings(id).then((r) => r.find((x) => x.variant === 'janggi')!);
      const first = await store.applyRatedGame({ gameId: 'j1', variant: 'janggi', whiteId: 'a', blackId: 'b', score: 1, at: T0 });
      await store.applyRatedGame({ gameId: 'j2', variant: 'janggi', whiteId: 'a', blackId: 'c', score: 0, at: T0 + 1 });
      const before = await base('a');
      await store.voidRatedGame('j1', T0 + 2);
      const after = await base('a');
      const [was, became] = [first!.players[0].before, first!.players[0].after];
      expect(after.rating).toBeCloseTo(before.rating - (became.rating - was.rating), 9);
      expect(after.deviation).toBeCloseTo(before.deviation - (became.deviation - was.deviation), 9);
      expect(after.deviation).toBeGreaterThan(before.deviation);
      expect(after.volatility).toBeCloseTo(before.volatility - (became.volatility - was.volatility), 12);
      expect(after.games).toBe(1);
      // b's only game in Janggi: b has no Janggi rating again (a newcomer: the next game starts from the default).
      expect(await base('b')).toBeUndefined();
      const next = await store.applyRatedGame({ gameId: 'j3', variant: 'janggi', whiteId: 'b', blackId: 'd', score: 0.5, at: T0 + 3 });
      expect(next!.players[0].before).toEqual({ rating: was.rating, deviation: was.deviation, volatility: was.volatility });
    });

    it('leaderboards leave out banned, closed and cheating accounts', async () => {
      for (let i = 0; i < 30; i++)
        await store.applyRatedGame({ gameId: `cd${i}`, variant: 'xiangqi', whiteId: 'c', blackId: 'd', score: i === 0 ? 1 : 0.5, at: T0 + i });
      const rule = { maxDeviation: 110, minGames: 10 };
      expect((await store.leaderboard('xiangqi', 10, rule)).map((r) => r.userId)).toEqual(['c', 'd']);
      await store.setSanctions('c', { cheaterAt: T0 });
      expect((await store.leaderboard('xiangqi', 10, rule)).map((r) => r.userId)).toEqual(['d']);
      await store.setSanctions('c', { cheaterAt: null, bannedAt: T0 });
      expect((await store.leaderboard('xiangqi', 10, rule)).map((r) => r.userId)).toEqual(['d']);
      await store.setSanctions('c', { bannedAt: null });
      await store.setSanctions('d', { closedAt: T0, mutedUntil: T0 + 99 });
      expect((await store.leaderboard('xiangqi', 10, rule)).map((r) => r.userId)).toEqual(['c']);
    });
  });
}
