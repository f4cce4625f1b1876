/** GameStore conformance: games, moves, saves and their concurrency, results. */
import { beforeEach, describe, expect, it } from 'vitest';
import { T0, game, move, played } from '../fixtures.ts';
import { UniqueViolation, VersionConflict } from '../types.ts';
import type { GameStore } from '../games.ts';

/** What these tests use. */
type Under = GameStore;

/** Registers the games and moves tests inside a describeStore block: `current` gives the store of the running test. */
export function describeGameStore(current: () => Under): void {
  describe('games and moves', () => {
    let store: Under;
    beforeEach(() => {
      store = current();
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

    it('a takeback save (dropAfter) removes the later moves with the row, of that game only; the plies are played again after it', async () => {
      const g = game('g1');
      const h = game('g2');
      await store.createGame(g);
      await store.createGame(h);
      const five = played(g, 5);
      const other = played(h, 3);
      await store.saveGame(five.row, 1, five.moves);
      await store.saveGame(other.row, 1, other.moves);
      // Saves of both games together (one batch where the store batches): g1 back to ply 3, g2 plays on.
      const back = { ...five.row, plies: 3, version: 3, data: { plies: 3, takeback: true } };
      const on = played(other.row, 1);
      await Promise.all([store.saveGame(back, 2, [], 3), store.saveGame(on.row, 2, on.moves)]);
      expect(await store.game('g1')).toEqual(back);
      expect(await store.moves('g1')).toEqual(five.moves.slice(0, 3));
      expect(await store.moves('g2')).toEqual([...other.moves, ...on.moves]);
      // Ply 4 is free again.
      const again = played(back, 1);
      const replay = { ...again.moves[0]!, uci: 'x4' };
      await store.saveGame(again.row, 3, [replay]);
      expect(await store.moves('g1')).toEqual([...five.moves.slice(0, 3), replay]);
      // A stale takeback removes nothing.
      await expect(store.saveGame({ ...back, version: 5 }, 3, [], 3)).rejects.toBeInstanceOf(VersionConflict);
      expect((await store.moves('g1')).length).toBe(4);
      // A takeback appends no moves, and keeps exactly the row's plies (a programmer bug otherwise).
      await expect(store.saveGame({ ...again.row, version: 5, plies: 2 }, 4, [], 3)).rejects.toThrow(/takeback/);
      expect((await store.moves('g1')).length).toBe(4);
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
      const ids = async (f: Parameters<GameStore['games']>[0]) => (await store.games(f)).map((g) => g.id);
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

    it('a move (the summary kept) reads back at its time, and leaves the game where it was in the lists; a change of summary moves it', async () => {
      await store.createGame(game('a', { updatedAt: T0 + 10 }));
      await store.createGame(game('b', { updatedAt: T0 + 20 }));
      const ids = async (f: Parameters<GameStore['games']>[0]) => (await store.games(f)).map((g) => g.id);
      // 'a' is played at T0 + 30: its row says so, but the lists still place it by its start (migration 17).
      const a = (await store.game('a'))!;
      const moved = { ...a, plies: 1, version: 2, updatedAt: T0 + 30, data: { plies: 1 } };
      await store.saveGame(moved, 1, [move('a', 1)]);
      expect(await store.game('a')).toEqual(moved);
      expect(await ids({ limit: 10 })).toEqual(['b', 'a']);
      expect(await ids({ before: T0 + 20, limit: 10 })).toEqual(['a']);
      // It ends at T0 + 40: the summary changed, so the lists place it by its end.
      const ended = { ...moved, status: 'finished' as const, result: '1-0', reason: 'checkmate', version: 3, updatedAt: T0 + 40 };
      await store.saveGame(ended, 2);
      expect(await store.game('a')).toEqual(ended);
      expect(await ids({ limit: 10 })).toEqual(['a', 'b']);
      expect(await ids({ before: T0 + 40, limit: 10 })).toEqual(['b']);
      expect(await ids({ status: ['finished'], before: T0 + 41, limit: 10 })).toEqual(['a']);
    });

    it('games(): filtered by variant and by the outcome for a player', async () => {
      const rows = [
        game('a', { status: 'finished', whiteId: 'u1', blackId: 'u2', result: '1-0', updatedAt: T0 + 1 }),
        game('b', { status: 'finished', whiteId: 'u2', blackId: 'u1', result: '1-0', updatedAt: T0 + 2 }),
        game('c', { status: 'finished', whiteId: 'u2', blackId: 'u1', result: '0-1', updatedAt: T0 + 3, variant: 'janggi' }),
        game('d', { status: 'finished', whiteId: 'u1', blackId: 'u3', result: '1/2-1/2', updatedAt: T0 + 4 }),
        game('e', { status: 'aborted', whiteId: 'u1', blackId: 'u2', updatedAt: T0 + 5 }),
        game('f', { status: 'active', whiteId: 'u1', blackId: 'u2', updatedAt: T0 + 6, variant: 'janggi' }),
        game('g', { status: 'finished', whiteId: 'u2', blackId: 'u3', result: '1-0', updatedAt: T0 + 7 }),
      ];
      for (const r of rows) await store.createGame(r);
      const ids = async (f: Parameters<GameStore['games']>[0]) => (await store.games(f)).map((g) => g.id);
      expect(await ids({ userId: 'u1', variant: 'janggi', limit: 10 })).toEqual(['f', 'c']);
      expect(await ids({ variant: 'xiangqi', status: ['finished'], limit: 10 })).toEqual(['g', 'd', 'b', 'a']);
      expect(await ids({ userId: 'u1', outcome: 'win', limit: 10 })).toEqual(['c', 'a']);
      expect(await ids({ userId: 'u1', outcome: 'loss', limit: 10 })).toEqual(['b']);
      expect(await ids({ userId: 'u1', outcome: 'draw', limit: 10 })).toEqual(['d']);
      expect(await ids({ userId: 'u1', outcome: 'win', variant: 'xiangqi', limit: 10 })).toEqual(['a']);
      expect(await ids({ userId: 'u1', outcome: 'win', before: T0 + 3, limit: 10 })).toEqual(['a']);
      expect(await ids({ userId: 'u3', outcome: 'loss', limit: 10 })).toEqual(['g']);
      // An outcome belongs to a player: without one, nothing matches.
      expect(await ids({ outcome: 'win', limit: 10 })).toEqual([]);
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
  });
}
