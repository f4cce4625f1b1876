/** Games and moves in PostgreSQL; saves go through the batcher (saves.ts). */
import { OUTCOME_RESULTS, checkGame, checkSave, dataJson } from '../checks.ts';
import type { GameFilter, GameRow, GameStatus, GameStore, MoveRow, ResultCounts } from '../games.ts';
import type { Bigint, PostgresDb } from './db.ts';
import type { SaveBatcher } from './saves.ts';

export interface GameRecord {
  id: string;
  variant: string;
  status: GameStatus;
  white_id: string | null;
  black_id: string | null;
  rated: boolean;
  created_at: Bigint;
  updated_at: Bigint;
  result: string | null;
  reason: string | null;
  plies: number;
  version: number;
  invite_token: string | null;
  data: unknown;
  /** When the last save that kept the summary was made (a move); null when the last save changed it (migration 17). */
  moved_at: Bigint | null;
}
interface MoveRecord {
  game_id: string;
  ply: number;
  uci: string;
  at: Bigint;
  clock_ms: Bigint;
}

const toMove = (r: MoveRecord): MoveRow => ({ gameId: r.game_id, ply: r.ply, uci: r.uci, at: Number(r.at), clockMs: Number(r.clock_ms) });
export const toGame = (r: GameRecord): GameRow => ({
  id: r.id,
  variant: r.variant,
  status: r.status,
  whiteId: r.white_id,
  blackId: r.black_id,
  rated: r.rated,
  createdAt: Number(r.created_at),
  updatedAt: Number(r.moved_at ?? r.updated_at),
  result: r.result,
  reason: r.reason,
  plies: r.plies,
  version: r.version,
  inviteToken: r.invite_token,
  data: r.data,
});

/**
 * $1..$14 in GAME_COLUMNS order. `data` is sent as JSON text: `pg` would
 * turn a JavaScript array into a PostgreSQL array, not into JSON.
 */
const gameParams = (g: GameRow): unknown[] => [
  g.id,
  g.variant,
  g.status,
  g.whiteId,
  g.blackId,
  g.rated,
  g.createdAt,
  g.updatedAt,
  g.result,
  g.reason,
  g.plies,
  g.version,
  g.inviteToken,
  dataJson(g.data),
];
const GAME_COLUMNS = 'id, variant, status, white_id, black_id, rated, created_at, updated_at, result, reason, plies, version, invite_token, data';

const RESULTS_SQL =
  'SELECT variant, ' +
  "SUM(CASE WHEN (white_id = $1 AND result = '1-0') OR (black_id = $1 AND result = '0-1') THEN 1 ELSE 0 END)::int AS wins, " +
  "SUM(CASE WHEN result = '1/2-1/2' THEN 1 ELSE 0 END)::int AS draws, " +
  "SUM(CASE WHEN (white_id = $1 AND result = '0-1') OR (black_id = $1 AND result = '1-0') THEN 1 ELSE 0 END)::int AS losses " +
  `FROM games WHERE status = 'finished' AND (white_id = $1 OR black_id = $1) GROUP BY variant ORDER BY variant COLLATE "C"`;

export function postgresGames(db: PostgresDb, saves: SaveBatcher): GameStore {
  const { query } = db;
  return {
    async createGame(g: GameRow): Promise<void> {
      checkGame(g);
      await query(`INSERT INTO games (${GAME_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14::jsonb)`, gameParams(g));
    },

    async saveGame(g: GameRow, expectedVersion: number, moves: readonly MoveRow[] = [], dropAfter?: number): Promise<void> {
      checkSave(g, moves, dropAfter);
      return saves.save({ g, expectedVersion, moves, ...(dropAfter !== undefined ? { dropAfter } : {}) });
    },

    async game(id: string): Promise<GameRow | null> {
      const r = await query<GameRecord>('SELECT * FROM games WHERE id = $1', [id]);
      return r.rows[0] ? toGame(r.rows[0]) : null;
    },

    async gameByInvite(token: string): Promise<GameRow | null> {
      const r = await query<GameRecord>('SELECT * FROM games WHERE invite_token = $1', [token]);
      return r.rows[0] ? toGame(r.rows[0]) : null;
    },

    async moves(gameId: string): Promise<MoveRow[]> {
      const r = await query<MoveRecord>('SELECT * FROM moves WHERE game_id = $1 ORDER BY ply', [gameId]);
      return r.rows.map(toMove);
    },

    async games(f: GameFilter): Promise<GameRow[]> {
      const where: string[] = [];
      const params: unknown[] = [];
      const param = (v: unknown) => `$${params.push(v)}`;
      if (f.status) {
        if (f.status.length === 0) return [];
        where.push(`status = ANY(${param(f.status)}::text[])`);
      }
      if (f.userId !== undefined) {
        const p = param(f.userId);
        where.push(`(white_id = ${p} OR black_id = ${p})`);
      }
      if (f.before !== undefined) where.push(`updated_at < ${param(f.before)}`);
      if (f.variant !== undefined) where.push(`variant = ${param(f.variant)}`);
      if (f.outcome !== undefined) {
        if (f.userId === undefined) return [];
        const [first, second] = OUTCOME_RESULTS[f.outcome];
        const u = param(f.userId);
        where.push(`status = 'finished' AND ((white_id = ${u} AND result = ${param(first)}) OR (black_id = ${u} AND result = ${param(second)}))`);
      }
      // COLLATE "C": ties ordered by code point, as SQLite and the memory store order them, whatever the database's locale.
      const sql =
        `SELECT * FROM games ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ` +
        `ORDER BY updated_at DESC, id COLLATE "C" DESC LIMIT ${param(Math.max(0, Math.floor(f.limit)))}`;
      const r = await query<GameRecord>(sql, params);
      return r.rows.map(toGame);
    },

    async results(userId: string): Promise<ResultCounts[]> {
      const r = await query<ResultCounts>(RESULTS_SQL, [userId]);
      return r.rows;
    },
  };
}
