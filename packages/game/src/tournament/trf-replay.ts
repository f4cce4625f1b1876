/**
 * Replaying a Swiss read from a TRF round by round: the sheet of rounds
 * 1..r-1 in the club's terms, who takes part in round r, and the pairing
 * the file records for round r (what another program paired). The Dutch
 * fixtures test compares the club's pairing of round r with it.
 */
import type { RoundPairing } from './dutch.ts';
import type { TrfCell, TrfSide, TrfTournament } from './trf.ts';
import type { Bye, Entrant, Pairing, Score, TournamentSheet } from './types.ts';

export const trfUser = (id: number): string => `p${id}`;

const WON = new Set(['1', '+', 'W']);
const DRAWN = new Set(['=', 'D']);
const FORFEIT = new Set(['+', '-']);

/** Takes part in the round's pairing: paired (a forfeit included) or given the pairing-allocated bye. */
const paired = (c: TrfCell | undefined): boolean => c !== undefined && (c.opponent !== null || c.result === 'U');

export interface ReplayRound {
  readonly sheet: TournamentSheet;
  readonly playing: ReadonlySet<string>;
  /** The colour of the top seed in round 1 (XXC, else read from round 1 as bbpPairings infers it). */
  readonly initial: TrfSide;
  /** The file's pairing of the round: "white-black" user ids, sorted, and the bye. */
  readonly expected: { readonly pairs: readonly string[]; readonly bye: string | null };
}

/** The initial colour: the round-1 colour of the highest player paired in round 1 (the next one's reversed if that one had the bye, ...). */
export function initialColour(t: TrfTournament): TrfSide {
  if (t.initial) return t.initial;
  let k = 0;
  for (const p of t.players) {
    const c = p.rounds[0];
    if (!paired(c)) continue;
    if (c!.colour) return k % 2 === 0 ? c!.colour : c!.colour === 'w' ? 'b' : 'w';
    k++;
  }
  return 'w';
}

export function replayRound(t: TrfTournament, round: number): ReplayRound {
  const entrants: Entrant[] = t.players.map((p) => ({
    userId: trfUser(p.id),
    name: `Player ${String(p.id).padStart(4, '0')}`,
    // Seeds follow the start numbers.
    rating: 100_000 - p.id,
    joinedAt: 0,
    active: true,
  }));
  const pairings: Pairing[] = [];
  const byes: Bye[] = [];
  for (const p of t.players) {
    for (let r = 1; r < round; r++) {
      const c = p.rounds[r - 1];
      // A double forfeit: neither played nor scored, like a round missed.
      const doubleForfeit = c?.opponent != null && c.result === '-' && t.players.find((q) => q.id === c.opponent)?.rounds[r - 1]?.result === '-';
      if (!c || c.opponent === null || doubleForfeit) {
        const result = c?.result ?? ' ';
        const points: Score = result === 'U' || result === 'F' ? 1 : result === 'H' ? 0.5 : 0;
        byes.push({ round: r, userId: trfUser(p.id), kind: result === 'U' ? 'pab' : 'absent', points });
        continue;
      }
      if (c.colour !== 'w') continue;
      const result: Score = WON.has(c.result) ? 1 : DRAWN.has(c.result) ? 0.5 : 0;
      pairings.push({
        round: r,
        gameId: `r${r}-${p.id}`,
        white: trfUser(p.id),
        black: trfUser(c.opponent),
        pairedAt: 0,
        result,
        forfeit: FORFEIT.has(c.result),
        berserk: [false, false],
        plies: 40,
        endedAt: 1,
      });
    }
  }
  const playing = new Set(t.players.filter((p) => paired(p.rounds[round - 1])).map((p) => trfUser(p.id)));
  const pairs: string[] = [];
  let bye: string | null = null;
  for (const p of t.players) {
    const c = p.rounds[round - 1];
    if (c?.result === 'U') bye = trfUser(p.id);
    else if (c?.opponent != null && c.colour === 'w') pairs.push(`${trfUser(p.id)}-${trfUser(c.opponent)}`);
  }
  return { sheet: { entrants, pairings, byes }, playing, initial: initialColour(t), expected: { pairs: pairs.sort(), bye } };
}

/** The club's pairing in the form of `ReplayRound.expected`. */
export const pairingKey = (p: RoundPairing | null): { pairs: string[]; bye: string | null } | null =>
  p ? { pairs: p.pairs.map(([w, b]) => `${w}-${b}`).sort(), bye: p.bye } : null;

/** Every round of a tournament read from a TRF, paired again by `pair` from the rounds before it: which rounds agree with the file. */
export function replayTournament(
  t: TrfTournament,
  pair: (r: ReplayRound, round: number, rounds: number) => RoundPairing | null,
): { round: number; agrees: boolean; club: ReturnType<typeof pairingKey>; reference: ReplayRound['expected'] }[] {
  const rounds = t.rounds ?? Math.max(0, ...t.players.map((p) => p.rounds.length));
  const out = [];
  for (let round = 1; round <= rounds; round++) {
    const r = replayRound(t, round);
    const club = pairingKey(pair(r, round, rounds));
    const agrees = club !== null && club.bye === r.expected.bye && club.pairs.join() === r.expected.pairs.join();
    out.push({ round, agrees, club, reference: r.expected });
  }
  return out;
}
