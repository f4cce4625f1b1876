/** Games and moves in SQLite. */
import { OUTCOME_RESULTS, checkGame, checkSave, dataJson } from '../checks.ts';
import type { GameFilter, GameRow, GameStatus, GameStore, MoveRow, ResultCounts } from '../games.ts';
import { VersionConflict } from '../types.ts';
import type { SqliteDb } from './db.ts';

export interface GameRecord {
  id: string;
  variant: string;
  status: GameStatus;
  white_id: string | null;
  black_id: string | null;
  rated: number;
  created_at: number;
  updated_at: number;
  result: string | null;
  reason: string | null;
  plies: number;
  version: number;
  invite_token: string | null;
  data: string;
  /** When the last save that kept the summary was made (a move); null when the last save changed it. */
  moved_at: number | null;
}
interface MoveRecord {
  game_id: string;
  ply: number;
  uci: string;
  at: number;
  clock_ms: number;
}

const toMove = (r: MoveRecord): MoveRow => ({ gameId: r.game_id, ply: r.ply, uci: r.uci, at: r.at, clockMs: r.clock_ms });
export const toGame = (r: GameRecord): GameRow => ({
  id: r.id,
  variant: r.variant,
  status: r.status,
  whiteId: r.white_id,
  blackId: r.black_id,
  rated: r.rated === 1,
  createdAt: r.created_at,
  updatedAt: r.moved_at ?? r.updated_at,
  result: r.result,
  reason: r.reason,
  plies: r.plies,
  version: r.version,
  inviteToken: r.invite_token,
  data: JSON.parse(r.data) as unknown,
});

/** Named parameters for a game row; computed when the write is called, so later changes by the caller are not stored. */
function gameParams(g: GameRow) {
  return {
    id: g.id,
    variant: g.variant,
    status: g.status,
    whiteId: g.whiteId,
    blackId: g.blackId,
    rated: g.rated ? 1 : 0,
    createdAt: g.createdAt,
    updatedAt: g.updatedAt,
    result: g.result,
    reason: g.reason,
    plies: g.plies,
    version: g.version,
    inviteToken: g.inviteToken,
    data: dataJson(g.data),
  };
}

const GAME_COLUMNS = 'id, variant, status, white_id, black_id, rated, created_at, updated_at, result, reason, plies, version, invite_token, data';
const GAME_VALUES = '@id, @variant, @status, @whiteId, @blackId, @rated, @createdAt, @updatedAt, @result, @reason, @plies, @version, @inviteToken, @data';
const GAME_SET =
  'variant = @variant, status = @status, white_id = @whiteId, black_id = @blackId, rated = @rated, created_at = @createdAt, ' +
  'updated_at = @updatedAt, result = @result, reason = @reason, plies = @plies, version = @version, invite_token = @inviteToken, data = @data, moved_at = NULL';
/**
 * The row's summary as stored is the one saved: the columns under the indexes (and the others lists show) are
 * unchanged, so the save (a move, nearly always) writes only what a move changes and leaves every index alone.
 */
const SUMMARY_KEPT =
  'variant = @variant AND status = @status AND white_id IS @whiteId AND black_id IS @blackId AND rated = @rated AND ' +
  'created_at = @createdAt AND result IS @result AND reason IS @reason AND invite_token IS @inviteToken';
const MOVE_SET = 'moved_at = @updatedAt, plies = @plies, version = @version, data = @data';

/** Wins, draws and losses per variant of the user `@u`. */
const RESULTS_SQL =
  'SELECT variant, ' +
  "SUM(CASE WHEN (white_id = @u AND result = '1-0') OR (black_id = @u AND result = '0-1') THEN 1 ELSE 0 END) AS wins, " +
  "SUM(CASE WHEN result = '1/2-1/2' THEN 1 ELSE 0 END) AS draws, " +
  "SUM(CASE WHEN (white_id = @u AND result = '0-1') OR (black_id = @u AND result = '1-0') THEN 1 ELSE 0 END) AS losses " +
  "FROM games WHERE status = 'finished' AND (white_id = @u OR black_id = @u) GROUP BY variant ORDER BY variant";

export function sqliteGames(db: SqliteDb): GameStore {
  return {
    async createGame(g: GameRow): Promise<void> {
      checkGame(g);
      const params = gameParams(g);
      return db.write(() => {
        db.stmt(`INSERT INTO games (${GAME_COLUMNS}) VALUES (${GAME_VALUES})`).run(params);
      });
    },

    async saveGame(g: GameRow, expectedVersion: number, moves: readonly MoveRow[] = [], dropAfter?: number): Promise<void> {
      checkSave(g, moves, dropAfter);
      const params = { ...gameParams(g), expected: expectedVersion };
      const moveParams = moves.map((m) => [m.gameId, m.ply, m.uci, m.at, m.clockMs] as const);
      return db.write(() => {
        // A move: the summary (and so updated_at and the indexes) kept; else the whole row, its time in updated_at.
        const kept = db.stmt(`UPDATE games SET ${MOVE_SET} WHERE id = @id AND version = @expected AND ${SUMMARY_KEPT}`).run(params);
        if (kept.changes === 0) {
          const r = db.stmt(`UPDATE games SET ${GAME_SET} WHERE id = @id AND version = @expected`).run(params);
          if (r.changes === 0) throw new VersionConflict(g.id, expectedVersion);
        }
        if (dropAfter !== undefined) db.stmt('DELETE FROM moves WHERE game_id = ? AND ply > ?').run(g.id, dropAfter);
        const insert = db.stmt('INSERT INTO moves (game_id, ply, uci, at, clock_ms) VALUES (?, ?, ?, ?, ?)');
        for (const m of moveParams) insert.run(...m);
      });
    },

    async game(id: string): Promise<GameRow | null> {
      const r = db.stmt('SELECT * FROM games WHERE id = ?').get(id) as GameRecord | undefined;
      return r ? toGame(r) : null;
    },

    async gameByInvite(token: string): Promise<GameRow | null> {
      const r = db.stmt('SELECT * FROM games WHERE invite_token = ?').get(token) as GameRecord | undefined;
      return r ? toGame(r) : null;
    },

    async moves(gameId: string): Promise<MoveRow[]> {
      return (db.stmt('SELECT * FROM moves WHERE game_id = ? ORDER BY ply').all(gameId) as MoveRecord[]).map(toMove);
    },

    async games(f: GameFilter): Promise<GameRow[]> {
      const where: string[] = [];
      const params: unknown[] = [];
      if (f.status) {
        if (f.status.length === 0) return [];
        where.push(`status IN (${f.status.map(() => '?').join(', ')})`);
        params.push(...f.status);
      }
      if (f.userId !== undefined) {
        where.push('(white_id = ? OR black_id = ?)');
        params.push(f.userId, f.userId);
      }
      if (f.before !== undefined) {
        where.push('updated_at < ?');
        params.push(f.before);
      }
      if (f.variant !== undefined) {
        where.push('variant = ?');
        params.push(f.variant);
      }
      if (f.outcome !== undefined) {
        if (f.userId === undefined) return [];
        const [first, second] = OUTCOME_RESULTS[f.outcome];
        where.push("status = 'finished' AND ((white_id = ? AND result = ?) OR (black_id = ? AND result = ?))");
        params.push(f.userId, first, f.userId, second);
      }
      params.push(Math.max(0, Math.floor(f.limit)));
      const sql = `SELECT * FROM games ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY updated_at DESC, id DESC LIMIT ?`;
      return (db.stmt(sql).all(...params) as GameRecord[]).map(toGame);
    },

    async results(userId: string): Promise<ResultCounts[]> {
      return db.stmt(RESULTS_SQL).all({ u: userId }) as ResultCounts[];
    },
  };
}
