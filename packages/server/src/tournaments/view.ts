/**
 * What the pages and the API show of a tournament: a summary for the lists,
 * and the full view (standings with tie-breaks, the games being played, the
 * top games to watch, the cross table of a round-robin, the podium), in the
 * wire types of @youzai/protocol (tournaments.ts), which the pages read.
 */
import { bySeed, crossTable, standings, type ArenaMemo, type Bye, type StandingRow } from '@youzai/game/tournament';
import type { GameTag, RoundView, TournamentSummary, TournamentView } from '@youzai/protocol';
import type { EntryRow, TournamentRow, TournamentSheetRows } from '../store/tournaments.ts';
import { sheetOf } from './sheet.ts';

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

/** Standings rows a view sends at once: a page (a 1,000-player arena's whole table, score sheets and all, is ~400 KiB). */
export const STANDINGS_PAGE = 50;
/** The reader's rows above and below their own, sent when their row is not on the page read. */
export const NEAR = 2;
/** Games being played a view sends: the strongest (the page shows a few to watch). */
export const PLAYING_SHOWN = 50;

/** Everything of a view but the reader's part: built once and shared by a node's readers (view-cache.ts). */
export interface Board extends Omit<TournamentView, 'me' | 'standingsPage' | 'near'> {
  /** The whole table, every page. */
  readonly standings: readonly StandingRow[];
}

/** The view of one reader (`userId`, null without a session) reading standings page `page` (from 1). */
export function viewOf(t: TournamentRow, sheet: TournamentSheetRows, userId: string | null, now: number, page = 1): TournamentView {
  const entry = userId ? sheet.entries.find((e) => e.userId === userId) : undefined;
  return readerView(boardOf(t, sheet, now), entry, userId, page, now, sheet.byes);
}

/**
 * A reader's view from the shared board: one page of the standings (a page
 * past the end reads the last), and, when the reader plays and their row is
 * on another page, their neighbourhood (NEAR rows each side).
 */
export function readerView(
  board: Board,
  entry: EntryRow | undefined,
  userId: string | null,
  page: number,
  now: number,
  byes: readonly Bye[] = [],
): TournamentView {
  const halfByes = byes.filter((b) => b.kind === 'half' && b.userId === userId).map((b) => b.round);
  const all = board.standings;
  const pages = Math.max(1, Math.ceil(all.length / STANDINGS_PAGE));
  const p = Math.min(pages, Math.max(1, Number.isInteger(page) ? page : 1));
  const from = (p - 1) * STANDINGS_PAGE;
  const to = from + STANDINGS_PAGE;
  const at = entry ? all.findIndex((r) => r.userId === entry.userId) : -1;
  const near = at >= 0 && (at < from || at >= to) ? all.slice(Math.max(0, at - NEAR), at + NEAR + 1) : [];
  return {
    ...board,
    standings: all.slice(from, to),
    standingsPage: { page: p, pages, total: all.length, size: STANDINGS_PAGE },
    near,
    me: meOf(all, entry, userId, halfByes),
    now,
  };
}

/** The shared part of a tournament's view: the whole standings, the games, the rounds, the podium. */
export function boardOf(t: TournamentRow, sheet: TournamentSheetRows, now: number, memo?: ArenaMemo): Board {
  const roundsDone = t.terms.kind === 'swiss' ? Math.max(0, t.round - (sheet.pairings.some((p) => p.round === t.round && p.result === null) ? 1 : 0)) : 0;
  // A half-point bye asked for a round not paired yet scores once that round is paired.
  const paired = sheet.byes.every((b) => b.round <= t.round) ? sheet : { ...sheet, byes: sheet.byes.filter((b) => b.round <= t.round) };
  const table = standings(t.terms.kind, sheetOf(paired), roundsDone, memo);
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
  const playingCount = playing.length;
  const recent = latestEnded(sheet.pairings, 10).map(gameTag);
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
  const players = sheet.entries.length;
  return {
    tournament: { ...summaryOf(t, players), terms: t.terms, startedAt: t.startedAt, endedAt: t.endedAt, notes: t.notes },
    standings: table,
    playing: playing.slice(0, PLAYING_SHOWN),
    playingCount,
    recent,
    cross,
    rounds,
    podium: t.status === 'finished' ? table.filter((r) => r.rank <= 3 && r.games + r.points > 0).slice(0, 3) : [],
    now,
  };
}

/** The `n` games that ended last, latest first (one pass: a long arena has tens of thousands). */
export function latestEnded<P extends { readonly result: unknown; readonly endedAt: number | null }>(pairings: readonly P[], n: number): P[] {
  const top: P[] = [];
  if (n <= 0) return top;
  const at = (p: P) => p.endedAt ?? 0;
  for (const p of pairings) {
    if (p.result === null) continue;
    if (top.length === n && at(p) <= at(top[n - 1]!)) continue;
    // Insert in order (latest first; an equal time after those already in, as a stable sort would leave it).
    let i = top.length;
    while (i > 0 && at(top[i - 1]!) < at(p)) i--;
    top.splice(i, 0, p);
    if (top.length > n) top.pop();
  }
  return top;
}

/** The visitor's place: their entry (absent: not entered) and rank; null for a visitor without a session. */
export function meOf(
  table: readonly StandingRow[],
  entry: EntryRow | undefined,
  userId: string | null,
  halfByes: readonly number[] = [],
): TournamentView['me'] {
  if (entry) return { entered: true, active: entry.active, playing: entry.playing, rank: table.find((r) => r.userId === entry.userId)?.rank ?? null, halfByes };
  return userId ? { entered: false, active: false, playing: null, rank: null, halfByes: [] } : null;
}
