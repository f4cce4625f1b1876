/**
 * The pairings of one round of a Swiss or a round-robin, with the byes it
 * gives: what the director stores before it starts the round's games.
 */
import { bergerRound } from './berger.ts';
import { pairDutch } from './dutch.ts';
import { swissCards, type SwissCard } from './swiss-cards.ts';
import { bySeed, type Bye, type TournamentNoteCode, type TournamentSheet } from './types.ts';

export interface RoundPlan {
  readonly round: number;
  /** [white, black] user ids, top board first. */
  readonly pairs: readonly (readonly [string, string])[];
  readonly byes: readonly Bye[];
  /** Swiss: the absolute criteria this pairing had to relax (null: none); said on the page. */
  readonly relaxed?: TournamentNoteCode | null;
}

/**
 * The order in which a Swiss relaxes the absolute criteria when no pairing
 * meets them all (the FIDE text leaves this to the arbiter; C.04.3 C.1-C.3):
 * first the colour rule C.3 (a game with an unwanted colour is still a
 * game), then C.2 (a second bye or a bye after a win by forfeit: a point
 * without a game), then C.1 (a repeat pairing: the worst for the table).
 * Each step keeps the earlier ones relaxed. Past the last, the tournament
 * ends before its last round (the director says so on the page).
 */
const RELAXATIONS: readonly { readonly code: TournamentNoteCode; readonly card: (c: SwissCard) => SwissCard }[] = [
  { code: 'relaxed-colour', card: (c) => (c.pref.strength === 'absolute' ? { ...c, pref: { ...c.pref, strength: 'strong' } } : c) },
  { code: 'relaxed-bye', card: (c) => ({ ...c, hadBye: false }) },
  { code: 'relaxed-repeat', card: (c) => ({ ...c, opponents: new Set<string>() }) },
];

/** Rounds before `round` that a player has no game or bye in: missed by joining late. */
function lateByes(sheet: TournamentSheet, round: number): Bye[] {
  const out: Bye[] = [];
  for (const e of sheet.entrants) {
    for (let r = 1; r < round; r++) {
      const has =
        sheet.pairings.some((p) => p.round === r && (p.white === e.userId || p.black === e.userId)) ||
        sheet.byes.some((b) => b.round === r && b.userId === e.userId);
      if (!has) out.push({ round: r, userId: e.userId, kind: 'late', points: 0 });
    }
  }
  return out;
}

/**
 * Swiss round `round` of `rounds` (FIDE Dutch). A player with a bye of this
 * round already (a half-point bye they asked for) is left out, as is a
 * withdrawn one. When no pairing meets the absolute criteria the RELAXATIONS
 * are tried in order (`relaxed` names the one used); null if none gives a
 * pairing either.
 */
export function swissRound(sheet: TournamentSheet, round: number, rounds: number): RoundPlan | null {
  const late = lateByes(sheet, round);
  // Byes asked for this round or later are not part of the history the cards read.
  const full = { ...sheet, byes: [...sheet.byes.filter((b) => b.round < round), ...late] };
  const excused = new Set(sheet.byes.filter((b) => b.round === round).map((b) => b.userId));
  const playing = new Set(sheet.entrants.filter((e) => e.active && !excused.has(e.userId)).map((e) => e.userId));
  const absent: Bye[] = sheet.entrants.filter((e) => !e.active && !excused.has(e.userId)).map((e) => ({ round, userId: e.userId, kind: 'absent', points: 0 }));
  let cards = swissCards(full, round, playing);
  let p = pairDutch(cards, { round, rounds });
  let relaxed: TournamentNoteCode | null = null;
  for (const step of RELAXATIONS) {
    if (p) break;
    cards = cards.map(step.card);
    p = pairDutch(cards, { round, rounds });
    relaxed = step.code;
  }
  if (!p) return null;
  const byes: Bye[] = [...late, ...absent];
  if (p.bye) byes.push({ round, userId: p.bye, kind: 'pab', points: 1 });
  return { round, pairs: p.pairs, byes, relaxed };
}

/** Round-robin round `round`: starting numbers are the seed order; a withdrawn player's opponent wins by forfeit. */
export function roundRobinRound(sheet: TournamentSheet, round: number): RoundPlan {
  const seeds = [...sheet.entrants].sort(bySeed);
  const pairs: [string, string][] = [];
  const byes: Bye[] = [];
  for (const b of bergerRound(seeds.length, round)) {
    const w = seeds[b.white - 1]!;
    if (b.black === 0) {
      byes.push({ round, userId: w.userId, kind: w.active ? 'rest' : 'absent', points: 0 });
      continue;
    }
    const bl = seeds[b.black - 1]!;
    if (w.active && bl.active) pairs.push([w.userId, bl.userId]);
    else {
      byes.push({ round, userId: w.userId, kind: w.active ? 'forfeit' : 'absent', points: w.active ? 1 : 0 });
      byes.push({ round, userId: bl.userId, kind: bl.active ? 'forfeit' : 'absent', points: bl.active ? 1 : 0 });
    }
  }
  return { round, pairs, byes };
}
