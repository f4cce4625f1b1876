/** What is particular to SQLite: pragmas, migrations bookkeeping, group commit. */
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { T0, game, played, tempDir, user } from '../fixtures.ts';
import { VersionConflict } from '../types.ts';
import { sqliteStore } from './store.ts';
import { threadedSqliteStore } from './threaded.ts';

describe('SQLite store', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });
  async function open(options: Parameters<typeof sqliteStore>[1] = {}) {
    const tmp = tempDir();
    const path = `${tmp.dir}/db.sqlite3`;
    const store = sqliteStore(path, options);
    cleanups.push(tmp.dispose, () => store.close());
    await store.migrate();
    return { store, path };
  }

  it('uses WAL, foreign keys and synchronous=FULL unless told otherwise', async () => {
    const { store } = await open();
    expect(store.pragma('journal_mode')).toBe('wal');
    expect(store.pragma('foreign_keys')).toBe(1);
    expect(store.pragma('synchronous')).toBe(2);
    const normal = (await open({ synchronous: 'NORMAL' })).store;
    expect(normal.pragma('synchronous')).toBe(1);
    expect(() => sqliteStore(':memory:', { synchronous: 'full' as 'FULL' })).toThrow(TypeError);
  });

  it('records each migration once in schema_migrations', async () => {
    const { store, path } = await open();
    await store.migrate();
    await store.close();
    const db = new Database(path, { readonly: true });
    cleanups.push(() => void db.close());
    expect(db.prepare('SELECT version, name FROM schema_migrations ORDER BY version').all()).toEqual([
      { version: 1, name: 'initial' },
      { version: 2, name: 'ratings, chat mutes' },
      { version: 3, name: 'puzzle ratings' },
      { version: 4, name: 'follows, blocks, notifications' },
      { version: 5, name: 'tournaments' },
      { version: 6, name: 'rated games: pair, counted, deltas, voids' },
      { version: 7, name: 'analyses' },
      { version: 8, name: 'moderation' },
      { version: 9, name: 'user settings' },
      { version: 10, name: 'sessions by expiry' },
      { version: 11, name: 'rated games: states before and after' },
      { version: 12, name: 'learn progress' },
      { version: 13, name: 'tournament pairings: running ones, and by player' },
      { version: 14, name: 'tournaments: notes, half-point byes' },
      { version: 15, name: 'api tokens, bot accounts' },
      { version: 16, name: 'imported games' },
      { version: 17, name: 'games: the time of the last move apart from the indexed summary' },
    ]);
    const indexes = db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_%' ORDER BY name").pluck().all();
    expect(indexes).toEqual([
      'analyses_requester',
      'analyses_unfinished',
      'api_tokens_user',
      'follows_followed',
      'games_black_updated',
      'games_invite',
      'games_rated_finished',
      'games_status_updated',
      'games_updated',
      'games_white_updated',
      'imported_games_user',
      'moderation_log_at',
      'notifications_recent',
      'notifications_unread',
      'puzzle_rounds_recent',
      'puzzle_states_variant',
      'rated_games_black',
      'rated_games_pair',
      'rated_games_white',
      'ratings_board',
      'reports_open',
      'reports_recent',
      'sessions_expiry',
      'sessions_user',
      'tournament_entries_user',
      'tournament_pairings_black',
      'tournament_pairings_running',
      'tournament_pairings_tournament',
      'tournament_pairings_white',
      'tournaments_invite',
      'tournaments_room',
      'tournaments_schedule',
      'tournaments_status_start',
      'users_username_key',
    ]);
  });

  it('player search reads a range of the names\u2019 index, never the whole table', async () => {
    const { store, path } = await open();
    for (let i = 0; i < 30; i++) await store.createUser(user(`u${i}`, `Player${i}`));
    expect((await store.searchUsers('player2', 5)).map((u) => u.username)).toEqual(['Player2', 'Player20', 'Player21', 'Player22', 'Player23']);
    const db = new Database(path, { readonly: true });
    cleanups.push(() => void db.close());
    const plan = db
      .prepare('EXPLAIN QUERY PLAN SELECT * FROM users WHERE username_key >= ? AND username_key < ? ORDER BY username_key LIMIT ?')
      .all('player2', 'player3', 5) as { detail: string }[];
    expect(plan.map((p) => p.detail).join('\n')).toMatch(/SEARCH users USING INDEX users_username_key \(username_key>\? AND username_key<\?\)/);
  });

  it('refuses a database that a newer server has migrated', async () => {
    const { store, path } = await open();
    await store.close();
    const db = new Database(path);
    db.prepare("INSERT INTO schema_migrations VALUES (999, 'future', 0)").run();
    db.close();
    const again = sqliteStore(path);
    cleanups.push(() => again.close());
    await expect(again.migrate()).rejects.toThrow(/newer than this server/);
  });

  it('commits the writes of one event-loop turn as one transaction', async () => {
    const { store } = await open();
    const rows = Array.from({ length: 100 }, (_, i) => game(`g${i}`));
    await Promise.all(rows.map((g) => store.createGame(g)));
    const before = store.stats.batches;
    await Promise.all(rows.map((g) => played(g, 1)).map((x) => store.saveGame(x.row, 1, x.moves)));
    expect(store.stats.batches - before).toBe(1);
    expect(store.stats.largest).toBe(100);
    expect((await store.moves('g99')).length).toBe(1);
  });

  it('rejects a conflicting write alone; the rest of its batch commits', async () => {
    const { store } = await open();
    for (const id of ['a', 'b', 'c']) await store.createGame(game(id));
    const before = store.stats.batches;
    const results = await Promise.allSettled([
      store.saveGame(played(game('a'), 1).row, 1, played(game('a'), 1).moves),
      store.saveGame(played(game('b'), 1).row, 7, played(game('b'), 1).moves),
      store.saveGame(played(game('c'), 1).row, 1, played(game('c'), 1).moves),
    ]);
    expect(store.stats.batches - before).toBe(1);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toBeInstanceOf(VersionConflict);
    expect((await store.game('b'))?.version).toBe(1);
    expect(await store.moves('b')).toEqual([]);
    expect((await store.moves('c')).length).toBe(1);
  });

  it('a write alone in its transaction that fails halfway leaves nothing behind', async () => {
    const { store } = await open();
    await store.createGame(game('a'));
    const first = played(game('a'), 1);
    await store.saveGame(first.row, 1, first.moves);
    // The row's update succeeds, then its move (ply 1 again) breaks the unique key: the update must be undone too.
    const before = store.stats.batches;
    const again = { ...first.row, version: 3, data: { plies: 99 } };
    await expect(store.saveGame(again, 2, first.moves)).rejects.toThrow();
    expect(store.stats.batches - before).toBe(1);
    expect((await store.game('a'))?.version).toBe(2);
    expect((await store.game('a'))?.data).toEqual({ plies: 1 });
    expect(await store.moves('a')).toHaveLength(1);
    // The next write still commits.
    const next = played(first.row, 1);
    await store.saveGame(next.row, 2, next.moves);
    expect(await store.moves('a')).toHaveLength(2);
  });

  it('splits a burst into batches of maxBatch', async () => {
    const { store } = await open({ maxBatch: 10 });
    const before = store.stats.batches;
    await Promise.all(Array.from({ length: 35 }, (_, i) => store.setMeta(`k${i}`, 'v')));
    expect(store.stats.batches - before).toBe(4);
  });

  it('keeps a window of batch sizes and commit times, threaded or not, that a reset starts again', async () => {
    const { store, path } = await open({ maxBatch: 10 });
    store.commitWindow(true);
    await Promise.all(Array.from({ length: 25 }, (_, i) => store.setMeta(`k${i}`, 'v')));
    const w = store.commitWindow(true);
    expect(w.batchSize).toMatchObject({ count: 3, max: 10 });
    expect(w.writeMs.count).toBe(25);
    expect(w.commitMs.count).toBe(3);
    expect(w.writeMs.max).toBeGreaterThanOrEqual(w.commitMs.max);
    expect(store.commitWindow().batchSize.count).toBe(0);
    await store.close();
    const threaded = threadedSqliteStore(path);
    cleanups.push(() => threaded.close());
    await Promise.all([threaded.setMeta('a', '1'), threaded.setMeta('b', '2')]);
    expect((await threaded.commitWindow()).writeMs.count).toBe(2);
  });

  it('close() commits what is queued; later writes are refused', async () => {
    const { store, path } = await open();
    const pending = store.createGame(game('late'));
    await store.close();
    await pending;
    await expect(store.setMeta('k', 'v')).rejects.toThrow(/closed/);
    const again = sqliteStore(path);
    cleanups.push(() => again.close());
    expect((await again.game('late'))?.id).toBe('late');
  });

  it('rejects the whole batch when another connection keeps the write lock past the busy timeout', async () => {
    const { path } = await open();
    const other = new Database(path);
    cleanups.push(() => void other.close());
    const quick = sqliteStore(path, { busyTimeoutMs: 20 });
    cleanups.push(() => quick.close());
    other.exec('BEGIN IMMEDIATE');
    const results = await Promise.allSettled([quick.setMeta('a', '1'), quick.setMeta('b', '2')]);
    expect(results.map((r) => r.status === 'rejected' && (r.reason as { code?: string }).code)).toEqual(['SQLITE_BUSY', 'SQLITE_BUSY']);
    other.exec('COMMIT');
    expect(await quick.getMeta('a')).toBeNull();
    await quick.setMeta('a', '1');
    expect(await quick.getMeta('a')).toBe('1');
  });

  it('two servers on one file: games of one player ending at the same moment all count', async () => {
    const { store, path } = await open();
    for (const id of ['p', ...Array.from({ length: 20 }, (_, i) => `o${i}`)]) await store.createUser(user(id, `N${id}`));
    await store.close();
    // Two threads, two connections: SQLite's write lock, not one event loop, keeps them apart.
    const a = threadedSqliteStore(path),
      b = threadedSqliteStore(path);
    cleanups.push(
      () => a.close(),
      () => b.close(),
    );
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? a : b).applyRatedGame({ gameId: `g${i}`, variant: 'xiangqi', whiteId: 'p', blackId: `o${i}`, score: 1, at: T0 + i }),
      ),
    );
    expect(results.every((r) => r !== null)).toBe(true);
    expect((await a.ratings('p'))[0]!.games).toBe(20);
    expect(await b.ratingHistory('p', 'xiangqi', 100)).toHaveLength(20);
    // Every game but the first started from the rating another one left.
    const befores = new Set(results.map((r) => JSON.stringify(r!.players[0].before)));
    expect(befores.size).toBe(20);
    expect(
      await Promise.all([
        a.applyRatedGame({ gameId: 'g3', variant: 'xiangqi', whiteId: 'p', blackId: 'o3', score: 1, at: T0 }),
        b.applyRatedGame({ gameId: 'g3', variant: 'xiangqi', whiteId: 'p', blackId: 'o3', score: 1, at: T0 }),
      ]),
    ).toEqual([null, null]);
  });

  it("the threaded store reports its own thread's CPU, which grows with its work (Linux)", async () => {
    const { store, path } = await open();
    await store.close();
    const t = threadedSqliteStore(path);
    cleanups.push(() => t.close());
    const before = await t.threadCpuNs();
    if (process.platform !== 'linux') return expect(before).toBeNull();
    for (let i = 0; i < 50; i++) await t.setMeta(`k${i}`, 'v');
    const after = await t.threadCpuNs();
    expect(before).toBeGreaterThan(0);
    expect(after).toBeGreaterThan(before!);
  });
});
