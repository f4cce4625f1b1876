/**
 * Standings of the three kinds, with their tie-breaks.
 *
 * - Swiss: points, then Buchholz (the sum of the opponents' points; a round
 *   without a game played counts as an opponent with the player's own
 *   points), then Sonneborn–Berger (the sum of the points of the opponents
 *   beaten, half those of the opponents drawn), then rating.
 * - Round-robin: points, then Sonneborn–Berger, then wins, then rating.
 * - Arena: points, then performance (the average rating of the opponents
 *   plus 400 × (wins − losses) / games), then rating.
 *
 * Players equal on every key share a rank.
 */
import { arenaScore, type ArenaMark, type ArenaScore } from './arena.ts';
import { bySeed, opponentOf, scoreOf, type Pairing, type TournamentKind, type TournamentSheet } from './types.ts';

export interface StandingRow {
  readonly userId: string;
  readonly name: string;
  readonly rating: number;
  readonly active: boolean;
  readonly rank: number;
  readonly points: number;
  readonly games: number;
  readonly wins: number;
  readonly buchholz: number | null;
  readonly sonnebornBerger: number | null;
  readonly performance: number | null;
  /** Arena: the games in order, and whether the next one scores double. */
  readonly marks: readonly ArenaMark[] | null;
  readonly onStreak: boolean;
}

/**
 * An arena's per-player figures kept between two computations of its
 * standings (a big arena's are computed every second): a player whose
 * finished games are the same as last time is not scored again.
 */
export type ArenaMemo = Map<string, { readonly key: string; readonly score: ArenaScore; readonly performance: number | null }>;

/**
 * Standings after the finished games; `roundsDone` (Swiss) is the number of
 * completed rounds. `memo` (arena): figures kept from the last computation
 * of the same tournament, updated here.
 */
export function standings(kind: TournamentKind, sheet: TournamentSheet, roundsDone = 0, memo?: ArenaMemo): StandingRow[] {
  const entrants = [...sheet.entrants].sort(bySeed);
  const finished = sheet.pairings.filter((p) => p.result !== null);
  const rating = new Map(entrants.map((e) => [e.userId, e.rating]));

  // Each player's finished games and byes, indexed once: standings of a big arena are read every second.
  const gamesOf = new Map<string, Pairing[]>(entrants.map((e) => [e.userId, []]));
  for (const p of finished) {
    gamesOf.get(p.white)?.push(p);
    gamesOf.get(p.black)?.push(p);
  }
  const points = new Map<string, number>();
  // An arena player's score and performance, from their finished games (kept in `memo` while those stay the same).
  const arenaPart = (u: string) => {
    const games = gamesOf.get(u)!;
    // The count and the last game (in the sheet's order): finished games never change, only more come.
    const key = `${games.length}/${games.at(-1)?.gameId ?? ''}`;
    const held = memo?.get(u);
    if (held && held.key === key) return held;
    const score = arenaScore(u, games);
    const played = games.filter((p) => !p.forfeit);
    let performance: number | null = null;
    if (played.length > 0) {
      let losses = 0;
      for (const p of games) if (scoreOf(p, u) === 0) losses++;
      const avg = played.reduce((t, p) => t + (rating.get(opponentOf(p, u)!) ?? 0), 0) / played.length;
      performance = Math.round(avg + (400 * (score.wins - losses)) / games.length);
    }
    const part = { key, score, performance };
    memo?.set(u, part);
    return part;
  };
  const parts = kind === 'arena' ? new Map(entrants.map((e) => [e.userId, arenaPart(e.userId)])) : null;
  const arena = parts ? new Map([...parts].map(([u, part]) => [u, part.score])) : null;
  for (const e of entrants) points.set(e.userId, arena ? arena.get(e.userId)!.points : 0);
  if (!arena) {
    for (const p of finished) {
      points.set(p.white, (points.get(p.white) ?? 0) + scoreOf(p, p.white)!);
      points.set(p.black, (points.get(p.black) ?? 0) + scoreOf(p, p.black)!);
    }
    for (const b of sheet.byes) points.set(b.userId, (points.get(b.userId) ?? 0) + b.points);
  }

  const rows = entrants.map((e) => {
    const own = points.get(e.userId)!;
    const games = gamesOf.get(e.userId)!;
    const played = games.filter((p) => !p.forfeit);
    let wins = 0;
    for (const p of games) if (scoreOf(p, e.userId) === 1) wins++;
    let buchholz: number | null = null;
    let sb: number | null = null;
    let performance: number | null = null;
    if (kind !== 'arena') {
      sb = 0;
      for (const p of played) sb += (scoreOf(p, e.userId) ?? 0) * points.get(opponentOf(p, e.userId)!)!;
    }
    if (kind === 'swiss') {
      buchholz = 0;
      const playedRounds = new Set(played.map((p) => p.round));
      for (const p of played) buchholz += points.get(opponentOf(p, e.userId)!)!;
      for (let r = 1; r <= roundsDone; r++) if (!playedRounds.has(r)) buchholz += own;
    }
    if (parts) performance = parts.get(e.userId)!.performance;
    const a = arena?.get(e.userId);
    return {
      userId: e.userId,
      name: e.name,
      rating: e.rating,
      active: e.active,
      rank: 0,
      points: own,
      games: games.length,
      wins,
      buchholz,
      sonnebornBerger: sb,
      performance,
      marks: a ? a.marks : null,
      onStreak: a ? a.onStreak : false,
    };
  });

  const keys = (r: StandingRow): number[] =>
    kind === 'swiss'
      ? [r.points, r.buchholz!, r.sonnebornBerger!, r.rating]
      : kind === 'roundRobin'
        ? [r.points, r.sonnebornBerger!, r.wins, r.rating]
        : [r.points, r.performance ?? -Infinity, r.rating];
  const cmp = (a: StandingRow, b: StandingRow): number => {
    const ka = keys(a);
    const kb = keys(b);
    for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return kb[i]! - ka[i]!;
    return 0;
  };
  // Stable sort keeps seed order among equals.
  rows.sort(cmp);
  return rows
    .map((r, i) => ({ ...r, rank: i > 0 && cmp(rows[i - 1]!, r) === 0 ? 0 : i + 1 }))
    .map((r, i, all) => {
      if (r.rank !== 0) return r;
      let j = i;
      while (j > 0 && all[j]!.rank === 0) j--;
      return { ...r, rank: all[j]!.rank };
    });
}
