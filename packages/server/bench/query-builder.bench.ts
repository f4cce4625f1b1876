/**
 * npm run bench:query-builder (issue 30, item 5): what a typed query builder
 * that speaks both SQLite and PostgreSQL (Kysely) would cost the store on its
 * hottest paths, against the hand-written statements the stores use today,
 * in one run on the same database and connection:
 *  - the per-move write: the game's row updated at its version and the move
 *    inserted, in one transaction (sqlite/games.ts saveGame's statements);
 *  - the read of a game by id.
 * Each is run BENCH_OPS times back to back (SQLite, default 20,000;
 * PostgreSQL a quarter of it), in BENCH_ROUNDS rounds (3) that alternate the
 * two ways. Prints µs per operation, wall and this process's CPU, for every
 * round, and Kysely's ratio to the hand-written way (medians). SQLite in WAL
 * with synchronous=NORMAL, so that the statements' cost is not hidden behind
 * one fsync per commit (the store's group commit shares that among many
 * saves); PostgreSQL on DATABASE_URL or the local test server, in a fresh
 * schema. Noisy machine: a measurement, not a test.
 */
import Database from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { game, postgresAvailable, TEST_DATABASE_URL, tempDir, tempSchema } from '../src/store/fixtures.ts';
import { postgresStore } from '../src/store/postgres/store.ts';
import { sqliteStore } from '../src/store/sqlite/store.ts';
import type { Store } from '../src/store/types.ts';

const OPS = Number(process.env.BENCH_OPS ?? 20_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const GAMES = 1000;

interface GamesTable {
  id: string;
  variant: string;
  status: string;
  white_id: string | null;
  black_id: string | null;
  rated: number | boolean;
  created_at: number;
  updated_at: number;
  result: string | null;
  reason: string | null;
  plies: number;
  version: number;
  invite_token: string | null;
  data: string;
}
interface MovesTable {
  game_id: string;
  ply: number;
  uci: string;
  at: number;
  clock_ms: number;
}
interface Tables {
  games: GamesTable;
  moves: MovesTable;
}

/** One way of doing the two operations on one back end. */
interface Way {
  write(id: string, version: number, ply: number): Promise<void>;
  read(id: string): Promise<unknown>;
}

/** The game's row as a move leaves it (the ~1 KB of state a live game carries). */
function row(id: string, version: number, ply: number, rated: number | boolean): GamesTable {
  const data = JSON.stringify({
    fen: 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w',
    ply,
    history: Array.from({ length: 24 }, (_, i) => `h2e${i % 10}`),
  });
  return {
    id,
    variant: 'xiangqi',
    status: 'active',
    white_id: 'u1',
    black_id: 'u2',
    rated,
    created_at: 1_767_225_600_000,
    updated_at: 1_767_225_600_000 + ply,
    result: null,
    reason: null,
    plies: ply,
    version: version + 1,
    invite_token: null,
    data,
  };
}

const SET_COLUMNS = [
  'variant',
  'status',
  'white_id',
  'black_id',
  'rated',
  'created_at',
  'updated_at',
  'result',
  'reason',
  'plies',
  'version',
  'invite_token',
  'data',
] as const;

function sqliteHand(db: Database.Database): Way {
  const update = db.prepare(`UPDATE games SET ${SET_COLUMNS.map((c) => `${c} = @${c}`).join(', ')} WHERE id = @id AND version = @expected`);
  const insert = db.prepare('INSERT INTO moves (game_id, ply, uci, at, clock_ms) VALUES (?, ?, ?, ?, ?)');
  const byId = db.prepare('SELECT * FROM games WHERE id = ?');
  const save = db.transaction((r: GamesTable, expected: number) => {
    if (update.run({ ...r, expected }).changes !== 1) throw new Error(`version conflict on ${r.id}`);
    insert.run(r.id, r.plies, 'h2e2', r.updated_at, 300_000 - r.plies);
  });
  return {
    async write(id, version, ply) {
      save(row(id, version, ply, 0), version);
    },
    async read(id) {
      return byId.get(id);
    },
  };
}

function kyselyWay(k: Kysely<Tables>, rated: (n: number) => number | boolean): Way {
  return {
    async write(id, version, ply) {
      const r = row(id, version, ply, rated(0));
      await k.transaction().execute(async (trx) => {
        const { id: _, ...set } = r;
        const u = await trx.updateTable('games').set(set).where('id', '=', id).where('version', '=', version).executeTakeFirst();
        if (Number(u.numUpdatedRows) !== 1) throw new Error(`version conflict on ${id}`);
        await trx
          .insertInto('moves')
          .values({ game_id: id, ply: r.plies, uci: 'h2e2', at: r.updated_at, clock_ms: 300_000 - r.plies })
          .execute();
      });
    },
    read(id) {
      return k.selectFrom('games').selectAll().where('id', '=', id).executeTakeFirst();
    },
  };
}

function postgresHand(pool: pg.Pool): Way {
  const update = `UPDATE games SET ${SET_COLUMNS.map((c, i) => `${c} = $${i + 2}`).join(', ')} WHERE id = $1 AND version = $${SET_COLUMNS.length + 2}`;
  return {
    async write(id, version, ply) {
      const r = row(id, version, ply, false);
      const c = await pool.connect();
      try {
        await c.query('BEGIN');
        const u = await c.query(update, [id, ...SET_COLUMNS.map((k) => r[k]), version]);
        if (u.rowCount !== 1) throw new Error(`version conflict on ${id}`);
        await c.query('INSERT INTO moves (game_id, ply, uci, at, clock_ms) VALUES ($1, $2, $3, $4, $5)', [
          id,
          r.plies,
          'h2e2',
          r.updated_at,
          300_000 - r.plies,
        ]);
        await c.query('COMMIT');
      } catch (e) {
        await c.query('ROLLBACK');
        throw e;
      } finally {
        c.release();
      }
    },
    async read(id) {
      return (await pool.query('SELECT * FROM games WHERE id = $1', [id])).rows[0];
    },
  };
}

interface Figures {
  wallUs: number;
  cpuUs: number;
}

/** Runs `n` operations of one kind, each game's version and ply moved on as a live game's are. */
async function measure(way: Way, op: 'write' | 'read', n: number, state: { version: number[]; ply: number[] }): Promise<Figures> {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  for (let i = 0; i < n; i++) {
    const g = i % GAMES;
    const id = `g${g}`;
    if (op === 'write') {
      await way.write(id, state.version[g]!, state.ply[g]! + 1);
      state.version[g]!++;
      state.ply[g]!++;
    } else await way.read(id);
  }
  const c = process.cpuUsage(c0);
  return { wallUs: ((performance.now() - t0) * 1000) / n, cpuUs: (c.user + c.system) / n };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function compare(backend: string, ways: { hand: Way; kysely: Way }, n: number): Promise<void> {
  const state = { version: Array.from({ length: GAMES }, () => 1), ply: Array.from({ length: GAMES }, () => 0) };
  // A warm-up of each, not counted.
  for (const w of [ways.hand, ways.kysely]) {
    await measure(w, 'write', Math.min(2000, n), state);
    await measure(w, 'read', Math.min(2000, n), state);
  }
  for (const op of ['write', 'read'] as const) {
    const seen: Record<'hand' | 'kysely', Figures[]> = { hand: [], kysely: [] };
    for (let r = 0; r < ROUNDS; r++) {
      // Alternated, and the order swapped each round, so that a noisy moment falls on both.
      const order = r % 2 === 0 ? (['hand', 'kysely'] as const) : (['kysely', 'hand'] as const);
      for (const way of order) seen[way].push(await measure(ways[way], op, n, state));
    }
    const show = (f: Figures[]) => f.map((x) => `${x.wallUs.toFixed(1)}/${x.cpuUs.toFixed(1)}`).join('  ');
    const ratio = (k: keyof Figures) => median(seen.kysely.map((x) => x[k])) / median(seen.hand.map((x) => x[k]));
    console.log(`${backend} ${op === 'write' ? 'per-move write' : 'game by id'} (${n} each, µs per operation wall/CPU, ${ROUNDS} rounds)`);
    console.log(`  hand-written: ${show(seen.hand)}`);
    console.log(`  Kysely:       ${show(seen.kysely)}`);
    console.log(`  Kysely / hand-written (medians): wall ${ratio('wallUs').toFixed(2)}, CPU ${ratio('cpuUs').toFixed(2)}`);
  }
}

async function withGames(store: Store): Promise<void> {
  await store.migrate();
  for (let g = 0; g < GAMES; g++) await store.createGame(game(`g${g}`, { whiteId: 'u1', blackId: 'u2' }));
  await store.close();
}

const dir = tempDir();
try {
  const path = `${dir.dir}/bench.sqlite`;
  await withGames(sqliteStore(path));
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  const k = new Kysely<Tables>({ dialect: new SqliteDialect({ database: db }) });
  await compare('SQLite', { hand: sqliteHand(db), kysely: kyselyWay(k, () => 0) }, OPS);
  await k.destroy();
} finally {
  dir.dispose();
}

const url = process.env.DATABASE_URL ?? TEST_DATABASE_URL;
if (await postgresAvailable(url)) {
  const schema = await tempSchema(url);
  try {
    await withGames(postgresStore(schema.url));
    const pool = new pg.Pool({ connectionString: schema.url, max: 1 });
    const k = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
    await compare('PostgreSQL', { hand: postgresHand(pool), kysely: kyselyWay(k, () => false) }, Math.max(1, Math.floor(OPS / 4)));
    await k.destroy();
  } finally {
    await schema.dispose();
  }
} else console.log(`PostgreSQL: not measured (nothing answers at ${url})`);
