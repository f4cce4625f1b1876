/**
 * Tournaments: their terms and progress, the players entered, the pairings
 * with their results, and the byes. The pure rules (@youzai/game/tournament)
 * read these rows; the director (server/src/tournaments) writes them.
 *
 * Two guards make "no player paired twice" a property of the storage, not
 * of one process's memory: every change of a tournament's progress names
 * the version it was decided on (a second director, or one that was frozen
 * past its lease, is refused), and a paired player's entry is marked as
 * playing that game, which only a free entry may be (both in one transaction).
 */
import type { Bye, Entrant, Pairing, Score, TournamentNote, TournamentStatus, TournamentTerms } from '@youzai/game/tournament';

export interface TournamentRow {
  readonly id: string;
  readonly name: string;
  /** Plain JSON; kind, variant, rated and startsAt are also kept as columns for the lists. */
  readonly terms: TournamentTerms;
  readonly status: TournamentStatus;
  /** Swiss and round-robin: the round paired last (0 before the first). */
  readonly round: number;
  /** Round-robin: fixed at the start; Swiss: the terms' rounds. */
  readonly rounds: number;
  readonly startedAt: number | null;
  readonly endedAt: number | null;
  /** 1 when created; each advance writes the next one. */
  readonly version: number;
  /** What the director did beyond the rules' plain course (a criterion relaxed, an early end), oldest first: said on the page. */
  readonly notes: readonly TournamentNote[];
  /** The account that created it; null for the club's own (scheduled, or made by an admin for the club). */
  readonly createdBy: string | null;
  /** A room's tournament (listed in that room). */
  readonly roomId: string | null;
  /** A private event: left out of the lists, reached by this token's link. Unique. */
  readonly inviteToken: string | null;
  /** A scheduled club tournament: the occurrence's key (unique), so that each is created once whichever node creates it. */
  readonly scheduleKey: string | null;
  readonly createdAt: number;
}

/** A player entered in a tournament. */
export interface EntryRow extends Entrant {
  readonly tournamentId: string;
  /** The tournament game the player is in now; null when free. */
  readonly playing: string | null;
  /** Since when the player has had no tournament page open; null while there. */
  readonly awaySince: number | null;
}

/** Everything the pairing and the standings read, in a stable order (entries by join time, pairings by pairing time, byes by round). */
export interface TournamentSheetRows {
  readonly entries: readonly EntryRow[];
  readonly pairings: readonly Pairing[];
  readonly byes: readonly Bye[];
}

export interface TournamentQuery {
  readonly statuses: readonly TournamentStatus[];
  /** true: only those without an invite token (the public lists); false: private ones too (the director). */
  readonly listedOnly: boolean;
  /** Only this room's. Absent: any. */
  readonly roomId?: string;
  readonly limit: number;
  /** Latest start first (finished lists); otherwise soonest first. */
  readonly latestFirst?: boolean;
}

/** A change of progress decided at one version, with what it pairs. */
export interface TournamentAdvance {
  readonly status: TournamentStatus;
  readonly round: number;
  readonly rounds: number;
  readonly startedAt: number | null;
  readonly endedAt: number | null;
  /** New pairings (result null): both players must be entered and free; each is then playing that game. */
  readonly pairings: readonly Pairing[];
  readonly byes: readonly Bye[];
  /** Added to the tournament's notes. */
  readonly note?: TournamentNote;
}

export interface GameEnd {
  readonly result: Score;
  readonly forfeit: boolean;
  readonly plies: number;
  readonly endedAt: number;
}

/**
 * `changed`: a new entry refused because the tournament is no longer at the
 * progress the caller checked the join against (it started, or paired a
 * round, meanwhile): check again on the new row.
 */
export type EnterOutcome = 'joined' | 'rejoined' | 'full' | 'changed';

/** The progress a join was checked against (mayJoin reads the status and the round). */
export interface EnterSeen {
  readonly status: TournamentStatus;
  readonly round: number;
}

/**
 * Whether a player entering (joining, or coming back) moves the tournament's
 * version on. Before the start the director's decision reads the entries (a
 * round-robin's rounds, the draw, a cancel for too few players), and so does
 * each round of a running Swiss or round-robin (who is paired, who gets a late
 * bye or the odd round's bye): a join landing between its read and its write
 * must refuse that write. The director then decides again at once on a fresh
 * read, whose window to the write is short, so a wave of joins around the
 * start seldom refuses it twice; if it does, the start waits for the next pass.
 *
 * A running arena's does not. Its pass pairs only players it read as free,
 * and the store checks each is entered and free in the same write; a joiner
 * missed by a pass is free at the next one, which the join asks for within
 * LOOK_AFTER_MS. Moving the version instead would refuse the whole pass, all
 * its pairings, whenever any join landed in it, and the window is wide: the
 * version is the one the pass listed before reading every tournament, its
 * live sheet, presence and the free players' games (deciding again means
 * reading the live sheet and those games again). A thousand players joining
 * over a few seconds would land one in nearly every pass, and nobody, the
 * players freed by finished games included, would be paired until the joins
 * stopped.
 */
export const entryMovesVersion = (status: TournamentStatus, kind: TournamentTerms['kind']): boolean =>
  status === 'upcoming' || (status === 'running' && kind !== 'arena');

/** entryMovesVersion as an SQL condition on a row of `tournaments` (SQLite and PostgreSQL). */
export const ENTRY_MOVES_VERSION_SQL = "(status = 'upcoming' OR (status = 'running' AND kind <> 'arena'))";

/**
 * `requested`: the bye is stored; `paired`: the round is paired already (or
 * the tournament is not running or upcoming); `taken`: the player has a bye
 * in that round already; `limit`: they have `most` half-point byes already;
 * `not-entered`: no active entry.
 */
export type HalfByeOutcome = 'requested' | 'paired' | 'taken' | 'limit' | 'not-entered';

/** `started`: the tournament is under way (withdraw with setEntryActive); `not-entered`: no such entry. */
export type LeaveOutcome = 'left' | 'started' | 'not-entered';

/** A tournament's own row. */
export interface TournamentRowStore {
  /** Throws UniqueViolation 'tournament', 'tournamentInvite' or 'tournamentSchedule'. */
  createTournament(t: TournamentRow): Promise<void>;
  tournament(id: string): Promise<TournamentRow | null>;
  tournamentByInvite(token: string): Promise<TournamentRow | null>;
  /** Tournaments by status, by start time (then id). */
  listTournaments(q: TournamentQuery): Promise<TournamentRow[]>;
}

/** Reads of a tournament's sheet: its entries, pairings and byes. */
export interface TournamentSheetStore {
  tournamentSheet(id: string): Promise<TournamentSheetRows>;
  /**
   * A running tournament's live part: every entry, the pairings still being
   * played, no byes. What an arena's director pass reads instead of the whole
   * sheet, whose finished games grow all through the tournament.
   */
  tournamentLive(id: string): Promise<TournamentSheetRows>;
  /** Every pairing of the tournament in which one of these players played, finished or not, in the sheet's order. */
  pairingsOf(id: string, userIds: readonly string[]): Promise<Pairing[]>;
  /**
   * The tournament's pairings paired at or after `since`, and those with these
   * game ids, in the sheet's order: what changed since a reader last looked
   * (a finished pairing never changes again).
   */
  pairingsChanged(id: string, since: number, gameIds: readonly string[]): Promise<Pairing[]>;
  /** The tournament and pairing of a game, if it is a tournament game. */
  tournamentGame(gameId: string): Promise<{ readonly tournamentId: string; readonly pairing: Pairing } | null>;
}

/** A player's entry: joining, leaving, pausing, byes asked for, away. */
export interface TournamentEntryStore {
  /**
   * Enters a player (active, present), or makes a returning one active and
   * present again with their games kept; 'full' when `maxPlayers` are
   * entered already (checked in the same transaction). The user must exist.
   * Where the director's next decision reads the entries (entryMovesVersion),
   * it moves the tournament's version on in the same transaction, so that a
   * start or a round decided without this player is refused and decided again.
   * With `seen` (the join route always passes it), a new entry is written only
   * while the tournament's status and round are still those: a round-robin
   * started, or a Swiss round paired, after the check is not joined ('changed').
   * A return is not fenced: mayJoin lets an entrant back whatever the progress.
   */
  enterTournament(
    e: { tournamentId: string; userId: string; name: string; rating: number; at: number },
    maxPlayers: number,
    seen?: EnterSeen,
  ): Promise<EnterOutcome>;
  /**
   * Takes a player out of a tournament that has not started, as if they had
   * never joined (they may join again before the start), and moves its
   * version on, so that a start decided on the old entries (the round-robin's
   * rounds, the draw) is refused. Checked and written in one transaction.
   */
  leaveTournament(tournamentId: string, userId: string): Promise<LeaveOutcome>;
  /**
   * Pauses or withdraws a player (false), or brings them back (true); false
   * when not entered. Where the director's next decision reads the entries
   * (entryMovesVersion) it moves the version on in the same transaction, so
   * that a round decided with the player active (paired, or given the bye) is
   * refused and decided again: a withdrawal takes effect at once, never as a
   * no-show. (A running arena's pass is refused instead by advanceTournament,
   * which pairs active players only.)
   */
  setEntryActive(tournamentId: string, userId: string, active: boolean): Promise<boolean>;
  /**
   * A half-point bye asked for: a `half` bye of 0.5 in `round`, written only
   * while the tournament is upcoming or running with `round` not paired yet,
   * the player active and with fewer than `most` half-point byes and no bye in
   * that round; moves the version on, so that a round decided without it is
   * refused and decided again. Checked and written in one transaction.
   */
  requestHalfBye(tournamentId: string, userId: string, round: number, most: number): Promise<HalfByeOutcome>;
  /** Since when a player has been away (null: back). No-op when not entered. */
  setEntryAway(tournamentId: string, userId: string, since: number | null): Promise<void>;
}

/** The director's write and the games' ends: rounds paired, results recorded. */
export interface TournamentRoundStore {
  /**
   * The director's write: from `version` to `version + 1`, the new progress,
   * pairings and byes, and the paired players marked playing, all or nothing.
   * Throws TournamentConflict when the tournament is not at `version` or a
   * paired player is not entered, withdrawn or paused, or playing already.
   */
  advanceTournament(id: string, version: number, change: TournamentAdvance): Promise<void>;
  /** Records a game's end once: its pairing's result, and both players free again. false when unknown or already recorded. */
  recordTournamentGame(gameId: string, end: GameEnd): Promise<boolean>;
  /** Marks a side as berserk in a running pairing; false when unknown or finished. */
  setTournamentBerserk(gameId: string, side: 0 | 1): Promise<boolean>;
}

export interface TournamentStore extends TournamentRowStore, TournamentSheetStore, TournamentEntryStore, TournamentRoundStore {}
