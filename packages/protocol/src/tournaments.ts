/**
 * Tournaments as the HTTP API sends them (docs/API.md, "Tournaments"): the
 * summaries of the lists and the view of one tournament. The server builds
 * them (packages/server/src/tournaments/view.ts) and the tournament pages
 * read them (packages/web/src/pages/tournaments.ts): one definition for both.
 */
import type { ClockConfig } from './game-wire.ts';

export type TournamentKind = 'arena' | 'swiss' | 'roundRobin';
export type TournamentStatus = 'upcoming' | 'running' | 'finished' | 'cancelled';

/** A tournament in the lists (GET /api/tournaments). */
export interface TournamentSummary {
  readonly id: string;
  readonly name: string;
  readonly kind: TournamentKind;
  readonly variant: string;
  readonly clock: ClockConfig;
  readonly rated: boolean;
  readonly status: TournamentStatus;
  readonly startsAt: number;
  /** Arena: when it ends; otherwise when it ended (null while it runs). */
  readonly endsAt: number | null;
  readonly round: number;
  readonly rounds: number;
  readonly roomId: string | null;
  readonly private: boolean;
  readonly club: boolean;
  /** Null in the finished list. */
  readonly players: number | null;
}

/** GET /api/tournaments. */
export interface TournamentLists {
  readonly upcoming: readonly TournamentSummary[];
  readonly running: readonly TournamentSummary[];
  readonly finished: readonly TournamentSummary[];
  readonly now: number;
}

/** A tournament's terms, all of them. */
export interface TournamentTermsView {
  readonly kind: TournamentKind;
  readonly variant: string;
  readonly clock: ClockConfig;
  readonly rated: boolean;
  readonly startsAt: number;
  /** Arena: how long it runs. */
  readonly durationMs: number;
  /** Swiss: the number of rounds. */
  readonly rounds: number;
  /** Swiss and round-robin: the pause after a round before the next is paired. */
  readonly roundGapMs: number;
  /** Arena: players may go berserk. */
  readonly berserk: boolean;
  readonly minRatedGames: number;
  readonly maxPlayers: number;
  /** Swiss: players may join until this round is paired. */
  readonly lateJoinUntilRound: number;
  /** A player away this long is paused (arena) or withdrawn. */
  readonly withdrawAfterMs: number;
  /** Swiss: half-point byes a player may ask for (absent: none). */
  readonly halfByes?: number;
}

/** An arena game on a player's score sheet. */
export interface ArenaMarkView {
  readonly gameId: string;
  /** From the player's side. */
  readonly outcome: 'W' | 'D' | 'L';
  readonly points: number;
  /** Played while on a streak (scored double). */
  readonly streak: boolean;
  readonly berserk: boolean;
}

/** A row of the standings; players equal on every key share a rank. */
export interface StandingRow {
  readonly userId: string;
  readonly name: string;
  readonly rating: number;
  readonly active: boolean;
  readonly rank: number;
  readonly points: number;
  readonly games: number;
  readonly wins: number;
  /** Swiss. */
  readonly buchholz: number | null;
  /** Swiss and round-robin. */
  readonly sonnebornBerger: number | null;
  /** Arena. */
  readonly performance: number | null;
  /** Arena: the games in order. */
  readonly marks: readonly ArenaMarkView[] | null;
  /** Arena: the next game scores double. */
  readonly onStreak: boolean;
}

export interface GameTag {
  readonly id: string;
  readonly round: number;
  readonly white: { readonly id: string; readonly name: string; readonly rating: number };
  readonly black: { readonly id: string; readonly name: string; readonly rating: number };
  /** White's score (1, 0.5, 0); null while playing. */
  readonly result: number | null;
  /** Not played (a side never moved): scored, but no game. */
  readonly forfeit: boolean;
}

/** `pab`: sat out an odd round (1 point); `half`: a half-point bye asked for (½); `late`: joined later; `absent`: withdrawn; `forfeit`: the opponent had withdrawn; `rest`: a round-robin's round off. */
export type ByeKind = 'pab' | 'half' | 'late' | 'absent' | 'forfeit' | 'rest';

/**
 * What the director did beyond the rules' plain course, for the page to say
 * (`relaxed-colour` | `relaxed-bye` | `relaxed-repeat`: no pairing met the
 * absolute criteria, so the colour rule, then the one-bye rule, then the
 * no-rematch rule was set aside, in that order; `no-pairing`: even so none,
 * ended early; `too-few-players`: fewer than two players left, ended early).
 */
export type TournamentNoteCode = 'relaxed-colour' | 'relaxed-bye' | 'relaxed-repeat' | 'no-pairing' | 'too-few-players';
export interface TournamentNote {
  readonly round: number;
  readonly code: TournamentNoteCode;
}

/** A round of a Swiss or a round-robin: its games, top board first, and who had no game in it. */
export interface RoundView {
  readonly round: number;
  readonly games: readonly GameTag[];
  readonly byes: readonly { readonly userId: string; readonly name: string; readonly kind: ByeKind; readonly points: number }[];
}

/** The reader's place: entered, active, the game they are in now. */
export interface TournamentMe {
  readonly entered: boolean;
  readonly active: boolean;
  readonly playing: string | null;
  readonly rank: number | null;
  /** Swiss: the rounds of the half-point byes you asked for (paired or not yet). */
  readonly halfByes: readonly number[];
}

/** One tournament: standings, games, rounds, cross table, podium and the reader's place. */
export interface TournamentView {
  readonly tournament: TournamentSummary & {
    readonly terms: TournamentTermsView;
    readonly startedAt: number | null;
    readonly endedAt: number | null;
    /** What the director did beyond the rules' plain course, oldest first. */
    readonly notes: readonly TournamentNote[];
  };
  /** One page of the standings (`?page=`, from 1; 50 rows), in rank order. */
  readonly standings: readonly StandingRow[];
  /** Which page `standings` is, of how many, and how many rows there are in all. */
  readonly standingsPage: { readonly page: number; readonly pages: number; readonly total: number; readonly size: number };
  /** The reader's own row with two rows either side, when the reader plays and their row is not on this page (else empty). */
  readonly near: readonly StandingRow[];
  /** Games being played, the strongest first: the first 50. */
  readonly playing: readonly GameTag[];
  /** How many games are being played. */
  readonly playingCount: number;
  /** The last finished games, newest first. */
  readonly recent: readonly GameTag[];
  /** Round-robin: rows in starting order, what each scored against each. */
  readonly cross: { readonly players: readonly string[]; readonly names: readonly string[]; readonly cells: readonly (readonly (number | null)[])[] } | null;
  /** Swiss and round-robin: every round paired so far, the latest first (null in an arena). */
  readonly rounds: readonly RoundView[] | null;
  /** Finished: the first three places. */
  readonly podium: readonly StandingRow[];
  /** Null for a reader without a session. */
  readonly me: TournamentMe | null;
  readonly now: number;
}

/** GET /api/tournaments/{id}: the view, with the link of a private event (for its creator) and the game's name. */
export interface TournamentPage extends TournamentView {
  readonly inviteToken: string | null;
  /** The game's name in each language. */
  readonly variantName: { readonly en: string; readonly vi: string } | null;
}
