/**
 * What the pages and the API show of a tournament: a summary for the lists,
 * and the full view (standings with tie-breaks, the games being played, the
 * top games to watch, the cross table of a round-robin, the podium).
 */
import { bySeed, crossTable, standings, type Bye, type StandingRow } from '@youzai/game/tournament';
import type { EntryRow, TournamentRow, TournamentSheetRows } from '../store/tournaments.ts';
import { sheetOf } from './sheet.ts';

export interface TournamentSummary {
  readonly id: string;
  readonly name: string;
  readonly kind: TournamentRow['terms']['kind'];
  readonly variant: string;
  readonly clock: TournamentRow['terms']['clock'];
  readonly rated: boolean;
  readonly status: TournamentRow['status'];
  readonly startsAt: number;
  /** Arena: when it ends; otherwise when it ended (null while it runs). */
  readonly endsAt: number | null;
  readonly round: number;
  readonly rounds: number;
  readonly roomId: string | null;
  readonly private: boolean;
  readonly club: boolean;
  readonly players: number | null;
}

export function summaryOf(t: TournamentRow, players: number | null): TournamentSummary {
  return {
    id: t.id,
    name: t.name,
    kind: t.terms.kind,
    variant: t.terms.variant,
    clock: t.terms.clock,
    rated: t.terms.rated,
    status: t.status,
    startsAt: t.terms.startsAt,
    endsAt: t.terms.kind === 'arena' ? t.terms.startsAt + t.terms.durationMs : t.endedAt,
    round: t.round,
    rounds: t.terms.kind === 'swiss' ? t.terms.rounds : t.rounds,
    roomId: t.roomId,
    private: t.inviteToken !== null,
    club: t.createdBy === null,
    players,
  };
}

export interface GameTag {
  readonly id: string;
  readonly round: number;
  readonly white: { readonly id: string; readonly name: string; readonly rating: number };
  readonly black: { readonly id: string; readonly name: string; readonly rating: number };
  readonly result: number | null;
  /** Not played (a side never moved): scored, but no game. */
  readonly forfeit: boolean;
}

/** A round of a Swiss or a round-robin: its games, top board first, and who had no game in it. */
export interface RoundView {
  readonly round: number;
  readonly games: readonly GameTag[];
  /** `pab`: sat out an odd round (1 point); `late`: joined later; `absent`: withdrawn; `forfeit`: the opponent had withdrawn; `rest`: a round-robin's round off. */
  readonly byes: readonly { readonly userId: string; readonly name: string; readonly kind: Bye['kind']; readonly points: number }[];
}

export interface TournamentView {
  readonly tournament: TournamentSummary & { readonly terms: TournamentRow['terms']; readonly startedAt: number | null; readonly endedAt: number | null };
  readonly standings: readonly StandingRow[];
  /** Games being played, the strongest first. */
  readonly playing: readonly GameTag[];
  /** The last finished games, newest first. */
  readonly recent: readonly GameTag[];
  /** Round-robin: rows in starting order, what each scored against each. */
  readonly cross: { readonly players: readonly string[]; readonly names: readonly string[]; readonly cells: readonly (readonly (number | null)[])[] } | null;
  /** Swiss and round-robin: every round paired so far, the latest first (null in an arena). */
  readonly rounds: readonly RoundView[] | null;
  /** Finished: the first three. */
  readonly podium: readonly StandingRow[];
  /** The visitor's place: entered, active, the game they are in now. */
  readonly me: { readonly entered: boolean; readonly active: boolean; readonly playing: string | null; readonly rank: number | null } | null;
  readonly now: number;
}

export function viewOf(t: TournamentRow, sheet: TournamentSheetRows, userId: string | null, now: number): TournamentView {
  const roundsDone = t.terms.kind === 'swiss' ? Math.max(0, t.round - (sheet.pairings.some((p) => p.round === t.round && p.result === null) ? 1 : 0)) : 0;
  const table = standings(t.terms.kind, sheetOf(sheet), roundsDone);
  const byId = new Map<string, EntryRow>(sheet.entries.map((e) => [e.userId, e]));
  const tag = (u: string) => ({ id: u, name: byId.get(u)?.name ?? '?', rating: Math.round(byId.get(u)?.rating ?? 0) });
  const gameTag = (p: (typeof sheet.pairings)[number]): GameTag => ({
    id: p.gameId,
    round: p.round,
    white: tag(p.white),
    black: tag(p.black),
    result: p.result,
    forfeit: p.forfeit,
  });
  const strength = (g: GameTag) => g.white.rating + g.black.rating;
  const playing = sheet.pairings
    .filter((p) => p.result === null)
    .map(gameTag)
    .sort((a, b) => strength(b) - strength(a));
  const recent = sheet.pairings
    .filter((p) => p.result !== null)
    .sort((a, b) => (b.endedAt ?? 0) - (a.endedAt ?? 0))
    .slice(0, 10)
    .map(gameTag);
  let cross: TournamentView['cross'] = null;
  if (t.terms.kind === 'roundRobin') {
    const seeds = [...sheet.entries].sort(bySeed).map((e) => e.userId);
    const c = crossTable(seeds, sheet.pairings);
    cross = { players: seeds, names: seeds.map((u) => byId.get(u)?.name ?? '?'), cells: c.cells };
  }
  let rounds: RoundView[] | null = null;
  if (t.terms.kind !== 'arena') {
    rounds = [];
    for (let r = t.round; r >= 1; r--) {
      const games = sheet.pairings.filter((p) => p.round === r).map(gameTag);
      const byes = sheet.byes
        .filter((b) => b.round === r)
        .map((b) => ({ userId: b.userId, name: byId.get(b.userId)?.name ?? '?', kind: b.kind, points: b.points }));
      rounds.push({ round: r, games, byes });
    }
  }
  const mine = userId ? byId.get(userId) : undefined;
  const players = sheet.entries.length;
  return {
    tournament: { ...summaryOf(t, players), terms: t.terms, startedAt: t.startedAt, endedAt: t.endedAt },
    standings: table,
    playing,
    recent,
    cross,
    rounds,
    podium: t.status === 'finished' ? table.filter((r) => r.rank <= 3 && r.games + r.points > 0).slice(0, 3) : [],
    me: meOf(table, mine, userId),
    now,
  };
}

/** The visitor's place: their entry (absent: not entered) and rank; null for a visitor without a session. */
export function meOf(table: readonly StandingRow[], entry: EntryRow | undefined, userId: string | null): TournamentView['me'] {
  if (entry) return { entered: true, active: entry.active, playing: entry.playing, rank: table.find((r) => r.userId === entry.userId)?.rank ?? null };
  return userId ? { entered: false, active: false, playing: null, rank: null } : null;
}
