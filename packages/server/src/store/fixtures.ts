/**
 * Throwaway databases for the store tests: a temporary folder for SQLite, a
 * schema of its own for PostgreSQL (so that test files and parallel runs
 * sharing one server never see each other's rows), a way to empty either
 * under an open store, and rows to put in them.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import type { Pairing, TournamentTerms } from '@youzai/game/tournament';
import type { TournamentRow } from './tournaments.ts';
import type { GameRow, MoveRow, Store, UserRow } from './types.ts';

/** The test server; TEST_DATABASE_URL overrides. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export function tempDir(): { readonly dir: string; dispose(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'youzai-store-'));
  return { dir, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Whether the test PostgreSQL answers (the store bench leaves PostgreSQL out when it does not). */
export async function postgresAvailable(url = TEST_DATABASE_URL): Promise<boolean> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => {});
  }
}

/** A fresh schema; `url` connects with it as the search path. */
export async function tempSchema(base = TEST_DATABASE_URL): Promise<{ readonly url: string; readonly schema: string; dispose(): Promise<void> }> {
  const schema = `t_${process.pid}_${randomBytes(6).toString('hex')}`;
  await admin(base, `CREATE SCHEMA ${schema}`);
  const u = new URL(base);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return { url: u.toString(), schema, dispose: () => admin(base, `DROP SCHEMA IF EXISTS ${schema} CASCADE`) };
}

async function admin(url: string, sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/** The migrations' own record: what emptying a database keeps. */
const MIGRATIONS_TABLE = 'schema_migrations';

/**
 * Empties a migrated SQLite file through a connection of its own, with the
 * store that uses it still open: every row goes but the migrations' record,
 * so the file is as `migrate` left it. The tables are read on the first call.
 */
export function sqliteEmptier(path: string): { empty(): void; close(): void } {
  let db: Database.Database | null = null;
  let run: (() => void) | null = null;
  return {
    empty() {
      if (!db || !run) {
        const conn = new Database(path, { timeout: 5000 });
        db = conn;
        // Any order then; and nothing here needs to reach the disk.
        conn.pragma('foreign_keys = OFF');
        conn.pragma('synchronous = OFF');
        const tables = conn
          .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND (name NOT LIKE 'sqlite%' OR name = 'sqlite_sequence') AND name <> ?")
          .pluck()
          .all(MIGRATIONS_TABLE) as string[];
        const deletes = tables.map((t) => conn.prepare(`DELETE FROM "${t}"`));
        run = conn.transaction(() => {
          for (const d of deletes) d.run();
        }).immediate;
      }
      run();
    },
    close() {
      db?.close();
    },
  };
}

/**
 * Empties a migrated PostgreSQL schema (`url` as tempSchema gives it) through
 * a connection of its own, with the store that uses it still open: every row
 * goes but the migrations' record, sequences start again, so the schema is as
 * `migrate` left it. One round trip; DELETE, not TRUNCATE, which costs a new
 * file per table. The tables are read on the first call.
 */
export function postgresEmptier(url: string): { empty(): Promise<void>; close(): Promise<void> } {
  let client: pg.Client | null = null;
  let sql: string | null = null;
  return {
    async empty() {
      if (!client || sql === null) {
        const c = new pg.Client({ connectionString: url });
        client = c;
        await c.connect();
        const tables = (
          await c.query<{ name: string }>('SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() AND tablename <> $1', [MIGRATIONS_TABLE])
        ).rows.map((r) => r.name);
        const references = (
          await c.query<{ child: string; parent: string }>(
            `SELECT ch.relname AS child, pa.relname AS parent FROM pg_constraint k
               JOIN pg_class ch ON ch.oid = k.conrelid JOIN pg_class pa ON pa.oid = k.confrelid
              WHERE k.contype = 'f' AND k.connamespace = current_schema()::regnamespace`,
          )
        ).rows;
        const sequences = (await c.query<{ name: string }>('SELECT sequencename AS name FROM pg_sequences WHERE schemaname = current_schema()')).rows.map(
          (r) => r.name,
        );
        sql = [
          'BEGIN',
          ...referencingFirst(tables, references).map((t) => `DELETE FROM "${t}"`),
          ...sequences.map((q) => `ALTER SEQUENCE "${q}" RESTART`),
          'COMMIT',
        ].join(';\n');
      }
      await client.query(sql);
    },
    async close() {
      await client?.end();
    },
  };
}

/** The tables in an order that deletes a referencing table's rows before those of the tables it references. */
function referencingFirst(tables: readonly string[], references: readonly { child: string; parent: string }[]): string[] {
  const order: string[] = [];
  const left = new Set(tables);
  while (left.size > 0) {
    // A table no remaining table references (other than itself) can go now.
    const next = [...left].find((t) => !references.some((r) => r.parent === t && r.child !== t && left.has(r.child)));
    if (next === undefined) throw new Error(`foreign keys in a cycle among ${[...left].join(', ')}`);
    order.push(next);
    left.delete(next);
  }
  return order;
}

/** A store over storage of its own, as the conformance suite (conformance/store.ts) runs each test on. */
export interface StoreFixture {
  /** A store over fresh, empty storage, not yet migrated. */
  readonly store: Store;
  /** Opens the same storage again, after `store` is closed; absent where the data dies with the store. */
  readonly reopen?: () => Promise<Store>;
  /**
   * Deletes every row of the migrated storage, with the store still open, so
   * that it is as `migrate` left it: then one store serves test after test
   * (opening one costs a worker thread, or a schema and its migrations).
   * Absent: each test opens a fresh store.
   */
  readonly empty?: () => Promise<void>;
  /** Frees the storage once the stores are closed. */
  dispose(): Promise<void>;
}

/**
 * A conformance fixture over a SQLite file in a temporary folder, `open`
 * making the store (in process, or on a worker thread): it reopens the same
 * file, and empties it for the next test.
 */
export function sqliteFileFixture(open: (path: string) => Store): () => Promise<StoreFixture> {
  return async () => {
    const tmp = tempDir();
    const path = `${tmp.dir}/test.sqlite3`;
    const emptier = sqliteEmptier(path);
    return {
      store: open(path),
      reopen: async () => open(path),
      empty: async () => emptier.empty(),
      dispose: async () => {
        emptier.close();
        tmp.dispose();
      },
    };
  };
}

/** A conformance fixture over a PostgreSQL schema of its own (tempSchema), `open` making the store: it reopens the same schema, and empties it for the next test. */
export function postgresSchemaFixture(open: (url: string) => Store): () => Promise<StoreFixture> {
  return async () => {
    const schema = await tempSchema();
    const emptier = postgresEmptier(schema.url);
    return {
      store: open(schema.url),
      reopen: async () => open(schema.url),
      empty: () => emptier.empty(),
      dispose: async () => {
        await emptier.close();
        await schema.dispose();
      },
    };
  };
}

/** Realistic epoch milliseconds: past 2^32, so a 32-bit column or a string would show. */
export const T0 = 1_767_225_600_000;

export const user = (id: string, username: string | null = null): UserRow => ({
  id,
  username,
  passwordHash: username === null ? null : `scrypt$16384$8$1$c2FsdA==$aGFzaA==`,
  createdAt: T0,
});

export const game = (id: string, over: Partial<GameRow> = {}): GameRow => ({
  id,
  variant: 'xiangqi',
  status: 'active',
  whiteId: 'u1',
  blackId: 'engine',
  rated: false,
  createdAt: T0,
  updatedAt: T0,
  result: null,
  reason: null,
  plies: 0,
  version: 1,
  inviteToken: null,
  data: { fen: 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w', clock: [300_000, 300_000], offers: [] },
  ...over,
});

export const move = (gameId: string, ply: number): MoveRow => ({ gameId, ply, uci: `m${ply}`, at: T0 + ply * 1000, clockMs: 300_000 - ply });

/** The row after playing `n` more plies from `g`, with its moves. */
export function played(g: GameRow, n: number): { row: GameRow; moves: MoveRow[] } {
  const moves = Array.from({ length: n }, (_, i) => move(g.id, g.plies + i + 1));
  return { row: { ...g, plies: g.plies + n, version: g.version + 1, updatedAt: g.updatedAt + n * 1000, data: { plies: g.plies + n } }, moves };
}

/** A tournament's terms: an arena of Xiangqi 3+2, rated, starting a minute after T0. */
export const tournamentTerms = (over: Partial<TournamentTerms> = {}): TournamentTerms => ({
  kind: 'arena',
  variant: 'xiangqi',
  clock: { kind: 'fischer', baseMs: 180_000, incrementMs: 2_000 },
  rated: true,
  startsAt: T0 + 60_000,
  durationMs: 3_600_000,
  rounds: 0,
  roundGapMs: 0,
  berserk: true,
  minRatedGames: 0,
  maxPlayers: 100,
  lateJoinUntilRound: 0,
  withdrawAfterMs: 120_000,
  ...over,
});

/** A tournament not started yet, at version 1. */
export const tournamentRow = (id: string, over: Partial<TournamentRow> = {}, terms: Partial<TournamentTerms> = {}): TournamentRow => ({
  id,
  name: `Giải ${id} — Xiangqi`,
  terms: tournamentTerms(terms),
  status: 'upcoming',
  round: 0,
  rounds: 0,
  startedAt: null,
  endedAt: null,
  version: 1,
  createdBy: null,
  roomId: null,
  inviteToken: null,
  scheduleKey: null,
  createdAt: T0,
  notes: [],
  ...over,
});

/** A pairing of a tournament's sheet (still being played unless `over` says otherwise). */
export const pairing = (gameId: string, white: string, black: string, over: Partial<Pairing> = {}): Pairing => ({
  round: 0,
  gameId,
  white,
  black,
  pairedAt: T0 + 100,
  result: null,
  forfeit: false,
  berserk: [false, false],
  plies: 0,
  endedAt: null,
  ...over,
});
