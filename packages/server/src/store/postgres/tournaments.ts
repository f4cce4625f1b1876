/** Tournaments in PostgreSQL. */
import type { Bye, Pairing, Score } from '@youzai/game/tournament';
import { dataJson } from '../checks.ts';
import {
  type EnterOutcome,
  ENTRY_MOVES_VERSION_SQL,
  type EntryRow,
  type GameEnd,
  type HalfByeOutcome,
  type LeaveOutcome,
  type TournamentAdvance,
  type TournamentEntryStore,
  type TournamentQuery,
  type TournamentRoundStore,
  type TournamentRow,
  type TournamentRowStore,
  type TournamentSheetRows,
  type TournamentSheetStore,
  type TournamentStore,
} from '../tournaments.ts';
import { TournamentConflict } from '../types.ts';
import type { Bigint, PostgresDb } from './db.ts';

interface TournamentRecord {
  id: string;
  name: string;
  terms: TournamentRow['terms'];
  status: TournamentRow['status'];
  round: number;
  rounds: number;
  started_at: Bigint | null;
  ended_at: Bigint | null;
  version: number;
  created_by: string | null;
  room_id: string | null;
  invite_token: string | null;
  schedule_key: string | null;
  created_at: Bigint;
  notes: TournamentRow['notes'];
}

interface EntryRecord {
  tournament_id: string;
  user_id: string;
  name: string;
  rating: number;
  joined_at: Bigint;
  active: boolean;
  away_since: Bigint | null;
  playing: string | null;
}

interface PairingRecord {
  tournament_id: string;
  game_id: string;
  round: number;
  white_id: string;
  black_id: string;
  paired_at: Bigint;
  result: number | null;
  forfeit: boolean;
  berserk_white: boolean;
  berserk_black: boolean;
  plies: number;
  ended_at: Bigint | null;
}

const num = (v: Bigint | null): number | null => (v === null ? null : Number(v));

const toTournament = (r: TournamentRecord): TournamentRow => ({
  id: r.id,
  name: r.name,
  terms: r.terms,
  status: r.status,
  round: r.round,
  rounds: r.rounds,
  startedAt: num(r.started_at),
  endedAt: num(r.ended_at),
  version: r.version,
  createdBy: r.created_by,
  roomId: r.room_id,
  inviteToken: r.invite_token,
  scheduleKey: r.schedule_key,
  createdAt: Number(r.created_at),
  notes: r.notes,
});

const toEntry = (r: EntryRecord): EntryRow => ({
  tournamentId: r.tournament_id,
  userId: r.user_id,
  name: r.name,
  rating: r.rating,
  joinedAt: Number(r.joined_at),
  active: r.active,
  awaySince: num(r.away_since),
  playing: r.playing,
});

const toPairing = (r: PairingRecord): Pairing => ({
  round: r.round,
  gameId: r.game_id,
  white: r.white_id,
  black: r.black_id,
  pairedAt: Number(r.paired_at),
  result: r.result === null ? null : (r.result as Score),
  forfeit: r.forfeit,
  berserk: [r.berserk_white, r.berserk_black],
  plies: r.plies,
  endedAt: num(r.ended_at),
});

export function postgresTournaments(db: PostgresDb): TournamentStore {
  return { ...tournamentRows(db), ...tournamentSheets(db), ...tournamentEntries(db), ...tournamentRounds(db) };
}

/** The tournament's own row. */
function tournamentRows(db: PostgresDb): TournamentRowStore {
  const { query } = db;
  return {
    async createTournament(t: TournamentRow): Promise<void> {
      await query(
        'INSERT INTO tournaments (id, name, kind, variant, rated, starts_at, terms, status, round, rounds, started_at, ended_at, version, created_by, room_id, invite_token, schedule_key, created_at, notes) ' +
          'VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19::jsonb)',
        [
          t.id,
          t.name,
          t.terms.kind,
          t.terms.variant,
          t.terms.rated,
          t.terms.startsAt,
          dataJson(t.terms),
          t.status,
          t.round,
          t.rounds,
          t.startedAt,
          t.endedAt,
          t.version,
          t.createdBy,
          t.roomId,
          t.inviteToken,
          t.scheduleKey,
          t.createdAt,
          JSON.stringify(t.notes),
        ],
      );
    },

    async tournament(id: string): Promise<TournamentRow | null> {
      const r = await query<TournamentRecord>('SELECT * FROM tournaments WHERE id = $1', [id]);
      return r.rows[0] ? toTournament(r.rows[0]) : null;
    },

    async tournamentByInvite(token: string): Promise<TournamentRow | null> {
      const r = await query<TournamentRecord>('SELECT * FROM tournaments WHERE invite_token = $1', [token]);
      return r.rows[0] ? toTournament(r.rows[0]) : null;
    },

    async listTournaments(q: TournamentQuery): Promise<TournamentRow[]> {
      if (q.statuses.length === 0) return [];
      const where = ['status = ANY($1::text[])'];
      const params: unknown[] = [[...q.statuses]];
      if (q.listedOnly) where.push('invite_token IS NULL');
      if (q.roomId !== undefined) {
        params.push(q.roomId);
        where.push(`room_id = $${params.length}`);
      }
      const dir = q.latestFirst ? 'DESC' : 'ASC';
      params.push(Math.max(0, Math.floor(q.limit)));
      const r = await query<TournamentRecord>(
        `SELECT * FROM tournaments WHERE ${where.join(' AND ')} ORDER BY starts_at ${dir}, id COLLATE "C" ${dir} LIMIT $${params.length}`,
        params,
      );
      return r.rows.map(toTournament);
    },
  };
}

/** Reads of the sheet: entries, pairings and byes. */
function tournamentSheets(db: PostgresDb): TournamentSheetStore {
  const { query } = db;
  return {
    async tournamentSheet(id: string): Promise<TournamentSheetRows> {
      const [e, p, b] = await Promise.all([
        query<EntryRecord>('SELECT * FROM tournament_entries WHERE tournament_id = $1 ORDER BY joined_at, user_id COLLATE "C"', [id]),
        query<PairingRecord>('SELECT * FROM tournament_pairings WHERE tournament_id = $1 ORDER BY paired_at, game_id COLLATE "C"', [id]),
        query<{ round: number; user_id: string; kind: Bye['kind']; points: number }>(
          'SELECT round, user_id, kind, points FROM tournament_byes WHERE tournament_id = $1 ORDER BY round, user_id COLLATE "C"',
          [id],
        ),
      ]);
      return {
        entries: e.rows.map(toEntry),
        pairings: p.rows.map(toPairing),
        byes: b.rows.map((x) => ({ round: x.round, userId: x.user_id, kind: x.kind, points: x.points as Score })),
      };
    },

    async tournamentLive(id: string): Promise<TournamentSheetRows> {
      const [e, p] = await Promise.all([
        query<EntryRecord>('SELECT * FROM tournament_entries WHERE tournament_id = $1 ORDER BY joined_at, user_id COLLATE "C"', [id]),
        query<PairingRecord>('SELECT * FROM tournament_pairings WHERE tournament_id = $1 AND result IS NULL ORDER BY paired_at, game_id COLLATE "C"', [id]),
      ]);
      return { entries: e.rows.map(toEntry), pairings: p.rows.map(toPairing), byes: [] };
    },

    async pairingsOf(id: string, userIds: readonly string[]): Promise<Pairing[]> {
      if (userIds.length === 0) return [];
      const r = await query<PairingRecord>(
        'SELECT * FROM tournament_pairings WHERE tournament_id = $1 AND (white_id = ANY($2::text[]) OR black_id = ANY($2::text[])) ORDER BY paired_at, game_id COLLATE "C"',
        [id, userIds],
      );
      return r.rows.map(toPairing);
    },

    async pairingsChanged(id: string, since: number, gameIds: readonly string[]): Promise<Pairing[]> {
      const r = await query<PairingRecord>(
        'SELECT * FROM tournament_pairings WHERE tournament_id = $1 AND (paired_at >= $2 OR game_id = ANY($3::text[])) ORDER BY paired_at, game_id COLLATE "C"',
        [id, since, gameIds],
      );
      return r.rows.map(toPairing);
    },

    async tournamentGame(gameId: string) {
      const r = await query<PairingRecord>('SELECT * FROM tournament_pairings WHERE game_id = $1', [gameId]);
      const row = r.rows[0];
      return row ? { tournamentId: row.tournament_id, pairing: toPairing(row) } : null;
    },
  };
}

/** A player's entry, each change with the version move it implies. */
function tournamentEntries(db: PostgresDb): TournamentEntryStore {
  const { query } = db;
  return {
    enterTournament(e, maxPlayers, seen): Promise<EnterOutcome> {
      return db.transaction(async (q): Promise<EnterOutcome> => {
        // The tournament's row is locked: two players taking the last place queue here.
        const t = await q<{ status: string; round: number }>('SELECT status, round FROM tournaments WHERE id = $1 FOR UPDATE', [e.tournamentId]);
        const now = t.rows[0];
        if (!now) throw new Error(`no tournament ${e.tournamentId}`);
        const back = await q('UPDATE tournament_entries SET active = TRUE, away_since = NULL WHERE tournament_id = $1 AND user_id = $2', [
          e.tournamentId,
          e.userId,
        ]);
        // Under the lock a start or a round waits for this and then finds the version moved on (entryMovesVersion says where).
        const move = () => q(`UPDATE tournaments SET version = version + 1 WHERE id = $1 AND ${ENTRY_MOVES_VERSION_SQL}`, [e.tournamentId]);
        if ((back.rowCount ?? 0) > 0) {
          await move();
          return 'rejoined';
        }
        if (seen && (now.status !== seen.status || now.round !== seen.round)) return 'changed';
        const n = await q<{ n: string }>('SELECT count(*) AS n FROM tournament_entries WHERE tournament_id = $1', [e.tournamentId]);
        if (Number(n.rows[0]?.n ?? 0) >= maxPlayers) return 'full';
        await q(
          'INSERT INTO tournament_entries (tournament_id, user_id, name, rating, joined_at, active, away_since, playing) VALUES ($1, $2, $3, $4, $5, TRUE, NULL, NULL)',
          [e.tournamentId, e.userId, e.name, e.rating, e.at],
        );
        await move();
        return 'joined';
      });
    },

    leaveTournament(tournamentId: string, userId: string): Promise<LeaveOutcome> {
      return db.transaction(async (q): Promise<LeaveOutcome> => {
        // The tournament's row is locked first (as a join locks it): a start or a join waits for this.
        const t = await q<{ status: string }>('SELECT status FROM tournaments WHERE id = $1 FOR UPDATE', [tournamentId]);
        const e = await q('SELECT 1 FROM tournament_entries WHERE tournament_id = $1 AND user_id = $2', [tournamentId, userId]);
        if (t.rowCount === 0 || e.rowCount === 0) return 'not-entered';
        if (t.rows[0]?.status !== 'upcoming') return 'started';
        await q('DELETE FROM tournament_entries WHERE tournament_id = $1 AND user_id = $2', [tournamentId, userId]);
        await q('UPDATE tournaments SET version = version + 1 WHERE id = $1', [tournamentId]);
        return 'left';
      });
    },

    setEntryActive(tournamentId: string, userId: string, active: boolean): Promise<boolean> {
      return db.transaction(async (q) => {
        // The tournament's row first (as the director's write takes it): a round decided before this finds the version moved on.
        await q('SELECT 1 FROM tournaments WHERE id = $1 FOR UPDATE', [tournamentId]);
        const r = await q('UPDATE tournament_entries SET active = $1 WHERE tournament_id = $2 AND user_id = $3', [active, tournamentId, userId]);
        if ((r.rowCount ?? 0) === 0) return false;
        await q(`UPDATE tournaments SET version = version + 1 WHERE id = $1 AND ${ENTRY_MOVES_VERSION_SQL}`, [tournamentId]);
        return true;
      });
    },

    requestHalfBye(tournamentId: string, userId: string, round: number, most: number): Promise<HalfByeOutcome> {
      return db.transaction(async (q): Promise<HalfByeOutcome> => {
        // Under the tournament's lock: a round being paired waits for this, then finds the version moved on.
        const t = await q<{ status: string; round: number }>('SELECT status, round FROM tournaments WHERE id = $1 FOR UPDATE', [tournamentId]);
        const e = await q<{ active: boolean }>('SELECT active FROM tournament_entries WHERE tournament_id = $1 AND user_id = $2', [tournamentId, userId]);
        if (!e.rows[0]?.active) return 'not-entered';
        const now = t.rows[0];
        if (!now || (now.status !== 'upcoming' && now.status !== 'running') || now.round >= round) return 'paired';
        const mine = await q<{ round: number; kind: string }>('SELECT round, kind FROM tournament_byes WHERE tournament_id = $1 AND user_id = $2', [
          tournamentId,
          userId,
        ]);
        if (mine.rows.some((b) => b.round === round)) return 'taken';
        if (mine.rows.filter((b) => b.kind === 'half').length >= most) return 'limit';
        await q("INSERT INTO tournament_byes (tournament_id, round, user_id, kind, points) VALUES ($1, $2, $3, 'half', 0.5)", [tournamentId, round, userId]);
        await q('UPDATE tournaments SET version = version + 1 WHERE id = $1', [tournamentId]);
        return 'requested';
      });
    },

    async setEntryAway(tournamentId: string, userId: string, since: number | null): Promise<void> {
      await query('UPDATE tournament_entries SET away_since = $1 WHERE tournament_id = $2 AND user_id = $3', [since, tournamentId, userId]);
    },
  };
}

/** The director's write (a round paired, all or nothing) and the games' ends. */
function tournamentRounds(db: PostgresDb): TournamentRoundStore {
  const { query } = db;
  return {
    advanceTournament(id: string, version: number, change: TournamentAdvance): Promise<void> {
      return db.transaction(async (q) => {
        const moved = await q(
          'UPDATE tournaments SET status = $1, round = $2, rounds = $3, started_at = $4, ended_at = $5, version = $6 WHERE id = $7 AND version = $8',
          [change.status, change.round, change.rounds, change.startedAt, change.endedAt, version + 1, id, version],
        );
        if (moved.rowCount === 0) throw new TournamentConflict(id, `not at version ${version}`);
        if (change.note) await q('UPDATE tournaments SET notes = notes || $1::jsonb WHERE id = $2', [JSON.stringify([change.note]), id]);
        for (const p of change.pairings) {
          for (const u of [p.white, p.black]) {
            const r = await q('UPDATE tournament_entries SET playing = $1 WHERE tournament_id = $2 AND user_id = $3 AND playing IS NULL AND active', [
              p.gameId,
              id,
              u,
            ]);
            if (r.rowCount === 0) throw new TournamentConflict(id, `player ${u} is not free`);
          }
          await q(
            'INSERT INTO tournament_pairings (game_id, tournament_id, round, white_id, black_id, paired_at, result, forfeit, berserk_white, berserk_black, plies, ended_at) ' +
              'VALUES ($1, $2, $3, $4, $5, $6, NULL, FALSE, $7, $8, 0, NULL)',
            [p.gameId, id, p.round, p.white, p.black, p.pairedAt, p.berserk[0], p.berserk[1]],
          );
        }
        for (const b of change.byes) {
          await q('INSERT INTO tournament_byes (tournament_id, round, user_id, kind, points) VALUES ($1, $2, $3, $4, $5)', [
            id,
            b.round,
            b.userId,
            b.kind,
            b.points,
          ]);
        }
      });
    },

    recordTournamentGame(gameId: string, end: GameEnd): Promise<boolean> {
      return db.transaction(async (q) => {
        const r = await q<{ tournament_id: string }>(
          'UPDATE tournament_pairings SET result = $1, forfeit = $2, plies = $3, ended_at = $4 WHERE game_id = $5 AND result IS NULL RETURNING tournament_id',
          [end.result, end.forfeit, end.plies, end.endedAt, gameId],
        );
        const t = r.rows[0]?.tournament_id;
        if (t === undefined) return false;
        await q('UPDATE tournament_entries SET playing = NULL WHERE tournament_id = $1 AND playing = $2', [t, gameId]);
        return true;
      });
    },

    async setTournamentBerserk(gameId: string, side: 0 | 1): Promise<boolean> {
      const column = side === 0 ? 'berserk_white' : 'berserk_black';
      const r = await query(`UPDATE tournament_pairings SET ${column} = TRUE WHERE game_id = $1 AND result IS NULL`, [gameId]);
      return (r.rowCount ?? 0) > 0;
    },
  };
}
