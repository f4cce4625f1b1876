/** What is particular to PostgreSQL: migrations bookkeeping, servers starting together. */
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { T0, TEST_DATABASE_URL, game, move, played, tempSchema, user } from '../fixtures.ts';
import { UniqueViolation, VersionConflict } from '../types.ts';
import { postgresStore, type PostgresStore } from './store.ts';

describe(`PostgreSQL store (${TEST_DATABASE_URL})`, () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });
  async function schema() {
    const s = await tempSchema();
    const client = new pg.Client({ connectionString: s.url });
    await client.connect();
    cleanups.push(s.dispose, () => client.end());
    return { url: s.url, client };
  }
  function store(url: string): PostgresStore {
    const s = postgresStore(url);
    cleanups.push(() => s.close());
    return s;
  }

  it('servers migrating together each record every migration once', async () => {
    const { url, client } = await schema();
    await Promise.all([store(url).migrate(), store(url).migrate(), store(url).migrate()]);
    await store(url).migrate();
    const r = await client.query('SELECT version, name FROM schema_migrations ORDER BY version');
    expect(r.rows).toEqual([
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
  });

  it('refuses a database that a newer server has migrated', async () => {
    const { url, client } = await schema();
    await store(url).migrate();
    await client.query("INSERT INTO schema_migrations VALUES (999, 'future', 0)");
    await expect(store(url).migrate()).rejects.toThrow(/newer than this server/);
  });

  it('keeps data as JSONB and times as BIGINT', async () => {
    const { url, client } = await schema();
    await store(url).migrate();
    const r = await client.query(
      "SELECT table_name, column_name, data_type FROM information_schema.columns WHERE table_schema = current_schema() AND column_name IN ('data', 'created_at', 'updated_at', 'at', 'clock_ms', 'rated_at', 'muted_at', 'first_at', 'last_at', 'followed_at', 'blocked_at', 'read_at', 'terms', 'starts_at', 'started_at', 'ended_at', 'joined_at', 'away_since', 'paired_at') ORDER BY 1, 2",
    );
    for (const row of r.rows as { column_name: string; data_type: string }[]) {
      expect(row.data_type).toBe(row.column_name === 'data' || row.column_name === 'terms' ? 'jsonb' : 'bigint');
    }
    expect(r.rows.length).toBe(37);
  });

  it('player search reads a range of the names\u2019 index, never the whole table', async () => {
    const { url, client } = await schema();
    const s = store(url);
    await s.migrate();
    for (let i = 0; i < 50; i++) await s.createUser(user(`u${i}`, `player${i}`));
    expect((await s.searchUsers('Player4', 20)).map((u) => u.username)).toEqual(['player4', ...Array.from({ length: 10 }, (_, i) => `player4${i}`)]);
    // A small table tempts the planner to scan: forbid it, so the plan shows whether the index can serve the query.
    await client.query('SET enable_seqscan = off');
    const plan = await client.query(
      'EXPLAIN SELECT * FROM users WHERE username_key COLLATE "C" >= $1 AND username_key COLLATE "C" < $2 ORDER BY username_key COLLATE "C" LIMIT $3',
      ['player4', 'player5', 20],
    );
    const text = plan.rows.map((r: Record<string, string>) => Object.values(r)[0]).join('\n');
    expect(text).toMatch(/Index Scan (using|on) users_username_prefix/);
    expect(text).not.toMatch(/Seq Scan/);
  });

  it('batches the saves of one turn; each save still gets its own answer', async () => {
    const { url } = await schema();
    const s = store(url);
    await s.migrate();
    const rows = Array.from({ length: 30 }, (_, i) => game(`g${i}`));
    await Promise.all(rows.map((g) => s.createGame(g)));
    const before = { ...s.stats };
    const ok = await Promise.allSettled(rows.map((g) => played(g, 1)).map((x) => s.saveGame(x.row, 1, x.moves)));
    expect(ok.every((r) => r.status === 'fulfilled')).toBe(true);
    expect(s.stats.statements - before.statements).toBeLessThan(10);

    // One stale save (no error in the statement) and one taken ply (fails the
    // statement, so every save of the batch is retried alone).
    const next = rows.map((g) => played(played(g, 1).row, 1));
    const results = await Promise.allSettled(
      next.map((x, i) =>
        i === 3 ? s.saveGame(x.row, 1, x.moves) : i === 7 ? s.saveGame({ ...x.row, plies: 1 }, 2, [move('g7', 1)]) : s.saveGame(x.row, 2, x.moves),
      ),
    );
    results.forEach((r, i) => {
      if (i === 3) expect(r.status === 'rejected' && r.reason).toBeInstanceOf(VersionConflict);
      else if (i === 7) expect(r.status === 'rejected' && r.reason).toEqual(new UniqueViolation('move'));
      else expect(r.status, `save ${i}`).toBe('fulfilled');
    });
    expect((await s.game('g3'))?.version).toBe(2);
    expect((await s.game('g7'))?.version).toBe(2);
    expect((await s.moves('g7')).length).toBe(1);
    expect((await s.game('g8'))?.version).toBe(3);
    expect((await s.moves('g8')).length).toBe(2);
  });

  it('close() lets the saves already made finish', async () => {
    const { url } = await schema();
    const s = store(url);
    await s.migrate();
    await s.createGame(game('g1'));
    const next = played(game('g1'), 1);
    const pending = s.saveGame(next.row, 1, next.moves);
    await s.close();
    await pending;
    const again = store(url);
    expect((await again.game('g1'))?.version).toBe(2);
  });

  it('two servers: games of one player ending at the same moment all count, without deadlock', async () => {
    const { url } = await schema();
    const a = store(url),
      b = store(url);
    await a.migrate();
    const opponents = Array.from({ length: 20 }, (_, i) => `o${i}`);
    for (const id of ['p', ...opponents]) await a.createUser(user(id, `N${id}`));
    // Half of them from each node; colours alternate so the lock order differs from the seat order.
    const results = await Promise.all(
      opponents.map((o, i) =>
        (i % 2 ? a : b).applyRatedGame({
          gameId: `g${i}`,
          variant: 'xiangqi',
          whiteId: i % 4 < 2 ? 'p' : o,
          blackId: i % 4 < 2 ? o : 'p',
          score: 0.5,
          at: T0 + i,
        }),
      ),
    );
    expect(results.every((r) => r !== null)).toBe(true);
    expect((await a.ratings('p'))[0]!.games).toBe(20);
    expect(await b.ratingHistory('p', 'xiangqi', 100)).toHaveLength(20);
    const mine = results.map((r) => r!.players.find((x) => x.userId === 'p')!);
    expect(new Set(mine.map((m) => JSON.stringify(m.before))).size).toBe(20);
    // The same game sent to both nodes at once counts once.
    const twice = await Promise.all([a, b].map((s) => s.applyRatedGame({ gameId: 'dup', variant: 'janggi', whiteId: 'p', blackId: 'o1', score: 1, at: T0 })));
    expect(twice.filter((r) => r !== null)).toHaveLength(1);
    expect((await a.ratings('p')).find((r) => r.variant === 'janggi')!.games).toBe(1);
  });
});
