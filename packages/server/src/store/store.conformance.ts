/**
 * The behaviour every Store must have, as vitest tests: store.test.ts runs
 * them against each back end. A new back end passes this before it is used.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_RATING, rateGame } from '@youzai/game';
import { rateAttempt } from '@youzai/puzzles';
import { T0, game, move, played, user } from './fixtures.ts';
import { UniqueViolation, VersionConflict, type PuzzleResult, type RatedResult, type Store } from './types.ts';

const rated = (gameId: string, whiteId: string, blackId: string, score: 0 | 0.5 | 1, at = T0, variant = 'xiangqi'): RatedResult => ({
  gameId,
  variant,
  whiteId,
  blackId,
  score,
  at,
});
const START = { rating: 1320, deviation: 300, volatility: 0.06 };
const attempt = (userId: string, puzzleId: string, win: boolean, at = T0, variant = 'xiangqi'): PuzzleResult => ({
  userId,
  puzzleId,
  variant,
  win,
  at,
  initial: START,
});
const glicko = (r: { rating: number; deviation: number; volatility: number }) => ({ rating: r.rating, deviation: r.deviation, volatility: r.volatility });

export interface StoreFixture {
  /** A store over fresh, empty storage, not yet migrated. */
  readonly store: Store;
  /** Opens the same storage again, after `store` is closed; absent where the data dies with the store. */
  readonly reopen?: () => Promise<Store>;
  /** Frees the storage once the stores are closed. */
  dispose(): Promise<void>;
}

/** `durable`: the back end keeps data across close and reopen (its fixture provides `reopen`). */
export function describeStore(name: string, setup: () => Promise<StoreFixture>, { durable }: { durable: boolean }): void {
  describe(`${name}: Store conformance`, () => {
    let fx: StoreFixture;
    let store: Store;
    let opened: Store[] = [];

    beforeEach(async () => {
      fx = await setup();
      store = fx.store;
      opened = [store];
      await store.migrate();
    });
    afterEach(async () => {
      for (const s of opened) await s.close();
      await fx.dispose();
    });

    async function reopen(): Promise<Store> {
      await store.close();
      store = await fx.reopen!();
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

    it('users: created, found by id and by name whatever its case', async () => {
      await store.createUser(user('u1', 'Alice'));
      await store.createUser(user('u2'));
      expect(await store.userById('u1')).toEqual(user('u1', 'Alice'));
      expect(await store.userById('u2')).toEqual(user('u2'));
      expect(await store.userById('nobody')).toBeNull();
      expect((await store.userByName('alice'))?.id).toBe('u1');
      expect((await store.userByName('ALICE'))?.id).toBe('u1');
      expect((await store.userByName('Alice'))?.username).toBe('Alice');
      expect(await store.userByName('bob')).toBeNull();
    });

    it('registering turns a guest into a named user, keeping its id', async () => {
      await store.createUser(user('u1'));
      await store.registerUser('u1', 'Bob', 'scrypt$hash');
      expect(await store.userById('u1')).toEqual({ id: 'u1', username: 'Bob', passwordHash: 'scrypt$hash', createdAt: T0 });
      expect((await store.userByName('bob'))?.id).toBe('u1');
    });

    it('a taken name is a UniqueViolation, whatever its case, and changes nothing', async () => {
      await store.createUser(user('u1', 'Alice'));
      await store.createUser(user('u2'));
      await expect(store.registerUser('u2', 'aLiCe', 'h')).rejects.toEqual(new UniqueViolation('username'));
      expect(await store.userById('u2')).toEqual(user('u2'));
      await expect(store.createUser(user('u3', 'ALICE'))).rejects.toBeInstanceOf(UniqueViolation);
      expect(await store.userById('u3')).toBeNull();
      await expect(store.createUser(user('u1', 'Carol'))).rejects.toEqual(new UniqueViolation('user'));
      expect(await store.userByName('carol')).toBeNull();
    });

    it('registering an unknown user fails', async () => {
      await expect(store.registerUser('ghost', 'Ghost', 'h')).rejects.toThrow();
      expect(await store.userByName('ghost')).toBeNull();
    });

    it('sessions: created, found, deleted; expiry is left to the caller', async () => {
      await store.createUser(user('u1'));
      const s = { tokenHash: 'ab'.repeat(32), userId: 'u1', createdAt: T0, expiresAt: T0 - 1 };
      await store.createSession(s);
      expect(await store.session(s.tokenHash)).toEqual(s);
      expect(await store.session('cd'.repeat(32))).toBeNull();
      await expect(store.createSession(s)).rejects.toEqual(new UniqueViolation('session'));
      await store.deleteSession(s.tokenHash);
      expect(await store.session(s.tokenHash)).toBeNull();
      await store.deleteSession(s.tokenHash);
    });

    it('a session needs an existing user', async () => {
      await expect(store.createSession({ tokenHash: 'ef', userId: 'nobody', createdAt: T0, expiresAt: T0 })).rejects.toThrow();
      expect(await store.session('ef')).toBeNull();
    });

    it('games: every field reads back as written', async () => {
      const data = { nested: { list: [1, 'two', null, true], unicode: '帥將 ♔' }, n: 1.5 };
      const a = game('g1', { rated: true, whiteId: null, blackId: 'u2', inviteToken: 'tok', result: '1-0', reason: 'checkmate', data });
      const b = game('g2', { status: 'waiting' });
      await store.createGame(a);
      await store.createGame(b);
      expect(await store.game('g1')).toEqual(a);
      expect(await store.game('g2')).toEqual(b);
      expect(await store.game('g3')).toBeNull();
    });

    it('a duplicate game id or invitation token is a UniqueViolation', async () => {
      await store.createGame(game('g1', { inviteToken: 't1' }));
      await expect(store.createGame(game('g1'))).rejects.toEqual(new UniqueViolation('game'));
      await expect(store.createGame(game('g2', { inviteToken: 't1' }))).rejects.toEqual(new UniqueViolation('inviteToken'));
      expect(await store.game('g2')).toBeNull();
    });

    it('rows are copies: changing what went in or came out changes nothing stored', async () => {
      const data = { list: [1, 2] };
      await store.createGame(game('g1', { data }));
      data.list.push(3);
      const read = (await store.game('g1'))!;
      (read.data as { list: number[] }).list.push(4);
      expect((await store.game('g1'))!.data).toEqual({ list: [1, 2] });
      // A save stores the row as it was when called, even if the caller changes it before the commit.
      const next = { ...game('g1'), version: 2, data: { list: [9] } };
      const saved = store.saveGame(next, 1);
      next.data.list.push(10);
      await saved;
      expect((await store.game('g1'))!.data).toEqual({ list: [9] });
    });

    it('saveGame replaces the row and appends the moves; moves come back ordered by ply', async () => {
      let g = game('g1');
      await store.createGame(g);
      for (const n of [2, 1, 3]) {
        const next = played(g, n);
        await store.saveGame(next.row, g.version, next.moves);
        g = next.row;
      }
      // Text that array and JSON encodings must escape, on the save path too.
      const data = { s: 'quote " backslash \\ comma , braces {} NULL', u: '帥 ♔', n: null, list: [1, { a: 'b' }] };
      const noMoves = { ...g, version: g.version + 1, status: 'finished' as const, result: '0-1', reason: 'resign', rated: true, whiteId: null, data };
      await store.saveGame(noMoves, g.version);
      expect(await store.game('g1')).toEqual(noMoves);
      expect(await store.moves('g1')).toEqual(Array.from({ length: 6 }, (_, i) => move('g1', i + 1)));
      expect(await store.moves('nope')).toEqual([]);
    });

    it('a version conflict throws VersionConflict and writes nothing', async () => {
      const g = game('g1');
      await store.createGame(g);
      const first = played(g, 1);
      await store.saveGame(first.row, 1, first.moves);
      const stale = played(g, 1);
      const e = await store.saveGame({ ...stale.row, version: 2, status: 'aborted' }, 1, stale.moves).catch((x: unknown) => x);
      expect(e).toBeInstanceOf(VersionConflict);
      expect(e).toMatchObject({ gameId: 'g1', expected: 1 });
      expect(await store.game('g1')).toEqual(first.row);
      expect(await store.moves('g1')).toEqual(first.moves);
      await expect(store.saveGame(game('ghost', { version: 2 }), 1)).rejects.toBeInstanceOf(VersionConflict);
    });

    it('a save whose move is already stored fails whole: row and moves unchanged', async () => {
      const g = game('g1');
      await store.createGame(g);
      const first = played(g, 2);
      await store.saveGame(first.row, 1, first.moves);
      // Consistent on its face (ply 2 of 2), but ply 2 exists already.
      const again = { ...first.row, version: 3, status: 'finished' as const };
      await expect(store.saveGame(again, 2, [move('g1', 2)])).rejects.toEqual(new UniqueViolation('move'));
      expect(await store.game('g1')).toEqual(first.row);
      expect(await store.moves('g1')).toEqual(first.moves);
    });

    it('malformed saves (moves of another game, a gap in plies) are refused and write nothing', async () => {
      const g = game('g1');
      await store.createGame(g);
      const next = played(g, 2);
      // Programmer bugs: any error will do (the class does not survive a thread boundary).
      await expect(store.saveGame(next.row, 1, [move('g2', 1), move('g1', 2)])).rejects.toThrow(/belongs to game g2/);
      await expect(store.saveGame(next.row, 1, [move('g1', 1), move('g1', 3)])).rejects.toThrow(/expected 2/);
      await expect(store.saveGame({ ...next.row, updatedAt: 1.5 }, 1, next.moves)).rejects.toThrow(/whole number/);
      expect(await store.game('g1')).toEqual(g);
      expect(await store.moves('g1')).toEqual([]);
    });

    it('games(): newest first, filtered by status, seat, paging point and limit', async () => {
      const rows = [
        game('a', { status: 'finished', whiteId: 'u1', blackId: 'u2', updatedAt: T0 + 1 }),
        game('b', { status: 'active', whiteId: 'u2', blackId: 'u3', updatedAt: T0 + 2 }),
        game('c', { status: 'waiting', whiteId: 'u1', blackId: null, updatedAt: T0 + 3 }),
        game('d', { status: 'finished', whiteId: 'u3', blackId: 'u1', updatedAt: T0 + 4 }),
        game('e', { status: 'aborted', whiteId: 'u2', blackId: 'engine', updatedAt: T0 + 5 }),
        game('f', { status: 'finished', whiteId: 'u1', blackId: 'u3', updatedAt: T0 + 4 }),
      ];
      for (const r of rows) await store.createGame(r);
      const ids = async (f: Parameters<Store['games']>[0]) => (await store.games(f)).map((g) => g.id);
      expect(await ids({ limit: 10 })).toEqual(['e', 'f', 'd', 'c', 'b', 'a']);
      expect(await ids({ limit: 2 })).toEqual(['e', 'f']);
      expect(await ids({ limit: 0 })).toEqual([]);
      expect(await ids({ status: ['finished'], limit: 10 })).toEqual(['f', 'd', 'a']);
      expect(await ids({ status: ['active', 'waiting'], limit: 10 })).toEqual(['c', 'b']);
      expect(await ids({ status: [], limit: 10 })).toEqual([]);
      expect(await ids({ userId: 'u1', limit: 10 })).toEqual(['f', 'd', 'c', 'a']);
      expect(await ids({ userId: 'u1', status: ['finished'], limit: 10 })).toEqual(['f', 'd', 'a']);
      expect(await ids({ userId: 'u1', status: ['finished'], before: T0 + 4, limit: 10 })).toEqual(['a']);
      expect(await ids({ before: T0 + 3, limit: 1 })).toEqual(['b']);
      expect(await ids({ userId: 'nobody', limit: 10 })).toEqual([]);
      expect((await store.games({ status: ['waiting'], limit: 1 }))[0]).toEqual(rows[2]);
    });

    it('gameByInvite finds the game holding the token', async () => {
      await store.createGame(game('g1', { inviteToken: 'secret', status: 'waiting' }));
      await store.createGame(game('g2'));
      expect((await store.gameByInvite('secret'))?.id).toBe('g1');
      expect(await store.gameByInvite('other')).toBeNull();
      const cleared = { ...game('g1'), inviteToken: null, version: 2 };
      await store.saveGame(cleared, 1);
      expect(await store.gameByInvite('secret')).toBeNull();
    });

    it('concurrent saves on different games all land', async () => {
      const n = 40;
      let rows = Array.from({ length: n }, (_, i) => game(`g${i}`));
      await Promise.all(rows.map((g) => store.createGame(g)));
      for (let round = 0; round < 5; round++) {
        const next = rows.map((g) => played(g, 1));
        await Promise.all(next.map((x, i) => store.saveGame(x.row, rows[i]!.version, x.moves)));
        rows = next.map((x) => x.row);
      }
      for (const g of rows) {
        expect(await store.game(g.id)).toEqual(g);
        expect((await store.moves(g.id)).map((m) => m.ply)).toEqual([1, 2, 3, 4, 5]);
      }
    });

    it('saves issued together on one game apply in call order; a stale twin loses', async () => {
      const g = game('g1');
      await store.createGame(g);
      const a = played(g, 1);
      const b = played(a.row, 1);
      const loser = played(g, 2);
      const results = await Promise.allSettled([
        store.saveGame(a.row, 1, a.moves),
        store.saveGame(b.row, 2, b.moves),
        store.saveGame(loser.row, 1, loser.moves),
      ]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
      expect((results[2] as PromiseRejectedResult).reason).toBeInstanceOf(VersionConflict);
      expect(await store.game('g1')).toEqual(b.row);
      expect(await store.moves('g1')).toEqual([...a.moves, ...b.moves]);
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

    it('leaderboards: registered players, established ratings first, best first', async () => {
      for (const id of ['a', 'b', 'c', 'd']) await store.createUser(user(id, `N${id}`));
      // a beats b twice (still provisional: deviation > 300), c and d play many draws (established).
      for (let i = 0; i < 2; i++) await store.applyRatedGame(rated(`ab${i}`, 'a', 'b', 1, T0 + i));
      for (let i = 0; i < 30; i++) await store.applyRatedGame(rated(`cd${i}`, 'c', 'd', i === 0 ? 1 : 0.5, T0 + i));
      await store.applyRatedGame(rated('j1', 'a', 'b', 1, T0, 'janggi'));
      const board = await store.leaderboard('xiangqi', 10, 110);
      expect(board.map((r) => r.username)).toEqual(['Nc', 'Nd', 'Na', 'Nb']);
      expect(board[0]!.deviation).toBeLessThanOrEqual(110);
      expect(board[2]!.deviation).toBeGreaterThan(110);
      expect(board[0]).toMatchObject({ userId: 'c', variant: 'xiangqi', games: 30 });
      expect((await store.leaderboard('xiangqi', 1, 110)).map((r) => r.userId)).toEqual(['c']);
      expect((await store.leaderboard('janggi', 10, 110)).map((r) => r.userId)).toEqual(['a', 'b']);
      expect(await store.leaderboard('sittuyin', 10, 110)).toEqual([]);
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

    it('results: wins, draws and losses of finished games per variant, from either seat', async () => {
      const rows = [
        game('a', { status: 'finished', whiteId: 'u1', blackId: 'u2', result: '1-0' }),
        game('b', { status: 'finished', whiteId: 'u2', blackId: 'u1', result: '1-0' }),
        game('c', { status: 'finished', whiteId: 'u2', blackId: 'u1', result: '0-1' }),
        game('d', { status: 'finished', whiteId: 'u1', blackId: 'u3', result: '1/2-1/2' }),
        game('e', { status: 'finished', variant: 'janggi', whiteId: 'u3', blackId: 'u1', result: '1-0' }),
        game('f', { status: 'aborted', whiteId: 'u1', blackId: 'u2' }),
        game('g', { status: 'active', whiteId: 'u1', blackId: 'u2' }),
        game('h', { status: 'finished', whiteId: 'u2', blackId: 'u3', result: '1-0' }),
      ];
      for (const r of rows) await store.createGame(r);
      expect(await store.results('u1')).toEqual([
        { variant: 'janggi', wins: 0, draws: 0, losses: 1 },
        { variant: 'xiangqi', wins: 2, draws: 1, losses: 1 },
      ]);
      expect(await store.results('nobody')).toEqual([]);
    });

    it('a puzzle attempt rates the solver and the puzzle once; a replay changes no rating', async () => {
      await store.createUser(user('u1'));
      const first = await store.applyPuzzleResult(attempt('u1', 'x1', true));
      const expected = rateAttempt(DEFAULT_RATING, START, true);
      expect(first.rated).toBe(true);
      expect(first.before).toEqual(glicko(DEFAULT_RATING));
      expect(first.player).toEqual({ userId: 'u1', variant: 'xiangqi', ...expected.player, attempts: 1, wins: 1, streak: 1, bestStreak: 1, ratedAt: T0 });
      expect(first.puzzle).toEqual({ puzzleId: 'x1', variant: 'xiangqi', ...expected.puzzle, attempts: 1, wins: 1, ratedAt: T0 });
      expect(first.round).toEqual({ userId: 'u1', puzzleId: 'x1', variant: 'xiangqi', firstAt: T0, firstWin: true, lastAt: T0, lastWin: true, plays: 1 });
      const again = await store.applyPuzzleResult(attempt('u1', 'x1', false, T0 + 5));
      expect(again.rated).toBe(false);
      expect(again.player).toEqual(first.player);
      expect(again.puzzle).toEqual(first.puzzle);
      expect(again.round).toEqual({ ...first.round, lastAt: T0 + 5, lastWin: false, plays: 2 });
      expect(await store.puzzleRatings('u1')).toEqual([first.player]);
      expect(await store.puzzleStates('xiangqi')).toEqual([first.puzzle]);
      expect(await store.puzzleStates('janggi')).toEqual([]);
      expect(await store.puzzleRounds('u1', 'xiangqi', 10)).toEqual([again.round]);
      // Puzzle ratings are apart from game ratings.
      expect(await store.ratings('u1')).toEqual([]);
    });

    it('puzzle streaks and counts follow rated attempts; the next solver meets the puzzle as moved', async () => {
      for (const id of ['u1', 'u2']) await store.createUser(user(id));
      await store.applyPuzzleResult(attempt('u1', 'x1', true, T0));
      await store.applyPuzzleResult(attempt('u1', 'x2', true, T0 + 1));
      await store.applyPuzzleResult(attempt('u1', 'x2', false, T0 + 2)); // a replay: no streak change
      const third = await store.applyPuzzleResult(attempt('u1', 'x3', false, T0 + 3));
      expect(third.player).toMatchObject({ attempts: 3, wins: 2, streak: 0, bestStreak: 2, ratedAt: T0 + 3 });
      const x1 = (await store.puzzleStates('xiangqi')).find((p) => p.puzzleId === 'x1')!;
      const other = await store.applyPuzzleResult(attempt('u2', 'x1', false, T0 + 4));
      const expected = rateAttempt(DEFAULT_RATING, glicko(x1), false);
      expect(glicko(other.puzzle)).toEqual(expected.puzzle);
      expect(other.puzzle).toMatchObject({ attempts: 2, wins: 1 });
      const janggi = await store.applyPuzzleResult(attempt('u1', 'j1', true, T0 + 5, 'janggi'));
      expect(janggi.before).toEqual(glicko(DEFAULT_RATING)); // its own rating per variant
      expect((await store.puzzleRatings('u1')).map((r) => [r.variant, r.attempts])).toEqual([
        ['janggi', 1],
        ['xiangqi', 3],
      ]);
      expect((await store.puzzleStates('xiangqi')).map((p) => p.puzzleId)).toEqual(['x1', 'x2', 'x3']);
    });

    it('puzzle rounds: most recently played first, per user and variant, limited', async () => {
      for (const id of ['u1', 'u2']) await store.createUser(user(id));
      await store.applyPuzzleResult(attempt('u1', 'x1', true, T0));
      await store.applyPuzzleResult(attempt('u1', 'x2', true, T0 + 1));
      await store.applyPuzzleResult(attempt('u1', 'x3', true, T0 + 2));
      await store.applyPuzzleResult(attempt('u1', 'x1', false, T0 + 3));
      await store.applyPuzzleResult(attempt('u2', 'x9', true, T0 + 9));
      await store.applyPuzzleResult(attempt('u1', 'j1', true, T0 + 9, 'janggi'));
      expect((await store.puzzleRounds('u1', 'xiangqi', 10)).map((r) => r.puzzleId)).toEqual(['x1', 'x3', 'x2']);
      expect((await store.puzzleRounds('u1', 'xiangqi', 2)).map((r) => r.puzzleId)).toEqual(['x1', 'x3']);
      expect(await store.puzzleRounds('u1', 'sittuyin', 10)).toEqual([]);
    });

    it('puzzle attempts sent together: each puzzle counts once, all of one solver count', async () => {
      await store.createUser(user('u1'));
      const same = await Promise.all([1, 2, 3].map((i) => store.applyPuzzleResult(attempt('u1', 'x1', true, T0 + i))));
      expect(same.filter((o) => o.rated)).toHaveLength(1);
      await Promise.all(['x2', 'x3', 'x4'].map((id) => store.applyPuzzleResult(attempt('u1', id, true, T0 + 10))));
      const [row] = await store.puzzleRatings('u1');
      expect(row).toMatchObject({ attempts: 4, wins: 4, streak: 4, bestStreak: 4 });
      expect((await store.puzzleRounds('u1', 'xiangqi', 10)).find((r) => r.puzzleId === 'x1')?.plays).toBe(3);
    });

    it('a puzzle attempt needs an existing user and a sane result; a failure writes nothing', async () => {
      await expect(store.applyPuzzleResult(attempt('ghost', 'x1', true))).rejects.toThrow();
      await store.createUser(user('u1'));
      await expect(store.applyPuzzleResult({ ...attempt('u1', 'x1', true), win: 'yes' as unknown as boolean })).rejects.toThrow(TypeError);
      await expect(store.applyPuzzleResult(attempt('u1', 'x1', true, T0 + 0.5))).rejects.toThrow(TypeError);
      expect(await store.puzzleStates('xiangqi')).toEqual([]);
      expect(await store.puzzleRatings('u1')).toEqual([]);
      expect(await store.puzzleRounds('u1', 'xiangqi', 10)).toEqual([]);
    });

    it('mutes: set, idempotent, undone, per user', async () => {
      for (const id of ['u1', 'u2', 'u3']) await store.createUser(user(id));
      await store.setMute('u1', 'u2', true, T0);
      await store.setMute('u1', 'u2', true, T0 + 1);
      await store.setMute('u1', 'u3', true, T0);
      expect(await store.mutes('u1')).toEqual(['u2', 'u3']);
      expect(await store.mutes('u2')).toEqual([]);
      await store.setMute('u1', 'u2', false, T0);
      await store.setMute('u1', 'u2', false, T0);
      expect(await store.mutes('u1')).toEqual(['u3']);
      await expect(store.setMute('u1', 'ghost', true, T0)).rejects.toThrow();
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
      const change = await store.applyRatedGame(rated('g9', 'u1', 'u2', 0.5));
      await store.setMute('u1', 'u2', true, T0);
      const solved = await store.applyPuzzleResult(attempt('u1', 'x1', true));
      const s = await reopen();
      expect(await s.puzzleRatings('u1')).toEqual([solved.player]);
      expect(await s.puzzleStates('xiangqi')).toEqual([solved.puzzle]);
      expect((await s.applyPuzzleResult(attempt('u1', 'x1', true))).rated).toBe(false);
      expect((await s.ratings('u1'))[0]).toMatchObject({ ...change!.players[0].after, games: 1 });
      expect(await s.applyRatedGame(rated('g9', 'u1', 'u2', 0.5))).toBeNull();
      expect(await s.mutes('u1')).toEqual(['u2']);
      expect(await s.userByName('alice')).toEqual(user('u1', 'Alice'));
      expect(await s.session('ab')).toEqual({ tokenHash: 'ab', userId: 'u1', createdAt: T0, expiresAt: T0 + 1 });
      expect(await s.getMeta('k')).toBe('v');
      expect(await s.game('g1')).toEqual(next.row);
      expect(await s.gameByInvite('inv')).toEqual(next.row);
      expect(await s.moves('g1')).toEqual(next.moves);
    });
  });
}
