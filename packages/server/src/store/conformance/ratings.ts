/** RatingStore conformance: rated games, ratings, history, leaderboards, recovery. */
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_RATING, rateGame } from '@youzai/game';
import { T0, game, user } from '../fixtures.ts';
import type { GameStore } from '../games.ts';
import type { RatedResult, RatingStore } from '../ratings.ts';
import type { UserStore } from '../users.ts';

/** What these tests use. */
type Under = UserStore & GameStore & RatingStore;

const rated = (gameId: string, whiteId: string, blackId: string, score: 0 | 0.5 | 1, at = T0, variant = 'xiangqi'): RatedResult => ({
  gameId,
  variant,
  whiteId,
  blackId,
  score,
  at,
});
const glicko = (r: { rating: number; deviation: number; volatility: number }) => ({ rating: r.rating, deviation: r.deviation, volatility: r.volatility });

/** Registers the ratings tests inside a describeStore block: `current` gives the store of the running test. */
export function describeRatingStore(current: () => Under): void {
  describe('ratings', () => {
    let store: Under;
    beforeEach(() => {
      store = current();
    });

    it('a rated game updates both players once, atomically; a retry changes nothing', async () => {
      for (const [id, name] of [
        ['u1', 'Alice'],
        ['u2', 'Bob'],
      ] as const)
        await store.createUser(user(id, name));
      const [w, b] = rateGame(DEFAULT_RATING, DEFAULT_RATING, 1);
      const change = await store.applyRatedGame(rated('g1', 'u1', 'u2', 1, T0 + 5));
      expect(change).toEqual({
        gameId: 'g1',
        variant: 'xiangqi',
        counted: true,
        players: [
          { userId: 'u1', before: DEFAULT_RATING, after: w },
          { userId: 'u2', before: DEFAULT_RATING, after: b },
        ],
      });
      expect(await store.applyRatedGame(rated('g1', 'u1', 'u2', 1, T0 + 6))).toBeNull();
      expect(await store.applyRatedGame(rated('g1', 'u2', 'u1', 0, T0 + 7))).toBeNull();
      expect(await store.ratings('u1')).toEqual([{ userId: 'u1', variant: 'xiangqi', ...w, games: 1, ratedAt: T0 + 5 }]);
      expect(await store.ratings('u2')).toEqual([{ userId: 'u2', variant: 'xiangqi', ...b, games: 1, ratedAt: T0 + 5 }]);
      expect(await store.ratingHistory('u1', 'xiangqi', 10)).toEqual([{ userId: 'u1', variant: 'xiangqi', gameId: 'g1', ratedAt: T0 + 5, ...w }]);
      expect(await store.ratings('nobody')).toEqual([]);
      // The next game starts from the stored rating, to the last bit.
      const again = await store.applyRatedGame(rated('g2', 'u2', 'u1', 0.5, T0 + 9));
      expect(again!.players[0].before).toEqual(b);
      expect(again!.players[1].before).toEqual(w);
      expect(again!.players.map((p) => p.after)).toEqual(rateGame(b, w, 0.5));
      expect((await store.ratings('u1'))[0]!.games).toBe(2);
    });

    it('two games of one player ending at the same moment both count', async () => {
      for (const id of ['u1', 'u2', 'u3', 'u4']) await store.createUser(user(id, `P${id}`));
      // u1 plays three opponents; all three results are applied at once.
      const games = [rated('g1', 'u1', 'u2', 1), rated('g2', 'u3', 'u1', 0.5), rated('g3', 'u1', 'u4', 0)];
      const changes = await Promise.all(games.map((g) => store.applyRatedGame(g)));
      expect(changes.every((c) => c !== null)).toBe(true);
      const [mine] = await store.ratings('u1');
      expect(mine!.games).toBe(3);
      expect(await store.ratingHistory('u1', 'xiangqi', 10)).toHaveLength(3);
      // Each game started from the rating the previous one left: the changes chain, in some order.
      const of = (i: number) => changes[i]!.players.find((p) => p.userId === 'u1')!;
      const befores = [0, 1, 2].map((i) => JSON.stringify(of(i).before));
      const afters = [0, 1, 2].map((i) => JSON.stringify(of(i).after));
      expect(befores.filter((x) => x === JSON.stringify(DEFAULT_RATING))).toHaveLength(1);
      expect(afters.filter((a) => !befores.includes(a))).toEqual([JSON.stringify(glicko(mine!))]);
      // Applying them all again changes nothing.
      expect(await Promise.all(games.map((g) => store.applyRatedGame(g)))).toEqual([null, null, null]);
      expect((await store.ratings('u1'))[0]).toEqual(mine);
    });

    it('a rated game needs both users and a sane result; a failure marks nothing', async () => {
      await store.createUser(user('u1', 'Alice'));
      await expect(store.applyRatedGame(rated('g1', 'u1', 'ghost', 1))).rejects.toThrow();
      await expect(store.applyRatedGame(rated('g1', 'u1', 'u1', 1))).rejects.toBeInstanceOf(TypeError);
      expect(await store.ratings('u1')).toEqual([]);
      await store.createUser(user('ghost', 'Ghost'));
      expect(await store.applyRatedGame(rated('g1', 'u1', 'ghost', 1))).not.toBeNull();
    });

    it('the pair limit: over it within the window a game is marked, uncounted; colours and variants share it', async () => {
      for (const id of ['a', 'b', 'c']) await store.createUser(user(id, `N${id}`));
      const limit = { games: 2, withinMs: 1000 };
      const lim = (r: RatedResult): RatedResult => ({ ...r, pairLimit: limit });
      expect((await store.applyRatedGame(lim(rated('p1', 'a', 'b', 1, T0))))!.counted).toBe(true);
      expect((await store.applyRatedGame(lim(rated('p2', 'b', 'a', 0, T0 + 10, 'janggi'))))!.counted).toBe(true);
      const before = await store.ratings('a');
      const third = await store.applyRatedGame(lim(rated('p3', 'a', 'b', 1, T0 + 20)));
      expect(third).toMatchObject({ gameId: 'p3', counted: false });
      expect(third!.players[0].after).toEqual(third!.players[0].before);
      expect(third!.players[0].before).toEqual(glicko(before.find((r) => r.variant === 'xiangqi')!));
      expect(await store.ratings('a')).toEqual(before);
      expect((await store.ratingHistory('a', 'xiangqi', 10)).map((p) => p.gameId)).toEqual(['p1']);
      // Marked all the same: a retry is a no-op, and recovery does not pick it up.
      expect(await store.applyRatedGame(lim(rated('p3', 'a', 'b', 1, T0 + 20)))).toBeNull();
      // Another opponent is not limited; nor is the pair once the window has slid past the first game.
      expect((await store.applyRatedGame(lim(rated('p4', 'a', 'c', 1, T0 + 30))))!.counted).toBe(true);
      expect((await store.applyRatedGame(lim(rated('p5', 'a', 'b', 1, T0 + 1000))))!.counted).toBe(true);
      expect((await store.applyRatedGame(lim(rated('p6', 'a', 'b', 1, T0 + 1005))))!.counted).toBe(false);
      // Without a limit, everything counts.
      expect((await store.applyRatedGame(rated('p7', 'a', 'b', 1, T0 + 1006)))!.counted).toBe(true);
    });

    it('the pair limit holds for games of one pair applied at the same moment', async () => {
      for (const id of ['a', 'b']) await store.createUser(user(id, `N${id}`));
      const games = [0, 1, 2, 3, 4, 5].map((i) => ({
        ...rated(`s${i}`, i % 2 ? 'a' : 'b', i % 2 ? 'b' : 'a', 1, T0 + i),
        pairLimit: { games: 3, withinMs: 60_000 },
      }));
      const changes = await Promise.all(games.map((g) => store.applyRatedGame(g)));
      expect(changes.filter((c) => c!.counted)).toHaveLength(3);
      expect((await store.ratings('a'))[0]!.games).toBe(3);
    });

    it('the newcomer rule: a newcomer moves an established opponent only once established; newcomers rate one another', async () => {
      for (const id of ['e', 'o1', 'o2', 'o3', 'n1', 'n2', 'f', 'x']) await store.createUser(user(id, `N${id}`));
      const rule = { games: 5, opponents: 3 };
      const ruled = (r: RatedResult): RatedResult => ({ ...r, newcomer: rule });
      // e: 5 counted games against 3 different players (applied without the rule): established.
      let at = T0;
      for (const o of ['o1', 'o2', 'o3', 'o1', 'o2']) await store.applyRatedGame(rated(`e-${o}-${at}`, 'e', o, 0.5, at++));
      const e = await store.ratings('e');
      // A fresh account's win moves only the fresh account.
      const first = await store.applyRatedGame(ruled(rated('n1-e', 'n1', 'e', 1, at++)));
      expect(first).toMatchObject({ counted: true, held: ['e'] });
      expect(first!.players[1].after).toEqual(first!.players[1].before);
      expect(first!.players[0].after.rating).toBeGreaterThan(1500);
      expect(await store.ratings('e')).toEqual(e);
      expect((await store.ratingHistory('e', 'xiangqi', 10)).map((p) => p.gameId)).not.toContain('n1-e');
      // Two newcomers move each other.
      const pair = await store.applyRatedGame(ruled(rated('n1-n2', 'n1', 'n2', 0, at++)));
      expect(pair).toMatchObject({ counted: true });
      expect(pair!.held).toBeUndefined();
      expect((await store.ratings('n2'))[0]!.games).toBe(1);
      // n1 plays on: 5 games against e, n2, o1, o2, o3 (newcomers all but e) and is established; its next result moves e.
      for (const o of ['o1', 'o2', 'o3']) expect((await store.applyRatedGame(ruled(rated(`n1-${o}`, 'n1', o, 1, at++))))!.held).toBeUndefined();
      expect((await store.ratings('n1'))[0]!.games).toBe(5);
      const moved = await store.applyRatedGame(ruled(rated('e-n1', 'e', 'n1', 1, at++)));
      expect(moved!.held).toBeUndefined();
      expect((await store.ratings('e'))[0]!.games).toBe(6);
      // Past their first 5 games, two players who have only ever met each other move neither: recorded, uncounted.
      for (let i = 0; i < 5; i++) await store.applyRatedGame(rated(`f-x-${i}`, 'f', 'x', 1, at++));
      const fx = await store.applyRatedGame(ruled(rated('f-x-ruled', 'f', 'x', 1, at++)));
      expect(fx).toMatchObject({ counted: false, reason: 'newcomers', held: ['f', 'x'] });
      expect((await store.ratings('f'))[0]!.games).toBe(5);
      expect(await store.applyRatedGame(ruled(rated('f-x-ruled', 'f', 'x', 1, at++)))).toBeNull();
    });

    it('leaderboards: registered players with a settled rating and enough games, best first', async () => {
      for (const id of ['a', 'b', 'c', 'd']) await store.createUser(user(id, `N${id}`));
      // a beats b twice (still provisional: deviation > 300), c and d play many draws (settled).
      for (let i = 0; i < 2; i++) await store.applyRatedGame(rated(`ab${i}`, 'a', 'b', 1, T0 + i));
      for (let i = 0; i < 30; i++) await store.applyRatedGame(rated(`cd${i}`, 'c', 'd', i === 0 ? 1 : 0.5, T0 + i));
      await store.applyRatedGame(rated('j1', 'a', 'b', 1, T0, 'janggi'));
      const rule = { maxDeviation: 110, minGames: 10 };
      const board = await store.leaderboard('xiangqi', 10, rule);
      // a's win over b puts a above everyone on rating, but a provisional rating is not listed.
      expect((await store.ratings('a'))[1]!.rating).toBeGreaterThan(board[0]!.rating);
      expect(board.map((r) => r.username)).toEqual(['Nc', 'Nd']);
      expect(board.every((r) => r.deviation <= 110)).toBe(true);
      expect(board[0]).toMatchObject({ userId: 'c', variant: 'xiangqi', games: 30 });
      expect((await store.leaderboard('xiangqi', 1, rule)).map((r) => r.userId)).toEqual(['c']);
      // Too few games, however settled the deviation: not listed.
      expect(await store.leaderboard('xiangqi', 10, { maxDeviation: 110, minGames: 31 })).toEqual([]);
      expect((await store.leaderboard('xiangqi', 10, { maxDeviation: 400, minGames: 2 })).map((r) => r.userId)).toEqual(['a', 'c', 'd', 'b']);
      expect(await store.leaderboard('janggi', 10, rule)).toEqual([]);
      expect((await store.leaderboard('janggi', 10, { maxDeviation: 400, minGames: 1 })).map((r) => r.userId)).toEqual(['a', 'b']);
      expect(await store.leaderboard('sittuyin', 10, rule)).toEqual([]);
      expect((await store.ratings('a')).map((r) => r.variant)).toEqual(['janggi', 'xiangqi']);
    });

    it('rating history: oldest first, the newest `limit` points, per variant', async () => {
      for (const id of ['a', 'b']) await store.createUser(user(id, `N${id}`));
      for (let i = 0; i < 5; i++) await store.applyRatedGame(rated(`g${i}`, 'a', 'b', 1, T0 + 1000 * i));
      const all = await store.ratingHistory('a', 'xiangqi', 100);
      expect(all.map((p) => p.gameId)).toEqual(['g0', 'g1', 'g2', 'g3', 'g4']);
      expect(all.map((p) => p.rating)).toEqual([...all.map((p) => p.rating)].sort((x, y) => x - y));
      expect((await store.ratingHistory('a', 'xiangqi', 2)).map((p) => p.gameId)).toEqual(['g3', 'g4']);
      expect(await store.ratingHistory('a', 'janggi', 100)).toEqual([]);
      expect((await store.ratingHistory('b', 'xiangqi', 100)).at(-1)).toMatchObject({ gameId: 'g4', ratedAt: T0 + 4000 });
    });

    it('unratedGames: finished rated games since a time whose ratings were never applied', async () => {
      for (const id of ['u1', 'u2']) await store.createUser(user(id, `N${id}`));
      const rows = [
        game('a', { status: 'finished', rated: true, whiteId: 'u1', blackId: 'u2', result: '1-0', updatedAt: T0 + 1 }),
        game('b', { status: 'finished', rated: true, whiteId: 'u1', blackId: 'u2', result: '0-1', updatedAt: T0 + 2 }),
        game('c', { status: 'finished', rated: false, whiteId: 'u1', blackId: 'u2', result: '0-1', updatedAt: T0 + 3 }),
        game('d', { status: 'aborted', rated: true, whiteId: 'u1', blackId: 'u2', updatedAt: T0 + 4 }),
        game('e', { status: 'active', rated: true, whiteId: 'u1', blackId: 'u2', updatedAt: T0 + 5 }),
        game('f', { status: 'finished', rated: true, whiteId: 'u1', blackId: 'u2', result: '1/2-1/2', updatedAt: T0 - 10 }),
      ];
      for (const r of rows) await store.createGame(r);
      expect((await store.unratedGames(T0, 10)).map((g) => g.id)).toEqual(['a', 'b']);
      expect(await store.unratedGames(T0, 10)).toContainEqual(rows[0]);
      await store.applyRatedGame(rated('a', 'u1', 'u2', 1));
      expect((await store.unratedGames(T0, 10)).map((g) => g.id)).toEqual(['b']);
      expect((await store.unratedGames(T0 - 100, 1)).map((g) => g.id)).toEqual(['f']);
    });
  });
}
