/** Tournaments in memory. */
import type { Bye, Pairing } from '@youzai/game/tournament';
import { dataJson } from '../checks.ts';
import {
  entryMovesVersion,
  type EnterOutcome,
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
import { TournamentConflict, UniqueViolation } from '../types.ts';
import { cmp, MemoryTables } from './tables.ts';

type Stored = Omit<TournamentRow, 'terms'> & { readonly terms: string };
const load = (t: Stored): TournamentRow => ({ ...t, terms: JSON.parse(t.terms) as TournamentRow['terms'] });
const copyPairing = (p: Pairing): Pairing => ({ ...p, berserk: [p.berserk[0], p.berserk[1]] });

/** The first tournament that `pick` accepts. */
function findBy(tables: MemoryTables, pick: (t: Stored) => boolean): TournamentRow | null {
  for (const t of tables.open().tournaments.values()) if (pick(t)) return load(t);
  return null;
}

/** A copy of the tournament's sheet, in the order the databases give it. */
function sheetOf(tables: MemoryTables, id: string): TournamentSheetRows {
  const t = tables.open();
  const entries = [...(t.entries.get(id)?.values() ?? [])].sort((a, b) => a.joinedAt - b.joinedAt || cmp(a.userId, b.userId)).map((e) => ({ ...e }));
  const pairings = [...t.pairings.values()]
    .filter((p) => p.tournamentId === id)
    .map((p) => p.pairing)
    .sort((a, b) => a.pairedAt - b.pairedAt || cmp(a.gameId, b.gameId))
    .map(copyPairing);
  const byes = [...(t.byes.get(id) ?? [])].sort((a, b) => a.round - b.round || cmp(a.userId, b.userId)).map((b) => ({ ...b }));
  return { entries, pairings, byes };
}

export function memoryTournaments(tables: MemoryTables): TournamentStore {
  return { ...tournamentRows(tables), ...tournamentSheets(tables), ...tournamentEntries(tables), ...tournamentRounds(tables) };
}

/** The tournament's own row. */
function tournamentRows(tables: MemoryTables): TournamentRowStore {
  return {
    async createTournament(t: TournamentRow): Promise<void> {
      const all = tables.open().tournaments;
      if (all.has(t.id)) throw new UniqueViolation('tournament');
      for (const o of all.values()) {
        if (t.inviteToken !== null && o.inviteToken === t.inviteToken) throw new UniqueViolation('tournamentInvite');
        if (t.scheduleKey !== null && o.scheduleKey === t.scheduleKey) throw new UniqueViolation('tournamentSchedule');
      }
      all.set(t.id, { ...t, terms: dataJson(t.terms) });
    },

    async tournament(id: string): Promise<TournamentRow | null> {
      const t = tables.open().tournaments.get(id);
      return t ? load(t) : null;
    },

    async tournamentByInvite(token: string): Promise<TournamentRow | null> {
      return findBy(tables, (t) => t.inviteToken === token);
    },

    async listTournaments(q: TournamentQuery): Promise<TournamentRow[]> {
      const statuses = new Set(q.statuses);
      const startOf = (t: Stored) => (JSON.parse(t.terms) as TournamentRow['terms']).startsAt;
      const dir = q.latestFirst ? -1 : 1;
      return [...tables.open().tournaments.values()]
        .filter((t) => statuses.has(t.status) && (!q.listedOnly || t.inviteToken === null) && (q.roomId === undefined || t.roomId === q.roomId))
        .sort((a, b) => dir * (startOf(a) - startOf(b) || cmp(a.id, b.id)))
        .slice(0, Math.max(0, Math.floor(q.limit)))
        .map(load);
    },
  };
}

/** Reads of the sheet: entries, pairings and byes. */
function tournamentSheets(tables: MemoryTables): TournamentSheetStore {
  return {
    async tournamentSheet(id: string): Promise<TournamentSheetRows> {
      return sheetOf(tables, id);
    },

    async tournamentLive(id: string): Promise<TournamentSheetRows> {
      const sheet = sheetOf(tables, id);
      return { entries: sheet.entries, pairings: sheet.pairings.filter((p) => p.result === null), byes: [] };
    },

    async pairingsOf(id: string, userIds: readonly string[]): Promise<Pairing[]> {
      const who = new Set(userIds);
      return sheetOf(tables, id).pairings.filter((p) => who.has(p.white) || who.has(p.black));
    },

    async pairingsChanged(id: string, since: number, gameIds: readonly string[]): Promise<Pairing[]> {
      const ids = new Set(gameIds);
      return sheetOf(tables, id).pairings.filter((p) => p.pairedAt >= since || ids.has(p.gameId));
    },

    async tournamentGame(gameId: string) {
      const found = tables.open().pairings.get(gameId);
      return found ? { tournamentId: found.tournamentId, pairing: copyPairing(found.pairing) } : null;
    },
  };
}

/** A player's entry, each change with the version move it implies. */
function tournamentEntries(tables: MemoryTables): TournamentEntryStore {
  return {
    async enterTournament(e, maxPlayers, seen): Promise<EnterOutcome> {
      const t = tables.open();
      t.needUser(e.userId);
      const row = t.tournaments.get(e.tournamentId);
      if (!row) throw new Error(`no tournament ${e.tournamentId}`);
      // A decision read before this entry is refused (entryMovesVersion says where).
      const move = () => {
        if (entryMovesVersion(row.status, load(row).terms.kind)) t.tournaments.set(e.tournamentId, { ...row, version: row.version + 1 });
      };
      const m = MemoryTables.inner(t.entries, e.tournamentId);
      const old = m.get(e.userId);
      if (old) {
        m.set(e.userId, { ...old, active: true, awaySince: null });
        move();
        return 'rejoined';
      }
      if (seen && (row.status !== seen.status || row.round !== seen.round)) return 'changed';
      if (m.size >= maxPlayers) return 'full';
      move();
      m.set(e.userId, {
        tournamentId: e.tournamentId,
        userId: e.userId,
        name: e.name,
        rating: e.rating,
        joinedAt: e.at,
        active: true,
        playing: null,
        awaySince: null,
      });
      return 'joined';
    },

    async leaveTournament(tournamentId: string, userId: string): Promise<LeaveOutcome> {
      const t = tables.open();
      const m = t.entries.get(tournamentId);
      const row = t.tournaments.get(tournamentId);
      if (!row || !m?.has(userId)) return 'not-entered';
      if (row.status !== 'upcoming') return 'started';
      m.delete(userId);
      t.tournaments.set(tournamentId, { ...row, version: row.version + 1 });
      return 'left';
    },

    async setEntryActive(tournamentId: string, userId: string, active: boolean): Promise<boolean> {
      const t = tables.open();
      const m = t.entries.get(tournamentId);
      const e = m?.get(userId);
      if (!m || !e) return false;
      m.set(userId, { ...e, active });
      // A decision read before this is refused (entryMovesVersion says where).
      const row = t.tournaments.get(tournamentId);
      if (row && entryMovesVersion(row.status, load(row).terms.kind)) t.tournaments.set(tournamentId, { ...row, version: row.version + 1 });
      return true;
    },

    async requestHalfBye(tournamentId: string, userId: string, round: number, most: number): Promise<HalfByeOutcome> {
      const t = tables.open();
      const row = t.tournaments.get(tournamentId);
      const e = t.entries.get(tournamentId)?.get(userId);
      if (!row || !e?.active) return 'not-entered';
      if ((row.status !== 'upcoming' && row.status !== 'running') || row.round >= round) return 'paired';
      const byes = t.byes.get(tournamentId) ?? [];
      const mine = byes.filter((b) => b.userId === userId);
      if (mine.some((b) => b.round === round)) return 'taken';
      if (mine.filter((b) => b.kind === 'half').length >= most) return 'limit';
      t.byes.set(tournamentId, [...byes, { round, userId, kind: 'half', points: 0.5 }]);
      t.tournaments.set(tournamentId, { ...row, version: row.version + 1 });
      return 'requested';
    },

    async setEntryAway(tournamentId: string, userId: string, since: number | null): Promise<void> {
      const m = tables.open().entries.get(tournamentId);
      const e = m?.get(userId);
      if (m && e) m.set(userId, { ...e, awaySince: since });
    },
  };
}

/** The director's write (a round paired, all or nothing) and the games' ends. */
function tournamentRounds(tables: MemoryTables): TournamentRoundStore {
  return {
    async advanceTournament(id: string, version: number, change: TournamentAdvance): Promise<void> {
      const t = tables.open();
      const row = t.tournaments.get(id);
      if (!row || row.version !== version) throw new TournamentConflict(id, `not at version ${version}`);
      const m = t.entries.get(id) ?? new Map<string, EntryRow>();
      // Checked in full before anything is written: all or nothing, as a transaction.
      const busy = new Set<string>();
      for (const p of change.pairings) {
        for (const u of [p.white, p.black]) {
          const e = m.get(u);
          if (!e?.active || e.playing !== null || busy.has(u)) throw new TournamentConflict(id, `player ${u} is not free`);
          busy.add(u);
        }
        if (t.pairings.has(p.gameId)) throw new UniqueViolation('tournamentGame');
      }
      const byes = t.byes.get(id) ?? [];
      for (const b of change.byes) if (byes.some((o) => o.round === b.round && o.userId === b.userId)) throw new UniqueViolation('tournamentBye');
      const { pairings: _p, byes: _b, note, ...progress } = change;
      t.tournaments.set(id, { ...row, ...progress, notes: note ? [...row.notes, note] : row.notes, version: version + 1 });
      for (const p of change.pairings) {
        t.pairings.set(p.gameId, { tournamentId: id, pairing: copyPairing(p) });
        for (const u of [p.white, p.black]) m.set(u, { ...m.get(u)!, playing: p.gameId });
      }
      t.byes.set(id, [...byes, ...change.byes.map((b): Bye => ({ ...b }))]);
    },

    async recordTournamentGame(gameId: string, end: GameEnd): Promise<boolean> {
      const t = tables.open();
      const found = t.pairings.get(gameId);
      if (!found || found.pairing.result !== null) return false;
      t.pairings.set(gameId, { ...found, pairing: { ...found.pairing, ...end } });
      const m = t.entries.get(found.tournamentId);
      for (const u of [found.pairing.white, found.pairing.black]) {
        const e = m?.get(u);
        if (m && e && e.playing === gameId) m.set(u, { ...e, playing: null });
      }
      return true;
    },

    async setTournamentBerserk(gameId: string, side: 0 | 1): Promise<boolean> {
      const t = tables.open();
      const found = t.pairings.get(gameId);
      if (!found || found.pairing.result !== null) return false;
      const berserk: [boolean, boolean] = [found.pairing.berserk[0], found.pairing.berserk[1]];
      berserk[side] = true;
      t.pairings.set(gameId, { ...found, pairing: { ...found.pairing, berserk } });
      return true;
    },
  };
}
