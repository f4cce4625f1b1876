/**
 * The pairings of one round of a Swiss or a round-robin, with the byes it
 * gives: what the director stores before it starts the round's games.
 */
import { bergerRound } from './berger.ts';
import { pairDutch } from './dutch.ts';
import { swissCards } from './swiss-cards.ts';
import { bySeed, type Bye, type TournamentSheet } from './types.ts';

export interface RoundPlan {
  readonly round: number;
  /** [white, black] user ids, top board first. */
  readonly pairs: readonly (readonly [string, string])[];
  readonly byes: readonly Bye[];
}

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

/** Swiss round `round` of `rounds` (FIDE Dutch); null if no pairing is possible (everyone has met). */
export function swissRound(sheet: TournamentSheet, round: number, rounds: number): RoundPlan | null {
  const late = lateByes(sheet, round);
  const full = { ...sheet, byes: [...sheet.byes, ...late] };
  const playing = new Set(sheet.entrants.filter((e) => e.active).map((e) => e.userId));
  const absent: Bye[] = sheet.entrants.filter((e) => !e.active).map((e) => ({ round, userId: e.userId, kind: 'absent', points: 0 }));
  const p = pairDutch(swissCards(full, round, playing), { round, rounds });
  if (!p) return null;
  const byes: Bye[] = [...late, ...absent];
  if (p.bye) byes.push({ round, userId: p.bye, kind: 'pab', points: 1 });
  return { round, pairs: p.pairs, byes };
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
