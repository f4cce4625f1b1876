/** Tournaments in SQLite. */
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
import type { SqliteDb } from './db.ts';

interface TournamentRecord {
  id: string;
  name: string;
  terms: string;
  status: TournamentRow['status'];
  round: number;
  rounds: number;
  started_at: number | null;
  ended_at: number | null;
  version: number;
  created_by: string | null;
  room_id: string | null;
  invite_token: string | null;
  schedule_key: string | null;
  created_at: number;
  notes: string;
}

interface EntryRecord {
  tournament_id: string;
  user_id: string;
  name: string;
  rating: number;
  joined_at: number;
  active: number;
  away_since: number | null;
  playing: string | null;
}

interface PairingRecord {
  tournament_id: string;
  game_id: string;
  round: number;
  white_id: string;
  black_id: string;
  paired_at: number;
  result: number | null;
  forfeit: number;
  berserk_white: number;
  berserk_black: number;
  plies: number;
  ended_at: number | null;
}

interface ByeRecord {
  round: number;
  user_id: string;
  kind: Bye['kind'];
  points: number;
}

const toTournament = (r: TournamentRecord): TournamentRow => ({
  id: r.id,
  name: r.name,
  terms: JSON.parse(r.terms) as TournamentRow['terms'],
  status: r.status,
  round: r.round,
  rounds: r.rounds,
  startedAt: r.started_at,
  endedAt: r.ended_at,
  version: r.version,
  createdBy: r.created_by,
  roomId: r.room_id,
  inviteToken: r.invite_token,
  scheduleKey: r.schedule_key,
  createdAt: r.created_at,
  notes: JSON.parse(r.notes) as TournamentRow['notes'],
});

const toEntry = (r: EntryRecord): EntryRow => ({
  tournamentId: r.tournament_id,
  userId: r.user_id,
  name: r.name,
  rating: r.rating,
  joinedAt: r.joined_at,
  active: r.active === 1,
  awaySince: r.away_since,
  playing: r.playing,
});

const toPairing = (
  r: Omit<PairingRecord, 'result' | 'forfeit' | 'berserk_white' | 'berserk_black'> & {
    result: number | string | null;
    forfeit: number | boolean;
    berserk_white: number | boolean;
    berserk_black: number | boolean;
  },
): Pairing => ({
  round: r.round,
  gameId: r.game_id,
  white: r.white_id,
  black: r.black_id,
  pairedAt: Number(r.paired_at),
  result: r.result === null ? null : (Number(r.result) as Score),
  forfeit: Boolean(r.forfeit),
  berserk: [Boolean(r.berserk_white), Boolean(r.berserk_black)],
  plies: r.plies,
  endedAt: r.ended_at === null ? null : Number(r.ended_at),
});

const COLUMNS =
  'id, name, kind, variant, rated, starts_at, terms, status, round, rounds, started_at, ended_at, version, created_by, room_id, invite_token, schedule_key, created_at, notes';

export function sqliteTournaments(db: SqliteDb): TournamentStore {
  return { ...tournamentRows(db), ...tournamentSheets(db), ...tournamentEntries(db), ...tournamentRounds(db) };
}

/** The tournament's own row. */
function tournamentRows(db: SqliteDb): TournamentRowStore {
  return {
    createTournament(t: TournamentRow): Promise<void> {
      const params = [
        t.id,
        t.name,
        t.terms.kind,
        t.terms.variant,
        t.terms.rated ? 1 : 0,
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
      ];
      return db.write(() => {
        db.stmt(`INSERT INTO tournaments (${COLUMNS}) VALUES (${params.map(() => '?').join(', ')})`).run(...params);
      });
    },

    async tournament(id: string): Promise<TournamentRow | null> {
      const r = db.stmt('SELECT * FROM tournaments WHERE id = ?').get(id) as TournamentRecord | undefined;
      return r ? toTournament(r) : null;
    },

    async tournamentByInvite(token: string): Promise<TournamentRow | null> {
      const r = db.stmt('SELECT * FROM tournaments WHERE invite_token = ?').get(token) as TournamentRecord | undefined;
      return r ? toTournament(r) : null;
    },

    async listTournaments(q: TournamentQuery): Promise<TournamentRow[]> {
      if (q.statuses.length === 0) return [];
      const where = [`status IN (${q.statuses.map(() => '?').join(', ')})`];
      const params: unknown[] = [...q.statuses];
      if (q.listedOnly) where.push('invite_token IS NULL');
      if (q.roomId !== undefined) {
        where.push('room_id = ?');
        params.push(q.roomId);
      }
      const dir = q.latestFirst ? 'DESC' : 'ASC';
      params.push(Math.max(0, Math.floor(q.limit)));
      const rows = db.stmt(`SELECT * FROM tournaments WHERE ${where.join(' AND ')} ORDER BY starts_at ${dir}, id ${dir} LIMIT ?`).all(...params);
      return (rows as TournamentRecord[]).map(toTournament);
    },
  };
}

/** Reads of the sheet: entries, pairings and byes. */
function tournamentSheets(db: SqliteDb): TournamentSheetStore {
  return {
    async tournamentSheet(id: string): Promise<TournamentSheetRows> {
      const entries = db.stmt('SELECT * FROM tournament_entries WHERE tournament_id = ? ORDER BY joined_at, user_id').all(id) as EntryRecord[];
      const pairings = db.stmt('SELECT * FROM tournament_pairings WHERE tournament_id = ? ORDER BY paired_at, game_id').all(id) as PairingRecord[];
      const byes = db.stmt('SELECT round, user_id, kind, points FROM tournament_byes WHERE tournament_id = ? ORDER BY round, user_id').all(id) as ByeRecord[];
      return {
        entries: entries.map(toEntry),
        pairings: pairings.map(toPairing),
        byes: byes.map((b) => ({ round: b.round, userId: b.user_id, kind: b.kind, points: b.points as Score })),
      };
    },

    async tournamentLive(id: string): Promise<TournamentSheetRows> {
      const entries = db.stmt('SELECT * FROM tournament_entries WHERE tournament_id = ? ORDER BY joined_at, user_id').all(id) as EntryRecord[];
      const pairings = db
        .stmt('SELECT * FROM tournament_pairings WHERE tournament_id = ? AND result IS NULL ORDER BY paired_at, game_id')
        .all(id) as PairingRecord[];
      return { entries: entries.map(toEntry), pairings: pairings.map(toPairing), byes: [] };
    },

    async pairingsOf(id: string, userIds: readonly string[]): Promise<Pairing[]> {
      if (userIds.length === 0) return [];
      // A JSON array for the ids: one statement whatever their number (SQLite caps bound parameters).
      const rows = db
        .stmt(
          // The player indexes named: without statistics the planner would walk the whole tournament by time (its ORDER BY).
          'SELECT * FROM tournament_pairings INDEXED BY tournament_pairings_white WHERE tournament_id = ? AND white_id IN (SELECT value FROM json_each(?)) ' +
            'UNION SELECT * FROM tournament_pairings INDEXED BY tournament_pairings_black WHERE tournament_id = ? AND black_id IN (SELECT value FROM json_each(?)) ORDER BY paired_at, game_id',
        )
        .all(id, JSON.stringify(userIds), id, JSON.stringify(userIds)) as PairingRecord[];
      return rows.map(toPairing);
    },

    async pairingsChanged(id: string, since: number, gameIds: readonly string[]): Promise<Pairing[]> {
      const rows = db
        .stmt(
          // The named games by their key (`+tournament_id`: not by the tournament's index, which would walk all its games).
          'SELECT * FROM tournament_pairings WHERE tournament_id = ? AND paired_at >= ? ' +
            'UNION SELECT * FROM tournament_pairings WHERE +tournament_id = ? AND game_id IN (SELECT value FROM json_each(?)) ORDER BY paired_at, game_id',
        )
        .all(id, since, id, JSON.stringify(gameIds)) as PairingRecord[];
      return rows.map(toPairing);
    },

    async tournamentGame(gameId: string) {
      const r = db.stmt('SELECT * FROM tournament_pairings WHERE game_id = ?').get(gameId) as PairingRecord | undefined;
      return r ? { tournamentId: r.tournament_id, pairing: toPairing(r) } : null;
    },
  };
}

/** A player's entry, each change with the version move it implies. */
function tournamentEntries(db: SqliteDb): TournamentEntryStore {
  return {
    enterTournament(e, maxPlayers, seen): Promise<EnterOutcome> {
      return db.write((): EnterOutcome => {
        // In the same transaction: a decision read before this entry is refused (entryMovesVersion says where).
        const move = () => db.stmt(`UPDATE tournaments SET version = version + 1 WHERE id = ? AND ${ENTRY_MOVES_VERSION_SQL}`).run(e.tournamentId);
        const back = db
          .stmt('UPDATE tournament_entries SET active = 1, away_since = NULL WHERE tournament_id = ? AND user_id = ?')
          .run(e.tournamentId, e.userId);
        if (back.changes > 0) {
          move();
          return 'rejoined';
        }
        if (seen) {
          const now = db.stmt('SELECT status, round FROM tournaments WHERE id = ?').get(e.tournamentId) as { status: string; round: number } | undefined;
          if (now && (now.status !== seen.status || now.round !== seen.round)) return 'changed';
        }
        const n = db.stmt('SELECT count(*) FROM tournament_entries WHERE tournament_id = ?').pluck().get(e.tournamentId) as number;
        if (n >= maxPlayers) return 'full';
        db.stmt(
          'INSERT INTO tournament_entries (tournament_id, user_id, name, rating, joined_at, active, away_since, playing) VALUES (?, ?, ?, ?, ?, 1, NULL, NULL)',
        ).run(e.tournamentId, e.userId, e.name, e.rating, e.at);
        move();
        return 'joined';
      });
    },

    leaveTournament(tournamentId: string, userId: string): Promise<LeaveOutcome> {
      return db.write((): LeaveOutcome => {
        if (db.stmt('SELECT 1 FROM tournament_entries WHERE tournament_id = ? AND user_id = ?').get(tournamentId, userId) === undefined) return 'not-entered';
        const moved = db.stmt("UPDATE tournaments SET version = version + 1 WHERE id = ? AND status = 'upcoming'").run(tournamentId);
        if (moved.changes === 0) return 'started';
        db.stmt('DELETE FROM tournament_entries WHERE tournament_id = ? AND user_id = ?').run(tournamentId, userId);
        return 'left';
      });
    },

    setEntryActive(tournamentId: string, userId: string, active: boolean): Promise<boolean> {
      return db.write(() => {
        const set = db.stmt('UPDATE tournament_entries SET active = ? WHERE tournament_id = ? AND user_id = ?').run(active ? 1 : 0, tournamentId, userId);
        if (set.changes === 0) return false;
        // In the same transaction: a decision read before this is refused (entryMovesVersion says where).
        db.stmt(`UPDATE tournaments SET version = version + 1 WHERE id = ? AND ${ENTRY_MOVES_VERSION_SQL}`).run(tournamentId);
        return true;
      });
    },

    requestHalfBye(tournamentId: string, userId: string, round: number, most: number): Promise<HalfByeOutcome> {
      // One synchronous function under the write lock: checked and written together.
      return db.write((): HalfByeOutcome => {
        const active = db.stmt('SELECT active FROM tournament_entries WHERE tournament_id = ? AND user_id = ?').pluck().get(tournamentId, userId);
        if (active !== 1) return 'not-entered';
        const t = db.stmt('SELECT status, round FROM tournaments WHERE id = ?').get(tournamentId) as { status: string; round: number } | undefined;
        if (!t || (t.status !== 'upcoming' && t.status !== 'running') || t.round >= round) return 'paired';
        const mine = db.stmt('SELECT round, kind FROM tournament_byes WHERE tournament_id = ? AND user_id = ?').all(tournamentId, userId) as {
          round: number;
          kind: string;
        }[];
        if (mine.some((b) => b.round === round)) return 'taken';
        if (mine.filter((b) => b.kind === 'half').length >= most) return 'limit';
        db.stmt("INSERT INTO tournament_byes (tournament_id, round, user_id, kind, points) VALUES (?, ?, ?, 'half', 0.5)").run(tournamentId, round, userId);
        db.stmt('UPDATE tournaments SET version = version + 1 WHERE id = ?').run(tournamentId);
        return 'requested';
      });
    },

    setEntryAway(tournamentId: string, userId: string, since: number | null): Promise<void> {
      return db.write(() => {
        db.stmt('UPDATE tournament_entries SET away_since = ? WHERE tournament_id = ? AND user_id = ?').run(since, tournamentId, userId);
      });
    },
  };
}

/** The director's write (a round paired, all or nothing) and the games' ends. */
function tournamentRounds(db: SqliteDb): TournamentRoundStore {
  return {
    advanceTournament(id: string, version: number, change: TournamentAdvance): Promise<void> {
      return db.write(() => {
        const moved = db
          .stmt('UPDATE tournaments SET status = ?, round = ?, rounds = ?, started_at = ?, ended_at = ?, version = ? WHERE id = ? AND version = ?')
          .run(change.status, change.round, change.rounds, change.startedAt, change.endedAt, version + 1, id, version);
        if (moved.changes === 0) throw new TournamentConflict(id, `not at version ${version}`);
        if (change.note) {
          db.stmt("UPDATE tournaments SET notes = json_insert(notes, '$[#]', json(?)) WHERE id = ?").run(JSON.stringify(change.note), id);
        }
        const take = db.stmt('UPDATE tournament_entries SET playing = ? WHERE tournament_id = ? AND user_id = ? AND playing IS NULL AND active = 1');
        const insert = db.stmt(
          'INSERT INTO tournament_pairings (game_id, tournament_id, round, white_id, black_id, paired_at, result, forfeit, berserk_white, berserk_black, plies, ended_at) ' +
            'VALUES (?, ?, ?, ?, ?, ?, NULL, 0, ?, ?, 0, NULL)',
        );
        for (const p of change.pairings) {
          for (const u of [p.white, p.black]) {
            if (take.run(p.gameId, id, u).changes === 0) throw new TournamentConflict(id, `player ${u} is not free`);
          }
          insert.run(p.gameId, id, p.round, p.white, p.black, p.pairedAt, p.berserk[0] ? 1 : 0, p.berserk[1] ? 1 : 0);
        }
        const bye = db.stmt('INSERT INTO tournament_byes (tournament_id, round, user_id, kind, points) VALUES (?, ?, ?, ?, ?)');
        for (const b of change.byes) bye.run(id, b.round, b.userId, b.kind, b.points);
      });
    },

    recordTournamentGame(gameId: string, end: GameEnd): Promise<boolean> {
      return db.write(() => {
        const p = db.stmt('SELECT tournament_id FROM tournament_pairings WHERE game_id = ? AND result IS NULL').pluck().get(gameId) as string | undefined;
        if (p === undefined) return false;
        db.stmt('UPDATE tournament_pairings SET result = ?, forfeit = ?, plies = ?, ended_at = ? WHERE game_id = ?').run(
          end.result,
          end.forfeit ? 1 : 0,
          end.plies,
          end.endedAt,
          gameId,
        );
        db.stmt('UPDATE tournament_entries SET playing = NULL WHERE tournament_id = ? AND playing = ?').run(p, gameId);
        return true;
      });
    },

    setTournamentBerserk(gameId: string, side: 0 | 1): Promise<boolean> {
      const column = side === 0 ? 'berserk_white' : 'berserk_black';
      return db.write(() => db.stmt(`UPDATE tournament_pairings SET ${column} = 1 WHERE game_id = ? AND result IS NULL`).run(gameId).changes > 0);
    },
  };
}
